package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestClaimMadeVersusMentioned holds each assertion mechanism to a pair
// of answers in our own words: the claim made (the flag must be raised,
// so the test fails if the flag's patterns stop reading it) and the same
// claim named, rejected, exemplified or hedged (no flag).
func TestClaimMadeVersusMentioned(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		name, question, flag string
		made, mentioned      string
	}{
		{"the next sentence rejects it", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away.",
			"The fix most teams try first is to double the TTL so the problem goes away. I'd reject that: a longer pause still overlaps, and only the storage checking a fencing token makes it harmless."},
		{"'that's a myth' after it", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away.",
			"Some on my team wanted to double the TTL so the problem goes away. That's a myth: a longer pause still overlaps."},
		{"an example of an announced mistake", "row-lock", "lock-across-network-call",
			"I take the row lock with FOR UPDATE, then call the payment API, then commit.",
			"There's one pattern I'd avoid: guarding something outside the database with a row lock. For example, I take the row lock with FOR UPDATE, then call the payment API, then commit."},
		{"a mistake noun with a relative clause before its copula", "row-lock", "lock-across-network-call",
			"I take the row lock with FOR UPDATE, then call the payment API, then commit.",
			"The anti-pattern I'd warn people about is taking the row lock with FOR UPDATE, then calling the payment API, then committing."},
		{"'the wrong way is'", "redis-lock-and-failure", "plain-del",
			"To release, I delete the key with DEL when the job is done.",
			"To release, the wrong way is to delete the key with `DEL` when the job is done, because it removes whoever holds it now."},
		{"the consequence of a named mistake", "idempotency-keys", "fresh-idempotency-key",
			"Each retry gets a fresh key from the server.",
			"Another mistake: letting the server mint the key. Then each retry gets a fresh key and nothing is deduplicated."},
		{"'misses the point' judges its subject", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer is the right approach here.",
			"A lock per customer misses the point here: the retry comes after the first request finished."},
		{"a step whose assumption is stated next", "unfenceable-resource", "client-side-fencing",
			"Check that the lock is still held right before calling the API.",
			"Check that the lock is still held right before calling the API. Assumes no pause longer than the margin between the check and the call."},
		{"'doesn't remove the need' asserts the need", "run-job-once", "lock-instead-of-constraint",
			"With the lock in place the job doesn't need to be idempotent.",
			"A single scheduler instance doesn't remove the need for idempotency: it can still fire twice."},
		{"'that' after a verb is a determiner, not a clause", "avoid-the-lock", "ttl-as-safety",
			"The TTL guarantees that only one process holds the lock at a time.",
			"A TTL can't give you that guarantee that only one process holds the lock at a time."},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("%s: no question %s", c.name, c.question)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.made}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim made, %s not raised (flags %v): %q", c.name, c.flag, r.FlagIDs(), c.made)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.mentioned}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim mentioned, %s raised: %q", c.name, c.flag, c.mentioned)
		}
	}
}

// TestNeedRemoverNegatesTheNeed: "X removes the need for fencing" says
// fencing is not needed, as "no need for fencing" does.
func TestNeedRemoverNegatesTheNeed(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	for text, want := range map[string]bool{
		"A monotonic token checked by the storage on every write. Redlock removes the need for fencing tokens, though.":                true,
		"A monotonic token checked by the storage on every write. Redlock does not remove the need for fencing tokens, it needs them.": false,
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := slices.Contains(r.FlagIDs(), "fencing-unneeded"); got != want {
			t.Errorf("fencing-unneeded raised=%v, want %v: %q", got, want, text)
		}
	}
}
