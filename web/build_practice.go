package web

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// practiceIndexData is what the question list shows of the learner, and
// the filter asked for in the query (kind and topic; unknown values are
// ignored).
type practiceIndexData struct {
	Latest      map[string]store.AttemptSummary
	Cards       []store.CardEntry
	Kind, Topic string
}

// buildPracticeIndex is /practice: the bank by topic, filtered, each
// question with the learner's last score and review state.
func buildPracticeIndex(cat *content.Catalog, d practiceIndexData, now time.Time) views.PracticeIndexView {
	cards := store.CardMap(d.Cards)
	bank := cat.Questions
	kind, topic := quiz.Kind(d.Kind), d.Topic
	if !kind.Valid() {
		kind = ""
	}
	if _, ok := topicTitle(topic); !ok {
		topic = ""
	}
	v := views.PracticeIndexView{Total: len(bank.All()), Filtered: kind != "" || topic != "", Answered: len(d.Latest)}
	for _, k := range quiz.Kinds() {
		if len(bank.ByKind(k)) > 0 {
			v.Kinds = append(v.Kinds, views.FilterOption{Value: string(k), Label: kindLabel(k), Selected: k == kind})
		}
	}
	for _, t := range bank.Topics() {
		v.Topics = append(v.Topics, views.FilterOption{Value: t.ID, Label: t.Title, Selected: t.ID == topic})
		if topic != "" && t.ID != topic {
			continue
		}
		g := views.TopicGroup{ID: t.ID, Title: t.Title}
		for _, q := range bank.ByTopic(t.ID) {
			if kind != "" && q.Kind != kind {
				continue
			}
			row := views.QuestionRow{ID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind)}
			if a, ok := d.Latest[q.ID]; ok {
				row.LastScore, row.LastPassed, row.LastSelf = views.PctText(a.Score), a.Passed, a.SelfAssessed
			}
			card, rated := cards[q.ID]
			row.Due = dueState(card, rated, now)
			g.Rows = append(g.Rows, row)
		}
		if len(g.Rows) > 0 {
			v.Groups = append(v.Groups, g)
			v.Shown += len(g.Rows)
		}
	}
	due, _ := splitDue(bank, d.Cards, now)
	v.DueCount = len(due)
	return v
}

// exerciseData is a question to answer with what the exercise page shows
// of the learner: the answer kept after a refused submission and why it
// was refused, the question's review card and the past attempts.
type exerciseData struct {
	Question *quiz.Question
	Answer   quiz.Answer
	Error    string
	Card     quiz.Card
	Rated    bool
	History  []store.AttemptSummary
}

// buildExercise is the exercise page of d.Question.
func buildExercise(cat *content.Catalog, d exerciseData, now time.Time) views.ExerciseView {
	q, a := d.Question, d.Answer
	tt, _ := topicTitle(q.Topic)
	v := views.ExerciseView{
		ID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind), TopicTitle: tt,
		PromptHTML: q.Prompt.HTML, Hints: q.Hints, Due: dueState(d.Card, d.Rated, now),
		Error: d.Error, Text: a.Text, MaxChars: quiz.MaxAnswerChars,
	}
	if sec, ok := cat.Section(q.Guide); ok {
		v.GuideHref, v.GuideTitle = urls.LearnSection(sec.Slug), sec.Title
	}
	v.PresetHref = presetURL(q)
	chosen := map[string]bool{}
	for _, id := range a.Choices {
		chosen[id] = true
	}
	switch q.Kind {
	case quiz.KindSingle, quiz.KindPredict, quiz.KindMultiple:
		v.Multiple = q.Kind == quiz.KindMultiple
		for _, o := range q.ShownOptions() {
			v.Options = append(v.Options, views.ChoiceOption{ID: OptionValue(q.ID, o.ID), HTML: o.TextHTML, Checked: chosen[o.ID]})
		}
	case quiz.KindOrdering:
		pos := map[string]int{}
		for i, id := range a.Order {
			if id != "" {
				pos[id] = i + 1
			}
		}
		for _, st := range q.Shuffled() {
			v.Steps = append(v.Steps, views.OrderStep{Field: OrderField(q.ID, st.ID), HTML: st.TextHTML, Position: pos[st.ID]})
		}
	case quiz.KindSpotTheBug:
		if q.Code != nil {
			v.Lang = q.Code.Lang
			for i, l := range q.Code.Lines {
				v.Lines = append(v.Lines, views.CodeLine{N: i + 1, Text: l, Checked: a.Line == i+1})
			}
		}
	}
	for _, h := range d.History {
		row := views.HistoryRow{Href: attemptURL(q.ID, h.ID, false), When: formatWhen(h.Created, now), Score: views.PctText(h.Score), Passed: h.Passed}
		if h.Rating.Valid() {
			row.Rating = h.Rating.String()
		}
		v.History = append(v.History, row)
	}
	return v
}

// feedbackData is a stored attempt to show, whether the learner came from
// the review queue, and the question's card once the attempt is rated.
type feedbackData struct {
	Question   *quiz.Question
	Attempt    store.Attempt
	FromReview bool
	Card       quiz.Card
	// Cards are the learner's review cards by question, for the next
	// question to offer.
	Cards map[string]quiz.Card
}

// buildFeedback is the feedback page of an attempt. Every piece of HTML on
// it comes from the embedded catalog, looked up by id: the stored result
// is data, never trusted as HTML, and an edit to the content shows on old
// attempts too. A rated attempt says when the question comes back and
// where to go next.
func buildFeedback(cat *content.Catalog, d feedbackData, now time.Time) views.FeedbackView {
	q, at := d.Question, d.Attempt
	res := at.Result
	bank := cat.Questions
	v := views.FeedbackView{
		QuestionID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind),
		PromptHTML: q.Prompt.HTML, When: formatWhen(at.Created, now),
		ScorePct: views.Pct(res.Score), Passed: res.Passed, Fatal: res.Fatal, SelfAssessed: res.SelfAssessed,
		Notes: otherNotes(&res), ModelAnswerHTML: q.ModelAnswer.HTML, ExplanationHTML: q.Explanation.HTML,
		AttemptID: at.ID, FromReview: d.FromReview,
	}
	if a := cat.Accuracy; a != nil && a.Blind != nil && a.Blind.Lead.ShouldFlag > 0 {
		v.FlagRecall = HoldoutRecall(a.Blind)
	}
	if sec, ok := cat.Section(q.Guide); ok {
		v.GuideHref, v.GuideTitle = urls.LearnSection(sec.Slug), sec.Title
	}
	if v.PresetHref = presetURL(q); v.PresetHref != "" {
		v.PresetLabel = "Run the scenario in the sandbox"
		if q.Kind == quiz.KindPredict {
			v.PresetLabel = "Run it in the sandbox and check your prediction"
		}
	}
	v.Graded = buildGraded(bank, nil, at.Answer.Text, &res)
	if q.Kind == quiz.KindFreeText {
		v.PassRule = passRule(q, res)
		v.FlagCost = FlagCost(q, res)
		v.Breakdown = scoreBreakdown(res, false)
		v.Missing = MissingPoints(res)
		if res.SelfAssessed {
			// The learner's corrections count at once; the grader's own
			// verdict on the same text stays in view beside them (QA-9 Q9-2).
			own := bank.Grade(q, at.Answer)
			v.GraderPct, v.GraderPassed, v.Grader = views.Pct(own.Score), own.Passed, quiz.GraderGeneration()
		}
		v.Segments = views.Highlight(at.Answer.Text, answerMarks(&res))
	}
	// The verdict lists the options where the question showed them.
	shown := map[string]int{}
	for i, o := range q.ShownOptions() {
		shown[o.ID] = i
	}
	opts := slices.Clone(res.Options)
	slices.SortStableFunc(opts, func(a, b quiz.OptionResult) int { return shown[a.ID] - shown[b.ID] })
	for _, o := range opts {
		v.Options = append(v.Options, views.OptionRow{HTML: bank.OptionTextHTML(q.ID, o.ID), WhyHTML: bank.OptionWhyHTML(q.ID, o.ID), Chosen: o.Chosen, Correct: o.Correct})
	}
	after := map[string]string{}
	for _, p := range MisplacedSteps(q, &res) {
		after[p.Step] = p.After
	}
	for _, st := range res.Steps {
		row := views.StepRow{HTML: bank.StepTextHTML(q.ID, st.ID), Position: st.Position, Correct: st.Correct, InOrder: st.InOrder}
		if a, ok := after[st.ID]; ok && a != "" {
			// The quote sits inside a sentence with its own full stop.
			row.AfterHTML = strings.TrimSuffix(bank.StepTextHTML(q.ID, a), ".")
		}
		v.Steps = append(v.Steps, row)
	}
	if q.Kind == quiz.KindOrdering {
		for _, st := range q.Steps {
			v.CorrectOrder = append(v.CorrectOrder, st.TextHTML)
		}
	}
	if res.Line != nil && q.Code != nil {
		v.ChosenLine, v.BugLine = res.Line.Chosen, res.Line.Bug
		for i, l := range q.Code.Lines {
			n := i + 1
			v.Lines = append(v.Lines, views.CodeLine{N: n, Text: l, Bug: n == q.Code.Bug, Chosen: n == res.Line.Chosen, Why: q.Code.LinesWhy[n]})
		}
	}
	for _, r := range quiz.Ratings() {
		v.Ratings = append(v.Ratings, views.RatingChoice{Value: int(r), Label: r.String(), Hint: ratingHint(r), Checked: r == res.Suggested})
	}
	if at.Rating.Valid() {
		v.Rated = at.Rating.String()
		v.NextDue = nextDueText(d.Card, now)
		// A correction made after rating can lead to another rating
		// (QA-53 M1: "Again", then a contest to 100 %).
		if res.SelfAssessed && res.Suggested.Valid() && res.Suggested != at.Rating {
			v.Rerate, v.Suggested = true, res.Suggested.String()
		}
		v.NextHref, v.NextLabel = nextAfter(bank, q, d.FromReview, d.Cards, now)
	}
	return v
}

// nextAfter is where the feedback page sends the learner once the attempt
// is rated: back to /review, or on to the next question of the bank that
// is unanswered or due for review by cards, skipping those answered and
// not yet due (QA-32 #11: a question rated Easy minutes before, due in 16
// days, was offered next because it came next in the bank). Past the last
// such question, the list of all questions shows what is left.
func nextAfter(bank *quiz.Bank, q *quiz.Question, fromReview bool, cards map[string]quiz.Card, now time.Time) (href, label string) {
	if fromReview {
		return urls.Review(), "Next review"
	}
	all := bank.All()
	at := slices.IndexFunc(all, func(x *quiz.Question) bool { return x.ID == q.ID })
	for _, x := range all[at+1:] {
		if card, ok := cards[x.ID]; !ok || quiz.IsDue(card, now) {
			return urls.Question(x.ID), "Next question: " + x.Title
		}
	}
	return urls.Practice(), "All questions"
}

func attemptURL(question, attempt string, fromReview bool) string {
	if fromReview {
		return urls.AttemptFromReview(question, attempt)
	}
	return urls.Attempt(question, attempt)
}

// presetURL links the question's sandbox preset; a predict question asks
// the sandbox to show the prediction next to the run.
func presetURL(q *quiz.Question) string {
	if q.Preset == "" {
		return ""
	}
	if q.Kind == quiz.KindPredict {
		return urls.PresetPredict(q.Preset, q.ID)
	}
	return urls.Preset(q.Preset)
}

func topicTitle(id string) (string, bool) {
	for _, t := range quiz.Topics() {
		if t.ID == id {
			return t.Title, true
		}
	}
	return "", false
}

func kindLabel(k quiz.Kind) string {
	switch k {
	case quiz.KindFreeText:
		return "Interview question"
	case quiz.KindSingle:
		return "Single choice"
	case quiz.KindMultiple:
		return "Multiple choice"
	case quiz.KindOrdering:
		return "Put in order"
	case quiz.KindSpotTheBug:
		return "Spot the bug"
	case quiz.KindPredict:
		return "Predict the outcome"
	}
	return string(k)
}

func ratingHint(r quiz.Rating) string {
	switch r {
	case quiz.Again:
		return "I did not know it: bring it back tomorrow."
	case quiz.Hard:
		return "I got there with real effort or big gaps."
	case quiz.Good:
		return "I knew it, with small slips."
	case quiz.Easy:
		return "Effortless: space it out far."
	}
	return ""
}

// dueWhen says when a card is due, in the words every page uses: "today",
// "tomorrow (Tue 1 Dec)" or "in 3 days (Thu 3 Dec)". Callers capitalise
// it or build their sentence around it.
func dueWhen(card quiz.Card, now time.Time) string {
	switch n := quiz.DueIn(card, now); {
	case n <= 0:
		return "today"
	case n == 1:
		return "tomorrow (" + card.Due.Format("Mon 2 Jan") + ")"
	default:
		return "in " + strconv.Itoa(n) + " days (" + card.Due.Format("Mon 2 Jan") + ")"
	}
}

// dueState labels a question's review state. A question without a card has
// never been rated: it is new.
func dueState(card quiz.Card, rated bool, now time.Time) views.DueState {
	if !rated || card.State == quiz.StateNew {
		return views.DueState{Label: "New"}
	}
	st := views.DueState{Label: "Due " + dueWhen(card, now)}
	if quiz.IsDue(card, now) {
		st.Class = "accent"
	}
	return st
}

// nextDueText says when a scheduled card comes back, as a sentence.
func nextDueText(card quiz.Card, now time.Time) string {
	return "It is due for review " + dueWhen(card, now) + "."
}

// formatWhen shows a time relative to today when recent, as a date when not.
func formatWhen(t, now time.Time) string {
	t, now = t.UTC(), now.UTC()
	y1, m1, d1 := t.Date()
	y2, m2, d2 := now.Date()
	switch {
	case y1 == y2 && m1 == m2 && d1 == d2:
		return "today, " + t.Format("15:04") + " UTC"
	case t.AddDate(0, 0, 1).Format("2006-01-02") == now.Format("2006-01-02"):
		return "yesterday, " + t.Format("15:04") + " UTC"
	case y1 == y2:
		return t.Format("Mon 2 Jan, 15:04") + " UTC"
	}
	return t.Format("2 Jan 2006")
}

// HoldoutRecall says what share of losing claims the grader flags on
// answers nobody read while tuning it: the lead holdout's figure, or the
// range over every holdout measured now when they differ ("89.6 % to
// 96.5 %"), so one split's best figure is not quoted alone (QA-39), to a
// tenth so a figure short of a target does not round up to it (QA-41).
func HoldoutRecall(rep *quiz.BlindReport) string {
	lo, hi := rep.Lead.Flagged, rep.Lead.Flagged
	for _, r := range rep.Rows {
		if r.Unread && r.Figures.ShouldFlag > 0 && strings.Contains(strings.ToLower(r.Label), "holdout") {
			lo, hi = min(lo, r.Figures.Flagged), max(hi, r.Figures.Flagged)
		}
	}
	// To a tenth: the earlier holdout's 89.6 % read as "90 %", the target,
	// which it is not (QA-41).
	if views.PctTenthText(lo) == views.PctTenthText(hi) {
		return views.PctTenthText(hi)
	}
	return views.PctTenthText(lo) + " to " + views.PctTenthText(hi)
}

// maxQuote bounds the excerpt shown under a point or a flag: the clause
// around its matched words (see widenToClause), or as much of it as fits.
const maxQuote = 160

// PointQuote returns the excerpt of the answer that earned a point: from
// the start of its first span to the end of its last, or just the first
// span when that stretch is too long to read as one phrase.
func PointQuote(text string, spans []quiz.Span) string {
	if len(spans) == 0 {
		return ""
	}
	whole := quiz.Span{Start: spans[0].Start, End: spans[0].End}
	for _, sp := range spans[1:] {
		whole.Start, whole.End = min(whole.Start, sp.Start), max(whole.End, sp.End)
	}
	if whole.End-whole.Start > maxQuote {
		whole = spans[0]
	}
	return clauseQuote(text, whole)
}

// clauseQuote returns the answer text under sp widened, a word at a time
// on each side in turn, to the clause that holds it (up to . ! ? ; or a
// line break, and back to a colon) while it stays within maxQuote bytes: the matched words
// alone ("VM migration, page faults) longer", "write carrying") are
// often not what the learner said (QA-38, QA-39). Where maxQuote cuts the
// clause short, that end of the quote carries "…", so a reader sees the
// words go on ("…rejects anything lower, so a" read as the learner's
// whole phrase: QA-40 F3 #5).
func clauseQuote(text string, sp quiz.Span) string {
	w, cutLeft, cutRight := widenToClause(text, sp)
	q := quote(text, w)
	if q == "" {
		return quote(text, sp)
	}
	if cutLeft {
		q = "…" + q
	}
	if cutRight {
		q += "…"
	}
	return q
}

// FlagQuote is clauseQuote for a red flag's match.
func FlagQuote(text string, sp quiz.Span) string { return clauseQuote(text, sp) }

// widenToClause returns sp widened over whole words, alternately on the
// left and on the right, stopping on each side at the end of a sentence
// or clause (. ! ? ; : before a space, or a line break) and before the whole passes
// maxQuote bytes. A colon stops it on the left only: what follows a colon
// is what the words before it announce ("Redlock fixes it: with five
// masters two clients can never hold the lock"), so a match before the
// colon is quoted with the claim after it, where stopping there quoted
// the announcement alone (QA-40 F2 #2). cutLeft and cutRight report a
// side that stopped at maxQuote with words of the clause left over.
func widenToClause(text string, sp quiz.Span) (w quiz.Span, cutLeft, cutRight bool) {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return sp, false, false
	}
	blank := func(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }
	// A mark ends a clause only where it closes a word and a space or a
	// line break follows it: "p99.9" and "lock:job" stay one word, and an
	// SQL placeholder ("id = ? AND") is a word of its own.
	mark := func(i int) bool {
		return i > 0 && !blank(text[i-1]) && (i+1 == len(text) || blank(text[i+1]))
	}
	stop := func(i int) bool {
		switch text[i] {
		case '\n':
			return true
		case '.':
			// the last dot of an ellipsis elides ("UPDATE ... WHERE"), as
			// the grader reads it: it ends no clause (QA-41)
			return mark(i) && text[i-1] != '.'
		case '!', '?', ';':
			return mark(i)
		}
		return false
	}
	// stopLeft is stop, and a colon too: on the left a colon ends the
	// announcement before the words it announces.
	stopLeft := func(i int) bool { return stop(i) || text[i] == ':' && mark(i) }
	// left returns the start of the word before start, or -1 at a stop.
	left := func(start int) int {
		i := start - 1
		for i >= 0 && (text[i] == ' ' || text[i] == '\t') {
			i--
		}
		if i < 0 || stopLeft(i) || blank(text[i]) {
			return -1
		}
		for i >= 0 && !blank(text[i]) && !stopLeft(i) {
			i--
		}
		return i + 1
	}
	// right returns the end of the word after end, or -1 at a stop.
	right := func(end int) int {
		i := end
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i >= len(text) || stop(i) || blank(text[i]) {
			return -1
		}
		for i < len(text) && !blank(text[i]) && !stop(i) {
			i++
		}
		return i
	}
	start, end := sp.Start, sp.End
	for l, r := true, true; l || r; {
		if l {
			if j := left(start); j >= 0 && end-j <= maxQuote {
				start = j
			} else {
				l, cutLeft = false, j >= 0
			}
		}
		if r {
			if j := right(end); j >= 0 && j-start <= maxQuote {
				end = j
			} else {
				r, cutRight = false, j >= 0
			}
		}
	}
	return quiz.Span{Start: start, End: end}, cutLeft, cutRight
}

// quote returns the answer text under sp, or "" when sp does not fit it.
func quote(text string, sp quiz.Span) string {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return ""
	}
	segs := views.Highlight(text, []views.Mark{{Start: sp.Start, End: sp.End, Label: "q"}})
	for _, s := range segs {
		if s.Marked() {
			return strings.TrimSpace(s.Text)
		}
	}
	return ""
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
