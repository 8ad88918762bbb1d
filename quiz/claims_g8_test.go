package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestClaimShapesG8 holds the assertion rules added for grader g8 to
// answers in our own words: each mechanism has claims it must still read
// as made (flag raised) and phrasings it must read as named (no flag).
func TestClaimShapesG8(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		name, question, flag, text string
		want                       bool
	}{
		// A verdict in scare quotes is disowned.
		{"plain: the deadlock resolves itself", "deadlock-ordering", "ttl-as-safety",
			"With leases the deadlock resolves itself by expiry, so ordering isn't needed.", true},
		{"scare-quoted 'resolves itself'", "deadlock-ordering", "ttl-as-safety",
			"With leases the deadlock 'resolves itself' by expiry, which just swaps it for a holder acting without its lock.", false},
		{"plain: doubling the TTL fixes it", "two-holders", "ttl-as-safety",
			"Doubling the TTL fixes the two-holder problem.", true},
		{"scare-quoted \"fixes\"", "two-holders", "ttl-as-safety",
			`Doubling the TTL "fixes" the two-holder problem in the sense that it shows up less often on the graphs.`, false},

		// A guarantee restricted by "only from / in / as ..." says what
		// is not guaranteed.
		{"plain: the lease guarantees a single holder", "two-holders", "ttl-as-safety",
			"The lease guarantees a single holder at any moment.", true},
		{"only from the server's point of view", "two-holders", "ttl-as-safety",
			"The lease guarantees a single holder only from the lock server's point of view; a paused client may still act on an expired one.", false},
		{"only in the server's records", "two-holders", "ttl-as-safety",
			"Expiry ensures exclusivity only in the lock server's own records, and the resource never hears of it.", false},
		{"only as far as Redis can tell", "two-holders", "ttl-as-safety",
			"A TTL gives you one holder only as far as Redis can tell.", false},

		// "bump it" is no TTL claim when what is bumped is an epoch column.
		{"bump it, of a timeout", "holder-id-guard", "ttl-as-safety",
			"The claim timed out too early, so bump it to an hour; that fixes the double execution.", true},
		{"bump it, of an epoch column", "holder-id-guard", "ttl-as-safety",
			"Add a claim_epoch column, bump it in the claim and guard every write with it; that fixes the reuse of the same owner id.", false},

		// The next sentence sets the claim aside: "Instead, ...", "That only
		// narrows the window", "This misses the point".
		{"plain: what most teams do, alone", "two-holders", "ttl-as-safety",
			"Most teams double the TTL so the problem goes away.", true},
		{"'Instead,' opens the next sentence", "two-holders", "ttl-as-safety",
			"Most teams double the TTL so the problem goes away. Instead, the storage should reject writes that carry an older fencing token.", false},
		{"'That only narrows the window'", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away. That only narrows the window: a longer pause still overlaps.", false},
		{"'This misses the point'", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away. This misses the point, since a pause has no upper bound.", false},
		{"'Instead of X, we ...' is no rejection of what came before", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away. Instead of tuning GC, we just do that.", true},
		{"'Instead,' after a plain DEL", "redis-lock-and-failure", "plain-del",
			"When the job is done, the worker just DELs the key to release. Instead, release with a Lua script that deletes only if the value is still our token.", false},
		{"a back-reference that does not judge", "redis-lock-and-failure", "plain-del",
			"When the job is done, we DEL the key to release. That keeps the code simple.", true},

		// A first response named before it is corrected, a belief hedged
		// as someone's, a claim disowned after it, a proposal reported.
		{"the knee-jerk reaction", "two-holders", "ttl-as-safety",
			"The knee-jerk reaction is to double the TTL so the problem goes away. A longer pause still overlaps.", false},
		{"the gut instinct", "two-holders", "ttl-as-safety",
			"My gut instinct: double the TTL so the problem goes away. Then I remember a pause has no upper bound.", false},
		{"the correct reaction is the candidate's own", "session-suspended", "work-through-suspended",
			"SUSPENDED means the session is still alive, so the correct reaction is to continue the work normally and only stop if we receive LOST.", true},
		{"a common answer is that", "fencing-token", "client-side-fencing",
			"A common answer is that the client checks the token before writing so it knows it still owns the lock. The storage must do the check.", false},
		{"you might think", "two-holders", "ttl-as-safety",
			"You might think doubling the TTL makes the problem go away. It doesn't: a longer pause still overlaps.", false},
		{"one would assume", "two-holders", "ttl-as-safety",
			"One would assume that doubling the TTL makes the problem go away, yet a longer pause still overlaps.", false},
		{"or so the runbook says", "two-holders", "ttl-as-safety",
			"Doubling the TTL makes the problem go away, or so the runbook says. A longer pause still overlaps.", false},
		{"someone will propose", "two-holders", "ttl-as-safety",
			"Someone will propose doubling the TTL so the problem goes away. A longer pause still overlaps, so that's not a fix.", false},
		{"a bare 'It doesn't.' after the claim", "two-holders", "ttl-as-safety",
			"Does doubling the TTL make the problem go away for good? Doubling the TTL makes the problem go away. It doesn't.", false},
		{"'It doesn't need ...' goes on, it denies nothing", "two-holders", "ttl-as-safety",
			"Doubling the TTL makes the problem go away. It doesn't need any other change.", true},

		// A counterfactual ("If X, Y would ...") supposes, unless it judges
		// the case acceptable.
		{"a counterfactual about the server's key", "idempotency-keys", "fresh-idempotency-key",
			"If the server generated the key, each retry would get a new one and nothing would be deduplicated.", false},
		{"a conditional acceptance is still claimed", "extend-lease", "work-after-lost-lease",
			"If the renewal fails, it would be fine to finish the current batch.", true},

		// A judgement later in the same sentence ("— this is the classic
		// error", ", this is not correct"), a judged header ("Bad idea:"),
		// others' wishes rebutted ("Some colleagues want X, but ...").
		{"'— this is the classic error'", "two-holders", "ttl-as-safety",
			"Doubling the TTL makes the problem go away — this is the classic error.", false},
		{"'— this is what we shipped' judges nothing", "two-holders", "ttl-as-safety",
			"Doubling the TTL makes the problem go away — this is what we shipped.", true},
		{"'Bad idea:'", "two-holders", "ttl-as-safety",
			"Bad idea: double the TTL so the problem goes away.", false},
		{"'Good idea:' is the candidate's", "two-holders", "ttl-as-safety",
			"Good idea: double the TTL so the problem goes away.", true},
		{"what colleagues want, rebutted", "two-holders", "ttl-as-safety",
			"Some colleagues want to double the TTL so the problem goes away, but this is wrong approach.", false},
		{"what we want is ours", "two-holders", "ttl-as-safety",
			"We want to double the TTL so the problem goes away.", true},

		// Forms the second validation writer used: a flaw named in a short
		// quotation, "the naive version where X", a header of things to
		// avoid, "Now" as an adverb, SET NX inside a failure's sequence, and
		// a release's consequence told with "would".
		{"plain: a failover can't lose it", "redis-wait-safe", "replication-keeps-lock", "With WAIT 1 the lock is on a replica, so a failover can't lose it.", true},
		{"a flaw named in a quotation", "redis-wait-safe", "replication-keeps-lock", "The problem with \"failover can't lose it\" is that Sentinel may promote a replica that never acked.", false},
		{"plain: everyone watches the holder", "zookeeper-lock-recipe", "zk-recipe-wrong", "In our setup everyone watches the holder's node and retries when it goes.", true},
		{"the naive version where ...", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect is the naive version where everyone watches the holder's node.", false},
		{"a header of things to avoid", "two-holders", "wall-clock", "Two things I'd avoid while debugging: sorting the events by each worker's log timestamps, and doubling the TTL as the fix.", false},
		{"a header of things to do", "two-holders", "wall-clock", "Two things I'd do while debugging: line up the events by each worker's log timestamps, then compare.", true},
		{"'Now' as an adverb reads no clock", "skip-locked-queue", "wall-clock", "Now a claim query orders the rows by run_at and takes ten of them with SKIP LOCKED.", false},
		{"now() as the token", "fencing-token", "wall-clock", "Use the time from now() as the token: a later acquisition always gets a later value.", true},
		{"SET NX in a failure's sequence", "redis-vs-consensus", "mutex-no-lease", "The primary acks SET NX, dies, and a replica without the key is promoted.", false},
		{"SET NX as the design", "redis-vs-consensus", "mutex-no-lease", "Take the lock with SET NX and release it when the job is done.", true},
		{"a consequence told with would", "two-holders", "plain-del", "A late release from A would delete B's key and let C in.", false},
		{"plain: delete the key when done", "two-holders", "plain-del", "When the job is done, we delete the key to release.", true},

		// Words a pattern joins inside one SQL statement claim nothing.
		{"a statement's now() and $token", "holder-id-guard", "wall-clock",
			"Heartbeat with `UPDATE jobs SET claimed_at = now() WHERE id = $1 AND claim_no = $token` every minute and stop when it returns 0.", false},
		{"now() as the token, said in words", "holder-id-guard", "wall-clock",
			"Use now() as the token in every guarded write, since a later claim always has a later timestamp.", true},

		// A fence checked once up front, the writes then unguarded.
		{"checked at the start, written without the predicate", "holder-id-guard", "fence-checked-once",
			"To keep the SQL simple, it's fine to check the epoch with one SELECT at the start of each step and then do that step's writes without the predicate.", true},
		{"read up front, predicate skipped", "holder-id-guard", "fence-checked-once",
			"We read the epoch at the start and skip the predicate on the later writes, since the database is authoritative.", true},
		{"the same named as what leaves the window open", "holder-id-guard", "fence-checked-once",
			"Every write carries AND epoch = $e; checking once at the start and then writing without the predicate leaves the pause window open.", false},
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
