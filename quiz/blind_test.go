package quiz_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"lockdrill/quiz"
)

// showTuning prints the tuning writers' disagreements, one line each. It
// never prints anything of a holdout writer's answers.
var showTuning = flag.Bool("blind.show", false, "log each disagreement on the blind corpus's tuning writers (A to H, K, L)")

// showValidation names the validation writers (comma-separated, e.g. "K")
// whose disagreements are printed: one at a time, so the other's figures
// still measure a writer not read yet.
var showValidation = flag.String("blind.validation", "", "log each disagreement of these validation writers (M, N, ...; comma-separated)")

// showRead names single writers (comma-separated) whose disagreements
// are printed, any but the fresh holdout's (I, J), which never are.
var showRead = flag.String("blind.read", "", "log each disagreement of these writers (any but the fresh holdout I, J; comma-separated)")

// blindAnswer is one line of quiz/testdata/blind/writer-*.jsonl.
type blindAnswer struct {
	Writer     string `json:"writer"`
	Question   string `json:"question"`
	Kind       string `json:"kind"`
	Label      string `json:"label"`
	ShouldFlag bool   `json:"should_flag"`
	FlagNote   string `json:"flag_note"`
	Text       string `json:"text"`
}

// The writers of each split (see testdata/blind/README.md).
var (
	// tuningWriters have been read while tuning: A and B (the first nine
	// questions) from the start; G and H (all 24 questions) since grader
	// g4; K and L since g5 (they were the validation split then); C, D
	// (nine questions) and E, F (the fifteen later questions), held out
	// until grader g5, since g6, with M, N and O (the validation split of
	// g6); I and J, the earlier holdout until g6 (never read, totals only
	// after g3, g4, g5 and g6), were released for tuning in session 5, when
	// Q and R took their place. X and Y (144 answers each: two
	// mixed-wrong, one confidently-wrong, one rejects-antipattern, one
	// refutes-quote and one strong-unusual answer per question) were
	// written for tuning g7, where blind answers missed most. S, T and U,
	// the validation split of g7, joined for g8; V and W, the validation
	// split of g8, for g9; P and Z, the validation split of g9, for g10;
	// AA, AB and AC, the validation split of g10, for g11; AD, AE and
	// AF, the validation split of g11, for g12; AG, AH and AI, the
	// validation split of g12, for g13; AJ, AK and AL, the validation
	// split of g13, for g14; AM, AN and AO, the validation split of g14,
	// for g15; AP, AQ and AR, the validation split of g15, for g16; AS,
	// AT and AU, the validation split of g16, for g17; AV, AW and AX
	// (g16's fresh holdout) and BB, BC and BD (written blind for tuning
	// during g17), the validation split of g17, for g18; AY, AZ and BA
	// (g17's fresh holdout) and BH, BI and BJ (written blind for tuning
	// during g18), the validation split of g18, for g19; BE, BF and BG
	// (g18's fresh holdout) and BN and BO (written blind for tuning during
	// g19), the validation split of g19, for g20; BK, BL and BM (g19's
	// fresh holdout) and BS, BT, BV and BW (written blind for tuning
	// during g20), the validation split of g20, for g21; BP, BQ and BR
	// (g20's fresh holdout) and CA and CB (written blind for tuning during
	// g21), the validation split of g21, for g22; BX, BY and BZ (g21's
	// fresh holdout) and CF and CG (written blind for tuning during g22),
	// the validation split of g22, for g23; CC, CD and CE (g22's fresh
	// holdout) and CK and CL (written blind for tuning during g23), the
	// validation split of g23, for g24; CH, CI and CJ (g23's fresh
	// holdout) and CP and CQ (written blind for tuning during g24), the
	// validation split of g24, for g25; CM, CN and CO (g24's fresh
	// holdout) and CU and CV (written blind for tuning during g25), the
	// validation split of g25, for g26; CR, CS and CT (g25's fresh
	// holdout) and CZ and DA (written blind for tuning during g26), the
	// validation split of g26, for g27; CW, CX and CY (g26's fresh
	// holdout) and DE and DF (written blind for tuning during g27), the
	// validation split of g27, for g28; DB, DC and DD (g27's fresh
	// holdout) and DJ and DK (written blind for tuning during g28), the
	// validation split of g28, for g29; DG, DH and DI (g28's fresh
	// holdout) and DO and DP (written blind for tuning during g29), the
	// validation split of g29, for g30; DL, DM and DN (g29's fresh
	// holdout) and DT and DU (written blind for tuning during g30), the
	// validation split of g30, for g31; DQ and DR (g30's fresh holdout,
	// read while g31 and g32 were tuned) for g32; DS, DY and DZ (kept
	// unread as validation writers until g32's end, measured before
	// anything changed for them: validationBefore of g32) for g33; EA, EB
	// and EC (g32's fresh holdout, kept unread as validation writers through
	// g33, measured by g32 before anything changed for them) for g34; ED,
	// EE and EF (g33's fresh holdout, read as validation writers while g34
	// was tuned) for g35; EG, EH and EI (g34's fresh holdout, read as
	// validation writers while g35 was tuned) for g36; EJ, EK and EL (g35's
	// fresh holdout, read as validation writers while g36 was tuned) for
	// g37; EM, EN and EO (g36's fresh holdout, read as validation writers
	// while g37 was tuned) for g38; EP, EQ and ER (g37's fresh holdout,
	// read as validation writers while g38 was tuned) for g39; ES, ET and
	// EU (g38's fresh holdout, read as validation writers while g39 was
	// tuned) for g40; EV, EW and EX (g39's fresh holdout, read as
	// validation writers while g40 was tuned) for g41; FE (written blind
	// for tuning during g41, terse numbered lists, measured on arrival and
	// then read) for g41; EY, EZ and FA (g40's fresh holdout, read as
	// validation writers while g41 was tuned) for g42; FB, FC and FD
	// (g41's fresh holdout, read as validation writers while g42 was
	// tuned) for g43; FF, FG and FH (g42's fresh holdout, read as
	// validation writers while g43 was tuned) for g44; FI, FJ and FK (g43's
	// fresh holdout, read as validation writers while g44 was tuned) for g45;
	// FL, FM and FN (g44's fresh holdout, read as validation writers while
	// g45 was tuned) for g46; FO, FP and FQ (g45's fresh holdout, read as
	// validation writers while g46 was tuned) for g47; FR, FS and FT (g46's
	// fresh holdout, read as validation writers while g47 was tuned) for
	// g48; FU, FV and FW (g47's fresh holdout, read as validation writers
	// while g48 was tuned) for g49; FX, FY and FZ (g48's fresh holdout,
	// read as validation writers while g49 was tuned) for g50; GA, GB and
	// GC (g49's fresh holdout, read as validation writers while g50 was
	// tuned) for g51; GD, GE and GF (g50's fresh holdout, read as
	// validation writers while g51 was tuned) for g52; GG, GH and GI
	// (g51's fresh holdout, read as validation writers while g52 was
	// tuned) for g53; GJ, GK and GL (g52's fresh holdout, read as
	// validation writers while g53 was tuned) for g54; GT, GU and GS,
	// written blind for tuning during g54 (measured on arrival by main
	// 70cd9bc, GS by 518e248, then read), for g54.
	tuningWriters = append(slices.Clone(readerWriters), "CM", "CN", "CO", "CU", "CV", "CR", "CS", "CT", "CZ", "DA", "CW", "CX", "CY", "DE", "DF", "DB", "DC", "DD", "DJ", "DK", "DG", "DH", "DI", "DO", "DP", "DL", "DM", "DN", "DT", "DU", "DQ", "DR", "DS", "DY", "DZ", "EA", "EB", "EC", "ED", "EE", "EF", "EG", "EH", "EI", "EJ", "EK", "EL", "EM", "EN", "EO", "EP", "EQ", "ER", "ES", "ET", "EU", "EV", "EW", "EX", "FE", "EY", "EZ", "FA", "FB", "FC", "FD", "FF", "FG", "FH", "FI", "FJ", "FK", "FL", "FM", "FN", "FO", "FP", "FQ", "FR", "FS", "FT", "FU", "FV", "FW", "FX", "FY", "FZ", "GA", "GB", "GC", "GD", "GE", "GF", "GG", "GH", "GI", "GJ", "GK", "GL", "GT", "GU", "GS")
	// readerWriters are the answers the second reader (quiz/reader) is
	// trained on: the tuning set of g25. Retraining it on g26's tuning set
	// (these and CM, CN, CO, CU, CV) lost one losing claim and one verdict
	// on the earlier holdout Q and R (below their floors), so for g26 the
	// reader stays as it was trained for g25. This choice was made on the
	// earlier holdout's totals; it is recorded here so it is not hidden.
	// For g27, retraining it on g27's tuning set (adding CR, CS, CT, CZ,
	// DA) was tried again: it lost 2 verdicts and 3 passing answers to
	// flags on tuning and a verdict and a losing claim on Q and R, so it
	// stays as it is.
	readerWriters = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "X", "Y", "S", "T", "U", "V", "W", "P", "Z", "AA", "AB", "AC", "AD", "AE", "AF", "AG", "AH", "AI", "AJ", "AK", "AL", "AM", "AN", "AO", "AP", "AQ", "AR", "AS", "AT", "AU", "AV", "AW", "AX", "BB", "BC", "BD", "AY", "AZ", "BA", "BH", "BI", "BJ", "BE", "BF", "BG", "BN", "BO", "BK", "BL", "BM", "BS", "BT", "BV", "BW", "BP", "BQ", "BR", "CA", "CB", "BX", "BY", "BZ", "CF", "CG", "CC", "CD", "CE", "CK", "CL", "CH", "CI", "CJ", "CP", "CQ"}
	// validationWriters answer all 24 questions (brief: writer-brief-3.md)
	// and arrive while a grader version is tuned: each is measured before
	// any change made for it (validationBefore). For g54: DV, DW and DX
	// (g31's fresh holdout) stay unread (totals only); GM, GN and GO, g53's
	// fresh holdout (never read while g53 was tuned; totals only, on arrival
	// with g52 and at the end with g53), were released from the holdout on
	// 2026-12-08 when g54 began, measured by g53 then (main 86e9b5f), and
	// are read while g54 is tuned: their answers the grader gets wrong may
	// be read, their figures are reported apart.
	validationWriters = []string{"DV", "DW", "DX", "GM", "GN", "GO"}
	// validationUnread are the validation writers nobody reads while the
	// grader is tuned: only their totals are looked at.
	validationUnread = []string{"DV", "DW", "DX"}
	// earlierWriters (Q, R) answered all 24 questions (brief:
	// writer-brief-3.md) while grader g6 was tuned and were its fresh
	// holdout: their files stayed outside the repository, away from
	// everyone who tuned the grader; only totals were ever computed on
	// them, on arrival (g5), at the end of g6, and after every version
	// since. Nobody has read them.
	earlierWriters = []string{"Q", "R"}
	// freshWriters (GP, GQ, GR) answered all 24 questions (brief:
	// writer-brief-3.md, given as each writer's whole prompt, read from a
	// file holding only the brief and a persona) at the start of g54's
	// tuning (2026-12-08, written 01:05-01:17 UTC). Their files stayed
	// outside the repository, away from everyone who tuned the grader,
	// until g54 ended; only totals were computed on them, on arrival (main
	// 92b9872: g53, from a separate worktree) and at the end (g54).
	freshWriters = []string{"GP", "GQ", "GR"}
)

// answersPerWriter is how many answers each writer's file holds.
func answersPerWriter(w string) int {
	switch w {
	case "A", "B", "C", "D":
		return 99
	case "E", "F":
		return 165
	case "X", "Y":
		return 144
	}
	return 264
}

// loadBlind reads the answers of the given writers.
func loadBlind(writers []string) ([]blindAnswer, error) {
	var out []blindAnswer
	for _, w := range writers {
		path := filepath.Join("testdata", "blind", "writer-"+w+".jsonl")
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var a blindAnswer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %w", path, line, err)
			}
			if a.Label != "pass" && a.Label != "fail" {
				f.Close()
				return nil, fmt.Errorf("%s:%d: label %q, want pass or fail", path, line, a.Label)
			}
			out = append(out, a)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

// blindTally counts how the grader's verdicts and flags agree with the
// writers' labels.
type blindTally struct {
	answers, verdictOK        int
	falsePass, falseFail      int
	passAnswers, passFlagged  int // labelled pass; of them, with a red flag raised
	passFatal                 int // labelled pass, with a fatal red flag
	shouldFlag, shouldFlagged int // labelled should_flag; of them, flagged
	salads, saladPasses       int
	kinds                     map[string]*[2]int // kind → answers, agreements
	diffs                     []string
}

// gradedBlind holds each blind answer's grade, keyed by the bank's version
// (a digest of the grader's generation and all its content), the question
// and the text: TestBlindFigures and TestAccuracy (blindReport) grade the
// same 45,000 answers, and TestBlindFigures grades each validation and
// holdout writer again on its own. One graded pass serves them all.
var gradedBlind sync.Map // string → quiz.Result

// gradeBlind is b.Grade of text for q, graded once per bank version.
func gradeBlind(b *quiz.Bank, q *quiz.Question, text string) quiz.Result {
	key := b.Version() + "\x00" + q.ID + "\x00" + text
	if r, ok := gradedBlind.Load(key); ok {
		return r.(quiz.Result)
	}
	r := b.Grade(q, quiz.Answer{Text: text})
	gradedBlind.Store(key, r)
	return r
}

func judgeBlind(b *quiz.Bank, answers []blindAnswer, keepDiffs bool) (blindTally, error) {
	t := blindTally{kinds: map[string]*[2]int{}}
	for _, a := range answers {
		q, ok := b.ByID(a.Question)
		if !ok || q.Kind != quiz.KindFreeText {
			return t, fmt.Errorf("writer %s: %q is not a free-text question", a.Writer, a.Question)
		}
		r := gradeBlind(b, q, a.Text)
		pass := a.Label == "pass"
		flags := r.FlagIDs()
		t.answers++
		k := t.kinds[a.Kind]
		if k == nil {
			k = &[2]int{}
			t.kinds[a.Kind] = k
		}
		k[0]++
		agree := r.Passed == pass
		if agree {
			t.verdictOK++
			k[1]++
		} else if r.Passed {
			t.falsePass++
		} else {
			t.falseFail++
		}
		if pass {
			t.passAnswers++
			if len(flags) > 0 {
				t.passFlagged++
			}
			if r.Fatal {
				t.passFatal++
			}
		}
		if a.ShouldFlag {
			t.shouldFlag++
			if len(flags) > 0 {
				t.shouldFlagged++
			}
		}
		if a.Kind == "keyword-salad" {
			t.salads++
			if r.Passed {
				t.saladPasses++
			}
		}
		if keepDiffs && (!agree || pass && len(flags) > 0 || a.ShouldFlag && len(flags) == 0) {
			t.diffs = append(t.diffs, fmt.Sprintf("%s %s %s: label %s flag=%v (%s); got passed=%v score %.2f flags %v missed %v",
				a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, a.FlagNote, r.Passed, r.Score, flags, r.Missed()))
		}
	}
	return t, nil
}

func (t blindTally) String() string {
	return fmt.Sprintf("%d answers: verdicts %d/%d (%.1f%%; %d false passes, %d false fails); red flags on pass answers %d/%d (fatal %d); should-flag answers flagged %d/%d (%.1f%%); keyword salads passing %d/%d",
		t.answers, t.verdictOK, t.answers, pct(t.verdictOK, t.answers), t.falsePass, t.falseFail, t.passFlagged, t.passAnswers, t.passFatal,
		t.shouldFlagged, t.shouldFlag, pct(t.shouldFlagged, t.shouldFlag), t.saladPasses, t.salads)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func (t blindTally) kindNames() []string {
	var ks []string
	for k := range t.kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// showsWriter reports whether the comma-separated list names writer w.
func showsWriter(list, w string) bool {
	for _, x := range strings.Split(list, ",") {
		if strings.TrimSpace(x) == w {
			return true
		}
	}
	return false
}

// TestBlindFigures logs the grader's agreement with the blind corpus, per
// split: only totals for the holdout writers.
func TestBlindFigures(t *testing.T) {
	b := loadBank(t)
	for _, split := range []struct {
		name    string
		writers []string
		show    bool
	}{{"tuning", tuningWriters, *showTuning}, {"validation", validationWriters, false}, {"earlier holdout", earlierWriters, false}, {"fresh holdout", freshWriters, false}} {
		if len(split.writers) == 0 {
			continue // no such split while a grader version is tuned
		}
		answers, err := loadBlind(split.writers)
		if err != nil {
			t.Fatal(err)
		}
		tl, err := judgeBlind(b, answers, split.show)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s (%s): %s", split.name, strings.Join(split.writers, ","), tl)
		for _, d := range tl.diffs {
			t.Log("  " + d)
		}
		if split.name == "tuning" || split.name == "validation" {
			// Each tuning or validation writer on its own, so a new
			// writer's figures can be read before and after tuning on
			// them.
			for _, w := range split.writers {
				one, err := loadBlind([]string{w})
				if err != nil {
					t.Fatal(err)
				}
				show := split.name == "validation" && showsWriter(*showValidation, w)
				wt, err := judgeBlind(b, one, show)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("  %s writer %s: %s", split.name, w, wt)
				// Kinds only for the writers that are read: an unread
				// writer shows its totals and nothing finer.
				if split.name == "validation" && !slices.Contains(validationUnread, w) {
					for _, k := range wt.kindNames() {
						t.Logf("    kind %-20s %d/%d", k, wt.kinds[k][1], wt.kinds[k][0])
					}
				}
				for _, d := range wt.diffs {
					t.Log("    " + d)
				}
			}
		}
		if *showRead != "" && split.name != "fresh holdout" && split.name != "earlier holdout" {
			for _, w := range split.writers {
				if !showsWriter(*showRead, w) {
					continue
				}
				one, err := loadBlind([]string{w})
				if err != nil {
					t.Fatal(err)
				}
				wt, err := judgeBlind(b, one, true)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("  read writer %s: %s", w, wt)
				for _, d := range wt.diffs {
					t.Log("    " + d)
				}
			}
		}
		if split.show {
			for _, k := range tl.kindNames() {
				t.Logf("  kind %-20s %d/%d", k, tl.kinds[k][1], tl.kinds[k][0])
			}
		}
	}
}

// blindTargets are the thresholds the issue set for the holdout.
var blindTargets = quiz.BlindGate{Verdicts: 0.95, MaxPassFlagged: 0, Flagged: 0.9, MaxSaladPasses: 0}

const blindMethod = "Helpers who saw only the question prompts, never the rubric, the matchers or the model answers, each played candidates and wrote eleven kinds of answer to every free-text question: short and full strong answers, correct answers in unusual words, answers that reject or quote a common mistake, weak, partial and casual ones, confidently wrong ones, good answers with one dangerous claim, and bare keyword lists. Each writer labelled every answer pass or fail, and whether it makes a claim that loses the round, before the grader ran. Some writers' answers were read to improve the grader (the tuning set); each new batch was first measured on arrival, before anyone changed the grader for it, which is the honest figure for answers the grader has never seen. The fresh holdout was written by writers whose answers nobody improving the grader ever read: only these totals were computed on them. The grader carries a version number (g5, g6, ...) that changes whenever its verdicts can change, so a figure always names the version that produced it. A verdict agrees when the grader's pass or fail equals the writer's label; a red flag on a passing answer is any flag raised on an answer labelled pass."

// blindDetail is the corpus's history writer by writer, for the record
// (the page folds it away).
const blindDetail = "Writers are named by letters. A and B (the first nine questions) were the tuning set from the start; C and D answered the same nine questions and were held out; E and F answered the fifteen questions added later and were held out. G and H (all 24 questions) joined the tuning set for grader g4. K and L were measured on arrival by g4, then tuned on for g5. I and J, written at the same time as G and H, were the fresh holdout until g5 and then the earlier holdout: never read, measured after every version until g6, then released for tuning. For g6, C to F were released to the tuning set, M, N and O were measured on arrival by g5 and then tuned on, and Q and R, written at the same time, were the fresh holdout; they are now the earlier holdout, still never read. For g7, I and J were released to the tuning set with M, N and O, two writers (X and Y) wrote extra answers of the kinds the grader missed most, S, T and U were measured on arrival by g6 and then tuned on, Q and R became the earlier holdout, and V and W, written at the same time as S, T and U, were the fresh holdout. For g8, S, T and U joined the tuning set, V and W were measured by g7 and released for tuning, Q and R stayed the earlier holdout, still never read, and P and Z, written while g8 was tuned, were the fresh holdout. For g9, V and W joined the tuning set, P and Z were measured by g8 and released for tuning, Q and R stayed the earlier holdout, still never read, and AA, AB and AC, written while g9 was tuned, were the fresh holdout. For g10, P and Z joined the tuning set, AA, AB and AC were measured by g9 and released for tuning, Q and R stayed the earlier holdout, still never read, and AD, AE and AF, written while g10 was tuned, were the fresh holdout. For g11, AA, AB and AC joined the tuning set, AD, AE and AF were measured by g10 and released for tuning (AF kept unread until mid-session, when it had not moved), Q and R stayed the earlier holdout, still never read, and AG, AH and AI, written while g11 was tuned, were the fresh holdout. For g12, AD, AE and AF joined the tuning set, AG, AH and AI were measured by g11 and released for tuning (AI kept unread at first, as a check), Q and R stayed the earlier holdout, still never read, and AJ, AK and AL, written while g12 was tuned, were the fresh holdout. For g13, AG, AH and AI joined the tuning set (which is also all the second reader learned from), AJ, AK and AL were measured by g12 and released as the validation split (AL kept unread as a check), Q and R stay the earlier holdout, still never read, and AM, AN and AO, written while g13 was tuned, were the fresh holdout. For g14, AJ, AK and AL joined the tuning set (and the second reader was retrained on it), AM, AN and AO were measured by g13 and released as the validation split (AO kept unread as a check), Q and R stay the earlier holdout, still never read, and AP, AQ and AR, written while g14 was tuned, were the fresh holdout. For g15, AM, AN and AO joined the tuning set (and the second reader was retrained on it), AP, AQ and AR were measured by g14 and released as the validation split (AR kept unread as a check), Q and R stay the earlier holdout, still never read, and AS, AT and AU, written while g15 was tuned, were the fresh holdout. For g16, AP, AQ and AR joined the tuning set (and the second reader was retrained on it), AS, AT and AU were measured by g15 and released as the validation split (AT kept unread as a check), Q and R stay the earlier holdout, still never read, and AV, AW and AX, written while g16 was tuned, were the fresh holdout. For g17, AS, AT and AU joined the tuning set (and the second reader was retrained on it), AV, AW and AX were measured by g16 and released as the validation split (AX kept unread as a check), Q and R stay the earlier holdout, still never read, and AY, AZ and BA, written while g17 was tuned, are the fresh holdout; BB, BC and BD, written blind for tuning during g17, were measured on arrival and then read as validation writers. For g18, AV, AW and AX and BB, BC and BD joined the tuning set (and the second reader was retrained on it), AY, AZ and BA were measured by g17 and released as the validation split (AY kept unread as a check), Q and R stay the earlier holdout, still never read, and BE, BF and BG, written while g18 was tuned, are the fresh holdout; BH, BI and BJ, written blind for tuning during g18, were measured on arrival and kept unread (totals only) through g18, as a second check on whether its changes reach writers nobody read. For g19, AY, AZ and BA and BH, BI and BJ joined the tuning set (and the second reader was retrained on it), BE, BF and BG were measured by g18 and released as the validation split (BG kept unread as a check), Q and R stay the earlier holdout, still never read, and BK, BL and BM, written while g19 was tuned, are the fresh holdout; BN and BO, written blind for tuning during g19, were measured on arrival and kept unread (totals only) through g19, as a second check on whether its changes reach writers nobody read. For g20, BE, BF and BG and BN and BO joined the tuning set (and the second reader was retrained on it), BK, BL and BM were measured by g19 and released as the validation split (BM kept unread as a check), Q and R stay the earlier holdout, still never read, and BP, BQ and BR, written while g20 was tuned, are the fresh holdout; BS, BT, BV and BW, written blind for tuning during g20, were measured on arrival and kept unread (totals only) through g20, as a second check on whether its changes reach writers nobody read. For g21, BK, BL and BM and BS, BT, BV and BW joined the tuning set (and the second reader was retrained on it), BP, BQ and BR were measured by g20 and released as the validation split (BR kept unread as a check), Q and R stay the earlier holdout, still never read, and BX, BY and BZ, written while g21 was tuned, are the fresh holdout; CA and CB, written blind for tuning during g21, were measured on arrival and kept unread (totals only) through g21. For g22, BP, BQ and BR and CA and CB joined the tuning set (and the second reader was retrained on it), BX, BY and BZ were measured by g21 and released as the validation split (BX kept unread as a check), Q and R stay the earlier holdout, still never read, and CC, CD and CE, written while g22 was tuned, were the fresh holdout; CF and CG, written blind for tuning during g22, were measured on arrival and kept unread (totals only) through g22. For g23, BX, BY and BZ and CF and CG joined the tuning set (and the second reader was retrained on it), CC, CD and CE were measured by g22 and released as the validation split (CE kept unread as a check), Q and R stay the earlier holdout, still never read, and CH, CI and CJ, written while g23 was tuned, are the fresh holdout; CK and CL, written blind for tuning during g23, were measured on arrival and were kept unread (totals only) through g23. For g24, CC, CD and CE and CK and CL joined the tuning set (and the second reader was retrained on it), CH, CI and CJ were measured by g23 and released as the validation split (CI kept unread as a check), Q and R stay the earlier holdout, still never read, and CM, CN and CO, written while g24 was tuned, were the fresh holdout; CP and CQ, written blind for tuning during g24, were measured on arrival and kept unread (totals only) through g24. For g25, CH, CI and CJ and CP and CQ joined the tuning set (and the second reader was retrained on it), CM, CN and CO were measured by g24 and released as the validation split (CM kept unread as a check), Q and R stay the earlier holdout, still never read; CU and CV, written blind for tuning during g25, were measured on arrival and are kept unread (totals only) through g25; CR, CS and CT, written while g25 was tuned, were the fresh holdout. For g26, CM, CN and CO and CU and CV joined the tuning set (and the second reader was retrained on it), CR, CS and CT were measured by g25 and released as the validation split (CR kept unread as a check), Q and R stay the earlier holdout, still never read; CZ and DA, written blind for tuning during g26, were measured on arrival and are kept unread (totals only) through g26; CW, CX and CY, written while g26 was tuned, were the fresh holdout. For g27, CR, CS and CT and CZ and DA joined the tuning set, CW, CX and CY were measured by g26 and released as the validation split (CY kept unread as a check), Q and R stay the earlier holdout, still never read; DE and DF, written blind for tuning during g27, were measured on arrival and are kept unread (totals only) through g27; DB, DC and DD, written while g27 was tuned, were the fresh holdout. For g28, CW, CX and CY and DE and DF joined the tuning set, DB, DC and DD were measured by g27 and released as the validation split (DD kept unread as a check), Q and R stay the earlier holdout, still never read; DJ and DK, written blind for tuning during g28, were measured on arrival and are kept unread (totals only) through g28; DG, DH and DI, written while g28 was tuned, were the fresh holdout. For g29, DB, DC and DD and DJ and DK joined the tuning set, DG, DH and DI were measured by g28 and released as the validation split (DI kept unread as a check), Q and R stay the earlier holdout, still never read; DO and DP, written blind for tuning during g29, were measured on arrival and are kept unread (totals only) through g29; DL, DM and DN, written while g29 was tuned, were the fresh holdout. For g30, DG, DH and DI and DO and DP joined the tuning set, DL, DM and DN were measured by g29 and released as the validation split (DN kept unread as a check), Q and R stay the earlier holdout, still never read; DT and DU, written blind for tuning during g30, were measured on arrival and are kept unread (totals only) through g30; DQ, DR and DS, written while g30 was tuned, were the fresh holdout. For g31, DL, DM and DN and DT and DU joined the tuning set, DQ, DR and DS were measured by g30 and released as the validation split (DS kept unread as a check), Q and R stay the earlier holdout, still never read; DY and DZ, written blind for tuning during g31, were measured on arrival and are kept unread (totals only) through g31; DV, DW and DX, written while g31 was tuned, were the fresh holdout. For g32, DQ and DR joined the tuning set, DV, DW and DX were measured by g31 and released as validation writers, kept unread (totals only) with DS, DY and DZ, Q and R stay the earlier holdout, still never read, and EA, EB and EC, written while g32 was tuned, were the fresh holdout. For g33, DS, DY and DZ joined the tuning set, EA, EB and EC were measured by g32 and released as validation writers, kept unread (totals only) with DV, DW and DX, Q and R stay the earlier holdout, still never read, and ED, EE and EF, written while g33 was tuned, were the fresh holdout. For g34, EA, EB and EC joined the tuning set, ED, EE and EF were measured by g33 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EG, EH and EI, written while g34 was tuned, were the fresh holdout. For g35, ED, EE and EF joined the tuning set, EG, EH and EI were measured by g34 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EJ, EK and EL, written while g35 was tuned, were the fresh holdout. For g36, EG, EH and EI joined the tuning set, EJ, EK and EL were measured by g35 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EM, EN and EO, written while g36 was tuned, were the fresh holdout. For g37, EJ, EK and EL joined the tuning set, EM, EN and EO were measured by g36 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EP, EQ and ER, written while g37 was tuned, were the fresh holdout. For g38, EM, EN and EO joined the tuning set, EP, EQ and ER were measured by g37 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and ES, ET and EU, written while g38 was tuned, were the fresh holdout. For g39, EP, EQ and ER joined the tuning set, ES, ET and EU were measured by g38 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EV, EW and EX, written while g39 was tuned, were the fresh holdout. For g40, ES, ET and EU joined the tuning set, EV, EW and EX were measured by g39 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and EY, EZ and FA, written while g40 was tuned, were the fresh holdout. For g41, EV, EW and EX joined the tuning set, EY, EZ and FA were measured by g40 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FB, FC and FD, written while g41 was tuned, were the fresh holdout. For g42, EY, EZ and FA joined the tuning set, FB, FC and FD were measured by g41 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FF, FG and FH, written while g42 was tuned, were the fresh holdout. For g43, FB, FC and FD joined the tuning set, FF, FG and FH were measured by g42 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FI, FJ and FK, written while g43 was tuned, were the fresh holdout. For g44, FF, FG and FH joined the tuning set, FI, FJ and FK were measured by g43 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FL, FM and FN, written while g44 was tuned, were the fresh holdout. For g45, FI, FJ and FK joined the tuning set, FL, FM and FN were measured by g44 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FO, FP and FQ, written while g45 was tuned, were the fresh holdout. For g46, FL, FM and FN joined the tuning set, FO, FP and FQ were measured by g45 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FR, FS and FT, written while g46 was tuned, were the fresh holdout. For g47, FO, FP and FQ joined the tuning set, FR, FS and FT were measured by g46 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FU, FV and FW, written while g47 was tuned, were the fresh holdout. For g48, FR, FS and FT joined the tuning set, FU, FV and FW were measured by g47 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and FX, FY and FZ, written while g48 was tuned, were the fresh holdout. For g49, FU, FV and FW joined the tuning set, FX, FY and FZ were measured by g48 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and GA, GB and GC, written while g49 was tuned, were the fresh holdout. For g50, FX, FY and FZ joined the tuning set, GA, GB and GC were measured by g49 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and GD, GE and GF, written while g50 was tuned, were the fresh holdout. For g51, GA, GB and GC joined the tuning set, GD, GE and GF were measured by g50 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and GG, GH and GI, written while g51 was tuned, were the fresh holdout. For g52, GD, GE and GF joined the tuning set, GG, GH and GI were measured by g51 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and GJ, GK and GL, written while g52 was tuned, were the fresh holdout. For g53, GG, GH and GI joined the tuning set, GJ, GK and GL were measured by g52 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, and GM, GN and GO, written while g53 was tuned, were the fresh holdout. For g54, GJ, GK and GL joined the tuning set, GM, GN and GO were measured by g53 and released as validation writers read while tuning, DV, DW and DX stay unread, Q and R stay the earlier holdout, GS, GT and GU, written blind for tuning during g54, were measured on arrival and joined the tuning set, and GP, GQ and GR, written while g54 was tuned, are the fresh holdout. Since g19 the figures also count fatal flags on passing answers. Every file is committed unchanged, with the SHA-256 of each holdout file recorded when it arrived, in quiz/testdata/blind/README.md."

// earlierBefore is the earlier holdout (Q, R) as grader g5 scored it when
// the files arrived (2026-12-01 19:24-19:25 UTC), before any change of
// grader g6 reached main; their SHA-256 sums were recorded then
// (9bf0092111a7a1cc… Q, 6e461f6a194258dc… R) and the files are committed
// unchanged.
var earlierBefore = quiz.BlindFigures{Writers: []string{"Q", "R"}, Answers: 528, Verdicts: 0.86, FalsePasses: 26, FalseFails: 48,
	PassAnswers: 288, PassFlagged: 26, ShouldFlag: 96, ShouldFlagged: 57, Flagged: 0.594, Salads: 48, SaladPasses: 5,
	Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 48, Agree: 46}, {Kind: "keyword-salad", Answers: 48, Agree: 43}, {Kind: "mixed-wrong", Answers: 48, Agree: 30}, {Kind: "partial", Answers: 48, Agree: 47}, {Kind: "refutes-quote", Answers: 48, Agree: 44}, {Kind: "rejects-antipattern", Answers: 48, Agree: 37}, {Kind: "strong-casual", Answers: 48, Agree: 47}, {Kind: "strong-concise", Answers: 48, Agree: 46}, {Kind: "strong-full", Answers: 48, Agree: 38}, {Kind: "strong-unusual", Answers: 48, Agree: 28}, {Kind: "weak", Answers: 48, Agree: 48}}}

// earlierBeforeGrader names the grader that measured earlierBefore.
const earlierBeforeGrader = "g5"

// earlierFloors are the earlier holdout's figures with grader g51 (g49 and
// g50: 0.977, 0, 0.906, 1; g43 to g48:
// 0.973, 0, 0.896, 1; g22, g21 and g20:
// 0.966, 3, 0.885, 1; g19 and
// g18: 0.964, 3, 0.885, 1; g17:
// 0.96, 4, 0.875, 1; g16: 0.958, 6, 0.854, 1; g15: 0.949, 10, 0.854, 1; g14:
// 0.947, 11, 0.854, 1; g13:
// 0.943, 11, 0.854, 1; g12:
// 0.943, 11, 0.792, 1; g11: 0.941, 11, 0.781, 1; g10: 0.93, 13, 0.75, 1; g9: 0.924, 15, 0.729, 1; g8:
// 0.919, 16, 0.708, 1; g7: 0.915, 16, 0.698, 3; g6: 0.896, 23, 0.656, 3),
// held so they cannot get worse unnoticed.
var earlierFloors = quiz.BlindGate{Verdicts: 0.979, MaxPassFlagged: 0, Flagged: 0.917, MaxSaladPasses: 1, MaxPassFatal: 0}

// validationBefore is each validation writer as main scored it before
// anything was changed for it: DV, DW and DX by grader g31 when they were
// released from the holdout (2026-12-05, main 720be2a); GM, GN and GO by
// grader g53 when they were released from the holdout (2026-12-08, main
// 86e9b5f).
var validationBefore = []quiz.BlindFigures{
	{Writers: []string{"DV"}, Answers: 264, Verdicts: 0.973, FalsePasses: 1, FalseFails: 6, PassAnswers: 144, PassFlagged: 3, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 46, Flagged: 0.958, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 23}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 24}, {Kind: "rejects-antipattern", Answers: 24, Agree: 21}, {Kind: "strong-casual", Answers: 24, Agree: 23}, {Kind: "strong-concise", Answers: 24, Agree: 24}, {Kind: "strong-full", Answers: 24, Agree: 24}, {Kind: "strong-unusual", Answers: 24, Agree: 22}, {Kind: "weak", Answers: 24, Agree: 24}}},
	{Writers: []string{"DW"}, Answers: 264, Verdicts: 0.981, FalsePasses: 1, FalseFails: 4, PassAnswers: 144, PassFlagged: 3, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 46, Flagged: 0.958, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 23}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 23}, {Kind: "rejects-antipattern", Answers: 24, Agree: 23}, {Kind: "strong-casual", Answers: 24, Agree: 24}, {Kind: "strong-concise", Answers: 24, Agree: 24}, {Kind: "strong-full", Answers: 24, Agree: 23}, {Kind: "strong-unusual", Answers: 24, Agree: 23}, {Kind: "weak", Answers: 24, Agree: 24}}},
	{Writers: []string{"DX"}, Answers: 264, Verdicts: 0.973, FalsePasses: 0, FalseFails: 7, PassAnswers: 144, PassFlagged: 4, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 47, Flagged: 0.979, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 24}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 22}, {Kind: "rejects-antipattern", Answers: 24, Agree: 22}, {Kind: "strong-casual", Answers: 24, Agree: 23}, {Kind: "strong-concise", Answers: 24, Agree: 23}, {Kind: "strong-full", Answers: 24, Agree: 24}, {Kind: "strong-unusual", Answers: 24, Agree: 23}, {Kind: "weak", Answers: 24, Agree: 24}}},
	{Writers: []string{"GM"}, Answers: 264, Verdicts: 0.977, FalsePasses: 1, FalseFails: 5, PassAnswers: 144, PassFlagged: 1, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 47, Flagged: 0.979, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 23}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 24}, {Kind: "rejects-antipattern", Answers: 24, Agree: 24}, {Kind: "strong-casual", Answers: 24, Agree: 24}, {Kind: "strong-concise", Answers: 24, Agree: 24}, {Kind: "strong-full", Answers: 24, Agree: 23}, {Kind: "strong-unusual", Answers: 24, Agree: 20}, {Kind: "weak", Answers: 24, Agree: 24}}},
	{Writers: []string{"GN"}, Answers: 264, Verdicts: 0.958, FalsePasses: 1, FalseFails: 10, PassAnswers: 144, PassFlagged: 4, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 46, Flagged: 0.958, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 23}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 19}, {Kind: "rejects-antipattern", Answers: 24, Agree: 24}, {Kind: "strong-casual", Answers: 24, Agree: 22}, {Kind: "strong-concise", Answers: 24, Agree: 23}, {Kind: "strong-full", Answers: 24, Agree: 24}, {Kind: "strong-unusual", Answers: 24, Agree: 22}, {Kind: "weak", Answers: 24, Agree: 24}}},
	{Writers: []string{"GO"}, Answers: 264, Verdicts: 0.992, FalsePasses: 1, FalseFails: 1, PassAnswers: 144, PassFlagged: 0, PassFatal: 0, FatalMeasured: true, ShouldFlag: 48, ShouldFlagged: 47, Flagged: 0.979, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 23}, {Kind: "partial", Answers: 24, Agree: 24}, {Kind: "refutes-quote", Answers: 24, Agree: 24}, {Kind: "rejects-antipattern", Answers: 24, Agree: 24}, {Kind: "strong-casual", Answers: 24, Agree: 24}, {Kind: "strong-concise", Answers: 24, Agree: 24}, {Kind: "strong-full", Answers: 24, Agree: 24}, {Kind: "strong-unusual", Answers: 24, Agree: 23}, {Kind: "weak", Answers: 24, Agree: 24}}},
}

// validationBeforeGrader names the grader that measured validationBefore.
var validationBeforeGrader = map[string]string{"DV": "g31", "DW": "g31", "DX": "g31", "GM": "g53", "GN": "g53", "GO": "g53"}

func (t blindTally) figures(writers []string) quiz.BlindFigures {
	r := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return round3(float64(a) / float64(b))
	}
	f := quiz.BlindFigures{Writers: writers, Answers: t.answers, Verdicts: r(t.verdictOK, t.answers), FalsePasses: t.falsePass, FalseFails: t.falseFail,
		PassAnswers: t.passAnswers, PassFlagged: t.passFlagged, PassFatal: t.passFatal, FatalMeasured: true, ShouldFlag: t.shouldFlag, ShouldFlagged: t.shouldFlagged, Flagged: r(t.shouldFlagged, t.shouldFlag),
		Salads: t.salads, SaladPasses: t.saladPasses}
	for _, k := range t.kindNames() {
		f.Kinds = append(f.Kinds, quiz.KindFigures{Kind: k, Answers: t.kinds[k][0], Agree: t.kinds[k][1]})
	}
	return f
}

// freshBefore is the fresh holdout (GP, GQ, GR) as main scored it when the
// files arrived (2026-12-08 01:17 UTC; main at 92b9872: grader g53), before
// any change of grader g54 reached main; their SHA-256 sums were recorded
// then (06e1d685… GP, 090bd23a… GQ, da45eec9… GR) and the files are committed unchanged.
var (
	freshBefore       = quiz.BlindFigures{Writers: []string{"GP", "GQ", "GR"}, Answers: 792, Verdicts: 0.977, FalsePasses: 5, FalseFails: 13, PassAnswers: 432, PassFlagged: 7, PassFatal: 0, FatalMeasured: true, ShouldFlag: 144, ShouldFlagged: 139, Flagged: 0.965, Salads: 72, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 72, Agree: 72}, {Kind: "keyword-salad", Answers: 72, Agree: 72}, {Kind: "mixed-wrong", Answers: 72, Agree: 67}, {Kind: "partial", Answers: 72, Agree: 72}, {Kind: "refutes-quote", Answers: 72, Agree: 71}, {Kind: "rejects-antipattern", Answers: 72, Agree: 70}, {Kind: "strong-casual", Answers: 72, Agree: 72}, {Kind: "strong-concise", Answers: 72, Agree: 71}, {Kind: "strong-full", Answers: 72, Agree: 67}, {Kind: "strong-unusual", Answers: 72, Agree: 68}, {Kind: "weak", Answers: 72, Agree: 72}}}
	freshBeforeGrader = "g53"
)

// freshFloors are the fresh holdout's figures at the end of g54, held so
// they cannot get worse unnoticed.
var freshFloors = quiz.BlindGate{Verdicts: 0.977, MaxPassFlagged: 7, Flagged: 0.965, MaxSaladPasses: 0, MaxPassFatal: 0}

// blindReport grades the blind corpus and holds each holdout to its floors.
// The page leads with the fresh holdout, or with the earlier one while a
// grader version is being tuned and its fresh holdout is not yet in.
func blindReport(b *quiz.Bank) (*quiz.BlindReport, error) {
	gen := quiz.GraderGeneration()
	rep := &quiz.BlindReport{Method: blindMethod, Detail: blindDetail, Targets: blindTargets}
	measure := func(writers []string) (quiz.BlindFigures, error) {
		answers, err := loadBlind(writers)
		if err != nil {
			return quiz.BlindFigures{}, err
		}
		want := 0
		for _, w := range writers {
			want += answersPerWriter(w)
		}
		if len(answers) != want {
			return quiz.BlindFigures{}, fmt.Errorf("writers %v: %d answers, want %d", writers, len(answers), want)
		}
		tl, err := judgeBlind(b, answers, false)
		if err != nil {
			return quiz.BlindFigures{}, err
		}
		return tl.figures(writers), nil
	}
	row := func(label string, f quiz.BlindFigures) {
		rep.Rows = append(rep.Rows, quiz.BlindRow{Label: label, Figures: f})
	}
	unreadRow := func(label string, f quiz.BlindFigures) {
		rep.Rows = append(rep.Rows, quiz.BlindRow{Label: label, Figures: f, Unread: true})
	}
	holdout := func(name string, writers []string, before quiz.BlindFigures, beforeGrader string, floors quiz.BlindGate) (quiz.BlindFigures, error) {
		now, err := measure(writers)
		if err != nil {
			return now, err
		}
		title := strings.ToUpper(name[:1]) + name[1:]
		row(title+", on arrival (grader "+beforeGrader+")", before)
		unreadRow(title+", now (grader "+gen+")", now)
		if ok, miss := floors.Meets(now); !ok {
			return now, fmt.Errorf("%s (%s) below its floors (%s): %+v", name, strings.Join(writers, ", "), strings.Join(miss, ", "), now)
		}
		if rep.LeadName == "" {
			rep.LeadName, rep.Lead, rep.Floors = name, now, floors
		}
		return now, nil
	}
	if len(freshWriters) > 0 {
		if _, err := holdout("fresh holdout", freshWriters, freshBefore, freshBeforeGrader, freshFloors); err != nil {
			return rep, err
		}
	}
	if _, err := holdout("earlier holdout", earlierWriters, earlierBefore, earlierBeforeGrader, earlierFloors); err != nil {
		return rep, err
	}
	if len(validationWriters) > 0 {
		validation, err := measure(validationWriters)
		if err != nil {
			return nil, err
		}
		for _, v := range validationBefore {
			row("Validation writer "+strings.Join(v.Writers, ", ")+", before anything changed for it (grader "+validationBeforeGrader[v.Writers[0]]+")", v)
		}
		var read, unread []string
		for _, w := range validationWriters {
			if slices.Contains(validationUnread, w) {
				unread = append(unread, w)
			} else {
				read = append(read, w)
			}
		}
		for _, part := range []struct {
			label   string
			writers []string
		}{{"read while tuning", read}, {"kept unread", unread}} {
			if len(part.writers) == 0 {
				continue
			}
			now := validation
			if len(part.writers) < len(validationWriters) {
				if now, err = measure(part.writers); err != nil {
					return nil, err
				}
			}
			if part.label == "kept unread" {
				unreadRow("Validation writers "+strings.Join(part.writers, ", ")+", "+part.label+", now", now)
			} else {
				row("Validation writers "+strings.Join(part.writers, ", ")+", "+part.label+", now", now)
			}
		}
	}
	tuning, err := measure(tuningWriters)
	if err != nil {
		return nil, err
	}
	row("Tuning set, now", tuning)
	judge, err := judgeAgreement()
	if err != nil {
		return nil, err
	}
	rep.Judge = &judge
	return rep, nil
}

// judgeAgreement compares the writers' labels with the second judge's
// (testdata/blind/judge): helper sessions that saw only the question and the
// answer, never the writer's label or the answer's kind. They labelled 500
// answers sampled from the tuning writers (judge-1, judge-2) and, for g40,
// every answer of the fresh holdout EY, EZ and FA as it arrived (judge-3;
// only the labels were compared, the grader was not run for it), and for
// g41 every answer of the fresh holdout FB, FC and FD the same way
// (judge-4), for g42 every answer of FF, FG and FH (judge-5), for g43
// every answer of FI, FJ and FK (judge-6), for g44 every answer of FL,
// FM and FN (judge-7), for g45 every answer of FO, FP and FQ (judge-8),
// for g46 every answer of FR, FS and FT (judge-9), for g47 every answer
// of FU, FV and FW (judge-10), for g48 every answer of FX, FY and FZ
// (judge-11), for g49 every answer of GA, GB and GC (judge-12), for g50
// every answer of GD, GE and GF (judge-13), for g51 every answer of GG,
// GH and GI (judge-14), for g52 every answer of GJ, GK and GL
// (judge-15), for g53 every answer of GM, GN and GO (judge-16), and for
// g54 every answer of GP, GQ and GR (judge-17).
func judgeAgreement() (quiz.JudgeFigures, error) {
	var f quiz.JudgeFigures
	type key struct{ writer, question, kind string }
	labels := map[key]blindAnswer{}
	all, err := loadBlind(slices.Concat(tuningWriters, validationWriters, earlierWriters, freshWriters))
	if err != nil {
		return f, err
	}
	for _, a := range all {
		labels[key{a.Writer, a.Question, a.Kind}] = a
	}
	files, err := filepath.Glob(filepath.Join("testdata", "blind", "judge", "*.jsonl"))
	if err != nil {
		return f, err
	}
	fromTuning := 0
	others := map[string]int{}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return f, err
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var j blindAnswer
			if err := json.Unmarshal([]byte(line), &j); err != nil {
				return f, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
			w, ok := labels[key{j.Writer, j.Question, j.Kind}]
			if !ok {
				return f, fmt.Errorf("%s:%d: no blind answer %s/%s/%s", name, i+1, j.Writer, j.Question, j.Kind)
			}
			f.Answers++
			if slices.Contains(tuningWriters, j.Writer) {
				fromTuning++
			} else {
				others[j.Writer]++
			}
			if w.Label == j.Label {
				f.Verdicts++
			}
			if w.ShouldFlag == j.ShouldFlag {
				f.Flags++
			}
		}
	}
	if f.Answers == 0 {
		return f, fmt.Errorf("no second judging under testdata/blind/judge")
	}
	var parts []string
	if fromTuning > 0 {
		parts = append(parts, fmt.Sprintf("%d sampled from the tuning writers", fromTuning))
	}
	if len(others) > 0 {
		ws := slices.Sorted(maps.Keys(others))
		n := 0
		for _, w := range ws {
			if others[w] != answersPerWriter(w) {
				return f, fmt.Errorf("second judge labelled %d of writer %s's %d answers: judge all of a writer outside the tuning set, or say which", others[w], w, answersPerWriter(w))
			}
			n += others[w]
		}
		parts = append(parts, fmt.Sprintf("all %d of writers %s", n, andList(ws)))
	}
	f.Sample = strings.Join(parts, " and ")
	return f, nil
}

// andList joins words as a sentence lists them: "A", "A and B", "A, B and C".
func andList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// TestJudgeAgreement logs how often the second judge gave the writers'
// labels: the ceiling a grader can be measured against.
func TestJudgeAgreement(t *testing.T) {
	f, err := judgeAgreement()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("second judge: %d answers (%s), verdicts agree %d (%.1f%%), red-flag labels agree %d", f.Answers, f.Sample, f.Verdicts, 100*float64(f.Verdicts)/float64(f.Answers), f.Flags)
	if f.Answers < 12380 {
		t.Fatalf("second judge labelled %d answers, want the 12,380 committed", f.Answers)
	}
}

// TestBlindFloorsBite shows the floors fail a grader that got worse.
func TestBlindFloorsBite(t *testing.T) {
	for name, floors := range map[string]quiz.BlindGate{"earlier": earlierFloors, "fresh": freshFloors} {
		if name == "fresh" && len(freshWriters) == 0 {
			continue // no fresh holdout yet, so no floors to hold
		}
		// Figures at or above every floor (the fresh holdout's can be as
		// high as 0.976 verdicts and 0.965 claims flagged); each bad case
		// misses exactly one of them.
		good := quiz.BlindFigures{Verdicts: 0.99, PassFlagged: 0, Flagged: 0.99, SaladPasses: 0}
		if ok, miss := floors.Meets(good); !ok {
			t.Fatalf("%s holdout: good figures miss %v", name, miss)
		}
		for what, bad := range map[string]quiz.BlindFigures{
			"verdicts":      {Verdicts: 0.5, Flagged: 0.99},
			"flags on pass": {Verdicts: 0.99, PassFlagged: 40, Flagged: 0.99},
			"recall":        {Verdicts: 0.99, Flagged: 0.3},
			"salad":         {Verdicts: 0.99, Flagged: 0.99, SaladPasses: 6},
			"fatal on pass": {Verdicts: 0.99, Flagged: 0.99, PassFatal: 3, FatalMeasured: true},
		} {
			if ok, _ := floors.Meets(bad); ok {
				t.Errorf("%s holdout, %s: worse figures meet the floors", name, what)
			}
		}
	}
}
