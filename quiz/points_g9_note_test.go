package quiz_test

import (
	"errors"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestMultipleOfTheTailIsNoted: a TTL sized as a multiple of the p99 (the
// sizing the measure point does not credit) is told what a fuller answer
// adds, whether or not the answer passes, instead of nothing.
func TestMultipleOfTheTailIsNoted(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("choose-ttl")
	if !ok {
		t.Fatal("no question choose-ttl")
	}
	for _, text := range []string{
		"I set the TTL to three times the p99 of the job, so it is comfortably longer than any normal run.",
		"Make the lease 3x p99 of the critical section and renew it with a heartbeat.",
		"Take the p95 duration and double it; too short and it expires under a slow worker, too long and a crash blocks everyone.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		notes := strings.Join(r.Notes, " ")
		if !strings.Contains(notes, "multiple of") || !strings.Contains(notes, "fenc") {
			t.Errorf("%q: no note on the multiple of the tail: %v", text, r.Notes)
		}
	}
	// sized from the tail itself, or no figure at all: no such note
	for _, text := range []string{
		"Size the TTL from the measured p99.9 of the job plus the longest GC pause we have seen, and add margin.",
		"Too short and the lease lapses under a slow holder; too long and a crash blocks everyone.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if strings.Contains(strings.Join(r.Notes, " "), "multiple of") {
			t.Errorf("%q: noted as a multiple of the tail: %v", text, r.Notes)
		}
	}
}

// TestPartialNeedsItsNote: a point's partial patterns without the note
// that explains them (or a note with no patterns) is an error naming the
// field, and a bad partial pattern is an error too.
func TestPartialNeedsItsNote(t *testing.T) {
	for name, c := range map[string]struct {
		partial []string
		note    string
		field   string
	}{
		"no note":     {[]string{"two & times"}, "", "points[0].partial_note"},
		"no patterns": {nil, "A fuller answer says more.", "points[0].partial_note"},
		"bad pattern": {[]string{"@nosuchset & two"}, "A fuller answer says more.", "points[0].partial[0]"},
	} {
		q := conceptQuestion("fenc*")
		q.Points[0].Partial, q.Points[0].PartialNote = c.partial, c.note
		err := quiz.Compile(q, conceptSynonyms, nil)
		var fe *quiz.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: err = %v, want a FieldError on %s", name, err, c.field)
		}
	}
	q := conceptQuestion("fenc*")
	q.Points[0].Partial, q.Points[0].PartialNote = []string{"two & times"}, "A fuller answer says more."
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Errorf("partial with its note: %v", err)
	}
}
