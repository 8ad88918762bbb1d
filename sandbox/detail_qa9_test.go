package sandbox_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// detailsOf runs the scenario and returns every event's detail, one per
// line, as the events table shows them.
func detailsOf(t *testing.T, raw string) string {
	t.Helper()
	sc, err := sandbox.Parse([]byte(raw))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	tl := sandbox.Run(sc)
	var b strings.Builder
	for i := range tl.Events.Len() {
		b.WriteString(tl.Events.At(i).Detail)
		b.WriteByte('\n')
	}
	return b.String()
}

// Engine 5 (QA-9): what the event text says matches what the real systems
// would hold.
func TestEngineTextQA9(t *testing.T) {
	// Q9-14: after the database's clock jumps, the row still holds the
	// held_until the claim wrote; it is now() that passed it. The text
	// quoted the row's value shifted by the jump (-10000), and B's
	// held_until on the timeline's clock instead of the database's.
	db := detailsOf(t, `{"lock":{"model":"database","ttl_ms":30000,"token_source":"epoch"},"resource":{"check_fencing":true},"clients":[{"id":"A"},{"id":"B"}],"actions":[{"at_ms":0,"client":"A","op":"claim"},{"at_ms":1000,"op":"clock_jump","ms":40000,"node":1},{"at_ms":2000,"client":"B","op":"claim"},{"at_ms":4000,"client":"A","op":"release"},{"at_ms":5000,"client":"B","op":"release"}]}`)
	for _, want := range []string{
		"held_until 30\u202f000 ms has passed by the database's clock (now() reads 41\u202f000 ms, 40\u202f000 ms ahead of the timeline)",
		"held_until = 72000 by the database's clock, 40\u202f000 ms ahead of the timeline",
		// Q9-15: a release is guarded as a write is, refused or not.
		"UPDATE … SET holder = NULL WHERE holder = 'A' AND epoch = 1: 0 rows",
		"UPDATE … SET holder = NULL WHERE holder = 'B' AND epoch = 2: 1 row, the row is free",
	} {
		if !strings.Contains(db, want) {
			t.Errorf("database details lack %q:\n%s", want, db)
		}
	}
	if strings.Contains(db, "held_until -") || strings.Contains(db, "epoch = …") {
		t.Errorf("database details still show a shifted held_until or an elided epoch:\n%s", db)
	}
	// Q9-16: with SETNX then EXPIRE there is no acquire script to run an
	// INCR in.
	if d := detailsOf(t, `{"lock":{"model":"redis","ttl_ms":10000,"acquire":"set-then-expire","token_source":"incr"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"}]}`); strings.Contains(d, "acquire script") || !strings.Contains(d, "an INCR sent after the SETNX") {
		t.Errorf("SETNX-then-EXPIRE token text:\n%s", d)
	}
	if d := detailsOf(t, `{"lock":{"model":"redis","ttl_ms":10000,"token_source":"incr"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"}]}`); !strings.Contains(d, "from INCR in the acquire script") {
		t.Errorf("atomic acquire token text:\n%s", d)
	}
	// Q9-17: everysec loses the last second only when the machine goes
	// down; the text says which crash the restart is.
	if d := detailsOf(t, `{"lock":{"model":"redis","ttl_ms":10000,"persistence":"everysec"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":500,"op":"restart","node":1}]}`); !strings.Contains(d, "a crash of the machine") || !strings.Contains(d, "had only the Redis process died") {
		t.Errorf("everysec restart text:\n%s", d)
	}
}
