package quiz_test

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// vetoG17Exp runs TestVetoRuleExperimentG17, TestVetoReadingsG17 and
// TestVetoInsertedClaimsG17.
var vetoG17Exp = flag.Bool("veto.g17", false, "measure the g17 grid of rules for the second reader's veto on every split")

// vetoRule is one rule tried for the second reader's veto (readerVeto):
// the answer reads below clean, has at least minWords words, and the
// matched sentence (with the next one's lean added when next is set)
// leans at most lean.
type vetoRule struct {
	clean, lean float64
	minWords    int
	next        bool
}

func (c vetoRule) String() string {
	if c.clean == 0 {
		return "no veto"
	}
	s := fmt.Sprintf("pf<%.2f lean<=%+.1f words>=%d", c.clean, c.lean, c.minWords)
	if c.next {
		s += " +next"
	}
	return s
}

func (c vetoRule) bank(b *quiz.Bank) *quiz.Bank {
	return b.WithReaderVetoNext(c.clean, c.lean, c.minWords, c.next)
}

// g16Veto is the rule g16 shipped, which g17's grid starts from.
var g16Veto = vetoRule{0.15, 0, 50, false}

// vetoGrid is every rule of the g17 grid: no veto and g16's rule first,
// then each answer threshold, sentence lean, length, and whether the next
// sentence's lean is read with the matched one's where it leans away.
func vetoGrid() []vetoRule {
	grid := []vetoRule{{}, g16Veto}
	for _, next := range []bool{false, true} {
		for _, clean := range []float64{0.10, 0.15, 0.20, 0.25, 0.30} {
			for _, lean := range []float64{-1, -0.5, 0, 0.5, 1} {
				for _, words := range []int{30, 50, 80} {
					grid = append(grid, vetoRule{clean, lean, words, next})
				}
			}
		}
	}
	return grid
}

// vetoSplit is one split's answers, with their grade without the veto.
// Only an answer a pattern flags and the reader reads below the grid's
// highest clean threshold can be graded differently by a veto rule, so
// only those are graded again for each rule.
type vetoSplit struct {
	name      string
	answers   []blindAnswer
	base      []quiz.Result
	reachable []int
}

// vetoTally is a split's figures under one rule.
type vetoTally struct {
	figs
	spared, lost int // passing answers flagged without the veto and not with it; should-flag answers likewise
}

// add counts answer a, graded r by a rule and base without the veto.
func (t *vetoTally) add(a blindAnswer, base, r quiz.Result) {
	passed, flagged := r.Passed, len(r.FlagIDs()) > 0
	was := len(base.FlagIDs()) > 0
	pass := a.Label == "pass"
	t.n++
	if passed == pass {
		t.ok++
	}
	if pass {
		t.pass++
		if flagged {
			t.passFlagged++
		}
		if was && !flagged {
			t.spared++
		}
	}
	if a.ShouldFlag {
		t.should++
		if flagged {
			t.flagged++
		}
		if was && !flagged {
			t.lost++
		}
	}
	if a.Kind == "keyword-salad" {
		t.salads++
		if passed {
			t.saladPass++
		}
	}
}

func (s *vetoSplit) tally(b *quiz.Bank, rule vetoRule) vetoTally {
	rb := rule.bank(b)
	results := make(map[int]quiz.Result, len(s.reachable))
	if rule.clean > 0 {
		for _, i := range s.reachable {
			a := s.answers[i]
			q, _ := b.ByID(a.Question)
			results[i] = rb.Grade(q, quiz.Answer{Text: a.Text})
		}
	}
	return tallyResults(s.answers, s.base, results)
}

// tallyResults counts answers as graded by a rule (results, by answer;
// an answer missing from it is graded as base) against base, their grades
// without the veto.
func tallyResults(answers []blindAnswer, base []quiz.Result, results map[int]quiz.Result) vetoTally {
	var t vetoTally
	for i, a := range answers {
		r, ok := results[i]
		if !ok {
			r = base[i]
		}
		t.add(a, base[i], r)
	}
	return t
}

func loadVetoSplits(t *testing.T, b *quiz.Bank, maxClean float64) []*vetoSplit {
	t.Helper()
	var out []*vetoSplit
	for _, sp := range []struct {
		name    string
		writers []string
	}{{"tuning", tuningWriters}, {"AV+AW", []string{"AV", "AW"}}, {"AX", []string{"AX"}}, {"Q+R", earlierWriters}} {
		answers, err := loadBlind(sp.writers)
		if err != nil {
			t.Fatal(err)
		}
		s := &vetoSplit{name: sp.name, answers: answers, base: make([]quiz.Result, len(answers))}
		nb := vetoRule{}.bank(b)
		for i, a := range answers {
			q, _ := b.ByID(a.Question)
			s.base[i] = nb.Grade(q, quiz.Answer{Text: a.Text})
			patterned := false
			for _, id := range s.base[i].FlagIDs() {
				patterned = patterned || id != quiz.ReaderFlagID
			}
			if _, pf, ok := quiz.ReaderProbs(a.Text, a.Question); patterned && ok && pf < maxClean {
				s.reachable = append(s.reachable, i)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestVetoRuleExperimentG17 measures every rule of the grid on every
// split: tuning (which the reader learned from, so optimistic), AV+AW
// (read, never learned from: rules are chosen here), and only the totals
// of AX and of Q+R (never read). Each cell: passing answers flagged,
// should-flag answers flagged, verdicts; then passing answers the rule
// spares and should-flag answers it loses, against no veto.
func TestVetoRuleExperimentG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip("run with -veto.g17")
	}
	b := loadBank(t)
	splits := loadVetoSplits(t, b, 0.30)
	var lines []string
	head := fmt.Sprintf("%-34s", "rule")
	for _, s := range splits {
		head += fmt.Sprintf(" | %-30s", s.name+" pass-fl sf-fl verdicts (+sp -lost)")
	}
	lines = append(lines, head)
	for _, rule := range vetoGrid() {
		line := fmt.Sprintf("%-34s", rule)
		for _, s := range splits {
			f := s.tally(b, rule)
			line += fmt.Sprintf(" | %3d/%-4d %4d/%-4d %5d/%-5d +%d -%d", f.passFlagged, f.pass, f.flagged, f.should, f.ok, f.n, f.spared, f.lost)
		}
		lines = append(lines, line)
	}
	t.Log("\n" + strings.Join(lines, "\n"))
}

// TestVetoReadingsG17 logs, for every pattern flag on the readable
// splits (tuning, AV and AW), the reader's reading of the answer, of the
// flagged sentence and of the sentence after it, with the writer's
// labels: never a text, and never anything of AX, Q or R.
func TestVetoReadingsG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip("run with -veto.g17")
	}
	b := loadBank(t)
	for _, split := range []struct {
		name    string
		writers []string
	}{{"tuning", tuningWriters}, {"AV+AW", []string{"AV", "AW"}}} {
		answers, err := loadBlind(split.writers)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, a := range answers {
			q, _ := b.ByID(a.Question)
			for _, fr := range b.PatternFlagReadings(q, a.Text) {
				if fr.Clean >= 0.30 {
					continue
				}
				lines = append(lines, fmt.Sprintf("%s pf %.3f lean %+.2f next %+.2f words %3d  %s %s %s %s label=%s should=%v",
					split.name, fr.Clean, fr.Lean, fr.NextLean, fr.Words, a.Writer, a.Question, a.Kind, fr.ID, a.Label, a.ShouldFlag))
			}
		}
		sort.Strings(lines)
		t.Log("\n" + strings.Join(lines, "\n"))
	}
}

// insertionAnswers are strong answers of our own, a sentence a string,
// into which TestVetoInsertedClaimsG17 puts plain wrong claims.
var insertionAnswers = map[string][]string{
	"fencing-token": {
		"A fencing token is a monotonically increasing number handed out with every lock grant.",
		"The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one.",
		"Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows.",
		"The resource does the check, not the client or the lock service.",
	},
	"two-holders": {
		"I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each.",
		"Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs.",
		"I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker.",
		"Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen.",
	},
	"idempotency-keys": {
		"I'd argue against a lock per customer: at best it stops two concurrent duplicates, and a retry arrives after the first request finished.",
		"The client generates one idempotency key per payment and resends it on every retry.",
		"The server inserts the key with a unique constraint in the same transaction as the charge and returns the stored response to a repeat.",
		"Minting the key on the server is the classic trap: each retry carries a brand new key, so nothing is ever deduplicated.",
	},
	"redis-vs-consensus": {
		"Redis acknowledges a SET once the primary has it and replicates afterwards, so a failover can lose a granted lock.",
		"etcd and ZooKeeper commit through a quorum before they answer, and hand out a revision or zxid that only grows, which the storage can use as a fencing token.",
		"Neither stops a paused client from waking up and writing, so the resource must reject stale tokens.",
	},
}

// insertedClaims are plain wrong claims, one sentence each, for the
// answers of insertionAnswers.
var insertedClaims = []struct{ question, claim string }{
	{"fencing-token", "After its lease expires, a worker can safely finish its writes."},
	{"fencing-token", "A failed renewal is no problem, because the job continues normally."},
	{"fencing-token", "A failed renewal does not matter: the worker continues normally."},
	{"fencing-token", "Even after the lease is lost, the job can keep writing."},
	{"fencing-token", "If the renewal fails, the worker keeps writing as before."},
	{"fencing-token", "A longer TTL makes the lock safe."},
	{"two-holders", "A longer TTL makes the lock safe."},
	{"two-holders", "Redis's single thread makes GET then DEL safe."},
	{"two-holders", "Two workers can never both hold a Redis lock, because SET NX is atomic."},
	{"idempotency-keys", "The server generates a new idempotency key for every retry."},
	{"idempotency-keys", "A Redis lock per customer prevents duplicate charges."},
	{"idempotency-keys", "Retries are harmless as long as the payment handler holds a lock."},
	{"redis-vs-consensus", "Redlock is safe."},
	{"redis-vs-consensus", "The replicas already have the key when Redis says OK, so a failover keeps the lock."},
}

// TestVetoInsertedClaimsG17 puts each plain wrong claim of
// insertedClaims before every sentence of its strong answer and after
// the last, and counts, for g16's rule and the rules g17 weighed, the
// answers a pattern flags without the veto that the rule leaves with no
// flag: the veto's cost on claims the blind writers' answers may not
// show.
func TestVetoInsertedClaimsG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip("run with -veto.g17")
	}
	b := loadBank(t)
	rules := []vetoRule{g16Veto, {0.10, 0, 50, false}, {0.15, 0, 50, true}, {0.10, 0, 50, true}, {0.10, 0.5, 50, true}, {0.10, 1, 50, true}}
	lost := make([]int, len(rules))
	flagged := 0
	var lines []string
	for _, c := range insertedClaims {
		q, _ := b.ByID(c.question)
		s := insertionAnswers[c.question]
		for at := 0; at <= len(s); at++ {
			text := strings.Join(slices.Concat(s[:at], []string{c.claim}, s[at:]), " ")
			if len(vetoRule{}.bank(b).Grade(q, quiz.Answer{Text: text}).FlagIDs()) == 0 {
				continue
			}
			flagged++
			for i, rule := range rules {
				if len(rule.bank(b).Grade(q, quiz.Answer{Text: text}).FlagIDs()) == 0 {
					lost[i]++
					lines = append(lines, fmt.Sprintf("%-34s loses %s at sentence %d: %q", rule, c.question, at, c.claim))
				}
			}
		}
	}
	for i, rule := range rules {
		lines = append(lines, fmt.Sprintf("%-34s %d of %d inserted claims lose every flag", rule, lost[i], flagged))
	}
	t.Log("\n" + strings.Join(lines, "\n"))
}

// describedStaleHolder is a correct answer of our own to fencing-token
// whose third sentence tells what the stale holder does (carries on after
// its renewal failed), which the pattern of work-after-lost-lease reads
// as advice; the sentence after it, on who does the check, reads clean.
var describedStaleHolder = fencingAnswerWith("The stale holder continues normally after the renewal failed, because nothing told it otherwise.")

// TestVetoReadsTheSentenceAfterAMention: a correct answer whose one
// sentence describes the stale holder's behaviour in the wording of a
// known mistake, followed by a sentence that leans away from it, passes
// with no red flag, and a note quotes the described sentence. g16's veto
// read the matched sentence alone and kept the flag.
func TestVetoReadsTheSentenceAfterAMention(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	for name, rule := range map[string]vetoRule{"without the veto": {}, "with g16's veto": g16Veto} {
		r := rule.bank(b).Grade(q, quiz.Answer{Text: describedStaleHolder})
		if r.Passed || !slices.Contains(r.FlagIDs(), "work-after-lost-lease") {
			t.Fatalf("%s: passed=%v flags %v, want failed by work-after-lost-lease (else this test shows nothing)", name, r.Passed, r.FlagIDs())
		}
	}
	checkSparedWithNote(t, b, q, describedStaleHolder, "The stale holder continues normally after the renewal failed", "second reader", "loses the round")
}

// TestVetoKeepsAPlainClaimInAnAlmostCleanAnswer: a strong answer with a
// plain wrong claim appended (after a space, or as its own paragraph)
// fails on that claim's flag, and no note sets it aside, where the answer
// reads between 0.10 and 0.15 on the reader's losing-claim scale and the
// claim's sentence leans below 0: g16's veto set these claims aside.
func TestVetoKeepsAPlainClaimInAnAlmostCleanAnswer(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	for _, claim := range []string{
		"If the renewal fails, the worker keeps writing as before.",
		"When the lease is lost mid-job, the worker can simply finish its writes. Nothing bad happens, since it still has the lock in its own view.",
	} {
		t.Run(claim, func(t *testing.T) {
			for _, text := range []string{strongFencingAnswer + " " + claim, strongFencingAnswer + "\n\n" + claim} {
				if _, pf, _ := quiz.ReaderProbs(text, q.ID); pf < 0.10 || pf >= 0.15 {
					t.Fatalf("the reader scores the answer %.2f, outside 0.10 to 0.15: this test would not tell the two vetoes apart", pf)
				}
				if old := g16Veto.bank(b).Grade(q, quiz.Answer{Text: text}); !old.Passed {
					t.Fatalf("with g16's veto: passed=%v flags %v, want passed (else this test shows nothing)", old.Passed, old.FlagIDs())
				}
				r := b.Grade(q, quiz.Answer{Text: text})
				if r.Passed || !slices.Contains(r.FlagIDs(), "work-after-lost-lease") {
					t.Errorf("passed=%v flags %v, want failed with work-after-lost-lease", r.Passed, r.FlagIDs())
				}
				for _, n := range r.Notes {
					if strings.HasPrefix(n, "Not counted as a red flag") {
						t.Errorf("a note sets a flag aside: %q", n)
					}
				}
			}
		})
	}
}
