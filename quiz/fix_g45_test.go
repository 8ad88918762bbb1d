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
