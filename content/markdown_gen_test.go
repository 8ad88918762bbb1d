package content

import (
	"flag"
	"io/fs"
	"os"
	"slices"
	"testing"

	"lockdrill/internal/strtable"
)

var updateMarkdown = flag.Bool("update-markdown", false, "rewrite markdown_gen.go from the embedded content")

// shippedSnippets renders afresh every markdown snippet the embedded
// content's questions, red flags and follow-ups hold: what the table of
// markdown_gen.go must hold.
func shippedSnippets(t *testing.T) map[string]string {
	t.Helper()
	fsys := Embedded()
	got := map[string]string{}
	md := &blockRenderer{fresh: true, seen: func(src, html string) { got[src] = html }}
	files, err := fs.Glob(fsys, questionsDir+"/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no questions: %v", err)
	}
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseQuestion(md, f, src); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := loadRedFlags(fsys, md); err != nil {
		t.Fatal(err)
	}
	if _, err := readFollowUpList(fsys, md); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestPrerenderedMarkdownIsCurrent: the table of snippets rendered ahead
// of time holds exactly the embedded content's, each with the HTML
// goldmark renders for it now; with -update-markdown it rewrites
// markdown_gen.go instead. A snippet the table lacks is rendered.
func TestPrerenderedMarkdownIsCurrent(t *testing.T) {
	want := shippedSnippets(t)
	if *updateMarkdown {
		writeMarkdownTable(t, want)
		return
	}
	if !slices.IsSorted(prerenderedSources[:]) {
		t.Fatal("prerenderedSources is not sorted: the lookup misses snippets")
	}
	for src, html := range want {
		got, ok := prerenderedHTML(src)
		switch {
		case !ok:
			t.Errorf("snippet %.60q is missing from markdown_gen.go; run go test ./content -run TestPrerenderedMarkdownIsCurrent -update-markdown", src)
		case got != html:
			t.Errorf("snippet %.60q: markdown_gen.go holds\n%s\ngoldmark renders\n%s", src, got, html)
		}
	}
	for _, src := range prerenderedSources {
		if _, ok := want[src]; !ok {
			t.Errorf("markdown_gen.go holds snippet %.60q that no content has; rerun with -update-markdown", src)
		}
	}
	md := newBlockRenderer()
	if got, err := md.block("A *new* snippet <script>x</script>, `code`."); err != nil || got != "<p>A <em>new</em> snippet <!-- raw HTML omitted -->x<!-- raw HTML omitted -->, <code>code</code>.</p>\n" {
		t.Errorf("a snippet not in the table renders %q, %v", got, err)
	}
}

func writeMarkdownTable(t *testing.T, snippets map[string]string) {
	t.Helper()
	tab := strtable.Table{Generator: "TestPrerenderedMarkdownIsCurrent -update-markdown", Package: "content",
		KeysName: "prerenderedSources", KeysDoc: "are the shipped markdown snippets, sorted.",
		ValsName: "prerenderedHTMLs", ValsDoc: "are their HTML, in the same order."}
	if err := os.WriteFile("markdown_gen.go", tab.Source(snippets), 0o644); err != nil {
		t.Fatal(err)
	}
}
