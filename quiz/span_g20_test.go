package quiz_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// spanG20 runs TestSpanReaderExperimentG20.
var spanG20 = flag.Bool("span.g20", false, "measure a reader of where a pattern's matched words sit (before, inside, after the match; the sentences around it) as a veto, out of fold by writer groups")

// spanG20Neg weighs each misfire against a claim in training: misfires
// are about one example in twelve.
var spanG20Neg = flag.Float64("span.g20.neg", 4, "weight of a misfire (a flag on a passing answer) in training the span reader")

// spanG20Dump, with -span.g20, is a file the experiment writes each
// tuning and BK+BL flag's reading to (readable splits only).
// spanG20Feats chooses the span reader's features (see SpanFeaturesG20).
var spanG20Feats = flag.String("span.g20.feats", "all", "the span reader's features: all, sentence or markers (see SpanFeaturesG20)")

// spanG20Lambda is the span reader's L2 strength (the second reader's,
// 1e-4, by default).
var spanG20Lambda = flag.Float64("span.g20.lambda", 1e-4, "L2 strength of the span reader's training")

// spanG20PF adds the second reader's reading of the whole answer to the
// span reader's features.
var spanG20PF = flag.Bool("span.g20.pf", false, "add the second reader's reading of the whole answer (out of fold) to the span reader's features")

// spanG20Aug adds to the span reader's training the flags of synthetic
// answers: the claim sentence of a should-flag answer put into a passing
// answer of another writer, labelled claim.
var spanG20Aug = flag.Bool("span.g20.aug", false, "train the span reader on claim sentences put into passing answers of other writers too")

var spanG20Dump = flag.String("span.g20.dump", "", "file for TestSpanReaderExperimentG20's per-flag readings (tuning and BK+BL only)")

// spanFlag is one pattern flag on an answer, with its features.
type spanFlag struct {
	id    string
	span  quiz.Span
	feats []string
}

// spanItem is one flag labelled for training: a claim (a flag on an
// answer that asserts a losing claim) or a misfire (a flag on an answer
// labelled pass), of a writer (for its fold).
type spanItem struct {
	writer, key string // key names the flag, to drop duplicates
	host        string // a synthetic answer's host writer (see spanAugItems)
	ex          quiz.SpanExampleG20
	text        string
}

// patternFlags returns the pattern flags of r on text, with their
// features (a flag whose span lies in no sentence is left out).
func patternFlags(text, qid string, r quiz.Result, fr *quiz.RaiseReaderG18) []spanFlag {
	var out []spanFlag
	pf := -1.0
	if *spanG20PF {
		pf = quiz.AnswerFlagG20(fr, qid, text)
	}
	for _, f := range r.Flags {
		if f.ID == quiz.ReaderFlagID {
			continue
		}
		if fs, ok := quiz.SpanFeaturesG20(text, f.ID, f.Span, *spanG20Feats, pf); ok {
			out = append(out, spanFlag{id: f.ID, span: f.Span, feats: fs})
		}
	}
	return out
}

// spanTuningItems are the pattern flags (no veto) on the tuning writers'
// answers labelled pass (misfires) or should-flag (claims). A flag on a
// should-flag answer is taken as its losing claim: the corpus names the
// claim in words (flag_note), not by flag id.
func spanTuningItems(b *quiz.Bank, tun []blindAnswer, readers []*quiz.RaiseReaderG18) []spanItem {
	nb := b.WithVetoG18(nil, quiz.VetoRuleG18{})
	var out []spanItem
	for _, a := range tun {
		if !a.ShouldFlag && a.Label != "pass" {
			continue
		}
		q, _ := b.ByID(a.Question)
		for _, f := range patternFlags(a.Text, a.Question, nb.Grade(q, quiz.Answer{Text: a.Text}), readers[raiseFoldOf(a.Writer)]) {
			out = append(out, spanItem{writer: a.Writer, key: fmt.Sprintf("%s\t%s\t%s\t%s\t%d", a.Writer, a.Question, a.Kind, f.id, f.span.Start),
				ex: quiz.SpanExampleG20{Feats: f.feats, Claim: a.ShouldFlag}, text: a.Text})
		}
	}
	return out
}

// spanHistoryItems are the past graders' misfires (history18's
// misfires.tsv) as misfires, each flag once, with texts from the blind
// files; keys already in seen (the current grader's misfires) are left
// out.
func spanHistoryItems(t *testing.T, tun []blindAnswer, seen map[string]bool, readers []*quiz.RaiseReaderG18) []spanItem {
	t.Helper()
	f, err := os.Open("testdata/blind/history18/misfires.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	texts := map[string]string{}
	for _, a := range tun {
		texts[a.Writer+"\t"+a.Question+"\t"+a.Kind] = a.Text
	}
	var out []spanItem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		writer, question, kind, id := c[2], c[3], c[4], c[5]
		from, to, _ := strings.Cut(c[7], "-")
		start, err1 := strconv.Atoi(from)
		end, err2 := strconv.Atoi(to)
		if err1 != nil || err2 != nil {
			t.Fatalf("misfires.tsv: span %q", c[7])
		}
		text, ok := texts[writer+"\t"+question+"\t"+kind]
		if !ok {
			t.Fatalf("misfires.tsv: %s %s %s: no such tuning answer", writer, question, kind)
		}
		key := fmt.Sprintf("%s\t%s\t%s\t%s\t%d", writer, question, kind, id, start)
		if seen[key] {
			continue
		}
		seen[key] = true
		pf := -1.0
		if *spanG20PF {
			pf = quiz.AnswerFlagG20(readers[raiseFoldOf(writer)], question, text)
		}
		fs, ok := quiz.SpanFeaturesG20(text, id, quiz.Span{Start: start, End: end}, *spanG20Feats, pf)
		if !ok {
			continue
		}
		out = append(out, spanItem{writer: writer, key: key, ex: quiz.SpanExampleG20{Feats: fs}, text: text})
	}
	return out
}

// spanTrain trains a span reader on items whose writer keep accepts.
func spanTrain(items []spanItem, keep func(w string) bool) *quiz.SpanModelG20 {
	var ex []quiz.SpanExampleG20
	for _, it := range items {
		if keep(it.writer) && (it.host == "" || keep(it.host)) {
			ex = append(ex, it.ex)
		}
	}
	o := quiz.DefaultReaderOpts()
	o.Lambda = *spanG20Lambda
	return quiz.TrainSpanG20(ex, o, *spanG20Neg)
}

// spanSplit is one split's answers graded with the shipped veto (base)
// and with none (bare), each answer's pattern flags read by the span
// reader that never saw its writer.
type spanSplit struct {
	name    string
	answers []blindAnswer
	// claim[i][j]: the span reader's reading of pattern flag j of answer
	// i as graded by base (claimBare: by bare)
	claim, claimBare [][]float64
	// raises[i]: the second reader raises its own flag on answer i, or
	// would were every pattern flag set aside
	raises []bool
	flagsB [][]spanFlag
}

// newSpanSplit grades answers with reader fr (by answer; nil: the
// embedded one) and reads their flags with span model sm (by answer).
func newSpanSplit(b *quiz.Bank, name string, answers []blindAnswer, fr func(blindAnswer) *quiz.RaiseReaderG18, sm func(blindAnswer) *quiz.SpanModelG20) *spanSplit {
	s := &spanSplit{name: name, answers: answers}
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		r := fr(a)
		res := b.WithVetoG18(r, shippedRuleG20).Grade(q, quiz.Answer{Text: a.Text})
		base := patternFlags(a.Text, a.Question, res, r)
		bare := patternFlags(a.Text, a.Question, b.WithVetoG18(r, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: a.Text}), r)
		m := sm(a)
		read := func(fl []spanFlag) []float64 {
			var out []float64
			for _, f := range fl {
				out = append(out, m.Claim(f.feats))
			}
			return out
		}
		s.claim = append(s.claim, read(base))
		s.claimBare = append(s.claimBare, read(bare))
		s.flagsB = append(s.flagsB, bare)
		raises := slices.Contains(res.FlagIDs(), quiz.ReaderFlagID)
		if !raises && len(bare) > 0 {
			rd := b.RaiseReadingG18(r, q, a.Text)
			raises = rd.Flag >= 0.6 && rd.Pointable
		}
		s.raises = append(s.raises, raises)
	}
	return s
}

// shippedRuleG20 is the shipped veto (shippedVeto) as a VetoRuleG18.
var shippedRuleG20 = followed(withLong(0.15, 170, 10, 8))

// spanTally is a split's flags under a span rule.
type spanTally struct {
	pass, passFlagged, should, shouldFlagged int
	spared, lost                             int // against the base
}

// tally counts the answers still flagged when every flag the span reader
// reads below thr is set aside, on top of the shipped veto (bare false)
// or instead of it (bare true); thr 0 sets nothing aside.
func (s *spanSplit) tally(thr float64, bare bool) spanTally {
	var t spanTally
	for i, a := range s.answers {
		ps := s.claim[i]
		if bare {
			ps = s.claimBare[i]
		}
		kept := false
		for _, p := range ps {
			kept = kept || p >= thr
		}
		flagged := kept || s.raises[i]
		if a.Label == "pass" {
			t.pass++
			if flagged {
				t.passFlagged++
			}
			if len(s.claim[i]) > 0 && !flagged {
				t.spared++
			}
		}
		if a.ShouldFlag {
			t.should++
			if flagged {
				t.shouldFlagged++
			}
			if len(s.claim[i]) > 0 && !flagged {
				t.lost++
			}
		}
	}
	return t
}

// spanInserted counts, of the plain wrong claims put into strong answers
// of our own (as insertedSetAside does), those flagged with the veto off
// that keep no flag when the span reader sm sets aside every flag it
// reads below thr, on top of the shipped veto (bare false) or instead of
// it.
func spanInserted(b *quiz.Bank, sm *quiz.SpanModelG20, thr float64, bare bool, answers map[string][]string, claims []struct{ question, claim string }) (lost, flagged int) {
	rule := shippedRuleG20
	if bare {
		rule = quiz.VetoRuleG18{}
	}
	for _, c := range claims {
		q, _ := b.ByID(c.question)
		s := answers[c.question]
		for at := 0; at <= len(s); at++ {
			text := strings.Join(slices.Concat(s[:at], []string{c.claim}, s[at:]), " ")
			if len(patternFlags(text, c.question, b.WithVetoG18(nil, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: text}), nil)) == 0 {
				continue
			}
			flagged++
			kept := false
			for _, f := range patternFlags(text, c.question, b.WithVetoG18(nil, rule).Grade(q, quiz.Answer{Text: text}), nil) {
				kept = kept || sm.Claim(f.feats) >= thr
			}
			if !kept {
				if rd := b.RaiseReadingG18(nil, q, text); !(rd.Flag >= 0.6 && rd.Pointable) {
					lost++
				}
			}
		}
	}
	return lost, flagged
}

// TestSpanReaderExperimentG20 measures a veto by a span reader: a
// logistic model over the words around a pattern's match by where they
// sit (SpanFeaturesG20), trained on every pattern flag the grader raises
// (veto off) on the tuning writers' passing answers (misfires) and
// should-flag answers (claims), plus history18's misfires of past graders
// on then unseen writers. Each tuning writer's flags are read by a model
// trained without its fold (raiseFoldOf); the threshold is the highest at
// which at most 1 % of the tuning claims, so read, fall below it. Then,
// at that threshold, each split's answers flagged (passing, should-flag)
// with the span veto on top of the shipped veto and instead of it, against
// the shipped veto alone: the tuning writers out of fold, BK+BL (read),
// BM and Q+R (totals only), read by a model trained on every tuning
// writer; the past misfires the span veto spares out of fold; and our
// own plain claims inserted into strong answers that lose every flag.
// Last, vetoTable's rows for no veto and the shipped one on the same
// splits.
//
// Tried in g20 and not shipped: it does not generalise. Trained on 3,623
// claim flags, 31 misfires of the current grader and 141 distinct past
// misfires, the span reader separates them out of fold with AUC 0.948,
// and at the threshold that sets aside 1 % of claim flags (0.653) it reads
// 14 of 31 current and 66 of 141 past misfires below it. But the shipped
// veto already spares most misfires a bag of words can: on top of it, the
// span veto takes passing answers flagged from 5 to 4 (tuning, out of
// fold), 5 to 3 (BK+BL), 3 to 2 (BM), 3 to 2 (Q+R), for 20 should-flag
// answers of the tuning writers that lose every flag, 1 of BK+BL, 2 of
// Q+R, and it sets aside 32 rather than 14 of our 68 short inserted claims
// and 56 rather than 23 of the 98 long ones. At 0.1 % of claims it spares
// nothing anywhere. What it learns of places is mostly noise or the wrong
// lesson: a list item or a bold heading weighs most toward a misfire, but
// mixed-wrong answers put their claims in list items and headings too
// ("**Release:** `DEL lock`."); being the first or last sentence weighs
// toward a claim, so a claim inserted mid-answer reads as a misfire; a
// contrastive connective after the match leans toward a misfire, but the
// reporting-verb and quote-mark markers are not among the 25 strongest
// weights either way (a quoted or reported claim is 6 of the 141 past
// misfires). Every flag on a should-flag answer is taken as its claim,
// since the corpus names the claim in words only: a flag on a heading of
// such an answer is a claim here. Variants (-span.g20.feats=sentence|markers, -span.g20.aug,
// -span.g20.pf, -span.g20.neg, -span.g20.lambda) do no better: markers
// only keeps every inserted claim but spares at most one passing answer of
// BK+BL and of BM, none of Q+R, for 7-9 should-flag tuning answers (and,
// with misfires weighted 12, one of BM's); the sentence alone (with or
// without synthetic claims: a claim sentence put into a passing answer of
// another writer), or every feature with synthetic claims, spare at most
// one of BK+BL and of BM and none of Q+R, and lose 11-18 should-flag
// tuning answers and one of BK+BL; with the answer's reading as a feature
// it clears every passing flag of BK+BL, BM and Q+R, but only by becoming
// the answer-level veto again: 24-29 should-flag tuning answers lost, and
// 91-98 of the 98 long inserted claims set aside (87 even at 0.1 % of
// claims).
//
//	go test ./quiz -run TestSpanReaderExperimentG20 -v -args -span.g20 -veto.g18.history=$PWD/quiz/testdata/blind/history18
func TestSpanReaderExperimentG20(t *testing.T) {
	if !*spanG20 {
		t.Skip("run with -span.g20")
	}
	b := loadBank(t)
	readers, tun := foldReaders(t)
	items := spanTuningItems(b, tun, readers)
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.key] = true
	}
	hist := spanHistoryItems(t, tun, seen, readers)
	all := append(slices.Clip(items), hist...)
	if *spanG20Aug {
		aug := spanAugItems(b, tun, readers)
		t.Logf("synthetic claims (claim sentences put into passing answers of other writers): %d flags", len(aug))
		all = append(all, aug...)
	}
	nClaim, nMis := 0, 0
	for _, it := range items {
		if it.ex.Claim {
			nClaim++
		} else {
			nMis++
		}
	}
	t.Logf("training flags: %d claims, %d current misfires, %d past misfires (history18, distinct)", nClaim, nMis, len(hist))

	// out of fold: each item read by the model of its fold
	var folds []*quiz.SpanModelG20
	for k := range *raiseFolds {
		folds = append(folds, spanTrain(all, func(w string) bool { return raiseFoldOf(w) != k }))
	}
	full := spanTrain(all, func(string) bool { return true })
	oof := make([]float64, len(all))
	var claimP []float64
	for i, it := range all[:len(items)+len(hist)] {
		oof[i] = folds[raiseFoldOf(it.writer)].Claim(it.ex.Feats)
		if it.ex.Claim {
			claimP = append(claimP, oof[i])
		}
	}
	slices.Sort(claimP)
	allowed := len(claimP) / 100
	thr := claimP[allowed] // p < thr sets aside the allowed lowest claims
	oof = oof[:len(items)+len(hist)]
	var ys []bool
	for _, it := range all[:len(oof)] {
		ys = append(ys, it.ex.Claim)
	}
	t.Logf("out of fold: AUC %.3f; threshold %.4f sets aside %d of %d claims (at most 1 %%); misfires read below it: current %d of %d, past %d of %d",
		auc(oof, ys), thr, allowed, len(claimP), countBelow(items, oof, 0, thr), nMis, countBelow(hist, oof, len(items), thr), len(hist))
	for _, q := range []float64{0.001, 0.005, 0.02, 0.05} {
		k := int(q * float64(len(claimP)))
		t.Logf("  at %.1f %% of claims set aside (threshold %.4f): current misfires below %d of %d, past %d of %d", 100*q, claimP[k], countBelow(items, oof, 0, claimP[k]), nMis, countBelow(hist, oof, len(items), claimP[k]), len(hist))
	}
	t.Logf("weights toward a misfire: %s", strings.Join(full.Top(-25), ", "))
	t.Logf("weights toward a claim: %s", strings.Join(full.Top(25), ", "))

	byFold := func(a blindAnswer) *quiz.RaiseReaderG18 { return readers[raiseFoldOf(a.Writer)] }
	shipped := func(blindAnswer) *quiz.RaiseReaderG18 { return nil }
	foldSpan := func(a blindAnswer) *quiz.SpanModelG20 { return folds[raiseFoldOf(a.Writer)] }
	fullSpan := func(blindAnswer) *quiz.SpanModelG20 { return full }
	bkbl := mustLoadBlind(t, []string{"BK", "BL"})
	splits := []*spanSplit{
		newSpanSplit(b, "tuning out of fold", tun, byFold, foldSpan),
		newSpanSplit(b, "BK+BL", bkbl, shipped, fullSpan),
		newSpanSplit(b, "BM (totals)", mustLoadBlind(t, []string{"BM"}), shipped, fullSpan),
		newSpanSplit(b, "Q+R (totals)", mustLoadBlind(t, earlierWriters), shipped, fullSpan),
	}
	head := fmt.Sprintf("%-34s", "rule (flagged: passing, should-flag)")
	for _, s := range splits {
		head += fmt.Sprintf(" | %-28s", s.name)
	}
	lines := []string{head + " | inserted claims lost: short, long"}
	for _, row := range []struct {
		name string
		thr  float64
		bare bool
	}{{"no veto", 0, true}, {"shipped veto", 0, false}, {"span veto alone", thr, true}, {"shipped veto + span veto", thr, false},
		{"shipped + span at 0.5 % of claims", claimP[len(claimP)/200], false}, {"shipped + span at 0.1 % of claims", claimP[len(claimP)/1000], false}} {
		line := fmt.Sprintf("%-34s", row.name)
		for _, s := range splits {
			f := s.tally(row.thr, row.bare)
			line += fmt.Sprintf(" | %3d/%-4d %4d/%-4d +%-2d -%-2d", f.passFlagged, f.pass, f.shouldFlagged, f.should, f.spared, f.lost)
		}
		l1, f1 := spanInserted(b, full, row.thr, row.bare, insertionAnswers, insertedClaims)
		l2, f2 := spanInserted(b, full, row.thr, row.bare, longInsertionAnswers, longInsertedClaims)
		lines = append(lines, line+fmt.Sprintf(" | %d of %d, %d of %d", l1, f1, l2, f2))
	}
	t.Log("\n(+spared passing answers, -should-flag answers that lose every flag, against the shipped veto)\n" + strings.Join(lines, "\n"))

	if *spanG20Dump != "" {
		out := []string{"split\twriter\tquestion\tkind\tlabel\tshould\tflag\tclaim\tsentence"}
		for _, s := range splits[:2] {
			for i, a := range s.answers {
				for j, f := range s.flagsB[i] {
					out = append(out, fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%v\t%s\t%.4f\t%s", s.name, a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, f.id, s.claimBare[i][j],
						strings.Join(strings.Fields(claimSentence(a.Text, f.span)), " ")))
				}
			}
		}
		for i, it := range hist {
			out = append(out, fmt.Sprintf("history\t%s\t\t\tpass\tfalse\t%s\t%.4f\t%s", it.writer, strings.Split(it.key, "\t")[3], oof[len(items)+i], ""))
		}
		if err := os.WriteFile(*spanG20Dump, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	var history []historyUnit
	if *vetoG18History != "" {
		history = readHistory(t, readers, tun)
	}
	g18s := []*g18Split{
		newG18Split(b, "tuning out of fold", tun, byFold),
		newG18Split(b, "BK+BL", bkbl, shipped),
		newG18Split(b, "BM (totals)", mustLoadBlind(t, []string{"BM"}), shipped),
		newG18Split(b, "Q+R (totals)", mustLoadBlind(t, earlierWriters), shipped),
	}
	t.Log(vetoTable(b, "existing veto (vetoTable)", g18s, history, []g18Rule{{"no veto", quiz.VetoRuleG18{}}, {"shipped", shippedRuleG20}}, nil))
}

// countBelow counts the misfires of from (read oof, from offset off) below thr.
func countBelow(from []spanItem, oof []float64, off int, thr float64) int {
	n := 0
	for i, it := range from {
		if !it.ex.Claim && oof[off+i] < thr {
			n++
		}
	}
	return n
}

// spanAugItems puts the sentence of each claim flag of a should-flag
// tuning answer into a passing answer of the same question by another
// writer (of 50 words or more; a different host and place for each
// claim), and returns the flags that match inside the inserted sentence,
// labelled claim: a losing claim in good company is still one.
func spanAugItems(b *quiz.Bank, tun []blindAnswer, readers []*quiz.RaiseReaderG18) []spanItem {
	hosts := map[string][]blindAnswer{}
	for _, a := range tun {
		if a.Label == "pass" && !a.ShouldFlag && len(strings.Fields(a.Text)) >= 50 {
			hosts[a.Question] = append(hosts[a.Question], a)
		}
	}
	nb := b.WithVetoG18(nil, quiz.VetoRuleG18{})
	var out []spanItem
	i := 0
	for _, a := range tun {
		if !a.ShouldFlag {
			continue
		}
		q, _ := b.ByID(a.Question)
		for _, f := range nb.Grade(q, quiz.Answer{Text: a.Text}).Flags {
			if f.ID == quiz.ReaderFlagID {
				continue
			}
			c := claimSentence(a.Text, f.Span)
			hs := hosts[a.Question]
			if n := len(strings.Fields(c)); n < 4 || n > 45 || len(hs) == 0 {
				continue
			}
			i++
			h := hs[(i*7)%len(hs)]
			if h.Writer == a.Writer {
				h = hs[(i*7+1)%len(hs)]
			}
			ss := splitSents(h.Text)
			at := i % (len(ss) + 1)
			before := strings.Join(ss[:at], " ")
			from := len(before)
			if at > 0 {
				from++
			}
			text := strings.Join(slices.Concat(ss[:at], []string{c}, ss[at:]), " ")
			for _, g := range patternFlags(text, a.Question, nb.Grade(q, quiz.Answer{Text: text}), readers[raiseFoldOf(a.Writer)]) {
				if g.span.Start >= from && g.span.End <= from+len(c) {
					out = append(out, spanItem{writer: a.Writer, host: h.Writer, ex: quiz.SpanExampleG20{Feats: g.feats, Claim: true}})
				}
			}
		}
	}
	return out
}
