package content

import (
	"fmt"
	"strings"

	"lockdrill/sandbox"
)

// checkLinks verifies that every in-app link of the guide leads somewhere:
// a guide section, a sandbox preset or an embedded picture. A renamed slug
// or preset then fails `lockdrill check` instead of giving learners a 404.
// ps are the sandbox presets, built once by the caller (sandbox.PresetByID
// per link built the whole library for each: most of a megabyte a load).
func checkLinks(guide []*Section, ps []sandbox.Preset, staticExists func(name string) bool) []error {
	slugs := map[string]bool{}
	for _, s := range guide {
		slugs[s.Slug] = true
	}
	presets := make(map[string]bool, len(ps))
	for _, p := range ps {
		presets[p.ID] = true
	}
	var errs []error
	for _, s := range guide {
		for _, dest := range s.links {
			path, _, _ := strings.Cut(dest, "#")
			path, _, _ = strings.Cut(path, "?")
			var ok bool
			switch {
			case strings.HasPrefix(path, "/learn/"):
				ok = slugs[strings.TrimPrefix(path, "/learn/")]
			case strings.HasPrefix(path, "/sandbox/presets/"):
				ok = presets[strings.TrimPrefix(path, "/sandbox/presets/")]
			case strings.HasPrefix(path, "/static/"):
				ok = staticExists == nil || staticExists(strings.TrimPrefix(path, "/static/"))
			default:
				ok = true // other app pages are not content's to check
			}
			if !ok {
				errs = append(errs, &FieldError{File: s.File, Field: "body", Msg: fmt.Sprintf("link %q leads nowhere", dest)})
			}
		}
	}
	return errs
}

// CheckStatic reports guide links to /static/ files for which exists is
// false. Load cannot check them itself, since the pictures live in another
// package; `lockdrill check` and the tests call this.
func (c *Catalog) CheckStatic(exists func(name string) bool) error {
	var errs []error
	for _, e := range checkLinks(c.Guide, sandbox.Presets(), exists) {
		if fe, ok := e.(*FieldError); ok && strings.Contains(fe.Msg, `"/static/`) {
			errs = append(errs, e)
		}
	}
	return joinErrs(errs)
}
