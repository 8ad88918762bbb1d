package views

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Mark is a labelled byte range [Start, End) of an answer: where the grader
// found a key point (or, with Flag set, raised a red flag).
type Mark struct {
	Start, End int
	Label      string
	Flag       bool
}

// Segment is a run of answer text with the same marks over all of it.
type Segment struct {
	Text string
	// Labels are the labels of the marks covering the run, in mark order;
	// none means plain text.
	Labels []string
	// Flag reports that a red-flag mark covers the run.
	Flag bool
}

// Marked reports whether any mark covers the segment.
func (s Segment) Marked() bool { return len(s.Labels) > 0 }

// Title joins the labels for a tooltip.
func (s Segment) Title() string { return strings.Join(s.Labels, "; ") }

// Highlight splits text into segments so that every mark's range can be
// wrapped in <mark> without overlapping tags: where marks overlap, the
// shared run carries both labels. Ranges out of bounds are clipped and
// ranges that cut a UTF-8 sequence are widened to whole characters, so a
// bad span never breaks the text or panics. The text itself is returned
// verbatim in the segments; the template escapes it.
func Highlight(text string, marks []Mark) []Segment {
	n := len(text)
	var ms []Mark
	for _, m := range marks {
		m.Start, m.End = max(m.Start, 0), min(m.End, n)
		for m.Start > 0 && m.Start < n && !utf8.RuneStart(text[m.Start]) {
			m.Start--
		}
		for m.End < n && m.End > 0 && !utf8.RuneStart(text[m.End]) {
			m.End++
		}
		if m.Start < m.End {
			ms = append(ms, m)
		}
	}
	cuts := []int{0, n}
	for _, m := range ms {
		cuts = append(cuts, m.Start, m.End)
	}
	sort.Ints(cuts)
	var out []Segment
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if a == b {
			continue
		}
		seg := Segment{Text: text[a:b]}
		for _, m := range ms {
			if m.Start <= a && m.End >= b && !contains(seg.Labels, m.Label) {
				seg.Labels = append(seg.Labels, m.Label)
				seg.Flag = seg.Flag || m.Flag
			}
		}
		if k := len(out) - 1; k >= 0 && sameMarks(out[k], seg) {
			out[k].Text += seg.Text
			continue
		}
		out = append(out, seg)
	}
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func sameMarks(a, b Segment) bool {
	if a.Flag != b.Flag || len(a.Labels) != len(b.Labels) {
		return false
	}
	for i := range a.Labels {
		if a.Labels[i] != b.Labels[i] {
			return false
		}
	}
	return true
}

// spokenLabels is what a screen reader hears after segment i: the labels
// of the marks that end with it. A mark split into several segments by
// the marks inside it (a flagged sentence holding key points) is named
// once, after its last words, not once per piece.
func spokenLabels(segments []Segment, i int) string {
	var ending []string
	for _, l := range segments[i].Labels {
		if i+1 >= len(segments) || !contains(segments[i+1].Labels, l) {
			ending = append(ending, l)
		}
	}
	return strings.Join(ending, "; ")
}

// spokenSuffix is the visually hidden text after segment i: its
// spokenLabels in brackets, or nothing. It is rendered on the mark's own
// line, since a line break between the mark and a following element
// would show as a space in the answer.
func spokenSuffix(segments []Segment, i int) string {
	if spoken := spokenLabels(segments, i); spoken != "" {
		return " [" + spoken + "]"
	}
	return ""
}
