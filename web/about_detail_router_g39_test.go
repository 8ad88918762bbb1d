package web_test

import (
	"strings"
	"testing"
)

// TestAboutPageFoldsTheHistoryByVersion: the page itself shows the
// published history as one paragraph per grader version.
func TestAboutPageFoldsTheHistoryByVersion(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	ps := doc.Find(`[data-testid=blind-detail] p`)
	if ps.Length() < 30 {
		t.Fatalf("%d paragraphs in the writer-by-writer history, want one per grader version (30 or more)", ps.Length())
	}
	last := ps.Last().Text()
	if !strings.HasPrefix(last, "For g") {
		t.Errorf("last paragraph %q does not open with its version", last)
	}
}
