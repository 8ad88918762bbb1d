// Package static holds the stylesheets, scripts and pictures of the web app,
// embedded in the binary and served under content-hashed names so browsers
// may cache them for a year.
package static

//go:generate go run gen_chroma.go

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed css js all:diagrams favicon.svg
var files embed.FS

// Assets maps each embedded file to a URL that changes whenever its bytes do.
type Assets struct {
	fsys     fs.FS
	hashed   map[string]string // "css/app.css" -> "css/app.3f9a1c0d2b.css"
	original map[string]string // the reverse
}

// New indexes the embedded files. It fails only if the embedded tree is
// unreadable, which would be a build defect.
func New() (*Assets, error) {
	a := &Assets{fsys: files, hashed: map[string]string{}, original: map[string]string{}}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") || strings.HasPrefix(path.Base(p), ".") {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ext := path.Ext(p)
		h := strings.TrimSuffix(p, ext) + "." + hex.EncodeToString(sum[:5]) + ext
		a.hashed[p], a.original[h] = h, p
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("index static files: %w", err)
	}
	return a, nil
}

// URL returns the cache-busting URL of the named file, such as
// "/static/css/app.3f9a1c0d2b.css" for "css/app.css". An unknown name yields
// its plain URL, so a typo shows up as a 404 rather than a crash.
func (a *Assets) URL(name string) string {
	if h, ok := a.hashed[name]; ok {
		return "/static/" + h
	}
	return "/static/" + name
}

// Lookup resolves a requested path (without the /static/ prefix) to an
// embedded file. immutable reports whether the request named the hashed
// form, which may be cached forever.
func (a *Assets) Lookup(p string) (content []byte, name string, immutable bool, ok bool) {
	name = p
	if orig, found := a.original[p]; found {
		name, immutable = orig, true
	} else if _, found := a.hashed[p]; !found {
		return nil, "", false, false
	}
	b, err := fs.ReadFile(a.fsys, name)
	if err != nil {
		return nil, "", false, false
	}
	return b, name, immutable, true
}
