package content

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"lockdrill/internal/strtable"
)

// ChromaStyle is the chroma style whose CSS is generated into
// static/css/chroma.css; code blocks carry classes, never inline styles, so the
// Content-Security-Policy can forbid inline style.
const ChromaStyle = "github"

// newMarkdown returns the one markdown configuration of the project: GFM,
// heading ids for in-page links, highlighted code with CSS classes (from
// the table of codeblocks.go, at the priority goldmark-highlighting's
// renderer had), front matter, and raw HTML left unrendered (goldmark's
// default), so content can never inject markup or script.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			meta.Meta,
		),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(codeBlockRenderer{}, 200))),
	)
}

// blockRenderer renders markdown snippets (question sections, options,
// red flags' reasons, follow-ups) with the project's configuration into
// one reused buffer. goldmark wraps any writer that is not a
// util.BufWriter in a fresh 4 KB bufio.Writer on every Convert, some 3 MB
// per load over the many small snippets; a *bufio.Writer of its own over
// the buffer is one. Not safe for concurrent use: each loading worker has
// its own.
//
// The shipped snippets are rendered ahead of time (prerenderedHTML, in
// markdown_gen.go): rendering them was about a tenth of loading's CPU and
// an eighth of its garbage on every start, for HTML that never changes
// between builds. TestPrerenderedMarkdownIsCurrent renders every snippet
// afresh, fails when the table differs, and rewrites it with
//
//	go test ./content -run TestPrerenderedMarkdownIsCurrent -update-markdown
//
// A snippet the table lacks (content edited before the table, a test's
// fixture) is rendered, so the HTML is the same either way.
type blockRenderer struct {
	md  goldmark.Markdown // made at the first snippet the table lacks
	buf bytes.Buffer
	w   *bufio.Writer
	// fresh renders every snippet, table or not, and seen, when set,
	// is told each one: for the test that writes the table.
	fresh bool
	seen  func(src, html string)
}

func newBlockRenderer() *blockRenderer { return &blockRenderer{} }

// block renders src to HTML (raw HTML is never rendered).
func (r *blockRenderer) block(src string) (string, error) {
	if !r.fresh {
		if html, ok := prerenderedHTML(src); ok {
			return html, nil
		}
	}
	if r.md == nil {
		r.md = newMarkdown()
		r.w = bufio.NewWriter(&r.buf)
	}
	r.buf.Reset()
	r.w.Reset(&r.buf)
	// goldmark flushes a util.BufWriter when it has rendered.
	if err := r.md.Convert([]byte(src), r.w); err != nil {
		return "", err
	}
	html := r.buf.String()
	if r.seen != nil {
		r.seen(src, html)
	}
	return html, nil
}

// prerenderedHTML returns the HTML of a shipped snippet from the table.
func prerenderedHTML(src string) (string, bool) {
	return strtable.Lookup(prerenderedSources[:], prerenderedHTMLs[:], src)
}

// inline renders a one-paragraph markdown string without the enclosing
// <p>, for option and step texts.
func (r *blockRenderer) inline(src string) (string, error) {
	html, err := r.block(src)
	if err != nil {
		return "", err
	}
	h := strings.TrimSpace(html)
	if strings.HasPrefix(h, "<p>") && strings.HasSuffix(h, "</p>") && strings.Count(h, "<p>") == 1 {
		h = h[3 : len(h)-4]
	}
	return h, nil
}

// document is one parsed markdown file.
type document struct {
	meta map[string]any
	root ast.Node
	src  []byte
}

func parseDocument(md goldmark.Markdown, src []byte) (*document, error) {
	ctx := parser.NewContext()
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	m, err := meta.TryGet(ctx)
	if err != nil {
		return nil, fmt.Errorf("front matter: %w", err)
	}
	return &document{meta: m, root: root, src: src}, nil
}

func (d *document) render(md goldmark.Markdown) (string, error) {
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, d.src, d.root); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// plainText returns the text of n with markup removed.
func plainText(n ast.Node, src []byte) string {
	var buf bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			buf.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				buf.WriteByte(' ')
			}
		case *ast.String:
			buf.Write(t.Value)
		case *ast.CodeSpan:
			for c := t.FirstChild(); c != nil; c = c.NextSibling() {
				if tx, ok := c.(*ast.Text); ok {
					buf.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return buf.String()
}
