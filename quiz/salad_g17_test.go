package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestKeywordFormsG17 holds the rule an interviewer states: an answer that
// only names things, without saying what does what to what, earns nothing,
// whatever it is dressed in (arrows, slashes, hashtags, headings, tables,
// checklists of imperatives, another language's glue words, or filler such
// as "basically" and "you know"); a terse answer that says who does what to
// what is an answer. Every list and every answer here was written for this
// test; none is a corpus answer.
func TestKeywordFormsG17(t *testing.T) {
	b := loadBank(t)
	lists := []struct{ form, question, text string }{
		{"ascii arrows", "fencing-token", "lease -> expiry -> token -> storage check -> reject"},
		{"fat arrows", "outbox-pattern", "outbox table => same transaction => relay publisher => consumer dedupe"},
		{"unicode arrows", "zookeeper-lock-recipe", "ephemeral sequential znode → lowest sequence → watch predecessor → herd effect"},
		{"slashes between single terms", "redis-lock-and-failure", "SETNX/EXPIRE/Lua/DEL"},
		// Function words inside a hyphenated compound name it; they glue
		// no clause (these passed before grader g17).
		{"slashes between hyphenated phrases", "idempotency-keys", "idempotency-key/client-generated/unique-constraint/same-transaction/stored-response-replay. key passed to provider/request hash/key expiry"},
		{"hyphenated phrases with code", "redis-lock-and-failure", "SET-NX-PX/random-token-value/Lua-compare-and-delete/failover-loses-lock/async-replication. GC pause past TTL/fencing token/renewal"},
		// Spaced slashes chain items as arrows do (passed before g17).
		{"spaced slashes", "outbox-pattern", "outbox table / same transaction / relay publisher / CDC Debezium / at-least-once delivery / consumer dedupe / event id"},
		{"hashtags", "optimistic-concurrency", "#versioncolumn #compareonupdate #zerorows #etag #ifmatch #retry"},
		{"comma list with verbs slipped in", "fencing-token", "token increments, storage checks, GC pause, zombie holder, etcd revision"},
		{"terse academic notation", "fencing-token", "safety: mutual exclusion; liveness: lease expiry; mechanism: monotonic token, storage check; failure: GC pause."},
		{"headings with one-word bullets", "zookeeper-lock-recipe", "Mechanism:\n- ephemeral\n- sequential\n- watch\nRisks:\n- herd\n- session\nFix:\n- predecessor"},
		{"short imperative fragments", "fencing-token", "use fencing; check token; reject stale"},
		// A checklist that names a command among bare terms is no
		// command line (passed before g17).
		{"imperatives naming a command", "redis-lock-and-failure", "use SET NX PX; check random token value; add Lua compare-and-delete; reject failover loses lock; handle GC pause past TTL."},
		{"numbered noun phrases", "idempotency-keys", "1. idempotency key\n2. client generated\n3. unique constraint\n4. same transaction\n5. stored response replay"},
		{"markdown table of terms", "optimistic-concurrency", "| term | note |\n|---|---|\n| version column | compare on update |\n| zero rows updated | conflict 409 |\n| ETag | If-Match |"},
		{"mixed-language fragments", "fencing-token", "monotonic number, immer; lock service grant, siempre; token with every write, sempre; storage compares, d.h. rejects lower token."},
		{"mixed-language fragments around a command", "redis-lock-and-failure", "SET NX PX (toujours), random token value — Lua compare-and-delete, c'est-à-dire failover loses lock, async replication; 也就是 GC pause past TTL"},
		// Discourse markers pad a list; they are not its glue (these
		// passed before g17).
		{"padded with filler", "idempotency-keys", "basically idempotency key, you know, client generated, like unique constraint, I mean same transaction and stored response replay, sort of key passed to provider."},
		{"padded with filler, one item a line", "outbox-pattern", "So basically:\noutbox table, you know.\nsame transaction, right.\nLike relay publisher and CDC Debezium.\nHonestly at-least-once delivery, I mean consumer dedupe."},
		{"filler after a conjunction", "zookeeper-lock-recipe", "basically ephemeral sequential znode, and you know lowest sequence, and like watch predecessor, I mean herd effect"},
	}
	checkPassCases(t, b, "list", lists, false)
	// The boundary on the other side: short answers in which each
	// sentence has a subject and a verb (or a command line) still pass,
	// filler, slashes, hyphenated compounds and bracketed asides included.
	answers := []struct{ form, question, text string }{
		{"telegraphic", "fencing-token", "Token: issued by the lock service, goes up by one per grant. Client attaches it to each write. Storage keeps the max, refuses lower. Lease expires. Holder paused. Storage rejects token 33 < 34."},
		{"short sentences", "fencing-token", "Lock service hands out a number that only goes up with each grant. Holder sends it with every write. Storage remembers the highest it has seen and rejects anything lower. So a holder paused past its lease gets token 33 refused once 34 has written."},
		{"command lines and slashes", "redis-lock-and-failure", "Acquire with SET lock <random> NX PX 30000, one atomic call. Release/extend with a Lua script that deletes only if the value is still mine. It fails when the holder pauses past the TTL: key expires, a second client acquires, both write. Failover loses it too, since replication is async and the promoted replica may not have the key. Only a fencing token checked by the storage closes that."},
		{"hyphenated compounds", "idempotency-keys", "Client generates a key per payment and reuses it on every retry. Server inserts the key under a unique constraint in the same transaction as the charge, stores the response, and replays it when the key comes back. The key goes to the PSP too. Same key with a different body gets rejected."},
		{"casual, with filler", "outbox-pattern", "So basically you write the row and an outbox record in one transaction, so both commit or neither does. A relay, you know, reads the outbox and publishes, marking rows sent. It can publish twice after a crash, so delivery is at-least-once and consumers dedupe on the event id."},
		{"terse sentences", "zookeeper-lock-recipe", "Each client creates an ephemeral sequential znode under the lock path. The lowest sequence number holds the lock. Everyone else watches only the node just before theirs, so a release wakes one client, not all of them: that avoids the herd effect. If the holder's session dies, its ephemeral node goes away and the next one takes over."},
		{"a query in the answer", "optimistic-concurrency", "Each row carries a version. The editor reads it and saves with UPDATE ... WHERE id = ? AND version = ?, bumping it. Zero rows updated means someone saved first: reload, merge, retry. Over HTTP it's an ETag sent back in If-Match, and a mismatch gets 412."},
	}
	checkPassCases(t, b, "answer", answers, true)
}

// passCase is an answer written to pass or to fail, named by its form.
type passCase = struct{ form, question, text string }

// checkPassCases grades each case with b and wants it to pass (a real
// answer) or fail (a list); kind names the cases in subtest names.
func checkPassCases(t *testing.T, b *quiz.Bank, kind string, cases []passCase, wantPass bool) {
	t.Helper()
	for _, c := range cases {
		t.Run(kind+": "+c.form, func(t *testing.T) {
			q, ok := b.ByID(c.question)
			if !ok {
				t.Fatalf("no question %q", c.question)
			}
			if r := b.Grade(q, quiz.Answer{Text: c.text}); r.Passed != wantPass {
				t.Errorf("%s: passed = %v (score %.2f, hits %v, list %v), want %v\n\t%s", c.question, r.Passed, r.Score, r.Hits(), r.List, wantPass, c.text)
			}
		})
	}
}
