package quiz_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"lockdrill/quiz"
)

// TestHistory45Veto: of the flags past graders raised on writers they had
// never read (history45), today's veto sets aside every pattern flag of
// 16 of the 66 passing answers and of none of the 1,596 answers that
// assert a losing claim (g45's lastAround: 13 without it). A change to the
// reader or the veto that moves either figure must say so here.
func TestHistory45Veto(t *testing.T) {
	b := loadBank(t)
	f, err := os.Open("testdata/blind/history45/flags.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	texts := map[string]string{}
	var spared, misfires, lost, claims int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		// a line of history45/flags.jsonl reads as a history18 answer
		// (historyAnswer, veto_g18_test.go); it has no role
		var h historyAnswer
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
			t.Fatal(err)
		}
		if _, ok := texts[h.Writer+"\t"+h.Question+"\t"+h.Kind]; !ok {
			for _, a := range mustLoadBlind(t, []string{h.Writer}) {
				texts[a.Writer+"\t"+a.Question+"\t"+a.Kind] = a.Text
			}
		}
		text, ok := texts[h.Writer+"\t"+h.Question+"\t"+h.Kind]
		if !ok {
			t.Fatalf("%s %s %s: no such answer", h.Writer, h.Question, h.Kind)
		}
		q, _ := b.ByID(h.Question)
		all := true
		for _, fl := range h.Flags {
			if fl.Pattern {
				all = all && b.ShippedVetoSetsAside(q, text, quiz.Span{Start: fl.Start, End: fl.End})
			}
		}
		switch {
		case h.Label == "pass":
			misfires++
			if all {
				spared++
			}
		case h.ShouldFlag:
			claims++
			if all {
				lost++
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if misfires != 66 || claims != 1596 {
		t.Fatalf("history45 holds %d misfires and %d claims, want 66 and 1,596", misfires, claims)
	}
	if spared != 16 || lost != 0 {
		t.Errorf("today's veto sets aside %d of 66 misfires and %d of 1,596 claims; want 16 and 0", spared, lost)
	}
}
