package quiz_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"sort"
	"testing"

	"lockdrill/quiz"
)

var readerCV = flag.Bool("reader.cv", false, "cross-validate the second reader over the tuning writers and compare it with the pattern grader on the validation writers")

type readerSet struct {
	answers []blindAnswer
	ex      []quiz.ReaderExample
}

// readerLoad reads writers' answers as reader examples over v (growing it
// with grow).
func readerLoad(t *testing.T, v *quiz.ReaderVocab, writers []string, grow bool) readerSet {
	t.Helper()
	as, err := loadBlind(writers)
	if err != nil {
		t.Fatal(err)
	}
	s := readerSet{answers: as}
	for _, a := range as {
		fs, x := quiz.ReaderFeatures(a.Text, a.Question)
		s.ex = append(s.ex, quiz.ReaderExample{Feats: v.Encode(fs, grow), X: x, Pass: a.Label == "pass", Flag: a.ShouldFlag})
	}
	return s
}

// auc is the area under the ROC curve of scores p for labels y.
func auc(p []float64, y []bool) float64 {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	var pos, neg, rankSum float64
	for r := 0; r < len(idx); {
		e := r
		for e < len(idx) && p[idx[e]] == p[idx[r]] {
			e++
		}
		avg := float64(r+e+1) / 2
		for k := r; k < e; k++ {
			if y[idx[k]] {
				rankSum += avg
				pos++
			}
		}
		r = e
	}
	neg = float64(len(p)) - pos
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}

func accuracy(p []float64, y []bool) float64 {
	ok := 0
	for i := range p {
		if (p[i] >= 0.5) == y[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(p))
}

type combo struct{ raise float64 }

type figs struct{ n, ok, pass, passFlagged, should, flagged, salads, saladPass int }

func (f figs) String() string {
	return fmt.Sprintf("verdicts %d/%d (%.1f%%), flags on passing %d/%d, losing claims flagged %d/%d (%.1f%%), keyword lists passing %d/%d",
		f.ok, f.n, pct(f.ok, f.n), f.passFlagged, f.pass, f.flagged, f.should, pct(f.flagged, f.should), f.saladPass, f.salads)
}

// tallyBank grades answers with b and counts the four blind figures.
func tallyBank(b *quiz.Bank, answers []blindAnswer) figs {
	var f figs
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		passed, flagged := r.Passed, len(r.FlagIDs()) > 0
		pass := a.Label == "pass"
		f.n++
		if passed == pass {
			f.ok++
		}
		if pass {
			f.pass++
			if flagged {
				f.passFlagged++
			}
		}
		if a.ShouldFlag {
			f.should++
			if flagged {
				f.flagged++
			}
		}
		if a.Kind == "keyword-salad" {
			f.salads++
			if passed {
				f.saladPass++
			}
		}
	}
	return f
}

// TestReaderExperiment measures the second reader: leave-one-writer-out
// over the tuning writers, then the validation writers graded by the
// pattern grader alone and combined with a reader trained on every tuning
// writer. Only totals are printed for AL.
func TestReaderExperiment(t *testing.T) {
	if !*readerCV {
		t.Skip("run with -reader.cv")
	}
	o := quiz.DefaultReaderOpts()
	v := quiz.NewReaderVocab()
	tun := readerLoad(t, v, readerWriters, true)
	t.Logf("tuning: %d answers, %d features", len(tun.answers), v.Len())
	cv := readerCrossValidate(tun, o)
	t.Log(cv)
	w := quiz.TrainReader(tun.ex, v.Len(), o)
	score := func(e quiz.ReaderExample) (float64, float64) { return w.Probs(e.Feats, e.X) }
	vs := readerLoad(t, v, []string{"AJ", "AK"}, false)
	vp, vf, vyp, vyf := []float64{}, []float64{}, []bool{}, []bool{}
	for i, a := range vs.answers {
		p, f := score(vs.ex[i])
		vp, vf = append(vp, p), append(vf, f)
		vyp, vyf = append(vyp, a.Label == "pass"), append(vyf, a.ShouldFlag)
	}
	t.Logf("AJ+AK reader alone: P(pass) AUC %.3f acc %.1f%%; P(should_flag) AUC %.3f acc %.1f%%", auc(vp, vyp), 100*accuracy(vp, vyp), auc(vf, vyf), 100*accuracy(vf, vyf))
	// The combination is measured as the product grades, with the
	// embedded model (trained as above, pruned).
	bank := loadBank(t)
	val, err := loadBlind([]string{"AJ", "AK"})
	if err != nil {
		t.Fatal(err)
	}
	al, err := loadBlind([]string{"AL"})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("AJ+AK pattern only: %s", tallyBank(bank.PatternsOnly(), val))
	t.Logf("AL    pattern only: %s", tallyBank(bank.PatternsOnly(), al))
	// Thresholds are chosen on AJ+AK alone: fewest verdict errors, then
	// fewest flags on passing answers, then most losing claims flagged;
	// of ties, the first tried.
	var best combo
	var bestF figs
	cost := func(f figs) [3]int { return [3]int{f.n - f.ok, f.passFlagged, f.should - f.flagged} }
	less := func(x, y [3]int) bool {
		for i := range x {
			if x[i] != y[i] {
				return x[i] < y[i]
			}
		}
		return false
	}
	all := map[combo]figs{}
	for i, c := range readerCombos() {
		f := tallyBank(bank.WithReaderRule(c.raise), val)
		all[c] = f
		t.Logf("%+v AJ+AK %s", c, f)
		if i == 0 || less(cost(f), cost(bestF)) {
			best, bestF = c, f
		}
	}
	for _, c := range readerCombos() {
		if cost(all[c]) == cost(bestF) {
			t.Logf("tied on AJ+AK: %+v", c)
		}
	}
	t.Logf("chosen %+v\n  AJ+AK combined: %s\n  AL    combined: %s", best, bestF, tallyBank(bank.WithReaderRule(best.raise), al))
}

// readerCombos are the thresholds tried. They start at 0.7: at 0.6 the
// reader flags, and fails, a correct answer of the regression corpus
// (row-lock, blind2-good); at 0.4 and 0.5 it also flags the package's own
// test sentences ("You can't just trust that the TTL is long enough."),
// which nothing in the blind writers' answers shows.
// (So it was with g13's reader; g18 measured its own from 0.40 to 0.80,
// in TestRaiseThresholdsG18, and ships 0.6.)
func readerCombos() []combo {
	var cs []combo
	for _, raise := range []float64{0.7, 0.75, 0.8, 0.85, 0.9, 0.95} {
		cs = append(cs, combo{raise})
	}
	return cs
}

// readerCrossValidate trains on all tuning writers but one and reads that
// one, for each writer, and sums up how the readings agree with the labels.
func readerCrossValidate(tun readerSet, o quiz.ReaderOpts) string {
	writers := map[string]bool{}
	pp, pf := make([]float64, len(tun.ex)), make([]float64, len(tun.ex))
	for _, w := range tuningWriters {
		writers[w] = true
		var train []quiz.ReaderExample
		dim := 0
		for i, a := range tun.answers {
			if a.Writer != w {
				train = append(train, tun.ex[i])
				if n := len(tun.ex[i].Feats); n > 0 {
					dim = max(dim, int(tun.ex[i].Feats[n-1])+1)
				}
			}
		}
		m := quiz.TrainReader(train, dim, o)
		for i, a := range tun.answers {
			if a.Writer == w {
				pp[i], pf[i] = m.Probs(tun.ex[i].Feats, tun.ex[i].X)
			}
		}
	}
	yp, yf := make([]bool, len(tun.ex)), make([]bool, len(tun.ex))
	for i, e := range tun.ex {
		yp[i], yf[i] = e.Pass, e.Flag
	}
	return fmt.Sprintf("leave-one-writer-out over %d tuning writers (%d answers): P(pass) AUC %.3f, accuracy %.1f%%; P(should flag) AUC %.3f, accuracy %.1f%%",
		len(writers), len(tun.ex), auc(pp, yp), 100*accuracy(pp, yp), auc(pf, yf), 100*accuracy(pf, yf))
}

var updateReader = flag.Bool("update-reader", false, "retrain the second reader on the tuning writers and rewrite quiz/reader/model.tsv.gz")

// readerModelPath is the embedded model file.
const readerModelPath = "reader/model.tsv.gz"

// TestReaderModel trains the second reader on the tuning writers and
// fails when the embedded model is not what training produces (with
// -update-reader, it rewrites the file).
func TestReaderModel(t *testing.T) {
	o := quiz.DefaultReaderOpts()
	v := quiz.NewReaderVocab()
	tun := readerLoad(t, v, readerWriters, true)
	w := quiz.TrainReader(tun.ex, v.Len(), o)
	text := quiz.ReaderFileText(v, w, o.Prune)
	if *updateReader {
		gz := quiz.GzipReader(text)
		if err := os.WriteFile(readerModelPath, gz, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d lines, %d bytes (%d before gzip)", readerModelPath, bytes.Count(text, []byte("\n")), len(gz), len(text))
		return
	}
	got, err := quiz.EmbeddedReaderText()
	if err != nil {
		t.Fatalf("embedded reader model: %v", err)
	}
	if !bytes.Equal(got, text) {
		t.Fatalf("the embedded reader model (%d bytes) is not what training on the tuning writers produces (%d bytes): run go test ./quiz -run TestReaderModel -update-reader", len(got), len(text))
	}
}
