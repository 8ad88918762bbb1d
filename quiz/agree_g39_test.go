package quiz_test

import (
	"flag"
	"hash/fnv"
	"slices"
	"sort"
	"strings"
	"testing"

	"lockdrill/quiz"
)

var agreeG39 = flag.Bool("agree.g39", false, "run the g39 experiment: should a pattern's flag count on an otherwise passing answer only when the second reader agrees?")

// TestAgreementExperimentG39 measures the lever g38's closing note
// proposed after four versions whose rules moved no unread figure: a
// pattern's red flag counts on an answer that would pass without it only
// where the second reader also reads the answer as making a losing claim
// (its reading at or above a threshold). It was measured and not shipped:
//
//	go test ./quiz -run TestAgreementExperimentG39 -v -args -agree.g39
//
// The reader was trained on g25's tuning writers (readerWriters), so the
// tuning writers added since and the validation writers are writers it
// never learned from. On them the rule separates cleanly: at 0.17 no
// passing answer stays flagged (6 of 7,632 on the tuning writers since
// g25 and 8 of 432 on ES, ET and EU before), and 2 of the 670 labelled
// losing claims whose verdict rests on the flag lose it (none on ES-EU).
// But a plain wrong claim added to a long strong answer is diluted in
// the answer's reading: appended to (or inserted into) strong answers of
// the same question, the flagged sentences of the blind writers' own
// losing claims read below 0.17 in about three cases of four, and the
// package's own tests of such inserted claims ("To unlock, just delete
// the key.", "A generous timeout removes the timing issue entirely.")
// failed by the dozen (about 70 tests). Gating on the matched sentence as
// well (read alone as an answer, and the lean of the words around the
// match) kept most inserted claims but set aside only 6 of the 14
// misfires and still broke about 50 of those tests; reading the matched
// sentence with one or two sentences on each side did no better (to
// spare 7 of the 14, it set aside 223 of the 3,366 inserted claims). The
// reader does not tell a quoted or rejected mention from a plain claim
// at the level of one sentence. The figures are printed, never asserted; holdout
// writers are not read (their totals are not even computed here).
func TestAgreementExperimentG39(t *testing.T) {
	if !*agreeG39 {
		t.Skip("experiment: run with -args -agree.g39")
	}
	b := loadBank(t)
	var unseen []string // tuning writers the reader never learned from
	for _, w := range tuningWriters {
		if !slices.Contains(readerWriters, w) {
			unseen = append(unseen, w)
		}
	}
	var read []string
	for _, w := range validationWriters {
		if !slices.Contains(validationUnread, w) {
			read = append(read, w)
		}
	}
	ths := []float64{0.1, 0.15, 0.17, 0.2, 0.25, 0.3}
	type row struct {
		pass, should bool
		reading      float64 // the answer's losing-claim reading
	}
	hosts := map[string][]string{} // question → long strong answers no pattern flags
	var claims []struct{ q, sentence string }
	collect := func(writers []string) []row {
		answers, err := loadBlind(writers)
		if err != nil {
			t.Fatal(err)
		}
		var rows []row
		for _, a := range answers {
			q, _ := b.ByID(a.Question)
			r := b.Grade(q, quiz.Answer{Text: a.Text})
			without, patterned := withoutPatternFlags(q, r)
			if !patterned && r.Passed && a.Label == "pass" && len(strings.Fields(a.Text)) >= 100 {
				hosts[a.Question] = append(hosts[a.Question], a.Text)
			}
			if !patterned || !without.Passed {
				continue
			}
			rows = append(rows, row{pass: a.Label == "pass", should: a.ShouldFlag, reading: b.RaiseReadingG18(nil, q, a.Text).Flag})
			if a.ShouldFlag {
				if frs := b.FlagReadingsG18(nil, q, a.Text); len(frs) > 0 {
					claims = append(claims, struct{ q, sentence string }{a.Question, frs[0].Sentence})
				}
			}
		}
		return rows
	}
	report := func(name string, rows []row) {
		for _, th := range ths {
			spared, lost := 0, 0
			flaggedPass, claimsDecided := 0, 0
			for _, r := range rows {
				if r.pass {
					flaggedPass++
					if r.reading < th {
						spared++
					}
				}
				if r.should {
					claimsDecided++
					if r.reading < th {
						lost++
					}
				}
			}
			t.Logf("%s, threshold %.2f: flagged passing answers spared %d of %d; losing claims whose verdict rests on the flag set aside %d of %d", name, th, spared, flaggedPass, lost, claimsDecided)
		}
	}
	report("tuning writers the reader never learned from ("+strings.Join(unseen, ",")+")", collect(unseen))
	report("validation writers read ("+strings.Join(read, ",")+")", collect(read))
	// The blind writers' own losing claims, each added to three long
	// strong answers of its question (at the end and in the middle).
	var syn []float64
	for _, c := range claims {
		hs := hosts[c.q]
		if len(hs) == 0 {
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(c.sentence))
		q, _ := b.ByID(c.q)
		for k := range 3 {
			host := hs[(int(h.Sum32()%1e6)+k*7919)%len(hs)]
			ss := strings.SplitAfter(host, ". ")
			for _, text := range []string{host + " " + c.sentence, strings.Join(ss[:len(ss)/2], "") + c.sentence + " " + strings.Join(ss[len(ss)/2:], "")} {
				r := b.Grade(q, quiz.Answer{Text: text})
				if without, patterned := withoutPatternFlags(q, r); patterned && without.Passed {
					syn = append(syn, b.RaiseReadingG18(nil, q, text).Flag)
				}
			}
		}
	}
	sort.Float64s(syn)
	for _, th := range ths {
		n := sort.SearchFloat64s(syn, th)
		t.Logf("inserted losing claims (%d flagged answers that pass without the flag), threshold %.2f: set aside %d (%.0f%%)", len(syn), th, n, 100*float64(n)/float64(max(1, len(syn))))
	}
}

// withoutPatternFlags is r with every pattern flag contested (the
// reader's own flag kept), and whether there was any.
func withoutPatternFlags(q *quiz.Question, r quiz.Result) (quiz.Result, bool) {
	out, any := r, false
	for _, f := range r.Flags {
		if f.ID == quiz.ReaderFlagID {
			continue
		}
		any = true
		out, _, _ = quiz.Contest(q, out, f.ID)
	}
	return out, any
}
