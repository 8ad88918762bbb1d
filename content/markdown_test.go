package content

import (
	"bytes"
	"strings"
	"testing"
)

// TestBlockRendererGivesConvertsHTML: one blockRenderer, reused for
// snippet after snippet (a long one, then short ones), renders each as
// goldmark's Convert into a fresh buffer does: nothing of an earlier
// snippet is left in the buffer or in the writer it reuses.
func TestBlockRendererGivesConvertsHTML(t *testing.T) {
	long := strings.Repeat("A lease **expires**; the holder may not know. ", 200) // past bufio's 4 KB
	snippets := []struct{ name, src string }{
		{"long paragraph", long},
		{"short paragraph", "Use a *fencing token*."},
		{"code block", "Check the token:\n\n```go\nif tok < last {\n\treturn errStale\n}\n```\n"},
		{"list and link", "- one\n- two, see https://example.com\n"},
		{"raw html", "<script>alert(1)</script> stays escaped"},
		{"empty", ""},
		{"long again", long},
	}
	r := newBlockRenderer()
	md := newMarkdown()
	for _, s := range snippets {
		t.Run(s.name, func(t *testing.T) {
			var want bytes.Buffer
			if err := md.Convert([]byte(s.src), &want); err != nil {
				t.Fatal(err)
			}
			got, err := r.block(s.src)
			if err != nil {
				t.Fatal(err)
			}
			if got != want.String() {
				t.Fatalf("block(%.30q) = %q, want %q", s.src, got, want.String())
			}
		})
	}
}
