package views

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestHighlightedAddsNoSpaces: an answer shown with its marks reads, once
// the screen reader's hidden labels are taken out, exactly as written: a
// mark is followed by no space of its own (a line break after </mark> in
// the template once put one after every marked piece).
func TestHighlightedAddsNoSpaces(t *testing.T) {
	segments := []Segment{
		{Text: "SET", Labels: []string{"atomic acquire"}},
		{Text: " lock:", Labels: []string{"atomic acquire", "Deletes without checking"}, Flag: true},
		{Text: "x NX PX", Labels: []string{"Deletes without checking"}, Flag: true},
		{Text: " 30000."},
	}
	var b strings.Builder
	if err := highlighted(segments).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	hidden := doc.Find(".visually-hidden")
	var spoken []string
	hidden.Each(func(_ int, s *goquery.Selection) {
		if s.Text() != "" {
			spoken = append(spoken, s.Text())
		}
	})
	hidden.Remove()
	if got, want := doc.Text(), "SET lock:x NX PX 30000."; got != want {
		t.Errorf("shown %q, want %q", got, want)
	}
	if want := []string{" [atomic acquire]", " [Deletes without checking]"}; strings.Join(spoken, "|") != strings.Join(want, "|") {
		t.Errorf("spoken %q, want %q (each label once, after its last piece)", spoken, want)
	}
}
