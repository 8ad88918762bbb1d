package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// fmDesign is a strong two-sentence design answer of FM (g44's fresh
// holdout, read as a validation writer for g45): its last sentence
// carries the lease's words ("keep the session alive with heartbeats,
// expiry is measured ...") beside the fencing check and the scaling plan.
const fmDesign = "I would build it on a small consensus group (Raft, 3 or 5 nodes) that stores locks as leases tied to client sessions, and every grant returns a monotonically increasing fencing token, like the Raft index. Clients keep the session alive with heartbeats, expiry is measured with durations on the server's monotonic clock, and the protected resources must check the token; scaling is by sharding lock names across groups and keeping locks coarse."

// TestWideVetoLastSentenceG45: the wide veto reaches the answer's last
// sentence when it holds twenty words or more besides the match
// (readerWideVeto.lastAround). FM's design answer failed on ttl-as-safety
// matched in its last sentence; it now passes with no red flag and a note
// that quotes the sentence. Plain claims appended to strong answers keep
// their flags as before: no inserted claim loses its flag to the change.
func TestWideVetoLastSentenceG45(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("design-lock-service-q")
	old := b.WithWideLastAround(0).Grade(q, quiz.Answer{Text: fmDesign})
	if old.Passed || !slices.Contains(old.FlagIDs(), "ttl-as-safety") {
		t.Fatalf("without lastAround: passed=%v flags %v, want failed by ttl-as-safety (else this test shows nothing)", old.Passed, old.FlagIDs())
	}
	r := b.Grade(q, quiz.Answer{Text: fmDesign})
	if !r.Passed || len(r.Flags) != 0 {
		t.Fatalf("passed=%v flags %v, want a pass with no red flag", r.Passed, r.FlagIDs())
	}
	noted := false
	for _, n := range r.Notes {
		noted = noted || strings.HasPrefix(n, "Not counted as a red flag: the sentence \"Clients keep the session alive with heartbeats")
	}
	if !noted {
		t.Errorf("no note quotes the set-aside sentence: %q", r.Notes)
	}
	for _, set := range []struct {
		answers map[string][]string
		claims  []struct{ question, claim string }
	}{{insertionAnswers, insertedClaims}, {longInsertionAnswers, longInsertedClaims}} {
		for _, c := range set.claims {
			qc, _ := b.ByID(c.question)
			s := set.answers[c.question]
			for at := 0; at <= len(s); at++ {
				text := strings.Join(slices.Concat(s[:at], []string{c.claim}, s[at:]), " ")
				before := len(b.WithWideLastAround(0).Grade(qc, quiz.Answer{Text: text}).Flags) > 0
				if now := len(b.Grade(qc, quiz.Answer{Text: text}).Flags) > 0; before && !now {
					t.Errorf("%s: %q at sentence %d loses its flag to lastAround", c.question, c.claim, at)
				}
			}
		}
	}
}

// TestFixG45Misfires: FM's strong answer to extend-lease opens "Yes,
// renewal is the normal way to protect long jobs, but it has rules." and
// lists them; the opening announces the rules, it is no claim that
// renewal keeps holders apart. It passes with no flag as written, beside
// the plain claim, which still raises ttl-as-safety.
func TestFixG45Misfires(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("extend-lease")
	if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "FM", "extend-lease", "strong-full")}); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("FM extend-lease strong-full: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "Renewal is the normal way to protect long jobs: keep renewing and nobody else can take the lock."}); !slices.Contains(r.FlagIDs(), "ttl-as-safety") {
		t.Errorf("the plain claim raised %v, want ttl-as-safety", r.FlagIDs())
	}
}

// TestFixG45Claims: eleven losing claims of FL, FM and FN (g44's fresh
// holdout, released for g45) that raised no flag, each now flagged in the
// answer as written, beside a rejection in the same words that stays
// clean.
func TestFixG45Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "fencing tokens are only needed if you skip renewal"
		{"FL", "extend-lease", "mixed-wrong", "fencing-unneeded", "Renew with a compare-and-extend script. Fencing tokens are needed even if you never skip a renewal: a paused holder cannot renew either."},
		// "the resource just compares it with the current holder's token,
		// so ordering doesn't matter"
		{"FL", "fencing-token", "mixed-wrong", "random-fencing-token", "The resource keeps the highest token it has accepted and rejects lower ones. People think ordering doesn't matter and a UUID will do; that is wrong, the resource must tell older from newer."},
		// "once every replica has acknowledged, no failover can lose the
		// lock and it's safe to use"
		{"FL", "redis-wait-safe", "mixed-wrong", "replication-keeps-lock", "WAIT does not make it safe: even once every replica has acknowledged, the ack is in memory, so a failover can still lose the lock."},
		// "if the app dies midway, the database rolls back and the
		// provider's charge is reversed along with it"
		{"FL", "row-lock", "mixed-wrong", "lock-across-network-call", "Keep the provider call out of the transaction: a rollback does not reverse the provider's charge, it only undoes our own rows."},
		// "the row lock stays with the worker after it commits"
		{"FL", "skip-locked-queue", "mixed-wrong", "claim-lock-outlives-commit", "Claim with SKIP LOCKED, then record a lease and commit. It is a misconception that the row lock stays with the worker after it commits: the commit releases it."},
		// "the provider can't process the request after the lease ends,
		// because the request is aborted when the timeout fires"
		{"FL", "unfenceable-resource", "mixed-wrong", "timeout-bounds-call", "A client timeout is no fence: even when it fires, the provider can still process the request after the lease ends."},
		// "there is no way for a deposed leader to write, as etcd would not
		// let two mutex holders exist"
		{"FM", "etcd-revision-guard", "confidently-wrong", "etcd-refuses-expired", "Put the write in a Txn that compares the lock key's create revision; with that guard there is no way for a deposed leader to overwrite the routes."},
		// "when it resumes it will see the lock has expired before it
		// writes"
		{"FM", "redis-lock-and-failure", "mixed-wrong", "redlock-correctness", "A paused holder may not notice anything: it might not see that the lock has expired before it writes, so the storage must check a fencing token."},
		// "a lock with a TTL can only have one holder at a time"
		{"FM", "two-holders", "confidently-wrong", "ttl-as-safety", "A lock with a TTL is supposed to have one holder at a time, but a holder paused past the TTL still acts as one, so fence the writes."},
		// "since every claim has a different timestamp it works as a fence"
		{"FN", "holder-id-guard", "mixed-wrong", "wall-clock", "Add an epoch column bumped by every claim and guard writes with it. A claim timestamp taken from the worker's clock is not a fence: clocks can go backwards."},
		// "until it runs out I keep working"
		{"FN", "session-suspended", "mixed-wrong", "work-through-suspended", "On SUSPENDED I stop the protected work at once; I don't keep working until the timer runs out, since the session may already have expired."},
	} {
		q, _ := b.ByID(c.question)
		text := writtenAnswer(t, c.writer, c.question, c.kind)
		if r := b.Grade(q, quiz.Answer{Text: text}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want failed by %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestFixG45Points: eight correct answers of FM and FN failed for a core
// point they make in their own words; each now earns it and passes.
func TestFixG45Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "so etcd itself refuses Rivo's bundle"
		{"FM", "etcd-revision-guard", "strong-unusual", "atomic-in-store"},
		// "I would add a claim counter (attempt+1 returned by the claim),
		// guard writes with it atomically"
		{"FM", "holder-id-guard", "refutes-quote", "epoch-column"},
		// "they commit via raft/zab majority so a failover can't drop your
		// lock"
		{"FM", "redis-vs-consensus", "strong-casual", "consensus-quorum"},
		// "only look elsewhere for resources outside the database"
		{"FM", "row-lock", "refutes-quote", "outside-effects"},
		// "The lease length does not matter to a holder that pauses"
		{"FM", "unfenceable-resource", "refutes-quote", "timing-caveat"},
		// "etcd won't lose or split the lock state on failover like async
		// Redis can"
		{"FN", "redis-vs-consensus", "refutes-quote", "consensus-quorum"},
		// "sentinel might promote a diff replica"
		{"FN", "redis-wait-safe", "strong-casual", "promoted-replica"},
		// "Claiming stamps the row with 'taken until 10:05, try #3' and
		// commits at once ... after 10:05 the row looks available again"
		{"FN", "skip-locked-queue", "strong-unusual", "visibility-timeout"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point))
		}
	}
}

// TestDebugQuestionsAreSpeechG45: a casual debugging answer that asks
// its checks as questions ("did w1's lease expire while it was still
// working (gc, slow call, renew failed silently)?") says what it looks
// for in sentences; a question mark inside parentheses ("lock store logs
// (failover? evictions?)") had also made its opening line a question, so
// no sentence outside a question held a verb and the answer read as a
// list of terms (0 %). FN's answer passes now; a keyword list of short
// questions is still a list.
func TestDebugQuestionsAreSpeechG45(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("two-holders")
	r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "FN", "two-holders", "strong-casual")})
	if !r.Passed || r.List {
		t.Errorf("FN two-holders strong-casual: passed=%v list=%v score %.2f, want a pass read as sentences", r.Passed, r.List, r.Score)
	}
	salad := "Timeline? Logs? GC pause? Who checks it? Failover, eviction, restart? SETNX + EXPIRE? Plain DEL? Fencing token?"
	if r := b.Grade(q, quiz.Answer{Text: salad}); r.Passed || !r.List {
		t.Errorf("a list of short questions: passed=%v list=%v, want a list that fails", r.Passed, r.List)
	}
}
