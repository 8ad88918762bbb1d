package quiz

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Mode is how a mock round gives feedback.
type Mode string

// The round modes. The string values are stored and used in forms.
const (
	// ModeInterview gives no feedback until the scorecard, as in a real
	// interview.
	ModeInterview Mode = "interview"
	// ModeCoached shows the feedback on each answer before the next
	// question.
	ModeCoached Mode = "coached"
)

// Valid reports whether m is a known mode.
func (m Mode) Valid() bool { return m == ModeInterview || m == ModeCoached }

// Round timing and size.
const (
	// DefaultTimeLimit is the time allowed per answer unless the learner
	// picks another of TimeLimits.
	DefaultTimeLimit = 4 * time.Minute
	// Grace is added to the limit before an answer counts as overtime, so
	// that the network and a last keystroke do not cost the penalty.
	Grace = 5 * time.Second
	// OvertimePenalty is subtracted from the score of an answer given
	// after its deadline (and grace): late is worse than short, as it is
	// with a real interviewer watching the clock.
	OvertimePenalty = 0.2
	// DefaultRoundSize is the number of main questions unless the learner
	// picks another of RoundSizes.
	DefaultRoundSize = 5
)

// TimeLimits lists the time limits a learner may pick per answer.
func TimeLimits() []time.Duration {
	return []time.Duration{2 * time.Minute, 4 * time.Minute, 6 * time.Minute, 8 * time.Minute}
}

// RoundSizes lists the numbers of main questions a round may have.
func RoundSizes() []int { return []int{3, 5} }

// RoundConfig is what a learner chooses when starting a round.
type RoundConfig struct {
	// Size is the number of main questions, one of RoundSizes.
	Size int
	// Limit is the time per answer, one of TimeLimits.
	Limit time.Duration
	// Mode is interview or coached.
	Mode Mode
}

// minutesText writes a time limit as the start form offers it: "3 minutes",
// "1 minute", "90 seconds" (a Go duration, "3m0s", is not for people).
func minutesText(d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d == time.Minute:
		return "1 minute"
	case d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + " minutes"
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + " seconds"
}

// Validate reports a configuration the round pages do not offer. The
// message names the field.
func (c RoundConfig) Validate() error {
	okSize := false
	for _, n := range RoundSizes() {
		okSize = okSize || c.Size == n
	}
	if !okSize {
		return fmt.Errorf("questions: %d is not offered; choose 3 or 5", c.Size)
	}
	okLimit := false
	for _, d := range TimeLimits() {
		okLimit = okLimit || c.Limit == d
	}
	if !okLimit {
		return fmt.Errorf("minutes: %s is not offered; choose 2, 4, 6 or 8 minutes", minutesText(c.Limit))
	}
	if !c.Mode.Valid() {
		return fmt.Errorf("mode: %q is not a mode; choose interview or coached", c.Mode)
	}
	return nil
}

// QuestionStat is what the app knows of a learner's history with one
// question, from practice attempts, review cards and earlier rounds.
type QuestionStat struct {
	// Attempts counts graded answers; zero means never tried.
	Attempts int
	// Score is the latest score, from 0 to 1.
	Score float64
	// Due reports the review card is due.
	Due bool
	// Retrievability is the FSRS estimate of recall (0 when unknown).
	Retrievability float64
}

// DrawWeight is how strongly a question is drawn into a round: weak
// questions (low latest score), due ones and those the learner is about to
// forget come up more often; an untried question sits in the middle, so a
// new learner still meets every topic.
func DrawWeight(st QuestionStat) float64 {
	if st.Attempts == 0 {
		return 2
	}
	w := 1 + 3*(1-clamp01(st.Score))
	if st.Due {
		w += 2
	}
	w += 1 - clamp01(st.Retrievability)
	return w
}

// Draw picks n question ids from candidates for a round, weighted by
// DrawWeight of stats (a missing stat is an untried question) and spread
// across topics: no topic repeats until every topic with a candidate has
// been drawn. The same candidates, stats and seed always give the same
// draw, so a round can be reproduced from its stored seed. Objective
// questions among candidates are ignored; fewer than n free-text
// candidates draw them all.
func Draw(candidates []*Question, stats map[string]QuestionStat, n int, seed uint64) []string {
	var pool []*Question
	for _, q := range candidates {
		if q != nil && q.Kind == KindFreeText {
			pool = append(pool, q)
		}
	}
	sort.Slice(pool, func(i, j int) bool { return pool[i].ID < pool[j].ID })
	rng := splitmix{state: seed}
	picked := map[string]bool{}
	usedTopic := map[string]bool{}
	var out []string
	for len(out) < n && len(out) < len(pool) {
		var choice []*Question
		for _, q := range pool {
			if !picked[q.ID] && !usedTopic[q.Topic] {
				choice = append(choice, q)
			}
		}
		if len(choice) == 0 {
			usedTopic = map[string]bool{}
			continue
		}
		q := weightedPick(choice, stats, &rng)
		picked[q.ID] = true
		usedTopic[q.Topic] = true
		out = append(out, q.ID)
	}
	return out
}

// weightedPick draws one of choice (not empty) with probability
// proportional to its DrawWeight, from rng.
func weightedPick(choice []*Question, stats map[string]QuestionStat, rng *splitmix) *Question {
	total := 0.0
	for _, q := range choice {
		total += DrawWeight(stats[q.ID])
	}
	x := rng.float() * total
	for _, c := range choice {
		x -= DrawWeight(stats[c.ID])
		if x < 0 {
			return c
		}
	}
	return choice[len(choice)-1]
}

// splitmix is SplitMix64: a tiny generator whose sequence is fixed by its
// seed on every platform and Go version, which a stored round relies on.
type splitmix struct{ state uint64 }

func (s *splitmix) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// float returns a number in [0, 1).
func (s *splitmix) float() float64 { return float64(s.next()>>11) / (1 << 53) }

// Deadline is when an answer to a question shown at shown is due.
func Deadline(shown time.Time, limit time.Duration) time.Time { return shown.Add(limit) }

// Overtime reports whether an answer given at answered, to a question shown
// at shown, came after the limit and the grace.
func Overtime(shown, answered time.Time, limit time.Duration) bool {
	return answered.Sub(shown) > limit+Grace
}

// Penalised returns score after the overtime penalty, if any.
func Penalised(score float64, overtime bool) float64 {
	if overtime {
		score -= OvertimePenalty
	}
	return math.Round(clamp01(score)*1000) / 1000
}

// Turn is one question of a round as asked and answered: a main question
// or one of its follow-ups.
type Turn struct {
	// Question is the main question's id (for a follow-up, the question it
	// follows).
	Question string `json:"question"`
	// FollowUp is the follow-up id, empty for the main question
	// (CustomFollowUp for one the interviewer of a peer round typed).
	FollowUp string `json:"follow_up,omitempty"`
	// Asked is the question a peer round's interviewer typed, for a
	// CustomFollowUp.
	Asked string `json:"asked,omitempty"`
	// Shown is when the question was first shown; zero if not yet.
	Shown time.Time `json:"shown"`
	// Answered is when the answer arrived; zero if not yet.
	Answered time.Time `json:"answered"`
	// Text is the answer.
	Text string `json:"text,omitempty"`
	// Result is the graded answer, nil until answered.
	Result *Result `json:"result,omitempty"`
}

// Done reports whether the turn has been answered.
func (t Turn) Done() bool { return t.Result != nil && !t.Answered.IsZero() }

// Verdict is the overall outcome of a round, as an interviewer would write
// it on the feedback form.
type Verdict string

// The verdicts, from best.
const (
	StrongHire Verdict = "strong-hire"
	Hire       Verdict = "hire"
	LeanNo     Verdict = "lean-no"
	NoHire     Verdict = "no"
)

// Label is the verdict as the scorecard prints it.
func (v Verdict) Label() string {
	switch v {
	case StrongHire:
		return "Strong hire"
	case Hire:
		return "Hire"
	case LeanNo:
		return "Lean no"
	case NoHire:
		return "No hire"
	}
	return string(v)
}

// The verdict thresholds on the round score.
const (
	StrongHireMark = 0.8
	HireMark       = 0.65
	LeanNoMark     = 0.45
	// FollowUpShare is the share of a question's score that its follow-ups
	// carry when any were asked: answering the probe well wins back part
	// of what the first answer missed, as a recovered answer does in an
	// interview.
	FollowUpShare = 0.3
)

// TurnScore is one answered (or unanswered) turn on the scorecard.
type TurnScore struct {
	Turn
	// Title is the question or follow-up as listed.
	Title string
	// Used is how long the answer took; zero when unanswered.
	Used time.Duration
	// Overtime reports the answer came after the deadline and grace.
	Overtime bool
	// Score is the graded score after the overtime penalty; 0 unanswered.
	Score float64
	// Passed is Score >= PassMark with no fatal red flag in the answer.
	Passed bool
}

// QuestionScore is one main question with its follow-ups.
type QuestionScore struct {
	// Number counts main questions from 1.
	Number int
	// ID, Title, Topic and Guide describe the main question.
	ID, Title, Topic, Guide string
	// Main is the main answer and FollowUps the follow-ups asked.
	Main      TurnScore
	FollowUps []TurnScore
	// Score combines the main answer and the follow-ups (see
	// FollowUpShare).
	Score float64
	// Passed is Score >= PassMark with no fatal flag in any of its turns.
	Passed bool
	// Led says why the question was held under the pass mark though its
	// score reached it (see LedReason), or "" when it was not.
	Led string
}

// DimensionScore is the coverage of one interview dimension over a round.
type DimensionScore struct {
	Dimension string
	Coverage
	// Losing counts the round's standing losing claims (major or fatal
	// red flags, neither dismissed nor taken back) that deny the points
	// of this dimension most (see losingDimension): the points made there do not
	// outweigh them (QA-51b M3: "Safety mechanisms 4 of 4" beside three
	// safety claims that lose the round).
	Losing int
}

// Share is Hit/Total, or 0 when the dimension had no points.
func (d DimensionScore) Share() float64 {
	if d.Total == 0 {
		return 0
	}
	return d.Hit / d.Total
}

// StudyItem is a recommendation on what to study next.
type StudyItem struct {
	// Question is the question to practise and Title its title.
	Question, Title string
	// Guide is the slug of the guide section to read.
	Guide string
	// Reason says why, in one sentence.
	Reason string
}

// Scorecard is a round's assessment.
type Scorecard struct {
	Questions  []QuestionScore
	Dimensions []DimensionScore
	// Score is the mean of the question scores, 0..1.
	Score float64
	// Verdict and the Reasons behind it.
	Verdict Verdict
	Reasons []string
	// Fatal reports that a fatal red flag was raised: the round is lost.
	Fatal bool
	// LosingUnplaced counts the standing losing claims that deny no point
	// of the question, so no dimension row holds them.
	LosingUnplaced int
	// Study lists what to work on next, most urgent first.
	Study []StudyItem
	// Complete reports every turn was answered.
	Complete bool
}

// ScoredFollowUps are the follow-ups whose own score counts in their
// question's: the catalog's. A follow-up the interviewer of a peer round
// typed has no rubric of its own (it is graded against its main question's,
// which would fail a good answer to a narrow question), so it counts only
// through what it makes that the main answer missed (recoverMains) and
// through its red flags; the interviewer scores it in their notes.
func ScoredFollowUps(fs []TurnScore) []TurnScore {
	var out []TurnScore
	for _, f := range fs {
		if f.FollowUp != CustomFollowUp {
			out = append(out, f)
		}
	}
	return out
}

// Score assesses a round from its turns, in the order asked, with the time
// limit per answer. Questions and follow-ups are looked up in b and fus for
// their titles; unknown ids still score. Unanswered turns score 0. The
// verdict rules, in order:
//
//   - a fatal red flag in any answer is No hire, whatever the score;
//   - a score of at least StrongHireMark with every main question passed,
//     no major red flag and no overtime is Strong hire;
//   - a fatal flag counted as major (Flag.Demoted) that nobody dismissed
//     holds the round at Lean no at best;
//   - at least HireMark with at most one main question failed is Hire;
//   - at least LeanNoMark is Lean no; anything lower is No hire.
func Score(b *Bank, fus *FollowUps, turns []Turn, limit time.Duration) Scorecard {
	turns = recoverMains(b, fus, turns)
	var sc Scorecard
	sc.Complete = len(turns) > 0
	dims := map[string]Coverage{}
	losing := map[string]int{}
	var majors, overtimes, unanswered []string
	var fatals, demoted, retracted []string
	// A question's follow-ups are numbered in what the verdict names
	// when it has more than one, so each is named once (QA-34 F4 #3).
	followUps := map[int]int{}
	main := 0
	for i, t := range turns {
		if t.FollowUp == "" || i == 0 {
			main++
		} else {
			followUps[main]++
		}
	}
	for _, t := range turns {
		ts := TurnScore{Turn: t, Title: t.Question}
		if t.FollowUp != "" {
			ts.Title = t.FollowUp
			if f, ok := fus.ByID(t.FollowUp); ok {
				ts.Title = f.Probe.Title
			} else if t.Asked != "" {
				ts.Title = t.Asked
			}
		} else if q, ok := bankQuestion(b, t.Question); ok {
			ts.Title = q.Title
		}
		if t.Done() {
			if !t.Shown.IsZero() {
				ts.Used = t.Answered.Sub(t.Shown)
				ts.Overtime = Overtime(t.Shown, t.Answered, limit)
			}
			ts.Score = Penalised(t.Result.Score, ts.Overtime)
			ts.Passed = !t.Result.Fatal && ts.Score >= PassMark
			// A typed follow-up is graded against its main question only
			// to recover what the main answer missed; its own ticks are
			// not scored, so they are not counted twice here.
			for d, c := range t.Result.ByDimension() {
				if t.FollowUp == CustomFollowUp {
					break
				}
				acc := dims[d]
				acc.Hit += c.Hit
				acc.Total += c.Total
				acc.Made += c.Made
				acc.Points += c.Points
				dims[d] = acc
			}
		} else {
			sc.Complete = false
		}
		if t.FollowUp == "" || len(sc.Questions) == 0 {
			qs := QuestionScore{Number: len(sc.Questions) + 1, ID: t.Question, Title: ts.Title, Main: ts}
			if q, ok := bankQuestion(b, t.Question); ok {
				qs.Topic, qs.Guide = q.Topic, q.Guide
			}
			sc.Questions = append(sc.Questions, qs)
		} else {
			last := &sc.Questions[len(sc.Questions)-1]
			last.FollowUps = append(last.FollowUps, ts)
		}
		where := fmt.Sprintf("question %d", len(sc.Questions))
		if t.FollowUp != "" {
			if n := len(sc.Questions); followUps[n] > 1 {
				where += fmt.Sprintf(" (follow-up %d)", len(sc.Questions[n-1].FollowUps))
			} else {
				where += " (follow-up)"
			}
		}
		switch {
		case !t.Done():
			unanswered = append(unanswered, where)
		case ts.Overtime:
			overtimes = append(overtimes, where)
		}
		if t.Result != nil {
			for _, f := range t.Result.Flags {
				if f.Retracted && f.Severity == SeverityFatal {
					retracted = append(retracted, fmt.Sprintf("%s on %s", f.Label, where))
				}
				if f.Dismissed {
					continue
				}
				if (f.Severity == SeverityFatal || f.Severity == SeverityMajor) && !f.Retracted {
					if d := losingDimension(b, t.Question, f.ID); d != "" {
						losing[d]++
					} else {
						sc.LosingUnplaced++
					}
				}
				switch f.Severity {
				case SeverityFatal:
					fatals = append(fatals, fmt.Sprintf("%s on %s", f.Label, where))
				case SeverityMajor:
					majors = append(majors, fmt.Sprintf("%s on %s", f.Label, where))
					if f.Demoted {
						demoted = append(demoted, fmt.Sprintf("%s on %s", f.Label, where))
					}
				}
			}
		}
	}
	failed := 0
	total := 0.0
	var led []string
	for i := range sc.Questions {
		q := &sc.Questions[i]
		q.Score = q.Main.Score
		fatal := q.Main.Result != nil && q.Main.Result.Fatal
		for _, f := range q.FollowUps {
			fatal = fatal || (f.Result != nil && f.Result.Fatal)
		}
		if scored := ScoredFollowUps(q.FollowUps); len(scored) > 0 {
			sum := 0.0
			for _, f := range scored {
				sum += f.Score
			}
			q.Score = (1-FollowUpShare)*q.Main.Score + FollowUpShare*sum/float64(len(scored))
		}
		q.Score = math.Round(q.Score*1000) / 1000
		why := LedReason(q.Main.Result)
		// A follow-up answer's standing losing claim holds the question
		// down as the main answer's does (QA-51b H1: a follow-up with a
		// major flag, and the question "63 %, passed").
		for _, f := range q.FollowUps {
			if fl, ok := standingLoser(f.Result); ok && f.Done() {
				if why != "" {
					why += ", and "
				}
				why += "a follow-up answer asserted a claim that loses the round (" + fl.Label + ")"
				break
			}
		}
		if why != "" && q.Score >= PassMark {
			q.Score, q.Led = PassMark-0.01, why
			led = append(led, fmt.Sprintf("question %d (%s)", q.Number, why))
		}
		q.Passed = !fatal && q.Score >= PassMark
		if !q.Passed {
			failed++
		}
		total += q.Score
	}
	if len(sc.Questions) > 0 {
		sc.Score = math.Round(total/float64(len(sc.Questions))*1000) / 1000
	}
	for _, d := range Dimensions() {
		if c, ok := dims[d]; ok {
			sc.Dimensions = append(sc.Dimensions, DimensionScore{Dimension: d, Coverage: c, Losing: losing[d]})
		}
	}
	sc.Fatal = len(fatals) > 0
	n := len(sc.Questions)
	// "64 %", with the space the rest of the app puts before the sign.
	pct := func(x float64) string { return fmt.Sprintf("%d %%", int(math.Round(x*100))) }
	scoreLine := fmt.Sprintf("Round score %d %%; %d of %d main questions passed.", RoundPct(sc.Score), n-failed, n)
	switch {
	case sc.Fatal:
		sc.Verdict = NoHire
		sc.Reasons = append(sc.Reasons, "A fatal red flag loses the round whatever else was said: "+strings.Join(fatals, "; ")+".")
		sc.Reasons = append(sc.Reasons, scoreLine)
	case sc.Score >= StrongHireMark && failed == 0 && len(majors) == 0 && len(overtimes) == 0 && len(retracted) == 0:
		sc.Verdict = StrongHire
		sc.Reasons = append(sc.Reasons, scoreLine+fmt.Sprintf(" Strong hire needs %s, every question passed, no major red flag and no overtime: all met.", pct(StrongHireMark)))
	case len(demoted) > 0 && sc.Score >= LeanNoMark:
		// A fatal flag the second reader counted as major does not lose
		// the round on its own, but the claim it names ends most real
		// rounds: it stands until contested, so the round cannot reach
		// Hire around it (QA-40).
		sc.Verdict = LeanNo
		sc.Reasons = append(sc.Reasons, scoreLine+" At most Lean no while a claim that ends most rounds stands, counted as major only because the rest of its answer reads clean: "+strings.Join(demoted, "; ")+". Contest it if you did not mean it.")
	case sc.Score >= HireMark && failed <= 1:
		sc.Verdict = Hire
		sc.Reasons = append(sc.Reasons, scoreLine+fmt.Sprintf(" Hire needs %s with at most one question failed.", pct(HireMark)))
		var short []string
		if sc.Score < StrongHireMark {
			short = append(short, fmt.Sprintf("the score is below %s", pct(StrongHireMark)))
		}
		if failed > 0 {
			short = append(short, "one question was failed")
		}
		if len(majors) > 0 {
			short = append(short, "a major red flag was raised")
		}
		if len(overtimes) > 0 {
			short = append(short, "an answer ran over time")
		}
		if len(retracted) > 0 {
			short = append(short, "a claim that ends most rounds was taken back only when a follow-up probed it")
		}
		why := strings.Join(short, ", ")
		if n := len(short); n > 1 {
			why = strings.Join(short[:n-1], ", ") + " and " + short[n-1]
		}
		sc.Reasons = append(sc.Reasons, "Not a strong hire because "+why+".")
	case sc.Score >= LeanNoMark:
		sc.Verdict = LeanNo
		sc.Reasons = append(sc.Reasons, scoreLine+fmt.Sprintf(" Hire needs %s with at most one question failed; %s or more keeps it at Lean no rather than No hire.", pct(HireMark), pct(LeanNoMark)))
	default:
		sc.Verdict = NoHire
		sc.Reasons = append(sc.Reasons, scoreLine+fmt.Sprintf(" Below %s is no hire.", pct(LeanNoMark)))
	}
	if len(led) > 0 {
		sc.Reasons = append(sc.Reasons, "Held just under the pass mark, whatever the follow-ups added: "+strings.Join(led, "; ")+".")
	}
	if len(majors) > 0 {
		sc.Reasons = append(sc.Reasons, "Major red flags: "+strings.Join(majors, "; ")+".")
	}
	// A fatal claim the candidate took back in a follow-up no longer
	// loses the round, but a panel remembers it (QA-42 #2: such a round
	// read "Strong hire ... no major red flag ... all met").
	if len(retracted) > 0 {
		sc.Reasons = append(sc.Reasons, "Taken back in a follow-up (no longer counted, but it keeps the round from Strong hire): "+strings.Join(retracted, "; ")+".")
	}
	if len(overtimes) > 0 {
		sc.Reasons = append(sc.Reasons, fmt.Sprintf("Over time (−%d points each): %s.", int(math.Round(OvertimePenalty*100)), strings.Join(overtimes, ", ")))
	}
	if len(unanswered) > 0 {
		sc.Reasons = append(sc.Reasons, "Not answered (scored 0): "+strings.Join(unanswered, ", ")+".")
	}
	var against []string
	for _, d := range sc.Dimensions {
		if d.Losing > 0 {
			against = append(against, fmt.Sprintf("%s (%d)", DimensionLabel(d.Dimension), d.Losing))
		}
	}
	if len(against) > 0 {
		line := "Losing claims stand against the points of: " + strings.Join(against, ", ")
		if sc.LosingUnplaced > 0 {
			line += fmt.Sprintf(", and %d more that deny no single point", sc.LosingUnplaced)
		}
		sc.Reasons = append(sc.Reasons, line+"; the points made there do not outweigh them.")
	} else if sc.LosingUnplaced > 0 {
		sc.Reasons = append(sc.Reasons, fmt.Sprintf("%d losing claim(s) stand that deny no single point of their question; the points made do not outweigh them.", sc.LosingUnplaced))
	}
	if weak, ok := weakest(sc.Dimensions); ok && weak.Share() < 0.5 {
		sc.Reasons = append(sc.Reasons, fmt.Sprintf("Weakest dimension: %s, %s of its points by weight.", DimensionLabel(weak.Dimension), pct(weak.Share())))
	}
	sc.Study = study(b, sc.Questions)
	return sc
}

// losingDimension returns the dimension of question id whose points red
// flag flag denies most (see contradicts; a core point counts twice),
// safety mechanisms or failure modes when it denies a point of either,
// safety first on a tie: where the claim it names stands against the
// rubric. It returns "" for a flag that denies no
// point, or without a bank.
func losingDimension(b *Bank, id, flag string) string {
	q, ok := bankQuestion(b, id)
	if !ok {
		return ""
	}
	f, ok := b.flagByID[flag]
	if !ok {
		return ""
	}
	denied := map[string]int{}
	for i, c := range contradicts(q, f, b.words, b.lex) {
		if c != contraNone {
			w := 1
			if q.Points[i].Core {
				w = 2
			}
			denied[q.Points[i].Dimension] += w
		}
	}
	// A losing claim is about what can go wrong or what keeps it safe:
	// those two dimensions come first when the claim denies a point of
	// either, safety mechanisms before failure modes on a tie (QA-52b M3:
	// "keeps working through SUSPENDED", which denies "stop the protected
	// work at once", was counted against failure modes).
	best := ""
	for _, d := range []string{"safety-mechanisms", "failure-modes"} {
		if denied[d] > denied[best] {
			best = d
		}
	}
	if best != "" {
		return best
	}
	for _, d := range Dimensions() {
		if denied[d] > denied[best] {
			best = d
		}
	}
	return best
}

func bankQuestion(b *Bank, id string) (*Question, bool) {
	if b == nil {
		return nil, false
	}
	return b.ByID(id)
}

func weakest(ds []DimensionScore) (DimensionScore, bool) {
	if len(ds) == 0 {
		return DimensionScore{}, false
	}
	w := ds[0]
	for _, d := range ds[1:] {
		if d.Share() < w.Share() {
			w = d
		}
	}
	return w, true
}

// DimensionLabel is a dimension id as the scorecard prints it.
func DimensionLabel(d string) string {
	switch d {
	case "failure-modes":
		return "Failure modes"
	case "safety-mechanisms":
		return "Safety mechanisms"
	case "trade-offs":
		return "Trade-offs"
	case "alternatives":
		return "Alternatives to locking"
	}
	return d
}

// standingLosers returns the labels of the losing claims (major or fatal
// red flags, neither dismissed nor taken back) that stand on question q's
// main answer and its follow-ups, fatal first, each once.
func standingLosers(q QuestionScore) []string {
	var fatal, major []string
	add := func(r *Result) {
		if r == nil {
			return
		}
		for _, f := range r.Flags {
			if f.Dismissed || f.Retracted {
				continue
			}
			switch {
			case f.Severity == SeverityFatal && !slices.Contains(fatal, f.Label):
				fatal = append(fatal, f.Label)
			case f.Severity == SeverityMajor && !slices.Contains(major, f.Label):
				major = append(major, f.Label)
			}
		}
	}
	add(q.Main.Result)
	for _, f := range q.FollowUps {
		add(f.Result)
	}
	return append(fatal, major...)
}

// study recommends the questions that went worst, up to four, each with
// the points it missed.
func study(b *Bank, qs []QuestionScore) []StudyItem {
	order := make([]QuestionScore, len(qs))
	copy(order, qs)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Score < order[j].Score })
	var out []StudyItem
	for _, q := range order {
		if len(out) == 4 {
			break
		}
		if q.Passed && q.Score >= StrongHireMark {
			continue
		}
		var reason string
		switch {
		case q.Main.Result == nil:
			reason = "Not answered in the round."
		case q.Main.Result.Fatal:
			reason = "Your answer raised a fatal red flag: " + firstFatal(q.Main.Result.Flags) + "."
		default:
			var missed []string
			for _, p := range q.Main.Result.Points {
				if !p.Hit {
					missed = append(missed, p.Label)
				}
			}
			reason = fmt.Sprintf("Scored %d %%.", int(math.Round(q.Score*100)))
			// The claims that lose the round come first: they, more than
			// any missed point, are what to unlearn (QA-52 M3: the list
			// named breadth points only, and after a contest read just
			// "Scored 59 %.").
			if losers := standingLosers(q); len(losers) > 0 {
				reason += " Losing claim: " + strings.Join(losers, "; ") + "."
			}
			if len(missed) > 3 {
				missed = append(missed[:3], fmt.Sprintf("and %d more", len(missed)-3))
			}
			if len(missed) > 0 {
				reason += " Missed: " + strings.Join(missed, "; ") + "."
			}
			if !strings.Contains(reason, "Losing claim") && len(missed) == 0 && q.Led != "" {
				reason += " Held under the pass mark: " + q.Led + "."
			}
		}
		item := StudyItem{Question: q.ID, Title: q.Title, Guide: q.Guide, Reason: reason}
		out = append(out, item)
	}
	return out
}

func firstFatal(fs []FlagResult) string {
	for _, f := range fs {
		if f.Severity == SeverityFatal && !f.Dismissed {
			return f.Label
		}
	}
	return "see the answer"
}

// ReviewItem is what one main answer of a finished round feeds to spaced
// review: a practice attempt with its result and the rating that schedules
// the question's card.
type ReviewItem struct {
	// Question is the main question's id and Kind its kind.
	Question string
	Kind     Kind
	// Answer is the answer as given in the round.
	Answer Answer
	// Result is the graded answer as the round scored it: Score after any
	// overtime penalty, Passed and Suggested derived from that score, and a
	// note that it was a round answer (saying so when it ran over time).
	Result Result
	// Rating schedules the card; it is Result.Suggested, since no one rates
	// a round answer by hand.
	Rating Rating
}

// RoundNote is the note every round answer carries into practice history.
const RoundNote = "Answered in a mock round."

// recoverMains returns turns with each main answer corrected by what its
// follow-ups said (see Recover), each with the question it answered, looked
// up in fus. The turns given are not changed.
func recoverMains(b *Bank, fus *FollowUps, turns []Turn) []Turn {
	out := turns
	for i, t := range turns {
		if t.FollowUp != "" || !t.Done() {
			continue
		}
		q, ok := bankQuestion(b, t.Question)
		if !ok || q.Kind != KindFreeText {
			continue
		}
		var answers []FollowUpAnswer
		for _, f := range turns[i+1:] {
			if f.FollowUp == "" {
				break
			}
			if f.Done() && f.Question == t.Question {
				answers = append(answers, FollowUpAnswer{Asked: FollowUpAsked(fus, f), Text: f.Text, Typed: f.FollowUp == CustomFollowUp, For: FollowUpFor(fus, f)})
			}
		}
		if len(answers) == 0 {
			continue
		}
		res, changed := Recover(b, q, *t.Result, answers)
		if !changed {
			continue
		}
		if &out[0] == &turns[0] {
			out = append([]Turn(nil), turns...)
		}
		out[i].Result = &res
	}
	return out
}

// FollowUpAnswer is a follow-up's answer with the question it answered.
type FollowUpAnswer struct {
	// Asked is the follow-up's question as the candidate saw it; empty when
	// it is not known.
	Asked string
	// Text is the candidate's answer.
	Text string
	// Typed reports a follow-up the interviewer of a peer round typed:
	// it asks about whatever they chose, not about the main answer's
	// gaps or claims.
	Typed bool
	// For are the red flags a catalog follow-up is asked for (its
	// triggers' flags; see FollowUpFor), empty for one asked about a gap,
	// nil when not known.
	For []string
}

// FollowUpFor returns the red flags catalog follow-up t was asked for:
// the flags of its triggers, an empty list for a follow-up that probes
// gaps only, and nil for a turn that is not a catalog follow-up.
func FollowUpFor(fus *FollowUps, t Turn) []string {
	f, ok := fus.ByID(t.FollowUp)
	if !ok {
		return nil
	}
	out := []string{}
	for _, w := range f.When {
		out = append(out, w.Flags...)
	}
	return out
}

// FollowUpAsked returns the question follow-up turn t asked: the
// follow-up's prompt in fus, or what a peer round's interviewer typed; ""
// when neither is known.
func FollowUpAsked(fus *FollowUps, t Turn) string {
	if f, ok := fus.ByID(t.FollowUp); ok {
		return f.Probe.Prompt.Markdown
	}
	return t.Asked
}

// correctsFlag reports whether follow-up result fr, graded against q,
// states what red flag id denies and main, the main answer's result, had
// not: it makes a point the flag contradicts (see contradicts) that main
// missed. A flag that denies no point of q (or one the bank does not
// know, the second reader's) is corrected by any clean answer.
func correctsFlag(b *Bank, q *Question, id string, main, fr Result) bool {
	f, ok := b.flagByID[id]
	if !ok {
		return true
	}
	denies := false
	for i, c := range contradicts(q, f, b.words, b.lex) {
		if c == contraNone {
			continue
		}
		denies = true
		if i < len(fr.Points) && fr.Points[i].Hit && (i >= len(main.Points) || !main.Points[i].Hit) {
			return true
		}
	}
	return !denies
}

// Recover corrects a main answer's result with what the candidate said in
// its follow-ups, as an interviewer does when a candidate recovers: a key
// point the main answer missed and a follow-up answer makes (graded against
// the main question) counts as made, core or breadth (QA-4 E9, E12: a
// breadth point said in so many words in the follow-up stayed missed on
// the scorecard and in what to study next), and when a follow-up answer, read as
// an answer to the main question, passes with no red flag, the flags the
// main answer raised are retracted. A point the learner contested as not
// made is not recovered. Nor is a point the follow-up's own question
// makes, read as an answer to the main question: the question handed it
// over, so repeating it draws nothing out (QA-45 M1: "Is there anything the
// two calls could carry ...", answered "an idempotency key", lifted a main
// answer from 28 % to 70 %); a note says so. Nor is a point made in a
// follow-up answer that raises a red flag against the main question: its
// words about the point came with a losing claim (QA-51 H3). It reports whether anything
// changed; each change is noted.
func Recover(b *Bank, q *Question, res Result, followUps []FollowUpAnswer) (Result, bool) {
	out := res
	out.Points = append([]PointResult(nil), res.Points...)
	out.Flags = append([]FlagResult(nil), res.Flags...)
	out.Notes = append([]string(nil), res.Notes...)
	changed := false
	for _, fu := range followUps {
		fr := b.Grade(q, Answer{Text: fu.Text})
		var given map[string]bool
		if fu.Asked != "" {
			for _, p := range b.Grade(q, Answer{Text: fu.Asked}).Points {
				if p.Hit {
					if given == nil {
						given = map[string]bool{}
					}
					given[p.ID] = true
				}
			}
		}
		for i := range out.Points {
			p := &out.Points[i]
			// A point the learner contested as not made stays missed:
			// their correction wins over the grader's reading of a
			// follow-up (QA-35 #3).
			// Nor is a point whose making by a follow-up the learner
			// contested (ContestRecovered).
			if p.Hit || p.SelfAssessed || p.Unrecovered {
				continue
			}
			// A core point the follow-up's question asked about, which
			// its answer left unmade or made beside a losing claim, is a
			// gap shown, not a paraphrase the matchers missed: the
			// lenience for one missed core point is withdrawn (QA-51 H3:
			// asked about a stepped clock, the candidate said clock jumps
			// change nothing, and the question passed on that lenience).
			if p.Core && given[p.ID] && !p.Probed {
				made := false
				for _, f := range fr.Points {
					made = made || f.ID == p.ID && f.Hit
				}
				if !made || len(fr.Flags) > 0 {
					p.Probed, changed = true, true
					why := "Asked about in a follow-up and still not made: "
					if made {
						why = "Asked about in a follow-up, whose answer made a losing claim (" + fr.Flags[0].Label + "): "
					}
					out.Notes = append(out.Notes, why+p.Label+". The lenience for one missed core point no longer applies.")
				}
			}
			for _, f := range fr.Points {
				if f.ID == p.ID && f.Hit && given[p.ID] {
					note := "Not recovered in the follow-up, because its question already said it: " + p.Label + "."
					if !slices.Contains(out.Notes, note) {
						out.Notes, changed = append(out.Notes, note), true
					}
				} else if f.ID == p.ID && f.Hit && len(fr.Flags) > 0 {
					// A follow-up answer that makes a losing claim, read
					// as an answer to the main question, recovers nothing:
					// "stepping the clock confuses logs" beside "a jump of
					// the wall clock doesn't change how long the key has
					// left" does not make the clock point (QA-51 H3).
					note := "Not recovered in the follow-up, because its answer made a losing claim (" + fr.Flags[0].Label + "): " + p.Label + "."
					if !slices.Contains(out.Notes, note) {
						out.Notes, changed = append(out.Notes, note), true
					}
				} else if f.ID == p.ID && f.Hit {
					// What earned it is in the follow-up's answer: spans
					// into the main answer would quote words that did not.
					p.Hit, p.Recovered, p.Spans, changed = true, true, nil, true
					out.Notes = append(out.Notes, "Recovered in the follow-up: "+p.Label+".")
				}
			}
		}
		if fr.Passed && len(fr.FlagIDs()) == 0 {
			for i := range out.Flags {
				// (A flag the learner reported is their own word on the
				// main answer, which a clean follow-up does not take back.)
				// Nor does a clean answer to a peer interviewer's typed
				// question, which may be about anything: where the flag
				// denies points of the question, the answer must make one
				// the main answer had not, the correction, to take the
				// losing claim back (QA-51 M4: a typed question about the
				// token source, answered well, "took back" a client-side
				// check it never mentioned, on the storage point the main
				// answer had already made beside the claim). A catalog
				// follow-up is asked because of the main answer's gaps or
				// claims, so its clean answer speaks to them.
				// g53 (QA-53 M5): a catalog follow-up asked about a
				// gap takes back only a flag it was asked for or one
				// whose denied point its answer makes ("how long
				// should the lock-delay be", answered well, "took
				// back" a claim that the provider's key fences).
				if f := &out.Flags[i]; !f.Dismissed && !f.SelfReported && (!fu.Typed && (fu.For == nil || slices.Contains(fu.For, f.ID)) || correctsFlag(b, q, f.ID, res, fr)) {
					f.Dismissed, f.Retracted, changed = true, true, true
					out.Notes = append(out.Notes, "Retracted in the follow-up: "+f.Label+".")
				}
			}
		}
	}
	if !changed {
		return res, false
	}
	out.Score = freeTextScore(out.Points, out.Flags)
	// The caps grading applied for the main answer's form hold as they do
	// for a dispute (Rescore): a list of terms does not pass because a
	// follow-up said what it only named.
	capScore(&out)
	finish(&out)
	return out, true
}

// RoundReview returns what each answered main question of sc feeds to
// review, in round order. Follow-ups feed nothing (they are not bank
// questions), nor do unanswered questions or ids unknown to b. The rating
// follows the penalised score, so an answer that ran over time is scheduled
// sooner than the same answer in time.
func RoundReview(b *Bank, sc Scorecard) []ReviewItem {
	var out []ReviewItem
	for _, qs := range sc.Questions {
		t := qs.Main
		q, ok := bankQuestion(b, qs.ID)
		if !ok || !t.Done() {
			continue
		}
		res := *t.Result
		res.Score = t.Score
		// A main answer the scorecard held under the pass mark (Led: it
		// passed only on what its follow-ups drew out or took back, or a
		// losing claim still stands) feeds review as the failed question
		// it is, at the question's score (QA-53b H6: a question the
		// scorecard failed for a claim taken back only when asked showed
		// "✓ 100 %" in practice, due in 18 days).
		if qs.Led != "" && qs.Score < res.Score {
			res.Score = qs.Score
		}
		finish(&res)
		if qs.Led != "" {
			res.Passed, res.Suggested = false, Again
		}
		note := RoundNote
		if t.Overtime {
			note = fmt.Sprintf("Answered in a mock round, over time: %d points off.", int(math.Round(OvertimePenalty*100)))
		}
		res.Notes = append(append([]string(nil), res.Notes...), note)
		out = append(out, ReviewItem{Question: q.ID, Kind: q.Kind, Answer: Answer{Text: t.Text}, Result: res, Rating: res.Suggested})
	}
	return out
}

// Replan keeps a round from asking a main question whose topic a follow-up
// has already probed. upcoming are the main questions not yet shown, in
// order; used are every question id of the round (asked or upcoming);
// probed are the topics of the follow-ups asked or queued so far. Each
// upcoming question whose topic was probed is replaced by a free-text
// question of pool that the round does not use, whose topic is neither
// probed nor that of another main question of the round, drawn by
// DrawWeight of stats with seed (the same inputs give the same result). A
// question with no such replacement stays. The result has upcoming's
// length; an entry differs from upcoming only where it was replaced.
func Replan(pool []*Question, stats map[string]QuestionStat, upcoming, used []string, probed map[string]bool, seed uint64) []string {
	out := slices.Clone(upcoming)
	if len(probed) == 0 || len(upcoming) == 0 {
		return out
	}
	byID := map[string]*Question{}
	var free []*Question
	taken := map[string]bool{}
	for _, id := range used {
		taken[id] = true
	}
	for _, q := range pool {
		if q == nil || q.Kind != KindFreeText {
			continue
		}
		byID[q.ID] = q
		if !taken[q.ID] {
			free = append(free, q)
		}
	}
	sort.Slice(free, func(i, j int) bool { return free[i].ID < free[j].ID })
	roundTopic := map[string]int{}
	for _, id := range used {
		if q, ok := byID[id]; ok {
			roundTopic[q.Topic]++
		}
	}
	rng := splitmix{state: seed ^ 0x5eed_f011_0a0b}
	for i, id := range upcoming {
		q, ok := byID[id]
		if !ok || !probed[q.Topic] {
			continue
		}
		var choice []*Question
		for _, c := range free {
			if !taken[c.ID] && !probed[c.Topic] && roundTopic[c.Topic] == 0 {
				choice = append(choice, c)
			}
		}
		if len(choice) == 0 {
			// Every other topic is in the round already: any unprobed one.
			for _, c := range free {
				if !taken[c.ID] && !probed[c.Topic] {
					choice = append(choice, c)
				}
			}
		}
		if len(choice) == 0 {
			continue
		}
		pick := weightedPick(choice, stats, &rng)
		out[i] = pick.ID
		taken[pick.ID] = true
		roundTopic[q.Topic]--
		roundTopic[pick.Topic]++
	}
	return out
}

// RoundPct is a round's score as the whole percent the scorecard shows:
// rounded, but never up to a verdict's mark the score falls short of. A
// round at 79.8 % shows 79 %, not 80 % beside "Not a strong hire because
// the score is below 80 %" (QA-47 L13).
func RoundPct(score float64) int {
	p := int(math.Round(score * 100))
	for _, m := range []float64{StrongHireMark, HireMark, LeanNoMark} {
		if mp := int(math.Round(m * 100)); score < m && p >= mp {
			p = mp - 1
		}
	}
	return p
}
