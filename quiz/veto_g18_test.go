package quiz_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// vetoG18Exp runs the g18 experiments on the second reader's veto.
var vetoG18Exp = flag.Bool("veto.g18", false, "measure the g18 veto rules with out-of-fold readings of the tuning writers")

// vetoG18Dump, with -veto.g18, is a file TestVetoReadingsG18 writes its
// per-flag readings to (tab-separated; readable splits only).
var vetoG18Dump = flag.String("veto.g18.dump", "", "file for TestVetoReadingsG18's per-flag readings")

// foldReaders trains one reader per fold (raiseFoldOf) on the tuning
// writers outside it, as TestReaderModel trains the shipped one, and
// returns them with the tuning answers.
func foldReaders(t *testing.T) ([]*quiz.RaiseReaderG18, []blindAnswer) {
	t.Helper()
	v := quiz.NewReaderVocab()
	tun := readerLoad(t, v, readerWriters, true)
	return trainFolds(t, v, tun, nil), tun.answers
}

// trainFolds trains one reader per fold on the examples of tun outside
// it, and the examples extra gives for that fold (nil: none).
func trainFolds(t *testing.T, v *quiz.ReaderVocab, tun readerSet, extra func(fold int) []quiz.ReaderExample) []*quiz.RaiseReaderG18 {
	t.Helper()
	o := quiz.DefaultReaderOpts()
	var out []*quiz.RaiseReaderG18
	for k := range *raiseFolds {
		var train []quiz.ReaderExample
		for i, a := range tun.answers {
			if raiseFoldOf(a.Writer) != k {
				train = append(train, tun.ex[i])
			}
		}
		if extra != nil {
			train = append(train, extra(k)...)
		}
		fr, err := quiz.TrainRaiseReaderG18(train, v, o)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fr)
	}
	return out
}

// TestVetoReadingsG18 writes, for every pattern flag (veto off) on the
// tuning writers, read out of fold, and on AZ and BA, read by the shipped
// reader, the readings a veto rule can use, with the writer's labels.
func TestVetoReadingsG18(t *testing.T) {
	if !*vetoG18Exp || *vetoG18Dump == "" {
		t.Skip("run with -veto.g18 -veto.g18.dump=FILE")
	}
	b := loadBank(t)
	readers, tun := foldReaders(t)
	val, err := loadBlind([]string{"AZ", "BA"})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	lines = append(lines, "split\tanswer\twriter\tquestion\tkind\tlabel\tshould\tflag\tpf\twords\tlean\tnext\tframe\talone\trank\tsents\tspanw\tsentw\tsentence")
	emit := func(split string, i int, fr *quiz.RaiseReaderG18, a blindAnswer) {
		q, _ := b.ByID(a.Question)
		for _, f := range b.FlagReadingsG18(fr, q, a.Text) {
			lines = append(lines, fmt.Sprintf("%s\t%d\t%s\t%s\t%s\t%s\t%v\t%s\t%.4f\t%d\t%.3f\t%.3f\t%.3f\t%.4f\t%d\t%d\t%d\t%d\t%s",
				split, i, a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, f.ID, f.Clean, f.Words, f.Lean, f.Next, f.Frame, f.Alone, f.Rank, f.Sents, f.SpanWords, f.SentWords,
				strings.Join(strings.Fields(f.Sentence), " ")))
		}
	}
	for i, a := range tun {
		emit("tuning-oof", i, readers[raiseFoldOf(a.Writer)], a)
	}
	for i, a := range val {
		emit("AZ+BA", i, nil, a)
	}
	if err := os.WriteFile(*vetoG18Dump, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d flags", len(lines)-1)
}

// vetoG18History, with -veto.g18, is a folder holding answers.jsonl: the
// flags graders of past sessions raised on writers they had never seen,
// one line per answer and grader (writer, question and kind name the
// answer in testdata/blind).
var vetoG18History = flag.String("veto.g18.history", "", "folder of past graders' flags on unseen writers (answers.jsonl)")

// historyAnswer is one answer as a past grader graded it.
type historyAnswer struct {
	Commit     string `json:"commit"`
	Role       string `json:"role"`
	Writer     string `json:"writer"`
	Question   string `json:"question"`
	Kind       string `json:"kind"`
	Label      string `json:"label"`
	ShouldFlag bool   `json:"should_flag"`
	Flags      []struct {
		ID         string `json:"id"`
		Start, End int
		Pattern    bool `json:"pattern"`
	} `json:"flags"`
}

// historyUnit is one answer as one past grader flagged it, each of its
// pattern flags read by the reader that never saw the writer.
type historyUnit struct {
	h     historyAnswer
	flags []quiz.FlagReadingG18
}

// readHistory reads -veto.g18.history's answers.jsonl: each answer a past
// grader raised a pattern flag on, of a writer this session may read,
// with each such flag read at the span it matched by a fold reader for a
// tuning writer (readers, by fold) and the shipped one for AZ and BA.
func readHistory(t *testing.T, readers []*quiz.RaiseReaderG18, tun []blindAnswer) []historyUnit {
	t.Helper()
	raw, err := os.ReadFile(*vetoG18History + "/answers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	val, err := loadBlind([]string{"AZ", "BA"})
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, a := range append(tun, val...) {
		texts[a.Writer+"\t"+a.Question+"\t"+a.Kind] = a.Text
	}
	var out []historyUnit
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var h historyAnswer
		if err := json.Unmarshal([]byte(l), &h); err != nil {
			t.Fatal(err)
		}
		fold := raiseFoldOf(h.Writer)
		if fold < 0 && h.Writer != "AZ" && h.Writer != "BA" {
			continue // only writers this session may read
		}
		text, ok := texts[h.Writer+"\t"+h.Question+"\t"+h.Kind]
		if !ok {
			t.Fatalf("%s %s %s: no such answer", h.Writer, h.Question, h.Kind)
		}
		var fr *quiz.RaiseReaderG18
		if fold >= 0 {
			fr = readers[fold]
		}
		u := historyUnit{h: h}
		for _, f := range h.Flags {
			if !f.Pattern {
				continue
			}
			r, ok := quiz.SpanReadingG18(fr, h.Question, text, quiz.Span{Start: f.Start, End: f.End})
			if !ok {
				t.Fatalf("%s %s %s: flag %s's span is in no sentence", h.Writer, h.Question, h.Kind, f.ID)
			}
			r.ID = f.ID
			u.flags = append(u.flags, r)
		}
		if len(u.flags) > 0 {
			out = append(out, u)
		}
	}
	return out
}

// setsAside reports whether rule would set aside the flag read as fl (its
// first matched sentence; a later match is not looked for).
func setsAside(rule quiz.VetoRuleG18, fl quiz.FlagReadingG18) bool {
	lean, next := fl.Lean, fl.Next
	if rule.Own {
		lean, next = fl.OwnLean, fl.OwnNext
	}
	if rule.Next {
		lean += next
	}
	if rule.Clean > 0 && fl.Clean < rule.Clean && fl.Words >= rule.MinWords && lean <= rule.Lean {
		return true
	}
	return rule.LongClean > 0 && fl.Clean < rule.LongClean && fl.Words >= rule.LongWords && lean <= rule.LongLean && fl.SentWords-fl.SpanWords >= rule.LongAround
}

// historyTally counts the answers labelled pass whose every pattern flag
// rule sets aside (spared), and likewise the answers that assert a
// losing claim (lost), of units.
func historyTally(units []historyUnit, rule quiz.VetoRuleG18) (spared, pass, lost, should int) {
	for _, u := range units {
		all := true
		for _, fl := range u.flags {
			all = all && setsAside(rule, fl)
		}
		if u.h.Label == "pass" {
			pass++
			if all {
				spared++
			}
		}
		if u.h.ShouldFlag {
			should++
			if all {
				lost++
			}
		}
	}
	return spared, pass, lost, should
}

// TestVetoHistoryG18 writes the readings of readHistory to -veto.g18.dump,
// one line a flag, with the writer's labels.
func TestVetoHistoryG18(t *testing.T) {
	if !*vetoG18Exp || *vetoG18History == "" || *vetoG18Dump == "" {
		t.Skip("run with -veto.g18 -veto.g18.history=DIR -veto.g18.dump=FILE")
	}
	readers, tun := foldReaders(t)
	lines := []string{"commit\trole\twriter\tquestion\tkind\tlabel\tshould\tflag\tpf\twords\tlean\tnext\tframe\talone\trank\tsents\tspanw\tsentw\tsentence"}
	for _, u := range readHistory(t, readers, tun) {
		h := u.h
		for _, r := range u.flags {
			lines = append(lines, fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%v\t%s\t%.4f\t%d\t%.3f\t%.3f\t%.3f\t%.4f\t%d\t%d\t%d\t%d\t%s",
				h.Commit, h.Role, h.Writer, h.Question, h.Kind, h.Label, h.ShouldFlag, r.ID, r.Clean, r.Words, r.Lean, r.Next, r.Frame, r.Alone, r.Rank, r.Sents, r.SpanWords, r.SentWords,
				strings.Join(strings.Fields(r.Sentence), " ")))
		}
	}
	if err := os.WriteFile(*vetoG18Dump, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d flags", len(lines)-1)
}

// g18Rule is a rule for the second reader's veto weighed by g18, by name.
type g18Rule struct {
	name string
	quiz.VetoRuleG18
}

// g17Veto is the rule g17 shipped: the answer reads below 0.10, has fifty
// words, and the matched sentence (with the next one's lean where it
// leans away) leans no more than 0.
var g17Veto = quiz.VetoRuleG18{Clean: 0.10, Lean: 0, MinWords: 50, Next: true}

// withLong is g17's rule with a veto for long answers added.
func withLong(clean float64, words int, lean float64, around int) quiz.VetoRuleG18 {
	r := g17Veto
	r.LongClean, r.LongWords, r.LongLean, r.LongAround = clean, words, lean, around
	return r
}

// answerOnly sets a match aside on the answer's reading and length alone.
func answerOnly(clean float64, words int) quiz.VetoRuleG18 {
	return quiz.VetoRuleG18{LongClean: clean, LongWords: words, LongLean: 1e9}
}

// g18Rules are the rules of the g18 table: no veto, g17's, g17's with
// its sentence bound loosened, the answer's reading alone (as the lead's
// figures on AZ+BA suggested), and g17's with a veto for long answers,
// the one shipped last.
var g18Rules = []g18Rule{
	{"no veto", quiz.VetoRuleG18{}},
	{"g17: pf<0.10 w>=50 lean<=0 +next", g17Veto},
	{"g17 with lean<=+2", quiz.VetoRuleG18{Clean: 0.10, Lean: 2, MinWords: 50, Next: true}},
	{"g17 with lean<=+5", quiz.VetoRuleG18{Clean: 0.10, Lean: 5, MinWords: 50, Next: true}},
	{"answer only pf<0.15 w>=50", answerOnly(0.15, 50)},
	{"answer only pf<0.10 w>=120", answerOnly(0.10, 120)},
	{"answer only pf<0.15 w>=170", answerOnly(0.15, 170)},
	{"g17 | pf<0.10 w>=120", withLong(0.10, 120, 1e9, 0)},
	{"g17 | pf<0.15 w>=170", withLong(0.15, 170, 1e9, 0)},
	{"g17 | pf<0.12 w>=150 lean<=10 around>=4", withLong(0.12, 150, 10, 4)},
	{"g17 | pf<0.15 w>=170 lean<=10 around>=4", withLong(0.15, 170, 10, 4)},
	{"g17 | pf<0.15 w>=170 lean<=10 around>=6", withLong(0.15, 170, 10, 6)},
	{"g17 | pf<0.15 w>=170 lean<=8 around>=8", withLong(0.15, 170, 8, 8)},
	{"g18 first version: g17 | pf<0.15 w>=170 lean<=10 around>=8", withLong(0.15, 170, 10, 8)},
	{"g18 shipped: g17 | pf<0.15 w>=170 lean<=10 around>=8 followed", followed(withLong(0.15, 170, 10, 8))},
	{"g17 | pf<0.15 w>=170 lean<=10 around>=4 followed", followed(withLong(0.15, 170, 10, 4))},
	{"g17 | pf<0.15 w>=120 lean<=10 around>=4 followed", followed(withLong(0.15, 120, 10, 4))},
	{"g17 | pf<0.15 w>=120 lean<=1e9 around>=0 followed", followed(withLong(0.15, 120, 1e9, 0))},
	{"g18 | answer only pf<0.05 w>=100", orAnswer(0.05, 100)},
	{"g18 | answer only pf<0.08 w>=100", orAnswer(0.08, 100)},
	{"g18 | answer only pf<0.10 w>=100", orAnswer(0.10, 100)},
	{"g18 | answer only pf<0.125 w>=80", orAnswer(0.125, 80)},
	{"g18 | answer only pf<0.15 w>=120", orAnswer(0.15, 120)},
	{"g20: g18 shipped, own-word leans", ownLean(followed(withLong(0.15, 170, 10, 8)))},
}

// ownLean reads the sentences' leans from each sentence's own words
// (g20): a sentence's lean no longer depends on which words earlier
// sentences used.
func ownLean(r quiz.VetoRuleG18) quiz.VetoRuleG18 {
	r.Own = true
	return r
}

// orAnswer is g18's shipped rule with its long answers' veto widened to
// the answer's reading and length alone.
func orAnswer(clean float64, words int) quiz.VetoRuleG18 {
	return withLong(clean, words, 1e9, 0)
}

// followed requires the long answers' veto's sentence to be followed by
// one that leans away.
func followed(r quiz.VetoRuleG18) quiz.VetoRuleG18 {
	r.LongFollow = true
	return r
}

// vetoG18Grid, with -veto.g18, measures g18Grid instead of g18Rules.
var vetoG18Grid = flag.Bool("veto.g18.grid", false, "with -veto.g18, measure the grid of long answers' vetoes")

// g18Grid is g17's rule with each long answers' veto of a grid around the
// one shipped: answer threshold, length, sentence lean, words around the
// match.
func g18Grid() []g18Rule {
	var out []g18Rule
	for _, clean := range []float64{0.12, 0.15, 0.20} {
		for _, words := range []int{150, 170} {
			for _, lean := range []float64{3, 5, 8, 10} {
				for _, around := range []int{0, 4, 6, 8} {
					out = append(out, g18Rule{fmt.Sprintf("g17 | pf<%.2f w>=%d lean<=%.0f around>=%d", clean, words, lean, around), withLong(clean, words, lean, around)})
				}
			}
		}
	}
	return out
}

// g18Split is one split's answers, each with the bank that grades it
// (its reader) and its grade without the veto.
type g18Split struct {
	name    string
	answers []blindAnswer
	banks   []*quiz.Bank // by answer: the bank whose reader reads it, veto off
	readers []*quiz.RaiseReaderG18
	base    []quiz.Result
	// reachable are the answers a pattern flags with the veto off: only
	// those can be graded differently by a veto rule.
	reachable []int
}

func newG18Split(b *quiz.Bank, name string, answers []blindAnswer, reader func(blindAnswer) *quiz.RaiseReaderG18) *g18Split {
	s := &g18Split{name: name, answers: answers}
	for i, a := range answers {
		fr := reader(a)
		q, _ := b.ByID(a.Question)
		r := b.WithVetoG18(fr, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: a.Text})
		s.readers = append(s.readers, fr)
		s.base = append(s.base, r)
		for _, id := range r.FlagIDs() {
			if id != quiz.ReaderFlagID {
				s.reachable = append(s.reachable, i)
				break
			}
		}
	}
	return s
}

func (s *g18Split) tally(b *quiz.Bank, rule quiz.VetoRuleG18) vetoTally {
	results := map[int]quiz.Result{}
	for _, i := range s.reachable {
		a := s.answers[i]
		q, _ := b.ByID(a.Question)
		results[i] = b.WithVetoG18(s.readers[i], rule).Grade(q, quiz.Answer{Text: a.Text})
	}
	return tallyResults(s.answers, s.base, results)
}

// insertedSetAside counts, of the plain wrong claims put before each
// sentence of their strong answer (of answers) and after the last, those
// a pattern flags with the veto off that rule leaves with no flag, read by
// reader fr (nil: the embedded one).
func insertedSetAside(b *quiz.Bank, fr *quiz.RaiseReaderG18, rule quiz.VetoRuleG18, answers map[string][]string, claims []struct{ question, claim string }) (lost, flagged int) {
	for _, c := range claims {
		q, _ := b.ByID(c.question)
		s := answers[c.question]
		for at := 0; at <= len(s); at++ {
			text := strings.Join(slices.Concat(s[:at], []string{c.claim}, s[at:]), " ")
			if len(b.WithVetoG18(fr, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: text}).FlagIDs()) == 0 {
				continue
			}
			flagged++
			if len(b.WithVetoG18(fr, rule).Grade(q, quiz.Answer{Text: text}).FlagIDs()) == 0 {
				lost++
			}
		}
	}
	return lost, flagged
}

// mustLoadBlind is loadBlind for a test: it fails t on an error.
func mustLoadBlind(t *testing.T, ws []string) []blindAnswer {
	t.Helper()
	as, err := loadBlind(ws)
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// vetoTable is the table of TestVetoRuleExperimentG18: a line per rule,
// a cell per split, the history's tally and the inserted claims read by
// reader fr (nil: the embedded one).
func vetoTable(b *quiz.Bank, title string, splits []*g18Split, history []historyUnit, rules []g18Rule, fr *quiz.RaiseReaderG18) string {
	head := fmt.Sprintf("%-42s", title)
	for _, s := range splits {
		head += fmt.Sprintf(" | %-36s", s.name)
	}
	lines := []string{head + " | past misfires spared, claims lost | inserted claims set aside: short, long answers"}
	for _, rule := range rules {
		line := fmt.Sprintf("%-42s", rule.name)
		for _, s := range splits {
			f := s.tally(b, rule.VetoRuleG18)
			line += fmt.Sprintf(" | %2d/%-4d %4d/%-4d %5d/%-5d +%-2d -%-2d", f.passFlagged, f.pass, f.flagged, f.should, f.ok, f.n, f.spared, f.lost)
		}
		spared, pass, hLost, should := historyTally(history, rule.VetoRuleG18)
		line += fmt.Sprintf(" | %3d/%-3d -%d/%d", spared, pass, hLost, should)
		lost, flagged := insertedSetAside(b, fr, rule.VetoRuleG18, insertionAnswers, insertedClaims)
		longLost, longFlagged := insertedSetAside(b, fr, rule.VetoRuleG18, longInsertionAnswers, longInsertedClaims)
		lines = append(lines, line+fmt.Sprintf(" | %d of %d, %d of %d", lost, flagged, longLost, longFlagged))
	}
	return "\n" + strings.Join(lines, "\n")
}

// TestVetoRuleExperimentG18 measures each rule of g18Rules on every
// split: the tuning writers read out of fold (each by a reader trained
// without its writer's fold, so as a writer the reader never saw), AZ+BA
// (read, never learned from), and only the totals of AY, of BH+BI+BJ and
// of Q+R (never read); then the tuning writers read by the shipped reader,
// which learned from them (optimistic); with -veto.g18.history, the
// past graders' flags on writers then unseen (readHistory): answers
// labelled pass whose every flag the rule sets aside, and answers that
// assert a losing claim that would lose every flag; and the plain claims
// inserted into strong answers of our own, short (insertionAnswers) and
// long (longInsertionAnswers), that each rule sets aside. Each split's
// cell: passing answers flagged, should-flag answers flagged, verdicts,
// then passing answers spared and should-flag answers that lose every
// flag, against no veto.
func TestVetoRuleExperimentG18(t *testing.T) {
	if !*vetoG18Exp {
		t.Skip("run with -veto.g18")
	}
	b := loadBank(t)
	readers, tun := foldReaders(t)
	load := func(ws []string) []blindAnswer { return mustLoadBlind(t, ws) }
	shipped := func(blindAnswer) *quiz.RaiseReaderG18 { return nil }
	splits := []*g18Split{
		newG18Split(b, "tuning out of fold", tun, func(a blindAnswer) *quiz.RaiseReaderG18 { return readers[raiseFoldOf(a.Writer)] }),
		newG18Split(b, "BE+BF", load([]string{"BE", "BF"}), shipped),
		newG18Split(b, "BG (totals)", load([]string{"BG"}), shipped),
		newG18Split(b, "Q+R (totals)", load(earlierWriters), shipped),
	}
	var history []historyUnit
	if *vetoG18History != "" {
		history = readHistory(t, readers, tun)
	}
	rules := g18Rules
	if *vetoG18Grid {
		rules = g18Grid()
	}
	t.Log(vetoTable(b, "rule", splits, history, rules, nil))
}

// longInsertionAnswers are strong answers of our own, longer than the
// long answers' veto asks (a sentence a string), into which
// TestVetoRuleExperimentG18 puts plain wrong claims (longInsertedClaims).
var longInsertionAnswers = map[string][]string{
	"fencing-token": {
		"A fencing token is a monotonically increasing number the lock service hands out with every grant, so a later holder always carries a larger number than an earlier one.",
		"The client attaches it to every write it makes to the protected resource.",
		"The storage keeps the highest token it has accepted and turns away any write that carries a smaller one, atomically with the write itself.",
		"The failure it targets is the frozen client: a worker stops for a long garbage-collection pause or a stalled VM, its lease runs out, a second worker is granted the lock, and then the first wakes up still convinced it owns the lock.",
		"Without a token its late write would land on top of the new holder's; with one, the storage sees an old number and rejects it.",
		"The check has to happen at the resource, because neither the client nor the lock service can know what the storage has already accepted.",
		"In practice the token can be the etcd revision or the ZooKeeper zxid of the lock node, since both only grow.",
	},
	"idempotency-keys": {
		"I'd push back on the lock per customer, because it answers the wrong question.",
		"A lock only serialises requests that overlap in time, and the duplicate that hurts is the retry that arrives after the first charge already committed, when the lock is long gone.",
		"What dedupes is an idempotency key: the client creates one key per logical payment, stores it with the pending order, and sends the same key on every retry.",
		"The server records the key under a unique constraint in the same database transaction as the charge, and when the key is already there it returns the stored result instead of charging again.",
		"Keys need a retention window longer than the longest retry horizon, and the stored response should include the status code so the client sees the same outcome.",
		"On the client, a crash after sending but before recording the response is fine, because the next attempt reuses the key from the pending order.",
		"If the payment provider supports idempotency keys too, I'd forward ours, so a timeout between us and the provider cannot double charge either.",
	},
	"redis-vs-consensus": {
		"The difference is what the store promises when a node fails.",
		"Redis replies OK as soon as the primary has applied the SET and replicates asynchronously, so if the primary dies before the replica has the key, the promoted replica can grant the same lock to someone else.",
		"A Redis restart without persistence has the same effect as a failover: the key is gone and the lock can be granted twice.",
		"etcd and ZooKeeper only acknowledge a write once a quorum has persisted it, so a granted lock survives the loss of a minority of nodes.",
		"They also expose a revision or zxid that only grows, which the protected resource can use as a fencing token.",
		"Redlock spreads the grant over several independent masters, but it still relies on bounded pauses and clock drift and still hands out no token to check.",
		"Consensus does not fix everything: a client that pauses past its lease still wakes up believing it holds the lock, so the storage must reject stale tokens either way.",
		"For efficiency locks Redis is fine; where correctness depends on the lock, I'd use the consensus store plus fencing.",
	},
}

// longInsertedClaims are plain wrong claims, one sentence each, for the
// answers of longInsertionAnswers.
var longInsertedClaims = []struct{ question, claim string }{
	{"fencing-token", "After its lease expires, a worker can safely finish its writes."},
	{"fencing-token", "A failed renewal is no problem, because the job continues normally."},
	{"fencing-token", "Even after the lease is lost, the job can keep writing."},
	{"fencing-token", "A longer TTL makes the lock safe."},
	{"fencing-token", "Fencing is unnecessary if the TTL is long enough."},
	{"fencing-token", "A random UUID works as the token."},
	{"fencing-token", "The lock service should compare the tokens, not the storage."},
	{"idempotency-keys", "The server generates a new idempotency key for every retry."},
	{"idempotency-keys", "A Redis lock per customer prevents duplicate charges."},
	{"idempotency-keys", "Retries are harmless as long as the payment handler holds a lock."},
	{"idempotency-keys", "Holding a per-customer lock during the charge is enough to stop double charges."},
	{"redis-vs-consensus", "Redlock is safe."},
	{"redis-vs-consensus", "The replicas already have the key when Redis says OK, so a failover keeps the lock."},
	{"redis-vs-consensus", "With Redis Sentinel, a failover never loses a lock."},
	{"redis-vs-consensus", "A longer TTL makes the lock safe."},
}

// namedStaleWriter names, in the words of a known mistake (work after a
// lost lease), the behaviour a fencing token answers, and says so in the
// same sentence.
const namedStaleWriter = "Renewal failing while the worker just carries on regardless is exactly the scenario, and the token is what makes that harmless."

// namedStaleWriterFix is the sentence after namedStaleWriter: what
// catches the late write, which leans away from a losing claim.
const namedStaleWriterFix = "The storage turns the late write away, because its token is lower than one it has already accepted."

// TestVetoSetsAsideAMentionInALongAnswer: a long strong answer of our own
// that names the mistake of writing on after a failed renewal, to say
// what makes it harmless, and then says what catches the late write,
// passes with no red flag, and a note quotes the sentence and says that,
// meant as a claim, it loses the round. g17's veto kept the flag, because
// the sentence leans toward a losing claim, as a sentence carrying a
// mistake's words does. Without the sentence after it, the flag stays:
// the long answers' veto asks for a next sentence that leans away.
func TestVetoSetsAsideAMentionInALongAnswer(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := strings.Join(longInsertionAnswers["fencing-token"], " ") + " " + namedStaleWriter + " " + namedStaleWriterFix
	if r := b.Grade(q, quiz.Answer{Text: strings.Join(longInsertionAnswers["fencing-token"], " ") + " " + namedStaleWriter}); r.Passed {
		t.Errorf("the mention as the answer's last sentence: passed with flags %v, want its flag kept (nothing after it leans away)", r.FlagIDs())
	}
	for name, rule := range map[string]quiz.VetoRuleG18{"without the veto": {}, "with g17's veto": g17Veto} {
		r := b.WithVetoG18(nil, rule).Grade(q, quiz.Answer{Text: text})
		if r.Passed || !slices.Contains(r.FlagIDs(), "work-after-lost-lease") {
			t.Fatalf("%s: passed=%v flags %v, want failed by work-after-lost-lease (else this test shows nothing)", name, r.Passed, r.FlagIDs())
		}
	}
	checkSparedWithNote(t, b, q, text, "Renewal failing while the worker just carries on regardless", "second reader", "long answer", "loses the round")
}

// TestVetoKeepsAPlainClaimAppendedToALongAnswer: a long strong answer of
// our own with one plain wrong claim appended (after a space, or as its
// own paragraph) fails on that claim's flag, and no note sets it aside,
// although the answer is long and reads clean enough for the long
// answers' veto: the claim's sentence is the mistake's wording and little
// else. With four words around the match instead of eight, the veto set
// most of these claims aside.
func TestVetoKeepsAPlainClaimAppendedToALongAnswer(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, claim string }{
		{"fencing-token", "ttl-as-safety", "A longer TTL makes the lock safe."},
		{"fencing-token", "ttl-as-safety|work-after-lost-lease", "After its lease expires, a worker can safely finish its writes."},
		{"fencing-token", "fencing-unneeded", "Fencing is unnecessary if the TTL is long enough."},
		{"fencing-token", "random-fencing-token", "A random UUID works as the token."},
		{"idempotency-keys", "fresh-idempotency-key", "The server generates a new idempotency key for every retry."},
		// full sentences of a plain claim, with eight words and more around
		// the mistake's wording: the long answers' veto set these aside
		// before it asked for a next sentence that leans away (a reviewer
		// found them).
		{"fencing-token", "ttl-as-safety|work-after-lost-lease", "Once the lease has expired, the old holder can still safely finish the writes it had already started."},
		{"fencing-token", "fencing-unneeded|ttl-as-safety", "So in the end fencing is not really needed as long as the TTL is comfortably longer than the longest job."},
	} {
		q, _ := b.ByID(c.question)
		for _, sep := range []string{" ", "\n\n"} {
			text := strings.Join(longInsertionAnswers[c.question], " ") + sep + c.claim
			t.Run(fmt.Sprintf("%s %q", c.claim, sep), func(t *testing.T) {
				reached := false
				for _, fr := range b.FlagReadingsG18(nil, q, text) {
					reached = reached || fr.Clean < 0.15 && fr.Words >= 170
				}
				if !reached {
					t.Fatalf("no pattern flag on an answer of 170 words or more reading below 0.15: this test would not reach the long answers' veto")
				}
				r := b.Grade(q, quiz.Answer{Text: text})
				got := false
				for _, f := range strings.Split(c.flag, "|") {
					got = got || slices.Contains(r.FlagIDs(), f)
				}
				if r.Passed || !got {
					t.Errorf("passed=%v flags %v, want failed with %s", r.Passed, r.FlagIDs(), c.flag)
				}
				for _, n := range r.Notes {
					if strings.HasPrefix(n, "Not counted as a red flag") {
						t.Errorf("a note sets a flag aside: %q", n)
					}
				}
			})
		}
	}
}
