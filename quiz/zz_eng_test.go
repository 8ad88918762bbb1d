package quiz_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestZZEng prints totals on the tuning writers and the read validation
// writers EJ, EK, EL, and with ENG_OUT set writes one JSON line per answer of
// those writers (text, labels, verdict, flags with the span that raised
// them). It never reads any other writer.
func TestZZEng(t *testing.T) {
	b := loadBank(t)
	var enc *json.Encoder
	if p := os.Getenv("ENG_OUT"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		enc = json.NewEncoder(f)
	}
	for _, set := range [][]string{tuningWriters, {"EJ", "EK", "EL"}} {
		for _, w := range set {
			if !slices.Contains(tuningWriters, w) && w != "EJ" && w != "EK" && w != "EL" {
				t.Fatalf("%s is not readable", w)
			}
		}
		ans, err := loadBlind(set)
		if err != nil {
			t.Fatal(err)
		}
		tl, err := judgeBlind(b, ans, false)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("TOTALS %d writers: %s", len(set), tl)
		if enc == nil {
			continue
		}
		for _, a := range ans {
			q, _ := b.ByID(a.Question)
			r := b.Grade(q, quiz.Answer{Text: a.Text})
			var fs []map[string]string
			for _, f := range r.Flags {
				if f.Dismissed {
					continue
				}
				sp := ""
				if f.Span.Start < f.Span.End && f.Span.End <= len(a.Text) {
					sp = a.Text[f.Span.Start:f.Span.End]
				}
				fs = append(fs, map[string]string{"id": f.ID, "sev": string(f.Severity), "span": sp})
			}
			enc.Encode(map[string]any{"w": a.Writer, "q": a.Question, "kind": a.Kind, "label": a.Label, "sf": a.ShouldFlag, "note": a.FlagNote, "text": a.Text, "passed": r.Passed, "score": r.Score, "flags": fs})
		}
	}
}
