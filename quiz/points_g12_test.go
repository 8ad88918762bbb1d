package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g12, points: core points missed on strong answers, and weak
// answers that must still fail, by class, each as answers of our own
// beside near-misses.

// verdictCase is an answer of our own and whether it should pass.
type verdictCase struct {
	question, text string
	pass           bool
}

// checkVerdicts grades each case and compares its verdict.
func checkVerdicts(t *testing.T, b *quiz.Bank, cases []verdictCase) {
	t.Helper()
	for _, c := range cases {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed != c.pass {
			t.Errorf("%s: %q passed=%v (score %.2f, missed %v, flags %v), want %v", c.question, c.text, r.Passed, r.Score, r.Missed(), r.FlagIDs(), c.pass)
		}
	}
}

// TestLongTerseLinesAreSpeech: a casual answer written as notes ("acquire:
// `SET ...`, one call, retry w/ backoff if nil. release: ...") whose lines
// are as long as spoken sentences reads as speech, so a terse line in it
// that has the glue of a clause ("holder frozen by gc beyond ttl → 2
// owners, ...") makes its point, as it does in an answer of prose. A
// keyword list's short items do not, and the same notes without the
// failure still fail.
func TestLongTerseLinesAreSpeech(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		{"redis-lock-and-failure", "acquire: `SET lk <uuid> NX PX 20000`, single call, retry w/ jitter if nil. release: lua, del only when value == mine. what breaks: holder gc-stalls past ttl → 2 holders, failover drops key (async repl), restart w/o aof, maxmemory eviction, server clock jump, dead holder blocks others till expiry. no fencing token in redis, so fine only where a rare double run is ok.", true},
		{"redis-lock-and-failure", "take: `SET lock:x <uuid> NX PX 30000`, one call, retry with backoff if nil. give back: lua script, del only if value == my uuid. what goes wrong: holder frozen by gc beyond ttl → 2 owners, failover loses key (async repl), restart w/o fsync, eviction, clock jump, dead holder blocks till ttl. no fencing token from redis itself, so ok only where a rare double run doesn't hurt.", true},
		// the same notes without the paused holder
		{"redis-lock-and-failure", "acquire: `SET lock:x <uuid> NX PX 30000`, one call, retry w/ backoff if nil. release: lua script, del only if value == my uuid. what breaks: network blips, slow commands, failover drops key (async repl), restart w/o fsync, eviction, server clock jump, crashed holder blocks until ttl. redis gives no fencing token, so ok only where a rare double run doesn't hurt.", false},
		// keyword lists of short items
		{"redis-lock-and-failure", "SET NX PX, uuid value, one call. lua compare-and-delete. gc pause past ttl → 2 holders. failover, async replication, key lost. eviction, fsync. no fencing token.", false},
		{"redis-wait-safe", "WAIT != consensus. failover may promote a replica that never acked. replica reboot. split brain, min-replicas-to-write. paused holder. no fencing token. best effort only.", false},
	})
	q, _ := b.ByID("redis-lock-and-failure")
	if r := b.Grade(q, quiz.Answer{Text: "SET NX PX, uuid value, one call. lua compare-and-delete. gc pause past ttl → 2 holders. failover, async replication, key lost. eviction, fsync. no fencing token."}); r.Score > 0 {
		t.Errorf("a keyword list scored %.2f, want 0", r.Score)
	}
}

// TestPrepositionGluesATerseItem: in an answer said mostly in sentences, a
// heading's list of failures ("Failures: pause past the TTL, failover
// loss, ...") whose item relates two terms by a preposition that is not a
// function word ("past", "beyond") makes its point, as "over" or "after"
// would; a list of bare nouns ("GC pause, TTL, failover") still only
// names it, and a preposition in an unrelated item makes nothing.
func TestPrepositionGluesATerseItem(t *testing.T) {
	b := loadBank(t)
	const acquire = "The acquire is one SET with NX, PX and a random value, and the release is a Lua script that deletes only when the value is still mine. "
	const fence = " Protect writes with fencing tokens where it matters."
	checkVerdicts(t, b, []verdictCase{
		{"redis-lock-and-failure", "Redis being single-threaded means commands don't interleave on the server, which is not the same as safety for the client. Implementation: SET NX PX with a random token, compare-and-delete Lua release, a checked extend. Failures: pause past the TTL, failover loss, eviction, restart, clock jumps. Fence the writes, or make them idempotent.", true},
		{"redis-lock-and-failure", acquire + "Failure modes: GC stall beyond the lease, failover loss, eviction, restart." + fence, true},
		{"redis-lock-and-failure", acquire + "Failure modes: holder frozen past expiry, replica promotion loss, eviction." + fence, true},
		// bare nouns, or the preposition in another item
		{"redis-lock-and-failure", acquire + "What breaks it: GC pause, TTL, failover, eviction, restart." + fence, false},
		{"redis-lock-and-failure", acquire + "Failure modes: clients behind NAT, failover loss, eviction." + fence, false},
	})
}

// TestWindowNarrowedNotClosed: the timing caveat said as a window that a
// check or a wait narrows but never closes ("only narrows the window",
// "shrinks the gap but doesn't close it", "leaves a gap between the check
// and the call"), as a stall in that gap that still gets through, or as
// the check called a hope ("just hopes you don't stall right after"), in
// the shared concept timing-not-safety, so every question citing it hears
// it. Near-misses: a window said closed, a hope about something else, a
// pause after the call that harms nothing.
func TestWindowNarrowedNotClosed(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "timing-caveat", "Checking the remaining lease before the call only narrows the window.", true},
		{"unfenceable-resource", "timing-caveat", "Looking at the lease time first never closes the gap.", true},
		{"unfenceable-resource", "timing-caveat", "A fenced intent row first still leaves a gap between the write and the call.", true},
		{"unfenceable-resource", "timing-caveat", "A pause right after the check still gets through.", true},
		{"unfenceable-resource", "timing-caveat", "Checking your lease right before calling just hopes you don't stall right after.", true},
		{"unfenceable-resource", "timing-caveat", "Check the lease, then call: that is hoping nothing stalls in between.", true},
		{"extend-lease", "not-safety", "Renewing shrinks the window but never closes it.", true},
		{"choose-ttl", "no-safe-value", "A bigger TTL only narrows the window for a late write.", true},
		// the window closed, a hope about something else, a harmless pause
		{"unfenceable-resource", "timing-caveat", "Checking the lease first closes the window.", false},
		{"unfenceable-resource", "timing-caveat", "I hope the provider dedupes on the key.", false},
		{"unfenceable-resource", "timing-caveat", "A pause right after the call is harmless because the provider dedupes.", false},
		{"extend-lease", "not-safety", "Renewing closes the window for good.", false},
		{"choose-ttl", "no-safe-value", "A bigger TTL makes the window smaller, so pick a big one.", false},
	})
	q, _ := b.ByID("unfenceable-resource")
	if r := b.Grade(q, quiz.Answer{Text: "Idempotency key, payment id. Lease check, narrow window. Gap, pause, hope. Gateway, STONITH."}); r.Score > 0 {
		t.Errorf("a keyword list scored %.2f, want 0", r.Score)
	}
}

// TestPromotionAsContestAndClockAsTime: two core points by the family of
// words people use for them. The failover's choice told as a contest or a
// takeover ("a different replica can win", "the wrong replica becomes
// master", "another copy takes over"); the clock rule with the clock
// named as time ("slew-only time sync", "the system time must never
// jump"). Near-misses: the replica that acknowledged winning, time sync
// merely set up, time jumps called harmless.
func TestPromotionAsContestAndClockAsTime(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-wait-safe", "promoted-replica", "Failover is not consensus: a different replica can win, so the lock is gone.", true},
		{"redis-wait-safe", "promoted-replica", "After failover the wrong replica becomes master and the key is gone.", true},
		{"redis-wait-safe", "promoted-replica", "Another replica takes over, one that never saw the key.", true},
		{"redis-wait-safe", "promoted-replica", "Failover is not consensus, and the replica that acked wins the election.", false},
		{"redis-wait-safe", "promoted-replica", "The primary wins every time the network is healthy.", false},

		{"redlock-operations-q", "clocks-slew", "Use slew-only time sync on every node.", true},
		{"redlock-operations-q", "clocks-slew", "Time sync has to slew, never step.", true},
		{"redlock-operations-q", "clocks-slew", "The system time must never jump on those hosts.", true},
		{"redlock-operations-q", "clocks-slew", "Time sync is set up on every host.", false},
		{"redlock-operations-q", "clocks-slew", "Jumps in system time are harmless here.", false},
	})
	q, _ := b.ByID("redlock-operations-q")
	if r := b.Grade(q, quiz.Answer{Text: "Five masters. Slew-only time sync. Noeviction, AOF. Random retry. Capped extensions."}); r.Score > 0 {
		t.Errorf("a keyword list scored %.2f, want 0", r.Score)
	}
}

// TestLateNewsStragglerAndHunt: three core points in the words of a
// story. The session's end heard afterwards ("you learn about it via
// LOST, later", "the client only finds out afterwards"); the late
// instance finding the lock free once the first run is done ("the second
// finds the lock free", "sees it released and runs again"); the search for
// the pause by its other verbs ("the hunt is inside A's process: GC logs",
// "comb the worker's logs for pauses"). Near-misses: news heard at once,
// "later" about something else, the lock found taken, a hunt in the
// release code.
func TestLateNewsStragglerAndHunt(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "signals-late", "The servers delete your lock node and hand the lock to the next waiter, and you learn about it via LOST, later.", true},
		{"session-suspended", "signals-late", "The cluster can expire the session and give the lock away; the client only finds out afterwards.", true},
		{"session-suspended", "signals-late", "The ensemble may already have handed the lock on; the process hears about it eventually.", true},
		{"session-suspended", "signals-late", "You learn about the lost session immediately, before anything else happens.", false},
		{"session-suspended", "signals-late", "Later on, we learned to use Curator's recipes.", false},

		{"run-job-once", "lock-not-enough", "If the first run finishes before the slowest instance fires, the second finds the lock free.", true},
		{"run-job-once", "lock-not-enough", "A slower pod finds the lock free after the first one is done, and sends the emails again.", true},
		{"run-job-once", "lock-not-enough", "The second instance finds the lock taken and skips the run.", false},
		{"run-job-once", "lock-not-enough", "If the lock is free, take it and run the job.", false},

		{"two-holders", "durations-vs-ttl", "If the service already considered A gone, the hunt is inside A's process: GC logs, CPU throttling, renewal errors.", true},
		{"two-holders", "durations-vs-ttl", "Comb the worker's logs for pauses or throttling.", true},
		{"two-holders", "durations-vs-ttl", "Dig into the release code first.", false},
		{"two-holders", "durations-vs-ttl", "Hunt for the commit that changed the key name.", false},
	})
}

// TestSharedTraitRuleAndGapInOtherWords: three core points said in other
// words. What the fencing systems share named as kinship ("the family
// resemblance: ...", "variations on one trick"); "unique" as the rule put
// on what the server stores ("writes that number down with \"unique\" on
// it", "a column marked unique"); the dual write as one act given up
// ("stop trying to write to two places at once") or its crash window
// that stays ("the crash window is still there"). Near-misses: a family
// of tools, a unique key the client keeps, two places written at once,
// the window closed.
func TestSharedTraitRuleAndGapInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-in-real-systems", "common-pattern", "The family resemblance: a number that climbs when control changes hands, and the store turns away older ones.", true},
		{"fencing-in-real-systems", "common-pattern", "They are variations on one trick: a number that climbs when control changes hands, and the store turns away older ones.", true},
		{"fencing-in-real-systems", "common-pattern", "Kafka's broker turns away a producer with an older epoch, like the rest of its family of tools.", false},
		{"fencing-in-real-systems", "common-pattern", "Kafka's broker turns away a producer with an older epoch, a variation of the timeout idea.", false},

		{"idempotency-keys", "unique-table", "The server writes that number down, in the same transaction as the payment, with \"unique\" on it.", true},
		{"idempotency-keys", "unique-table", "The backend records each key in a column marked unique.", true},
		{"idempotency-keys", "unique-table", "The server keeps the keys with a unique rule on them.", true},
		{"idempotency-keys", "unique-table", "The app makes up a unique key per payment and writes it down in local storage before sending.", false},

		{"outbox-pattern", "dual-write", "Stop trying to write to two places at once.", true},
		{"outbox-pattern", "dual-write", "You can't update both stores in one go.", true},
		{"outbox-pattern", "dual-write", "A lock around the two steps doesn't help; the crash window is still there.", true},
		{"outbox-pattern", "dual-write", "Write to two places at once with a lock around both.", false},
		{"outbox-pattern", "dual-write", "The outbox closes the crash window.", false},
	})
}

// TestDigitEndsASentence: a full stop after the divisor of a ratio ends
// the sentence ("renew at ttl/3. check-and-extend: ..."), so a keyword
// list whose first item ends in one is not read as one long prose
// sentence that carries the list past the pass mark; a line's own number
// ("1. Renew ...") still opens its item, and strong answers in numbered
// steps or with a ratio still pass.
func TestDigitEndsASentence(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		{"extend-lease", "heartbeat / renew at ttl/3. check-and-extend: lua GET == token then PEXPIRE. etcd lease keepalive. monotonic clock deadline. never revive an expired lock. fencing still needed.", false},
		{"extend-lease", "keepalive every ttl/2. lua compare then pexpire. watchdog on progress. fencing still needed.", false},
		{"extend-lease", "1. Renew from a background heartbeat at about a third of the TTL, well before it expires.\n2. Extend with a Lua script that checks the value is still my token before PEXPIRE, so I never extend someone else's lock.\n3. If an extension fails, stop the work at once: the lease is gone.\n4. Renewal does not make it safe, because a GC pause stops the heartbeat too; the store still needs a fencing token.", true},
		{"extend-lease", "Renew at TTL/3. Do it with a Lua script that checks the value is still my token before PEXPIRE. If renewal fails, stop working. Renewal is not safety: a GC pause stops the heartbeat too, so the store still needs a fencing token.", true},
	})
}

// TestTransactionCarriesBoth: the outbox row told as the transaction
// writing both things ("have the transaction write both things: the new
// status, and a note in a 'to send' table", "the transaction inserts the
// event row as well as the status"). Near-misses: the transaction and
// the broker both getting it, an audit record beside the status.
func TestTransactionCarriesBoth(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"outbox-pattern", "outbox-row", "Have the transaction write both things: the new status, and a note in a 'to send' table.", true},
		{"outbox-pattern", "outbox-row", "The transaction inserts the event row as well as the status change.", true},
		{"outbox-pattern", "outbox-row", "Both the transaction and Kafka get the event.", false},
		{"outbox-pattern", "outbox-row", "The transaction writes an audit record as well as the status.", false},
	})
}
