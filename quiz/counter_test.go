package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestCounterpartNeedsABareClaim holds counterpart suppression to answers
// in our own words. Each answer states, as its own, the correct
// counterpart of a red flag. Beside it, a plain claim of the mistake still
// raises the flag (a good answer with one dangerous claim loses the
// round), while the mistake framed by a report, a rejection, a judgement,
// a possibility or a requirement does not.
func TestCounterpartNeedsABareClaim(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		name, question, flag, text string
		want                       bool
	}{
		// client-side-fencing: the storage rejects the stale token.
		{"bare: a client check beside the storage's", "fencing-token", "client-side-fencing",
			"The storage rejects writes with an older token. On top of that the client checks the token before writing, so it knows it still holds the lock.", true},
		{"bare: asking the lock service beside the storage's check", "fencing-token", "client-side-fencing",
			"The lock service hands out increasing tokens and the database rejects a write with a stale token. The holder also asks the lock service before each write whether it still holds the lock, which makes the check complete.", true},
		{"a teammate's definition", "fencing-token", "client-side-fencing",
			"A teammate of mine defined fencing as the client checking the token before writing, so it knows it still holds the lock. The storage has to reject any write that carries an older token, because a paused client cannot know it lost the lock.", false},
		{"what you'll hear", "fencing-token", "client-side-fencing",
			"You'll hear fencing explained as the client comparing its token with the lock service right before writing. The database itself must reject a lower token; a check in the client is a race.", false},

		{"a match joining two clauses across a semicolon", "fencing-token", "client-side-fencing",
			"The database rejects writes with an older token. Each holder gets its token from the lock service; the database checks the value on every write.", false},
		{"another match across a semicolon", "fencing-token", "client-side-fencing",
			"The database rejects writes with an older token. The holder records the token it got from the lock service; renewals check the value in Redis.", false},
		{"bare: the holder asks the lock service", "fencing-token", "client-side-fencing",
			"The database rejects writes with an older token. The holder checks the token with the lock service before writing.", true},

		// ttl-as-safety: no TTL, however long, stops a paused holder.
		{"bare: the lock never expires while the job runs", "choose-ttl", "ttl-as-safety",
			"Any TTL can be outlasted by a pause in theory. In practice the lock never expires while the job is running, because I size it above the longest job.", true},
		{"a requirement on the TTL ('must not')", "choose-ttl", "ttl-as-safety",
			"The lease must not expire while a healthy holder is still working, so size it from the worst renewal gap. No TTL makes the lock safe on its own: a pause can always outlast it.", false},
		{"a requirement on the TTL ('should never')", "choose-ttl", "ttl-as-safety",
			"The lease should never expire while the job is still healthy and renewing. Whatever TTL you pick can be exceeded by a long GC pause, so fence at the resource.", false},

		// fresh-idempotency-key: the client makes the key once and resends it.
		{"bare: the server mints a key per request", "idempotency-keys", "fresh-idempotency-key",
			"The client creates the key once per payment. The server generates a new idempotency key for each request and stores it with the payment.", true},
		{"a variant steered clear of", "idempotency-keys", "fresh-idempotency-key",
			"The client creates the key once and reuses it on every retry. I'd steer well clear of the variant where the server generates a new idempotency key for each request.", false},
		{"what teams sometimes do", "idempotency-keys", "fresh-idempotency-key",
			"Keys must be minted by the client and sent again with every retry. Teams sometimes let the server generate a fresh key per request, and then each retry becomes a new payment.", false},

		// zk-recipe-wrong: the waiter lists the children again.
		{"bare: the predecessor's deletion means the lock is held", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each waiter watches its predecessor and re-checks the children when it fires. When the predecessor is deleted the waiter now holds the lock and proceeds.", true},
		{"a bug named at the head of the sentence", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each waiter watches its predecessor and re-lists the children when it is deleted. The subtle bug is acting on the predecessor's deletion and deciding you now hold the lock without listing again.", false},

		// zk-recipe-wrong beside a correct recipe: an impossibility ("can
		// never") and a permission ("can proceed") are still claims.
		{"bare: 'can proceed' after the predecessor goes", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each client creates an ephemeral sequential node and watches only its immediate predecessor. When the predecessor's node is deleted, the watcher now holds the lock and can proceed straight away.", true},

		{"a report after the claim ('people assume')", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each waiter watches the node just before its own. When the predecessor is deleted, the waiter now holds the lock, people assume; it may only mean a waiter ahead gave up.", false},

		// wall-clock beside a store that orders the grants.
		{"what teams do, and what it can do wrong", "fencing-token", "wall-clock",
			"Order by the lock service's recorded grants or by fencing tokens. Lining up the two hosts' log timestamps, which teams often do, can mislead by more than the lease.", false},
		{"bare: the acquiring client's clock as the token", "fencing-token", "wall-clock",
			"The storage orders writes by token and rejects older ones; the timeline comes from the lock service's recorded grant order. To produce the token, take the acquiring client's current time in nanoseconds: a later acquisition always gets a larger value.", true},

		// plain-del: release compares the value and deletes in one step.
		{"bare: DEL when done beside a Lua release", "redis-lock-and-failure", "plain-del",
			"Release with a Lua script that compares the value with my token and deletes it. When the job is done, we just DEL the key to release.", true},
		{"what any client could do", "redis-early-expiry", "plain-del",
			"Release only through a compare-and-delete script that checks the value. Keys also vanish early when any client with DEL rights can remove it after its lease lapsed.", false},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("%s: no question %q", c.name, c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.want {
			t.Errorf("%s: %s raised = %v, want %v (flags %v)", c.name, c.flag, got, c.want, r.FlagIDs())
		}
	}
}
