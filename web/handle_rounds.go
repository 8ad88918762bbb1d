package web

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"
)

// handleRoundsIndex handles "GET /rounds": the start form, a resume link
// for a round in progress, and the history with its trend.
func (s *Server) handleRoundsIndex(c echo.Context) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	return s.renderRoundsIndex(c, http.StatusOK, learner, quiz.RoundConfig{Size: quiz.DefaultRoundSize, Limit: quiz.DefaultTimeLimit, Mode: quiz.ModeInterview}, "")
}

func (s *Server) renderRoundsIndex(c echo.Context, status int, learner string, cfg quiz.RoundConfig, msg string) error {
	rounds, err := s.store.Rounds(c.Request().Context(), learner)
	if err != nil {
		return err
	}
	v := views.RoundsIndexView{Error: msg, Available: len(s.cat.Questions.ByKind(quiz.KindFreeText)),
		GraceSeconds: int(quiz.Grace / time.Second), OvertimePoints: views.Pct(quiz.OvertimePenalty)}
	for _, n := range quiz.RoundSizes() {
		v.Sizes = append(v.Sizes, views.RoundOption{Value: strconv.Itoa(n), Label: fmt.Sprintf("%d questions", n), Checked: n == cfg.Size})
	}
	for _, d := range quiz.TimeLimits() {
		m := int(d / time.Minute)
		v.Limits = append(v.Limits, views.RoundOption{Value: strconv.Itoa(m), Label: fmt.Sprintf("%d minutes", m), Checked: d == cfg.Limit})
	}
	v.Modes = []views.RoundOption{
		{Value: string(quiz.ModeInterview), Label: modeLabel(quiz.ModeInterview), Hint: "No feedback until the scorecard, as in a real interview.", Checked: cfg.Mode == quiz.ModeInterview},
		{Value: string(quiz.ModeCoached), Label: modeLabel(quiz.ModeCoached), Hint: "Feedback after each answer, before the next question.", Checked: cfg.Mode == quiz.ModeCoached},
	}
	now := s.now()
	for _, r := range rounds {
		row := views.RoundRow{
			ID: r.ID, Started: formatWhen(r.Started, now), StartedISO: r.Started.Format(time.RFC3339), ModeLabel: modeLabel(r.Mode),
			Size: r.Size, Minutes: int(r.Limit / time.Minute), Finished: !r.Finished.IsZero(),
			Progress: fmt.Sprintf("%d of %d questions answered", r.MainsAnswered, r.Size),
		}
		if row.Finished {
			row.Href = "/rounds/" + r.ID + "/scorecard"
			row.ScorePct, row.VerdictLabel, row.VerdictClass = views.Pct(r.Score), r.Verdict.Label(), verdictClass(r.Verdict)
		} else {
			row.Href = "/rounds/" + r.ID
			if v.Resume == nil {
				resume := row
				v.Resume = &resume
			}
		}
		v.History = append(v.History, row)
	}
	v.Trend = roundTrend(rounds)
	p := s.page(c, "Mock interview round", "rounds")
	p.Description = "Timed mock interview rounds on distributed locking, with follow-ups on what you left out and a scorecard."
	return render(c, status, views.RoundsIndex(p, v))
}

// handleRoundStart handles "POST /rounds": it draws the questions, weighted
// by the learner's practice history, and stores the round.
func (s *Server) handleRoundStart(c echo.Context) error {
	cfg := quiz.RoundConfig{Mode: quiz.Mode(c.FormValue("mode"))}
	size, serr := strconv.Atoi(c.FormValue("questions"))
	mins, merr := strconv.Atoi(c.FormValue("minutes"))
	cfg.Size, cfg.Limit = size, time.Duration(mins)*time.Minute
	err := cfg.Validate()
	switch {
	case serr != nil:
		err = errors.New("questions: choose 3 or 5")
	case merr != nil:
		err = errors.New("minutes: choose 2, 4, 6 or 8 minutes")
	}
	if err != nil {
		learner, lerr := s.learnerID(c)
		if lerr != nil {
			return lerr
		}
		def := quiz.RoundConfig{Size: quiz.DefaultRoundSize, Limit: quiz.DefaultTimeLimit, Mode: quiz.ModeInterview}
		return s.renderRoundsIndex(c, http.StatusUnprocessableEntity, learner, def, "The round was not started: "+err.Error()+".")
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	stats, err := s.questionStats(c, learner)
	if err != nil {
		return err
	}
	seed := randomSeed()
	ids := quiz.Draw(s.cat.Questions.ByKind(quiz.KindFreeText), stats, cfg.Size, seed)
	if len(ids) < cfg.Size {
		return echo.NewHTTPError(http.StatusServiceUnavailable, "There are not enough interview questions to start a round yet.")
	}
	id, err := s.store.CreateRound(c.Request().Context(), learner, store.NewRound{Mode: cfg.Mode, Limit: cfg.Limit, Seed: seed, Questions: ids, Started: s.now()})
	if err != nil {
		return err
	}
	return s.seeOther(c, "/rounds/"+id, "")
}

// questionStats gathers what the learner's practice says about each
// question, for weighting the draw: the latest score, and the review card's
// due state and retrievability.
func (s *Server) questionStats(c echo.Context, learner string) (map[string]quiz.QuestionStat, error) {
	ctx := c.Request().Context()
	latest, err := s.store.LatestAttempts(ctx, learner)
	if err != nil {
		return nil, err
	}
	cards, err := s.store.Cards(ctx, learner)
	if err != nil {
		return nil, err
	}
	now := s.now()
	stats := map[string]quiz.QuestionStat{}
	for id, a := range latest {
		stats[id] = quiz.QuestionStat{Attempts: 1, Score: a.Score}
	}
	for _, ce := range cards {
		st := stats[ce.Question]
		if st.Attempts == 0 {
			st.Attempts = 1
		}
		st.Due = quiz.IsDue(ce.Card, now)
		st.Retrievability = quiz.Retrievability(ce.Card, now)
		stats[ce.Question] = st
	}
	return stats, nil
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// round loads the requesting learner's round named in the URL. A visitor,
// a malformed id and someone else's round are all 404.
func (s *Server) round(c echo.Context) (string, *store.Round, error) {
	learner, err := s.learnerID(c)
	if err != nil {
		return "", nil, err
	}
	id := c.Param("id")
	if learner == "" || !store.ValidID(id) {
		return "", nil, store.ErrNotFound
	}
	r, err := s.store.Round(c.Request().Context(), learner, id)
	return learner, r, err
}

// handleRoundShow handles "GET /rounds/:id": the current question, whose
// clock starts the first time it is shown. A HEAD (a link checker, a
// prefetch carrying the learner's cookie) gets the same headers but
// changes nothing, so it never starts the clock.
func (s *Server) handleRoundShow(c echo.Context) error {
	learner, r, err := s.round(c)
	if err != nil {
		return err
	}
	if !r.Finished.IsZero() {
		return c.Redirect(http.StatusSeeOther, "/rounds/"+r.ID+"/scorecard")
	}
	cur, ok := r.Current()
	if !ok {
		// Every answer is in but the round was not closed (the server
		// stopped in between). Closing writes, so it waits for the
		// learner's POST.
		p := s.page(c, "Round complete", "rounds")
		return render(c, http.StatusOK, views.RoundComplete(p, views.RoundCompleteView{RoundID: r.ID, Size: r.Size}))
	}
	if cur.Shown.IsZero() {
		cur.Shown = s.now()
		if !isHead(c) {
			if err := s.store.MarkShown(c.Request().Context(), learner, r.ID, cur.Seq, cur.Shown); err != nil {
				return err
			}
		}
	}
	return s.renderRoundPlay(c, http.StatusOK, r, cur, "", "")
}

func (s *Server) renderRoundPlay(c echo.Context, status int, r *store.Round, cur store.RoundTurn, answer, msg string) error {
	q, err := s.turnQuestion(cur.Turn)
	if err != nil {
		return err
	}
	deadline := quiz.Deadline(cur.Shown, r.Limit)
	now := s.now()
	v := views.RoundPlayView{
		RoundID: r.ID, Seq: cur.Seq, QuestionID: cur.Question, FollowUpID: cur.FollowUp, Number: store.MainNumber(cur.Seq), Size: r.Size, FollowUp: cur.FollowUp != "",
		Title: q.Title, PromptHTML: q.Prompt.HTML, ModeLabel: modeLabel(r.Mode),
		Deadline: deadline.UTC().Format("15:04:05") + " UTC", DeadlineISO: deadline.UTC().Format(time.RFC3339),
		RemainingMS: max(deadline.Sub(now).Milliseconds(), 0), Minutes: int(r.Limit / time.Minute),
		Overdue: quiz.Overtime(cur.Shown, now, r.Limit), Answer: answer, Error: msg, MaxChars: quiz.MaxAnswerChars,
		Coached: r.Mode == quiz.ModeCoached,
	}
	if v.FollowUp {
		if mq, ok := s.cat.Questions.ByID(cur.Question); ok {
			v.MainTitle = mq.Title
		}
	}
	p := s.page(c, fmt.Sprintf("Question %d of %d", v.Number, v.Size), "rounds")
	p.Scripts = []string{"js/round.js"}
	return render(c, status, views.RoundPlay(p, v))
}

// replanAfterFollowUps is called as the follow-up cur is answered. It
// returns the main questions of r still to come (not yet shown) whose topic
// a follow-up of this round has now probed (cur or one answered before):
// the interviewer does not come back to a topic they have just drilled
// (quiz.Replan). It maps each changed turn's seq to the question it asks
// instead.
func (s *Server) replanAfterFollowUps(c echo.Context, learner string, r *store.Round, cur store.RoundTurn) (map[int]string, error) {
	probed := map[string]bool{}
	note := func(id string) {
		if f, ok := s.cat.FollowUps.ByID(id); ok && f.Probe != nil {
			probed[f.Probe.Topic] = true
		}
	}
	var used, upcoming []string
	var upSeqs []int
	note(cur.FollowUp)
	for _, t := range r.Turns {
		if t.FollowUp != "" {
			if t.Done() {
				note(t.FollowUp)
			}
			continue
		}
		used = append(used, t.Question)
		if t.Seq > cur.Seq && t.Shown.IsZero() && !t.Done() {
			upcoming = append(upcoming, t.Question)
			upSeqs = append(upSeqs, t.Seq)
		}
	}
	if len(probed) == 0 || len(upcoming) == 0 {
		return nil, nil
	}
	stats, err := s.questionStats(c, learner)
	if err != nil {
		return nil, err
	}
	next := quiz.Replan(s.cat.Questions.ByKind(quiz.KindFreeText), stats, upcoming, used, probed, r.Seed+uint64(cur.Seq))
	var out map[int]string
	for i, id := range next {
		if id != upcoming[i] {
			if out == nil {
				out = map[int]string{}
			}
			out[upSeqs[i]] = id
		}
	}
	return out, nil
}

// redundantFollowUps returns the seqs of the follow-ups still queued after
// cur's main question that its answers so far (the main answer, the
// follow-ups answered, and text, the answer to cur) already cover, so the
// interviewer does not ask about what the candidate has just explained.
func (s *Server) redundantFollowUps(r *store.Round, cur store.RoundTurn, text string) []int {
	main, ok := s.cat.Questions.ByID(cur.Question)
	if !ok {
		return nil
	}
	var earlier []string
	var drop []int
	for _, t := range r.Turns {
		if store.MainNumber(t.Seq) != store.MainNumber(cur.Seq) {
			continue
		}
		switch {
		case t.Seq == cur.Seq:
			earlier = append(earlier, text)
		case t.Done():
			earlier = append(earlier, t.Text)
		case t.Seq > cur.Seq && t.FollowUp != "":
			f, ok := s.cat.FollowUps.ByID(t.FollowUp)
			if ok && !s.cat.FollowUps.StillDue(s.cat.Questions, main, f, earlier) {
				drop = append(drop, t.Seq)
			}
		}
	}
	return drop
}

// turnQuestion returns the question a turn is graded as: the main question,
// or the follow-up's probe.
func (s *Server) turnQuestion(t quiz.Turn) (*quiz.Question, error) {
	if t.FollowUp != "" {
		f, ok := s.cat.FollowUps.ByID(t.FollowUp)
		if !ok {
			return nil, fmt.Errorf("round turn: unknown follow-up %q", t.FollowUp)
		}
		return f.Probe, nil
	}
	q, ok := s.cat.Questions.ByID(t.Question)
	if !ok {
		return nil, fmt.Errorf("round turn: unknown question %q", t.Question)
	}
	return q, nil
}

// handleRoundAnswer handles "POST /rounds/:id/answer". The form names the
// turn it answers (seq), so a stale or resubmitted form is recognised: the
// same answer sent twice is recorded once, an answer to any question but
// the current one is refused.
func (s *Server) handleRoundAnswer(c echo.Context) error {
	learner, r, err := s.round(c)
	if err != nil {
		return err
	}
	now := s.now()
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, `The field "seq" must name the question you are answering.`)
	}
	text := c.FormValue("answer")
	turn, exists := r.Turn(seq)
	if exists && turn.Done() {
		if turn.Text == text {
			return s.afterAnswer(c, r, seq, "Your answer had already been recorded; it was not counted twice.")
		}
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Question %d of this round was already answered, and that answer is kept. Go back to the round to continue with the current question.", store.MainNumber(seq)))
	}
	if !r.Finished.IsZero() {
		return echo.NewHTTPError(http.StatusConflict, "This round is over, so it takes no more answers. Its scorecard is on the rounds page.")
	}
	cur, ok := r.Current()
	if !exists || !ok || cur.Seq != seq {
		msg := "That is not the current question of this round, so the answer was not recorded."
		if ok {
			msg += fmt.Sprintf(" The current one is question %d: go back to the round to answer it.", store.MainNumber(cur.Seq))
		}
		return echo.NewHTTPError(http.StatusConflict, msg)
	}
	q, err := s.turnQuestion(cur.Turn)
	if err != nil {
		return err
	}
	ans := quiz.Answer{Text: text}
	if err := ans.Validate(q); err != nil {
		if cur.Shown.IsZero() {
			cur.Shown = now
		}
		return s.renderRoundPlay(c, http.StatusUnprocessableEntity, r, cur, text, capitalise(err.Error())+". Your text is kept below; the clock is still running.")
	}
	res := s.cat.Questions.Grade(q, ans)
	var follow []string
	var drop []int
	var replace map[int]string
	if cur.FollowUp == "" {
		for _, f := range s.cat.FollowUps.Select(q, text, res) {
			follow = append(follow, f.ID)
		}
	} else {
		drop = s.redundantFollowUps(r, cur, text)
		if replace, err = s.replanAfterFollowUps(c, learner, r, cur); err != nil {
			return err
		}
	}
	err = s.store.AnswerTurn(c.Request().Context(), learner, r.ID, store.TurnAnswer{Seq: seq, Text: text, Result: res, At: now, FollowUps: follow, Drop: drop, Replace: replace})
	switch {
	case errors.Is(err, store.ErrTurnAnswered):
		// A double submit raced this one and won: the answer is in.
		return s.afterAnswer(c, r, seq, "Your answer had already been recorded; it was not counted twice.")
	case errors.Is(err, store.ErrTurnNotCurrent), errors.Is(err, store.ErrRoundFinished):
		return echo.NewHTTPError(http.StatusConflict, "That question is no longer the current one, so the answer was not recorded. Go back to the round to continue.")
	case err != nil:
		return err
	}
	return s.afterAnswer(c, r, seq, "")
}

// afterAnswer sends the learner on after turn seq was answered: to its
// feedback in coached mode, otherwise to the next question or, when none is
// left, to the scorecard (closing the round first).
func (s *Server) afterAnswer(c echo.Context, r *store.Round, seq int, flash string) error {
	learner, fresh, err := s.round(c)
	if err != nil {
		return err
	}
	if _, more := fresh.Current(); !more && fresh.Finished.IsZero() {
		if err := s.finishRound(c, learner, fresh); err != nil {
			return err
		}
		if flash == "" {
			flash = "Round complete. Here is your scorecard."
		}
	}
	if fresh.Mode == quiz.ModeCoached {
		return s.seeOther(c, fmt.Sprintf("/rounds/%s/turns/%d", r.ID, seq), flash)
	}
	if _, more := fresh.Current(); !more {
		return s.seeOther(c, "/rounds/"+r.ID+"/scorecard", flash)
	}
	return s.seeOther(c, "/rounds/"+r.ID, flash)
}

// finishRound scores the round and closes it; the same transaction feeds
// each main answer into spaced review as a rated practice attempt
// (quiz.RoundReview decides what each feeds). The score comes from the
// turns the store reads inside that transaction, not from r, so an answer
// that lands between the handler's read and the close is scored as well.
// Finishing a closed round does nothing. Only POST handlers call it: a GET
// never changes a round.
func (s *Server) finishRound(c echo.Context, learner string, r *store.Round) error {
	at := s.now()
	_, err := s.store.FinishRound(c.Request().Context(), learner, r.ID, func(fresh *store.Round) store.RoundFinish {
		sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, fresh.QuizTurns(), fresh.Limit)
		return store.RoundFinish{Score: sc.Score, Verdict: sc.Verdict, At: at, Review: quiz.RoundReview(s.cat.Questions, sc)}
	})
	return err
}

// handleRoundFinish handles "POST /rounds/:id/finish": the learner ends the
// round early; unanswered questions score zero.
func (s *Server) handleRoundFinish(c echo.Context) error {
	learner, r, err := s.round(c)
	if err != nil {
		return err
	}
	if r.Finished.IsZero() {
		if err := s.finishRound(c, learner, r); err != nil {
			return err
		}
	}
	return s.seeOther(c, "/rounds/"+r.ID+"/scorecard", "Round ended. Questions not answered scored zero.")
}

// handleRoundTurn handles "GET /rounds/:id/turns/:seq": the feedback on one
// answer, shown between questions in coached mode (and, in interview mode,
// only once the round is over).
func (s *Server) handleRoundTurn(c echo.Context) error {
	_, r, err := s.round(c)
	if err != nil {
		return err
	}
	seq, err := strconv.Atoi(c.Param("seq"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	t, ok := r.Turn(seq)
	if !ok || !t.Done() {
		return echo.NewHTTPError(http.StatusNotFound, "That question of the round has no answer yet.")
	}
	if r.Mode == quiz.ModeInterview && r.Finished.IsZero() {
		return echo.NewHTTPError(http.StatusForbidden, "In interview mode the feedback waits for the scorecard at the end of the round.")
	}
	q, err := s.turnQuestion(t.Turn)
	if err != nil {
		return err
	}
	ts := quiz.Score(s.cat.Questions, s.cat.FollowUps, []quiz.Turn{t.Turn}, r.Limit).Questions[0].Main
	v := views.RoundFeedbackView{
		RoundID: r.ID, Number: store.MainNumber(seq), Size: r.Size, FollowUp: t.FollowUp != "", Title: q.Title,
		ScorePct: views.Pct(ts.Score), Passed: ts.Passed, Fatal: t.Result.Fatal,
		Overtime: ts.Overtime, OvertimePoints: views.Pct(quiz.OvertimePenalty), Used: formatDuration(ts.Used), Answer: t.Text, Graded: buildGraded(s.cat.Questions, t.Text, t.Result),
		ModelAnswerHTML: q.ModelAnswer.HTML, ContestHref: turnDisputeURL(r.ID, seq), Corrected: t.Result.SelfAssessed,
	}
	for _, o := range r.Turns {
		if o.Seq > seq && store.MainNumber(o.Seq) == store.MainNumber(seq) && o.FollowUp != "" && t.FollowUp == "" {
			v.Queued++
		}
	}
	if cur, more := r.Current(); more && r.Finished.IsZero() {
		v.NextHref = "/rounds/" + r.ID
		v.NextLabel = fmt.Sprintf("Next: question %d of %d", store.MainNumber(cur.Seq), r.Size)
		if cur.FollowUp != "" {
			v.NextLabel = "Next: the interviewer's follow-up"
		}
	} else {
		v.NextHref, v.NextLabel = "/rounds/"+r.ID+"/scorecard", "See the scorecard"
	}
	p := s.page(c, "Feedback: "+q.Title, "rounds")
	return render(c, http.StatusOK, views.RoundFeedback(p, v))
}

// handleRoundScorecard handles "GET /rounds/:id/scorecard".
func (s *Server) handleRoundScorecard(c echo.Context) error {
	_, r, err := s.round(c)
	if err != nil {
		return err
	}
	if r.Finished.IsZero() {
		return s.seeOther(c, "/rounds/"+r.ID, "The scorecard is ready when the round ends. Here is your current question.")
	}
	v := s.scorecardView(r)
	p := s.page(c, "Scorecard", "rounds")
	return render(c, http.StatusOK, views.Scorecard(p, v))
}

func (s *Server) scorecardView(r *store.Round) views.ScorecardView {
	sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit)
	v := views.ScorecardView{
		RoundID: r.ID, Started: formatWhen(r.Started, s.now()), StartedISO: r.Started.UTC().Format(time.RFC3339), ModeLabel: modeLabel(r.Mode), Minutes: int(r.Limit / time.Minute),
		Size: r.Size, ScorePct: views.Pct(sc.Score), Verdict: string(sc.Verdict), VerdictLabel: sc.Verdict.Label(),
		VerdictClass: verdictClass(sc.Verdict), Reasons: sc.Reasons, Fatal: sc.Fatal, Complete: sc.Complete,
		MarkdownHref: "/rounds/" + r.ID + "/scorecard.md",
	}
	limit := formatDuration(r.Limit)
	// The scorecard lists the turns in the order asked, as r.Turns holds
	// them: the next one's seq names it in a dispute.
	next := 0
	turnView := func(t quiz.TurnScore) views.ScoreTurn {
		st := views.ScoreTurn{Title: t.Title, Answered: t.Done(), Answer: t.Text, ScorePct: views.Pct(t.Score), Used: formatDuration(t.Used), Limit: limit, Overtime: t.Overtime, OvertimePoints: views.Pct(quiz.OvertimePenalty)}
		if next < len(r.Turns) {
			if t.Done() && t.Result != nil {
				st.ContestHref = turnDisputeURL(r.ID, r.Turns[next].Seq)
			}
			next++
		}
		if t.Result != nil {
			st.Graded = buildGraded(s.cat.Questions, t.Text, t.Result)
			st.Corrected = t.Result.SelfAssessed
		}
		return st
	}
	for _, q := range sc.Questions {
		sq := views.ScoreQuestion{Number: q.Number, Title: q.Title, ScorePct: views.Pct(q.Score), Passed: q.Passed, PracticeHref: "/practice/" + q.ID, Main: turnView(q.Main)}
		for _, f := range q.FollowUps {
			sq.FollowUps = append(sq.FollowUps, turnView(f))
		}
		v.Questions = append(v.Questions, sq)
	}
	for _, d := range sc.Dimensions {
		v.Dimensions = append(v.Dimensions, views.ScoreDimension{ID: d.Dimension, Label: quiz.DimensionLabel(d.Dimension), Pct: views.Pct(d.Share()), Hit: trimFloat(d.Hit), Total: trimFloat(d.Total)})
	}
	for _, st := range sc.Study {
		link := views.StudyLink{Title: st.Title, Reason: st.Reason, PracticeHref: "/practice/" + st.Question}
		if sec, ok := s.cat.Section(st.Guide); ok {
			link.GuideHref, link.GuideTitle = "/learn/"+sec.Slug, sec.Title
		}
		v.Study = append(v.Study, link)
	}
	return v
}

// handleRoundMarkdown handles "GET /rounds/:id/scorecard.md": the scorecard
// as a Markdown file to keep or share.
func (s *Server) handleRoundMarkdown(c echo.Context) error {
	_, r, err := s.round(c)
	if err != nil {
		return err
	}
	if r.Finished.IsZero() {
		return echo.NewHTTPError(http.StatusConflict, "The round is still in progress; its scorecard can be exported once it ends.")
	}
	md := scorecardMarkdown(s.scorecardView(r), r.Started)
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="lockdrill-round-%s.md"`, r.Started.UTC().Format("2006-01-02-1504")))
	h.Set(echo.HeaderCacheControl, "no-store")
	return c.Blob(http.StatusOK, "text/markdown; charset=utf-8", []byte(md))
}

// scorecardMarkdown writes the scorecard as Markdown. The learner's answers
// are quoted line by line and escaped (markdownQuote) so their text cannot
// break the document's structure or bring HTML into it.
func scorecardMarkdown(v views.ScorecardView, started time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# lockdrill mock round: %s (%d %%)\n\n", v.VerdictLabel, v.ScorePct)
	fmt.Fprintf(&b, "Started %s UTC · %d questions · %d minutes per answer · %s\n\n", started.UTC().Format("2006-01-02 15:04"), v.Size, v.Minutes, v.ModeLabel)
	b.WriteString("## Verdict\n\n")
	for _, r := range v.Reasons {
		fmt.Fprintf(&b, "- %s\n", r)
	}
	if len(v.Dimensions) > 0 {
		b.WriteString("\n## By dimension\n\n| Dimension | Points made |\n|---|---|\n")
		for _, d := range v.Dimensions {
			fmt.Fprintf(&b, "| %s | %d %% (%s of %s) |\n", d.Label, d.Pct, d.Hit, d.Total)
		}
	}
	b.WriteString("\n## Answers\n")
	turn := func(t views.ScoreTurn) {
		if !t.Answered {
			b.WriteString("\nNot answered (scored 0).\n")
			return
		}
		fmt.Fprintf(&b, "\nScore %d %% · time used %s of %s", t.ScorePct, t.Used, t.Limit)
		if t.Overtime {
			b.WriteString(" · **overtime**")
		}
		b.WriteString("\n\n")
		for _, h := range t.Graded.Hits() {
			fmt.Fprintf(&b, "- [x] %s\n", h.Label)
		}
		for _, m := range t.Graded.Misses() {
			fmt.Fprintf(&b, "- [ ] %s\n", m.Label)
		}
		for _, f := range t.Graded.Flags {
			if f.Dismissed {
				continue
			}
			fmt.Fprintf(&b, "- Red flag (%s): %s\n", f.Severity, f.Label)
		}
		b.WriteString("\n")
		b.WriteString(markdownQuote(t.Answer))
	}
	for _, q := range v.Questions {
		fmt.Fprintf(&b, "\n### %d. %s (%d %%)\n", q.Number, q.Title, q.ScorePct)
		turn(q.Main)
		for _, f := range q.FollowUps {
			fmt.Fprintf(&b, "\n#### Follow-up: %s\n", f.Title)
			turn(f)
		}
	}
	if len(v.Study) > 0 {
		b.WriteString("\n## What to study next\n\n")
		for _, st := range v.Study {
			fmt.Fprintf(&b, "- **%s**: %s Practise: %s", st.Title, st.Reason, st.PracticeHref)
			if st.GuideHref != "" {
				fmt.Fprintf(&b, " · Read: %s", st.GuideHref)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// roundTrend lists the finished rounds, oldest first, for the history's
// chart (views.NewRoundTrend lays it out); nil when none has finished.
func roundTrend(rounds []store.RoundSummary) *views.RoundTrend {
	var done []views.TrendRound
	for i := len(rounds) - 1; i >= 0; i-- {
		if r := rounds[i]; !r.Finished.IsZero() {
			done = append(done, views.TrendRound{Started: r.Started, Score: r.Score, Verdict: r.Verdict.Label(), Class: verdictClass(r.Verdict)})
		}
	}
	return views.NewRoundTrend(done, quiz.HireMark)
}

func modeLabel(m quiz.Mode) string {
	if m == quiz.ModeCoached {
		return "Coached"
	}
	return "Interview"
}

func verdictClass(v quiz.Verdict) string {
	switch v {
	case quiz.StrongHire, quiz.Hire:
		return "ok"
	case quiz.LeanNo:
		return "warn"
	}
	return "bad"
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// formatDuration prints a duration as minutes and seconds ("3 min 05 s").
func formatDuration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int(d.Round(time.Second) / time.Second)
	if sec < 60 {
		return fmt.Sprintf("%d s", sec)
	}
	return fmt.Sprintf("%d min %02d s", sec/60, sec%60)
}

// markdownEscaper backslash-escapes the ASCII punctuation that can start
// Markdown or HTML (CommonMark lets any ASCII punctuation be escaped), so
// an answer's text shows as typed: no heading, link, emphasis, code span
// or raw HTML of its own.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"#", `\#`, "|", `\|`, "~", `\~`, "!", `\!`, "&", `\&`, "=", `\=`, "+", `\+`, "-", `\-`,
)

// markdownQuote returns text as a Markdown block quote, one "> " line per
// line of text. Every line ending (\r\n, a bare \r or \n, which Markdown
// readers all treat as line breaks) starts a new quoted line, so no line of
// the text can end the quote.
func markdownQuote(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("> ")
		b.WriteString(markdownEscaper.Replace(line))
		b.WriteString("\n")
	}
	return b.String()
}
