package store

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestAttemptRowJSONIsWhatMarshalWrites: an attempt row stores its answer
// and result byte for byte as json.Marshal writes them, as every row
// before the encoding buffers were reused did, so selfAssessedCol's text
// search, the export and every stored row read alike. The cases are the
// ones where encoders differ: HTML characters, JavaScript line
// separators, invalid UTF-8, control characters, empty values. Each row
// reuses the buffer the one before released.
func TestAttemptRowJSONIsWhatMarshalWrites(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	texts := []string{
		"",
		"a lease & a <fencing> token",
		"line\u2028separator\u2029and\ttab\nnewline \"quoted\" \\ back",
		"invalid \xff\xfe utf-8 and \x00 nul",
		"é ü 漢字 🙂",
		strings.Repeat("A fencing token is checked by the resource. ", 500),
	}
	for _, text := range texts {
		a := quiz.Answer{Text: text, Choices: []string{"<b>", text}}
		res := quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText, Score: 0.25, SelfAssessed: true,
			Points: []quiz.PointResult{{ID: "p&q", Label: text, Hit: true, Spans: []quiz.Span{{Start: 1, End: 3}}}},
			Flags:  []quiz.FlagResult{{ID: "f", Why: text, WhyHTML: "<p>never stored</p>"}}}
		row, err := newAttemptRow("0123456789abcdef0123456789abcdef", "fencing-token", quiz.KindFreeText, a, res, at)
		if err != nil {
			t.Fatalf("text %.20q: %v", text, err)
		}
		wantA, _ := json.Marshal(a)
		wantR, _ := json.Marshal(res)
		// Compressed or not (short values stay text), the JSON a row
		// stores reads back as Marshal wrote it.
		if got := storedJSON(t, row.answer, row.answerZ); got != string(wantA) {
			t.Fatalf("text %.20q: answer = %.200s, want %.200s", text, got, wantA)
		}
		if got := storedJSON(t, row.result, row.resultZ); got != string(wantR) {
			t.Fatalf("text %.20q: result = %.200s, want %.200s", text, got, wantR)
		}
		row.release()
		if row.answer != "" || row.result != "" || row.answerZ != nil || row.resultZ != nil || row.buf != nil || row.zbuf != nil {
			t.Fatalf("text %.20q: a released row still holds its JSON", text)
		}
	}
}

// storedJSON is the JSON a column pair holds.
func storedJSON(t *testing.T, text string, z []byte) string {
	t.Helper()
	if text != "" && z != nil {
		t.Fatalf("a row holds both text (%.40q) and a compressed value", text)
	}
	var got string
	if err := columnJSON(text, z, func(js []byte) error { got = string(js); return nil }); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestAttemptRowRefusesWhatMarshalRefuses: a result JSON cannot hold (a
// NaN score) is an error naming the result, not a row.
func TestAttemptRowRefusesWhatMarshalRefuses(t *testing.T) {
	_, err := newAttemptRow("0123456789abcdef0123456789abcdef", "fencing-token", quiz.KindFreeText,
		quiz.Answer{Text: "a lease"}, quiz.Result{Score: math.NaN()}, time.Unix(0, 0))
	if err == nil || !strings.HasPrefix(err.Error(), "result: ") {
		t.Fatalf("NaN score: err = %v, want a result error", err)
	}
}
