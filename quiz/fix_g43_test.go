package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestWideVetoG43: g43's wide veto (readerWideVeto) sets aside a pattern's
// match in a sentence that says more than the match, inside an answer the
// second reader reads as very clean (below 0.08), whatever the sentence's
// own lean. Until g42 such a sentence kept its flag whenever its words
// leaned toward a losing claim, which they do wherever a mistake's words
// stand: the correct answer below, whose middle sentence describes an
// idempotent consumer, failed on a fatal flag's wording.
func TestWideVetoG43(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	old := b.WithoutWideVeto().Grade(q, quiz.Answer{Text: cleanAvoidAnswer})
	if old.Passed || !slices.Contains(old.FlagIDs(), "client-side-fencing") {
		t.Fatalf("without the wide veto: passed=%v flags %v, want failed by client-side-fencing (else this test shows nothing)", old.Passed, old.FlagIDs())
	}
	r := b.Grade(q, quiz.Answer{Text: cleanAvoidAnswer})
	if !r.Passed || len(r.Flags) != 0 {
		t.Fatalf("passed=%v flags %v, want a pass with no red flag", r.Passed, r.FlagIDs())
	}
	found := false
	for _, n := range r.Notes {
		found = found || strings.HasPrefix(n, "Not counted as a red flag: the sentence \"A consumer that may see a message twice") &&
			strings.Contains(n, "says more than the words that matched") && strings.Contains(n, "if you did mean the claim, it loses the round")
	}
	if !found {
		t.Fatalf("no note quotes the set-aside sentence and says why: %q", r.Notes)
	}
}

// TestWideVetoKeepsPlainClaimsG43: what the wide veto does not reach. A
// plain wrong claim put into a correct answer keeps its flag when it is
// the answer's last sentence (however long), or when it is little more
// than the mistake's own words (fewer than eight words beside the match),
// wherever it stands.
func TestWideVetoKeepsPlainClaimsG43(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	s := insertionAnswers["fencing-token"]
	for _, claim := range []string{"A longer TTL makes the lock safe.", "Fencing is unnecessary if the TTL is long enough."} {
		for at := 0; at <= len(s); at++ {
			text := strings.Join(slices.Concat(s[:at], []string{claim}, s[at:]), " ")
			r := b.Grade(q, quiz.Answer{Text: text})
			if r.Passed || len(r.Flags) == 0 {
				t.Errorf("%q at sentence %d: passed=%v flags %v, want a red flag", claim, at, r.Passed, r.FlagIDs())
			}
		}
	}
	long := cleanAvoidAnswer + " So in practice the client itself checks that it still holds the lock before each write, and that check is all the protection the data needs."
	qa, _ := b.ByID("avoid-the-lock")
	if r := b.Grade(qa, quiz.Answer{Text: long}); r.Passed || len(r.Flags) == 0 {
		t.Errorf("a long plain claim ending the answer: passed=%v flags %v, want a red flag", r.Passed, r.FlagIDs())
	}
}

// TestFixG43Patterns: the validation writers FF, FG and FH (g42's fresh
// holdout, released for g43) had four passing answers flagged that the
// wide veto leaves; each wording now raises nothing in the answer as
// written, beside a plain claim of the same mistake that still
// raises the flag.
func TestFixG43Patterns(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag, mention, claim string
	}{
		{"two-holders", "single-threaded-lock",
			"First reaction in the incident channel was \"impossible, Redis SET NX is atomic, must be a logging bug\". Atomicity of one command doesn't prevent two holders over time. So I'd gather: lock-server events (acquire, renew, expire) with tokens; worker logs; GC and CPU-throttling metrics; Redis logs for failovers, restarts, `evicted_keys`; NTP logs of the Redis host. Then compare: if B acquired after A's TTL elapsed → A paused or ran longer than the lease, renewals failed. If before → the store lost the key (failover, restart, eviction, clock jump). Also audit client code: non-atomic SETNX/EXPIRE, unconditional DEL, duplicate tokens, key name mismatch. Then fix the root cause and add a fencing token checked by the resource.",
			"Redis SET NX is atomic, so two clients can never both hold the lock."},
		{"idempotency-keys", "fresh-idempotency-key",
			"A colleague suggested, \"lock the customer in Redis for 30 seconds while processing — that stops double charges.\" It doesn't already. With timeouts, the retry can arrive after the original completed, or after the 30 s lock expired, and it's processed as new.\n\nWhat actually identifies a duplicate is an idempotency key from the client: generated when the payment is initiated and sent on every retry. The server stores it under a unique constraint with the outcome; a repeat gets the same response, an in-flight duplicate gets 409, the same key with a different body gets an error. Pass the key through to the PSP so their side dedupes as well.",
			"The client generates a new idempotency key for every retry. The server stores it under a unique constraint with the outcome."},
		{"choose-ttl", "ttl-below-runtime",
			"The usual mistake is to take the average run time, or to put a very big TTL like one hour \"to be safe\". The average is exceeded about half of the time by definition, and the huge TTL only moves the problem: when the holder crashes, the job stays blocked an hour, and a long pause can still exceed it. I take the p99.9 duration plus margin for GC and network, compare it with the downtime I can accept after a crash, and if they conflict I use a shorter TTL with periodic renewal (about every TTL/3), stopping work if a renewal fails. The holder counts time from before sending the acquire, so the round trip is not free time. Because timing can always be violated, the resource checks a fencing token. In short: base it on tail latency and recovery tolerance, renew for long jobs, and never treat the TTL as the safety mechanism.",
			"I set the TTL to half the typical runtime and let the next instance take over when it lapses."},
		{"redis-early-expiry", "single-node-keeps-keys",
			"An SRE at my previous job told me: \"Redis TTLs use a monotonic timer, so changing the system time can't affect them\". That's not correct for key expiry: Redis stores each key's expiry as an absolute Unix timestamp in milliseconds and compares it with the wall clock, which is also why expiries survive a restart from AOF or RDB. Therefore an NTP step forward, or an admin setting the date, can expire lock keys early. Other single-node causes: a restart with no or weak persistence (RDB, or AOF `everysec` on power loss), eviction under `maxmemory` with an LRU/LFU/TTL policy, and clients deleting keys they don't own or running FLUSHALL. Operations: slew-only time sync with monitoring, `appendfsync always` or a delayed restart beyond the max TTL, `maxmemory-policy noeviction` on a dedicated instance, ACLs plus compare-and-delete release. In short, the clock is one of four things to control, and it's not immune.",
			"AOF with everysec is enough: the lock survives a restart, so persistence is not a concern."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.mention}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: mention raised %s: %q", c.question, c.flag, c.mention)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim raised %v, want %s: %q", c.question, r.FlagIDs(), c.flag, c.claim)
		}
	}
}

// TestFixG43Claims: five losing claims of FF, FG and FH that raised no
// flag, each now flagged, beside the same words in a rejection that stays
// clean (tuning writers rejected a browser clock as the version in these
// words).
func TestFixG43Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, claim string }{
		{"redis-vs-consensus", "redlock-correctness", "Redis, definitely. Redlock over five Redis nodes is mathematically proven to be safe, it's equivalent to a consensus algorithm but much faster, because it doesn't need a leader."},
		{"redis-wait-safe", "redlock-correctness", "Not safe: WAIT can time out with 0 acks. The right fix is Redlock on five independent masters: with a majority of independent nodes, two clients can never hold the lock at the same time, even if one of them pauses in GC."},
		{"optimistic-concurrency", "wall-clock", "Add a version column and save with WHERE version = ?. For the version value we can simply use the browser's `Date.now()` at save time; the server keeps whichever timestamp is bigger and drops the older save."},
		{"redlock-operations-q", "wall-clock", "It can't fence out of the box since values are random. You can add fencing easily: each client uses its own local timestamp at acquisition time as the token, and the resource rejects writes with an older timestamp."},
		{"skip-locked-queue", "wall-clock", "Claim with FOR UPDATE SKIP LOCKED and set lease_until in the same transaction. Each worker should compute `lease_until` from its own local clock and pass it as a parameter, so the workers don't depend on the database clock at all."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: flags %v, want %s: %q", c.question, r.FlagIDs(), c.flag, c.claim)
		}
	}
	q, _ := b.ByID("optimistic-concurrency")
	for _, mention := range []string{
		"Add a version column and save with WHERE version = ?. Using `updated_at` from the browser clock as the version is out: clocks differ and millisecond ties happen.",
		"Someone suggested each browser sends the time of its edit and the server keeps the newest. That's still last-writer-wins; with browser clocks it might even keep the older one. Use a version column checked in the WHERE clause instead.",
	} {
		if r := b.Grade(q, quiz.Answer{Text: mention}); slices.Contains(r.FlagIDs(), "wall-clock") {
			t.Errorf("a rejected browser clock raised wall-clock: %q", mention)
		}
	}
}

// TestFixG43ChooseTTLPoints: FH's correct choose-ttl answer, which refutes
// a 24-hour TTL, earned neither core point it makes: the trade-off (a
// killed worker's lock holds the next run off for a day; a longer TTL buys
// longer outages) and that no TTL buys safety.
func TestFixG43ChooseTTLPoints(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	text := `In our NGO data platform someone wrote in the ticket: "set the TTL to 24 hours, then the lock can never expire during the sync and we are safe". That reasoning has two problems. First, if the sync worker is killed by the OOM killer, the next sync cannot start for a full day, because nobody releases a dead worker's lock; therefore the availability cost is huge. Second, it is not even safe: a VM can be suspended, or the lock store can lose the key, and then a second worker starts while the first continues. So I chose a TTL of about twice the p99 duration of one batch, renewed after each batch, and the storage checks a monotonically increasing token so stale writes are rejected. In short, a longer TTL buys fewer false expiries at the price of longer outages, but it never buys safety.`
	r := b.Grade(q, quiz.Answer{Text: text})
	for _, p := range []string{"tradeoff", "no-safe-value"} {
		if !pointHit(t, r, p) {
			t.Errorf("%s not earned", p)
		}
	}
	if !r.Passed || len(r.Flags) != 0 {
		t.Errorf("passed=%v flags %v, want a pass with no red flag", r.Passed, r.FlagIDs())
	}
	// The claim it refutes, asserted, still earns no safety point.
	checkPoints(t, b, []pointCase{{"choose-ttl", "no-safe-value", "Set the TTL to 24 hours: then the lock can never expire during the sync, and a longer TTL makes it safe.", false}})
}

// TestFixG43UnusualWordings: core points FF and FG made in their own
// words (a serial number as the version, a "to be sent" table written in
// the same change, a courier that tails the change log), each beside a
// sentence with the same words that does not make the point.
func TestFixG43UnusualWordings(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "version-column", "Saving then means: replace it, but only if it's still serial 17, the one I started with; the database does that check and the replacement in one step.", true},
		{"optimistic-concurrency", "version-column", "Each document gets a serial number when it is created, so we can find it later.", false},
		{"outbox-pattern", "outbox-row", "I'd write the message into the database as part of the very same change that flips the order to shipped, in a to-be-sent table next to the orders.", true},
		{"outbox-pattern", "outbox-row", "I'd write the message to Kafka right after the database change, and hope both succeed.", false},
		{"outbox-pattern", "relay", "Then a separate courier process reads that table (or tails the database's change log), pushes each message to Kafka, and marks it done afterwards.", true},
		{"outbox-pattern", "relay", "The service publishes each message to Kafka itself, right after the commit.", false},
	})
}

// TestFixG43FromQA: QA-43 as a new user. A fencing token taken from INCR on
// one Redis node, said to be fine, is now a red flag of its own (the
// counter goes backwards after a restart or a failover), and the same
// counter named to reject it is not; a sentence trusting NTP-synced clocks
// to order events raises wall-clock alone, not also "fencing tokens are
// not needed"; and "VM steal time" in a list of logs to read is no clock.
func TestFixG43FromQA(t *testing.T) {
	b := loadBank(t)
	ft, _ := b.ByID("fencing-token")
	claim := "The lock service issues a token with each grant, strictly larger than the last. For the token itself, a plain INCR on a single Redis node is fine, since a Redis counter can never go backwards. The store refuses writes bearing an older token."
	if r := b.Grade(ft, quiz.Answer{Text: claim}); !slices.Contains(r.FlagIDs(), "volatile-token-counter") {
		t.Errorf("INCR on one node called fine: flags %v, want volatile-token-counter", r.FlagIDs())
	}
	for _, mention := range []string{
		"A plain INCR on a single Redis node is not fine for the token: after a failover the counter can go backwards.",
		"The token comes from INCR on a single Redis node, which is not safe because a restart without fsync loses increments.",
	} {
		if r := b.Grade(ft, quiz.Answer{Text: mention}); slices.Contains(r.FlagIDs(), "volatile-token-counter") {
			t.Errorf("rejected counter raised volatile-token-counter: %q", mention)
		}
	}
	th, _ := b.ByID("two-holders")
	ntp := "First I'd build one timeline from the lock service's record of grants. A fencing token checked by the resource would reject the stale writer. But the quickest thing is to compare the timestamps in the two workers' own logs, since server clocks are synced by NTP and are accurate enough to order the events."
	r := b.Grade(th, quiz.Answer{Text: ntp})
	if !slices.Contains(r.FlagIDs(), "wall-clock") || slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("NTP-ordered logs: flags %v, want wall-clock and not fencing-unneeded", r.FlagIDs())
	}
	steal := "I'd start by reconstructing a single timeline from the lock service's own records, not the workers' clocks. Then line it up with the workers' logs: GC logs and pause metrics, container CPU throttling, VM steal time, to find whether worker A stalled past its TTL and kept going on the other side. The fix is fencing at the resource."
	if r := b.Grade(th, quiz.Answer{Text: steal}); len(r.Flags) != 0 || len(r.SetAside) != 0 {
		t.Errorf("logs to read: flags %v, set aside %v, want neither", r.FlagIDs(), r.SetAside)
	}
}

// TestTickQuotesAnUnflaggedSentenceG43 (QA-43): a core point made both in
// a plain sentence and in the sentence a fatal flag names is ticked with
// the plain sentence's words, not the flagged claim's.
func TestTickQuotesAnUnflaggedSentenceG43(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-vs-consensus")
	claim := "With etcd you don't need fencing tokens at all, because consensus guarantees that only one client can ever hold the lock at a time."
	text := "It depends on whether the lock guards correctness or just saves work. If two holders would only waste effort, Redis is fine. If two holders would corrupt data, I'd use etcd or ZooKeeper, because they commit each write to a majority through consensus before replying, whereas Redis replies first and replicates later, so a failover can lose a held lock. " + claim + " etcd and ZooKeeper also give you an increasing number with each grant, the revision or zxid."
	r := b.Grade(q, quiz.Answer{Text: text})
	if !slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Fatalf("flags %v, want fencing-unneeded (else this test shows nothing)", r.FlagIDs())
	}
	at := strings.Index(text, claim)
	for _, p := range r.Points {
		if p.ID != "consensus-quorum" {
			continue
		}
		if !p.Hit {
			t.Fatal("consensus-quorum not made")
		}
		for _, s := range p.Spans {
			if s.Start >= at && s.End <= at+len(claim) {
				t.Errorf("consensus-quorum quotes the flagged claim: %q", text[s.Start:s.End])
			}
		}
		return
	}
	t.Fatal("no consensus-quorum point")
}

// TestTxnIsATransactionG43 (QA-43): the casual "txn" names the
// transaction the key shares with the work.
func TestTxnIsATransactionG43(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "same-transaction", "key from the client, insert it in the same txn as the payment row w/ a unique constraint, replay the stored response on retry", true},
		{"idempotency-keys", "same-transaction", "key from the client, charge the card, then insert the key in its own txn afterwards", false},
		{"outbox-pattern", "outbox-row", "write the event row in the same txn as the status update, relay publishes it later", true},
	})
}
