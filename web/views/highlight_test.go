package views_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lockdrill/web/views"
)

func TestHighlight(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		marks []views.Mark
		want  []views.Segment
	}{
		{"no marks", "plain", nil, []views.Segment{{Text: "plain"}}},
		{"one mark inside", "use a fencing token here",
			[]views.Mark{{Start: 6, End: 19, Label: "token"}},
			[]views.Segment{{Text: "use a "}, {Text: "fencing token", Labels: []string{"token"}}, {Text: " here"}}},
		{"overlapping marks share the middle", "abcdef",
			[]views.Mark{{Start: 0, End: 4, Label: "p1"}, {Start: 2, End: 6, Label: "p2"}},
			[]views.Segment{{Text: "ab", Labels: []string{"p1"}}, {Text: "cd", Labels: []string{"p1", "p2"}}, {Text: "ef", Labels: []string{"p2"}}}},
		{"same label twice merges", "abcdef",
			[]views.Mark{{Start: 0, End: 3, Label: "p"}, {Start: 3, End: 6, Label: "p"}},
			[]views.Segment{{Text: "abcdef", Labels: []string{"p"}}}},
		{"flag mark", "plain DEL",
			[]views.Mark{{Start: 6, End: 9, Label: "Red flag", Flag: true}},
			[]views.Segment{{Text: "plain "}, {Text: "DEL", Labels: []string{"Red flag"}, Flag: true}}},
		{"out of range is clipped", "abc",
			[]views.Mark{{Start: -5, End: 2, Label: "a"}, {Start: 2, End: 99, Label: "b"}, {Start: 7, End: 9, Label: "gone"}},
			[]views.Segment{{Text: "ab", Labels: []string{"a"}}, {Text: "c", Labels: []string{"b"}}}},
		{"a span cutting a character widens to it", "café ok",
			[]views.Mark{{Start: 4, End: 5, Label: "e"}}, // inside the two bytes of é
			[]views.Segment{{Text: "caf"}, {Text: "é", Labels: []string{"e"}}, {Text: " ok"}}},
		{"empty and reversed spans are dropped", "abc",
			[]views.Mark{{Start: 2, End: 2, Label: "x"}, {Start: 2, End: 1, Label: "y"}},
			[]views.Segment{{Text: "abc"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := views.Highlight(tt.text, tt.marks)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("Highlight (-want +got):\n%s", diff)
			}
			var joined strings.Builder
			for _, s := range got {
				joined.WriteString(s.Text)
			}
			if joined.String() != tt.text {
				t.Fatalf("segments join to %q, want the text %q", joined.String(), tt.text)
			}
		})
	}
}

func TestFeedbackEscapesMarkedText(t *testing.T) {
	text := `<img src=x onerror=alert(1)> rejects "stale" tokens`
	v := views.FeedbackView{QuestionID: "q", Title: "Q", Kind: "free-text",
		Segments: views.Highlight(text, []views.Mark{{Start: 0, End: 10, Label: `"><script>`}})}
	var b strings.Builder
	if err := views.Feedback(views.Page{}, v).Render(context.Background(), &b); err != nil {
		t.Fatalf("render: %v", err)
	}
	out := b.String()
	for _, bad := range []string{"<img src=x", `title=""><script>`} {
		if strings.Contains(out, bad) {
			t.Fatalf("rendered feedback contains %q unescaped", bad)
		}
	}
	if !strings.Contains(out, `<mark title="&#34;&gt;&lt;script&gt;"`) {
		t.Fatalf("the mark's title is not the escaped label")
	}
}
