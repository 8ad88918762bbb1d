package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG49Disclaims: "Redis explicitly disclaims strong consistency for
// WAIT" (FX, g48's fresh holdout, read as a validation writer for g49)
// denies what it names, as "does not promise" does; a correct WAIT answer
// that says so passes with no flag, and the claim said outright still
// raises wait-makes-safe.
func TestFixG49Disclaims(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-wait-safe")
	if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "FX", "redis-wait-safe", "rejects-antipattern")}); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("FX's WAIT answer: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	for _, c := range []struct {
		text string
		flag bool
	}{
		{"Redis disclaims strong consistency for WAIT, so the lock can still be lost in a failover.", false},
		{"Redis guarantees strong consistency for WAIT, so the lock survives a failover.", true},
	} {
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), "wait-makes-safe"); got != c.flag {
			t.Errorf("%q: wait-makes-safe raised = %v, want %v (flags %v)", c.text, got, c.flag, r.FlagIDs())
		}
	}
}

// TestFixG49Claims: four losing claims of FX and FZ raised no flag (two of
// them passed); each now fails on the flag that names it, beside a
// rejection in the same words that stays clean.
func TestFixG49Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "Persistence ... is unnecessary for a lock instance: if it
		// restarts empty, clients simply re-acquire, which is harmless."
		{"FX", "redis-early-expiry", "mixed-wrong", "single-node-keeps-keys", "Never skip persistence on a lock instance: if it restarts empty, clients re-acquire while old holders still work, which is not harmless."},
		// "Release with a plain `DEL key`, since only the holder ever
		// calls release."
		{"FX", "redis-lock-and-failure", "mixed-wrong", "plain-del", "Never release with a plain DEL on the grounds that only the holder calls release: a holder whose lease expired still calls it. Use a Lua compare-and-delete."},
		// "The final UPDATE ... needs no additional guard, since the
		// reaper only requeues after the lease has expired."
		{"FX", "skip-locked-queue", "mixed-wrong", "ttl-as-safety", "People say the final UPDATE needs no additional guard since the reaper only requeues after the lease has expired; that is wrong, a paused worker outlives its lease, so guard it with the claim token."},
		// "a lease check right before the call with a safety margin
		// bigger than our typical GC pause fully eliminates the
		// two-holders risk on its own"
		{"FZ", "unfenceable-resource", "mixed-wrong", "ttl-as-safety", "A lease check right before the call with a safety margin bigger than our typical GC pause does not eliminate the risk on its own: pauses have no bound."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want a fail on %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); len(r.Flags) > 0 {
			t.Errorf("%s: the rejection %q raised %v, want none", c.question, c.rejection, r.FlagIDs())
		}
	}
}

// TestFixG49Points: correct answers of FX, FY and FZ in their own words
// (a notary's clerks who agree before any stamp, a restaurant table's
// reserved sign, a ZooKeeper ensemble that "doesn't wait for my client to
// hear the news") failed for missing a core point they make.
func TestFixG49Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "if the db can reject the loser itself (unique key, version
		// column, conditional update) or the op is idempotent, a lock adds
		// nothing"
		{"FX", "avoid-the-lock", "strong-casual", "constraint"},
		// "the notary's ledger is copied to a majority of five machines
		// before any answer is given"
		{"FX", "design-lock-service-q", "strong-unusual", "consensus-log"},
		// "three to five clerks who must agree in writing before any
		// stamp is given"
		{"FY", "design-lock-service-q", "strong-unusual", "consensus-log"},
		// "a small committee of replicas that must agree before any
		// ticket is handed out"
		{"FZ", "design-lock-service-q", "strong-unusual", "consensus-log"},
		// "make it short and a slow eater gets their plates cleared; make
		// it long and a table sits empty for ages"
		{"FZ", "choose-ttl", "strong-unusual", "tradeoff"},
		// "the ZooKeeper ensemble doesn't wait for my client to hear the
		// news"
		{"FZ", "session-suspended", "strong-unusual", "signals-late"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v, missed %v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point), r.Missed())
		}
	}
}

// TestFixG49DenialAfterCondition: a worth denial whose clause follows a
// condition, or draws a consequence with a subject of its own, denies
// that subject only ("the writes are idempotent, so a lock adds nothing"
// credits idempotence); said of the point's own subject, or of "it"
// pointing back at it, it still takes the point back.
func TestFixG49DenialAfterCondition(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	for _, c := range []struct {
		text string
		hit  bool
	}{
		{"The writes are idempotent, so a lock adds nothing.", true},
		{"If the op is idempotent, a lock adds nothing.", true},
		{"The writes are idempotent, so it adds nothing.", false},
		{"Idempotency keys add nothing here, so use a lock.", false},
	} {
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := pointHit(t, r, "idempotent"); got != c.hit {
			t.Errorf("%q: idempotent hit = %v, want %v", c.text, got, c.hit)
		}
	}
}
