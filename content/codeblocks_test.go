package content

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
)

var updateCode = flag.Bool("update-code", false, "rewrite codeblocks_gen.go from the embedded content")

// TestHighlightedCodeBlocksAreCurrent: every fenced code block of the
// content is in the table with exactly the HTML goldmark-highlighting
// renders for it (ChromaStyle, CSS classes), and the table holds nothing
// else; with -update-code it rewrites the table instead.
func TestHighlightedCodeBlocksAreCurrent(t *testing.T) {
	want := highlightContent(t)
	if len(want) == 0 {
		t.Fatal("no fenced code blocks found in the content")
	}
	if *updateCode {
		writeCodeTable(t, want)
		return
	}
	// chroma gives each of a lexer's rules 250 ms to match
	// (regexp.go, MatchTimeout) and, past it, lexes the text by the next
	// rule: on a machine loaded by the race detector and the other
	// packages' tests, a keyword can come out as a name (CI, g45:
	// "VALUES"). A block that differs is rendered again, and only a
	// difference that every rendering shows is reported.
	differs := map[string]bool{}
	for k, html := range want {
		if got, ok := highlightedCode[k]; ok && got != html {
			differs[k] = true
		}
	}
	for try := 0; try < chromaRetries && len(differs) > 0; try++ {
		again := highlightContent(t)
		for k := range differs {
			if again[k] == highlightedCode[k] {
				delete(differs, k)
				want[k] = again[k]
			}
		}
	}
	for k, html := range want {
		got, ok := highlightedCode[k]
		if !ok {
			t.Errorf("code block %s is missing from codeblocks_gen.go; run go test ./content -run TestHighlightedCodeBlocksAreCurrent -update-code", k)
			continue
		}
		if got != html {
			t.Errorf("code block %s: table has\n%s\nchroma renders\n%s", k, got, html)
		}
	}
	for k := range highlightedCode {
		if _, ok := want[k]; !ok {
			t.Errorf("codeblocks_gen.go holds block %s that no content has; rerun with -update-code", k)
		}
	}
}

// chromaRetries is how many more times a code block that chroma rendered
// differently is rendered again before the difference counts.
const chromaRetries = 3

// highlightContent renders every fenced code block of the embedded
// content with chroma, keyed by codeBlockKey.
func highlightContent(t *testing.T) map[string]string {
	t.Helper()
	want := map[string]string{}
	fsys := Embedded()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		for k, html := range highlightAll(t, src) {
			want[k] = html
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// TestRenderedCodeBlocksMatchChroma: whole guide sections render exactly
// as they did with goldmark-highlighting in the markdown pipeline.
func TestRenderedCodeBlocksMatchChroma(t *testing.T) {
	c, err := Load(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	old := goldmark.New(
		goldmark.WithExtensions(extension.GFM, meta.Meta,
			highlighting.NewHighlighting(highlighting.WithStyle(ChromaStyle), highlighting.WithFormatOptions(chromahtml.WithClasses(true)))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	blocks := 0
	for _, s := range c.Guide {
		src, err := fs.ReadFile(Embedded(), s.File)
		if err != nil {
			t.Fatal(err)
		}
		body, kp, err := s.Render()
		if err != nil {
			t.Fatalf("%s: %v", s.File, err)
		}
		// The section renders its key points apart from the body; every
		// highlighted block of the old rendering must be in one of them.
		// A section whose rendering misses a block is rendered again
		// (chroma's match timeout, see TestHighlightedCodeBlocksAreCurrent).
		var missing []string
		for try := 0; try <= chromaRetries; try++ {
			var buf bytes.Buffer
			if err := old.Convert(src, &buf); err != nil {
				t.Fatal(err)
			}
			missing = missing[:0]
			n := 0
			for _, pre := range strings.SplitAfter(buf.String(), "</pre>") {
				i := strings.Index(pre, `<pre class="chroma">`)
				if i < 0 {
					continue
				}
				n++
				// As rendered, the block is reachable by keyboard to scroll.
				block := strings.Replace(pre[i:], "<pre ", `<pre tabindex="0" `, 1)
				if !strings.Contains(body, block) && !strings.Contains(kp, block) {
					missing = append(missing, block)
				}
			}
			if try == 0 {
				blocks += n
			}
			if len(missing) == 0 {
				break
			}
		}
		for _, block := range missing {
			t.Errorf("%s: the rendered section lacks the highlighted block\n%s", s.File, block)
		}
	}
	if blocks == 0 {
		t.Fatal("no highlighted blocks in the guide")
	}
}

// highlightAll renders each fenced code block of src with
// goldmark-highlighting's own renderer, keyed by codeBlockKey.
func highlightAll(t *testing.T, src []byte) map[string]string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, meta.Meta), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
	hl := highlighting.NewHTMLRenderer(highlighting.WithStyle(ChromaStyle), highlighting.WithFormatOptions(chromahtml.WithClasses(true)))
	var render renderer.NodeRendererFunc
	hl.RegisterFuncs(registerFunc(func(k ast.NodeKind, f renderer.NodeRendererFunc) {
		if k == ast.KindFencedCodeBlock {
			render = f
		}
	}))
	out := map[string]string{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fb, ok := n.(*ast.FencedCodeBlock)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		if _, err := render(w, src, fb, true); err != nil {
			t.Fatal(err)
		}
		if _, err := render(w, src, fb, false); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		out[codeBlockKey(fb, src)] = buf.String()
		return ast.WalkSkipChildren, nil
	})
	return out
}

type registerFunc func(ast.NodeKind, renderer.NodeRendererFunc)

func (f registerFunc) Register(k ast.NodeKind, fn renderer.NodeRendererFunc) { f(k, fn) }

func writeCodeTable(t *testing.T, blocks map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(blocks))
	for k := range blocks {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteString("// Code generated by TestHighlightedCodeBlocksAreCurrent -update-code; DO NOT EDIT.\n\npackage content\n\n")
	b.WriteString("// highlightedCode maps codeBlockKey to a fenced code block's HTML.\nvar highlightedCode = map[string]string{\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "\t%q: %s,\n", k, strconv.Quote(blocks[k]))
	}
	b.WriteString("}\n")
	if err := os.WriteFile("codeblocks_gen.go", b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d code blocks to codeblocks_gen.go", len(keys))
}
