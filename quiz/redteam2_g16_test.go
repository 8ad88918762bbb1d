package quiz_test

import "testing"

// TestRedTeam2G16 holds the red16b reading rules to sentences written to
// probe them: correct answers that quote, label or turn back on a losing
// claim in forms the red16 rules did not read (an interview transcript,
// a before/after comparison, a commented-out old version, an ironic
// "Not.", a consequence told in the next sentence, "Let's say"), each
// beside the same words said as the candidate's own claim (flag). None of
// these sentences is a corpus answer.
func TestRedTeam2G16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// In a dialogue, the other speaker's turns report what that
		// speaker says; the candidate's own turns are read as before.
		{"the interviewer's turn asserts it", "redis-wait-safe", "wait-makes-safe",
			"Interviewer: WAIT makes the lock survive failover.\nMe: It does not. WAIT only reports how many replicas received the write.", false},
		{"a Q: turn asserts it", "redlock-operations-q", "clocks-irrelevant",
			"Q: Clocks don't matter for Redlock, it just uses TTLs.\nA: TTLs are clocks. They must advance at the same rate and never be stepped.", false},
		{"a colleague's turn asserts it", "holder-id-guard", "owner-guard-is-fence",
			"Colleague: WHERE owner = me already works as a fence.\nMe: An owner id cannot tell two claims by the same owner apart.", false},
		{"a role of two words", "redis-vs-consensus", "redlock-issues-token",
			"**Team lead:** Redlock gives us a fencing token from the majority.\n**Me:** It gives none; etcd's revision does.", false},
		{"a named speaker beside the candidate's turn", "etcd-revision-guard", "etcd-refuses-expired",
			"Dana: etcd will refuse the put once the old leader's lease has expired.\nMe: No, etcd applies a plain put. Guard it with a transaction on the create revision.", false},
		{"near-miss: the candidate's own turn asserts it", "redis-wait-safe", "wait-makes-safe",
			"Interviewer: Does WAIT help?\nMe: WAIT makes the lock survive failover.", true},
		{"near-miss: a label with no candidate's turn", "redis-wait-safe", "wait-makes-safe",
			"Interviewer: WAIT makes the lock survive failover.\nInterviewer: Agreed?", true},
		{"near-miss: a heading word is no speaker", "redis-wait-safe", "wait-makes-safe",
			"Summary: WAIT makes the lock survive failover.\nMe: that is all.", true},

		// A label that judges a version bad or old names it; "Before:"
		// does so in a comparison with an "After:" and no "During:".
		{"before and after", "redis-lock-and-failure", "two-commands",
			"Before: SETNX lock 1, then EXPIRE lock 30 in a second call.\nAfter: SET lock token NX PX 30000 in one command.", false},
		{"before and after, told in the past", "session-suspended", "work-through-suspended",
			"Before: our handler logged SUSPENDED and kept processing, reacting only on LOST.\nAfter: we stop the protected work on SUSPENDED.", false},
		{"an old version in a code comment", "redis-lock-and-failure", "two-commands",
			"```python\n# old: r.setnx(\"lock\", 1); r.expire(\"lock\", 30)\nr.set(\"lock\", token, nx=True, px=30000)\n```", false},
		{"a bad label", "redis-lock-and-failure", "plain-del",
			"// BAD: release with a plain DEL of the key\n// GOOD: compare the value and delete in one Lua script", false},
		{"near-miss: the after side", "redis-lock-and-failure", "two-commands",
			"Before: a lock with no expiry.\nAfter: SETNX lock 1, then EXPIRE lock 30 in a second call.", true},
		{"near-miss: before in a timeline", "redis-lock-and-failure", "two-commands",
			"Before: SETNX lock 1, then EXPIRE lock 30 in a second call.\nDuring: do the work.\nAfter: release.", true},
		{"near-miss: before alone", "redis-lock-and-failure", "two-commands",
			"Before: SETNX lock 1, then EXPIRE lock 30 in a second call.", true},

		// A bare "Not." turns the sentence before into irony.
		{"an ironic Not.", "skip-locked-queue", "exactly-once-claim",
			"Because obviously SKIP LOCKED means every job is processed exactly once. Not. A slow worker's job comes back after the timeout.", false},
		{"near-miss: not only", "skip-locked-queue", "exactly-once-claim",
			"SKIP LOCKED means every job is processed exactly once. Not only that, it is fast.", true},

		{"a retort opened by because, then Sure.", "outbox-pattern", "dual-write-atomic",
			"Yeah, because a distributed lock around the commit and the publish makes them atomic. Sure. A crash between them still loses one.", false},
		{"near-miss: Sure. after a plain statement", "outbox-pattern", "dual-write-atomic",
			"A distributed lock around the commit and the publish makes them atomic. Sure.", true},

		// A back-reference saying what came before leads to a harm.
		{"that is what leads to two holders", "session-suspended", "work-through-suspended",
			"Many client libraries' examples just log the event and keep processing until LOST. That default is exactly what leads to two holders.", false},
		{"near-miss: what it avoids", "session-suspended", "work-through-suspended",
			"Keep processing until LOST. That is exactly what avoids two holders.", true},
		{"near-miss: it never leads to harm", "session-suspended", "work-through-suspended",
			"Keep processing until LOST. That never leads to two holders.", true},

		// "Let's say X" sets up a scenario, as "Suppose X" does.
		{"let's say", "run-job-once", "ttl-below-runtime",
			"Let's say the lock's TTL is shorter than the job's runtime. The lease expires mid-run and a second instance starts the job.", false},
		{"near-miss: the same said outright", "run-job-once", "ttl-below-runtime",
			"The lock's TTL is shorter than the job's runtime, which is fine.", true},
	})
}
