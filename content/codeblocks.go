package content

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// The content's fenced code blocks are highlighted ahead of time, into
// codeblocks_gen.go, rather than by chroma at run time: linking chroma
// alone cost a server start about 20 ms (its lexers and styles are built
// when the program starts, before main), a fifth of the time to a healthy
// /healthz, for a few dozen blocks that never change between builds.
// TestHighlightedCodeBlocksAreCurrent highlights every block with chroma,
// as goldmark-highlighting does (ChromaStyle, CSS classes), fails when the
// table differs, and rewrites it with
//
//	go test ./content -run TestHighlightedCodeBlocksAreCurrent -update-code
//
// A block the table lacks renders plain (escaped, unhighlighted), and the
// test fails until the table is regenerated.

// codeBlockKey identifies a fenced code block by its info string (the
// language and any attributes) and its code.
func codeBlockKey(n *ast.FencedCodeBlock, src []byte) string {
	h := sha256.New()
	if n.Info != nil {
		h.Write(n.Info.Segment.Value(src))
	}
	h.Write([]byte{0})
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		h.Write(line.Value(src))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// codeBlockRenderer writes a fenced code block's highlighted HTML from the
// table.
type codeBlockRenderer struct{}

func (codeBlockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderCodeBlock)
}

func renderCodeBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	// A code block scrolls sideways when its lines are longer than the
	// column (on a phone, most are): tabindex lets a keyboard reach it to
	// scroll.
	if h, ok := highlightedCode[codeBlockKey(n, src)]; ok && strings.HasPrefix(h, "<pre") {
		_, _ = w.WriteString(`<pre tabindex="0"`)
		_, _ = w.WriteString(h[len("<pre"):])
		return ast.WalkContinue, nil
	}
	// A block the table lacks (content edited without regenerating it,
	// or a test's own fixture) is shown plain, escaped, as
	// goldmark-highlighting shows a language it does not know.
	_, _ = w.WriteString(`<pre tabindex="0"><code`)
	if lang := n.Language(src); lang != nil {
		_, _ = w.WriteString(` class="language-`)
		html.DefaultWriter.Write(w, lang)
		_ = w.WriteByte('"')
	}
	_ = w.WriteByte('>')
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		html.DefaultWriter.RawWrite(w, line.Value(src))
	}
	_, _ = w.WriteString("</code></pre>\n")
	return ast.WalkContinue, nil
}
