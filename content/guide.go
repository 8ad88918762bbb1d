package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
)

// Section is one chapter of the study guide.
type Section struct {
	Slug    string
	Title   string
	Order   int
	Summary string
	Minutes int
	// TOC lists the body's second-level headings, for the page's own contents.
	TOC []Heading
	// KeyPoints are the bullets of the closing "Key points" heading, as text.
	KeyPoints []string
	// File is the path of the source inside the content FS.
	File string
	// links are the in-app destinations the section links to, checked once
	// every section is known.
	links []string
	body  *sectionBody
}

// sectionBody is a section's parsed markdown, rendered on first use:
// highlighting the guide's code was a quarter of a cold start, and a
// section nobody opens need never be rendered. Load checks everything a
// render could reject while parsing (links, headings, key points).
type sectionBody struct {
	md       goldmark.Markdown
	src      []byte
	root, kp ast.Node // kp is nil for a section without key points

	once         sync.Once
	html, kpHTML string
	err          error
}

// Render returns the section's body and the list under its "Key points"
// heading, rendered to HTML that is safe to place in a page (raw HTML in
// the source is not rendered). The body leaves the key points out so the
// page can set them apart. The first call renders; later calls return the
// same strings.
func (s *Section) Render() (body, keyPoints string, err error) {
	b := s.body
	if b == nil {
		return "", "", nil
	}
	if b.md == nil { // rendered ahead of time (see preparsedSection)
		return b.html, b.kpHTML, nil
	}
	b.once.Do(func() {
		var buf bytes.Buffer
		if b.kp != nil {
			if err := b.md.Renderer().Render(&buf, b.src, b.kp); err != nil {
				b.err = fmt.Errorf("%s: render key points: %w", s.File, err)
				return
			}
			b.kpHTML = buf.String()
			buf.Reset()
		}
		if err := b.md.Renderer().Render(&buf, b.src, b.root); err != nil {
			b.err = fmt.Errorf("%s: render: %w", s.File, err)
			return
		}
		b.html = buf.String()
		// The tree is not needed any more.
		b.src, b.root, b.kp = nil, nil, nil
	})
	return b.html, b.kpHTML, b.err
}

// The guide's sections are parsed and rendered ahead of time, into
// guide_gen.go: parsing them with goldmark at every start was a tenth of
// a server's CPU to its first healthy /healthz, for pages that never
// change between builds. A section is found in the table by its file name
// and a hash of its source, so an edited one misses it and is parsed and
// checked at start as before (a broken file still fails Load and
// `lockdrill check`). TestPreparsedGuideIsCurrent parses and renders every
// section afresh, fails when the table differs, and rewrites it with
//
//	go test ./content -run TestPreparsedGuideIsCurrent -update-guide

// preparsedGuide holds the sections of guide_gen.go by preparsedKey.
type preparsedGuide struct {
	Section
	html, kpHTML string
}

// preparsedKey is the key of file f, of source src, in the table.
func preparsedKey(f string, src []byte) string {
	sum := sha256.Sum256(src)
	return f + " " + hex.EncodeToString(sum[:])
}

// preparsedSection returns the section of file f from the table, if it
// holds src.
func preparsedSection(f string, src []byte) (*Section, bool) {
	p, ok := preparsedSections[preparsedKey(f, src)]
	if !ok {
		return nil, false
	}
	s := p.Section // a copy: the table is never written
	s.TOC = slices.Clone(s.TOC)
	s.KeyPoints = slices.Clone(s.KeyPoints)
	s.links = slices.Clone(s.links)
	s.body = &sectionBody{html: p.html, kpHTML: p.kpHTML}
	return &s, true
}

// Heading is an in-page anchor.
type Heading struct {
	ID   string
	Text string
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func loadGuide(fsys fs.FS) ([]*Section, error) {
	files, err := fs.Glob(fsys, "guide/*.md")
	if err != nil {
		return nil, fmt.Errorf("list guide: %w", err)
	}
	if len(files) == 0 {
		return nil, &FieldError{File: "guide/", Msg: "no sections found"}
	}
	var md goldmark.Markdown // made for the first section the table lacks
	var sections []*Section
	var errs []error
	seenSlug := map[string]string{}
	seenOrder := map[int]string{}
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", f, err))
			continue
		}
		s, ok := preparsedSection(f, src)
		if !ok {
			if md == nil {
				md = newMarkdown()
			}
			var ferrs []error
			s, ferrs = parseSection(md, f, src)
			errs = append(errs, ferrs...)
		}
		if s == nil {
			continue
		}
		if other, dup := seenSlug[s.Slug]; dup && s.Slug != "" {
			errs = append(errs, &FieldError{File: f, Field: "slug", Msg: fmt.Sprintf("%q is also used by %s", s.Slug, other)})
		}
		if other, dup := seenOrder[s.Order]; dup && s.Order != 0 {
			errs = append(errs, &FieldError{File: f, Field: "order", Msg: fmt.Sprintf("%d is also used by %s", s.Order, other)})
		}
		seenSlug[s.Slug], seenOrder[s.Order] = f, f
		sections = append(sections, s)
	}
	if len(sections) < 10 && len(errs) == 0 {
		errs = append(errs, &FieldError{File: "guide/", Msg: fmt.Sprintf("the guide needs at least 10 sections, found %d", len(sections))})
	}
	sort.SliceStable(sections, func(i, j int) bool { return sections[i].Order < sections[j].Order })
	return sections, joinErrs(errs)
}

func parseSection(m goldmark.Markdown, file string, src []byte) (*Section, []error) {
	doc, err := parseDocument(m, src)
	if err != nil {
		return nil, []error{&FieldError{File: file, Field: "front matter", Msg: err.Error()}}
	}
	var errs []error
	fe := func(field, msg string) { errs = append(errs, &FieldError{File: file, Field: field, Msg: msg}) }
	s := &Section{File: file}
	s.Slug = metaString(doc.meta, "slug")
	s.Title = metaString(doc.meta, "title")
	s.Summary = metaString(doc.meta, "summary")
	s.Order, _ = metaInt(doc.meta, "order")
	s.Minutes, _ = metaInt(doc.meta, "minutes")
	switch {
	case s.Slug == "":
		fe("slug", "missing")
	case !slugPattern.MatchString(s.Slug):
		fe("slug", fmt.Sprintf("%q must be lowercase words joined by hyphens", s.Slug))
	case !strings.Contains(path.Base(file), s.Slug):
		fe("slug", fmt.Sprintf("%q does not match the file name", s.Slug))
	}
	if s.Title == "" {
		fe("title", "missing")
	}
	if s.Summary == "" {
		fe("summary", "missing")
	}
	if _, ok := metaInt(doc.meta, "order"); !ok || s.Order <= 0 {
		fe("order", "missing or not a positive whole number")
	}
	for k := range doc.meta {
		switch k {
		case "slug", "title", "summary", "order", "minutes":
		default:
			fe(k, "unknown front matter field")
		}
	}

	_ = ast.Walk(doc.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch l := n.(type) {
		case *ast.Link:
			if entering && strings.HasPrefix(string(l.Destination), "/") {
				s.links = append(s.links, string(l.Destination))
			}
		case *ast.Image:
			if entering && strings.HasPrefix(string(l.Destination), "/") {
				s.links = append(s.links, string(l.Destination))
			}
		}
		return ast.WalkContinue, nil
	})

	var keyHeading ast.Node
	for n := doc.root.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if h.Level == 1 {
			fe("body", "uses a level-1 heading; the page prints the title, so start at ##")
		}
		if h.Level != 2 {
			continue
		}
		id, _ := h.AttributeString("id")
		idStr, _ := id.([]byte)
		txt := plainText(h, src)
		s.TOC = append(s.TOC, Heading{ID: string(idStr), Text: txt})
		keyHeading = nil
		if strings.EqualFold(strings.TrimSpace(txt), "Key points") {
			keyHeading = h
		}
	}
	if keyHeading == nil {
		fe("body", `must end with a "## Key points" section`)
	} else {
		for n := keyHeading.NextSibling(); n != nil; n = n.NextSibling() {
			list, ok := n.(*ast.List)
			if !ok {
				continue
			}
			for item := list.FirstChild(); item != nil; item = item.NextSibling() {
				s.KeyPoints = append(s.KeyPoints, strings.TrimSpace(plainText(item, src)))
			}
		}
		if len(s.KeyPoints) == 0 {
			fe("body", `the "Key points" section holds no bullet list`)
		}
	}
	if s.Minutes <= 0 {
		words := len(strings.Fields(string(src)))
		s.Minutes = max(1, (words+199)/200)
	}
	if keyHeading != nil {
		// Move everything from the "Key points" heading on into a document
		// of its own, rendered apart from the body.
		kp := ast.NewDocument()
		for n := keyHeading.NextSibling(); n != nil; {
			next := n.NextSibling()
			doc.root.RemoveChild(doc.root, n)
			kp.AppendChild(kp, n)
			n = next
		}
		doc.root.RemoveChild(doc.root, keyHeading)
		s.TOC = s.TOC[:len(s.TOC)-1]
		s.body = &sectionBody{md: m, src: doc.src, root: doc.root, kp: kp}
	} else {
		s.body = &sectionBody{md: m, src: doc.src, root: doc.root}
	}
	return s, errs
}

func metaString(m map[string]any, key string) string {
	v, ok := m[key]
	if !ok || v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(fmt.Sprint(v))
}

func metaInt(m map[string]any, key string) (int, bool) {
	switch v := m[key].(type) {
	case int:
		return v, true
	case int64:
		return int(v), true
	case uint64:
		return int(v), true
	case float64:
		if v == float64(int(v)) {
			return int(v), true
		}
	}
	return 0, false
}
