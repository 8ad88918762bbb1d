package web

import (
	"strconv"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// scorecardData is a finished round; Peer, for a peer round, its
// interviewer's notes and scores. Interviewer makes the interviewer's copy
// (no dispute forms: disputes are the candidate's).
type scorecardData struct {
	Round       *quiz.Round
	Peer        *store.PeerRound
	Interviewer bool
}

// buildScorecard makes the scorecard of a finished round, from the round's
// turns scored afresh (quiz.Score), so a dispute shows at once.
func buildScorecard(cat *content.Catalog, d scorecardData, now time.Time) views.ScorecardView {
	r := d.Round
	sc := quiz.Score(cat.Questions, cat.FollowUps, r.QuizTurns(), r.Limit)
	v := views.ScorecardView{
		RoundID: r.ID, Started: formatWhen(r.Started, now), StartedISO: r.Started.UTC().Format(time.RFC3339), ModeLabel: roundModeLabel(r), Minutes: int(r.Limit / time.Minute),
		Size: r.Size, ScorePct: quiz.RoundPct(sc.Score), Verdict: string(sc.Verdict), VerdictLabel: sc.Verdict.Label(),
		VerdictClass: verdictClass(sc.Verdict), Reasons: sc.Reasons, Fatal: sc.Fatal, Complete: sc.Complete,
		MarkdownHref: urls.ScorecardMarkdown(r.ID), Interviewer: d.Interviewer,
	}
	if own, ok := graderOwnRound(cat, r.QuizTurns(), r.Limit); ok {
		v.SelfAssessed, v.GraderPct, v.GraderVerdictLabel = true, quiz.RoundPct(own.Score), own.Verdict.Label()
	}
	limit := formatDuration(r.Limit)
	// The scorecard lists the turns in the order asked, as ScoredTurns
	// holds them: the next one's seq names it in a dispute.
	turns := r.ScoredTurns()
	next := 0
	turnView := func(t quiz.TurnScore) views.ScoreTurn {
		st := views.ScoreTurn{Title: t.Title, Answered: t.Done(), Answer: t.Text, ScorePct: views.Pct(t.Score), Used: formatDuration(t.Used), Limit: limit, Overtime: t.Overtime, OvertimePoints: views.Pct(quiz.OvertimePenalty), Interviewer: d.Interviewer}
		if next < len(turns) {
			st.IDPrefix = views.TurnIDPrefix(turns[next].Seq)
			if t.Done() && t.Result != nil && !d.Interviewer {
				st.ContestHref = urls.TurnDisputes(r.ID, turns[next].Seq)
				st.TurnHref = urls.RoundTurn(r.ID, turns[next].Seq)
			}
			next++
		}
		if t.Result != nil {
			tq, _ := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}.Question(t.Turn)
			st.Graded = buildGraded(cat.Questions, tq, t.Text, t.Result)
			st.Corrected = t.Result.SelfAssessed
			if st.Corrected {
				st.GraderPct, st.GraderKnown = graderOwnTurn(cat.Questions, cat.FollowUps, t.Turn, r.Limit)
			}
		}
		return st
	}
	graded := gradedMains(r)
	for i, q := range sc.Questions {
		sq := views.ScoreQuestion{Number: q.Number, Title: q.Title, ScorePct: views.Pct(q.Score), Passed: q.Passed, PracticeHref: urls.Question(q.ID), Main: turnView(q.Main)}
		sq.Main.Graded = quoteFollowUps(sq.Main.Graded, followUpQuotes(cat.Questions, q))
		if i < len(graded) {
			sq.Explain = scoreExplainView(quiz.ExplainEndedQuestion(graded[i], q, r.Limit), "question score", false)
		}
		follows := make([]quiz.Turn, len(q.FollowUps))
		for j, f := range q.FollowUps {
			follows[j] = f.Turn
		}
		corrections := followUpCorrections(cat.Questions, q.ID, q.Main.Result, follows)
		for j, f := range q.FollowUps {
			ft := turnView(f)
			ft.Graded = markCorrected(ft.Graded, corrections[j])
			ft.Unscored = f.FollowUp == quiz.CustomFollowUp
			ft.Explain = scoreExplainView(quiz.ExplainTurn(f, r.Limit), "counted", false)
			sq.FollowUps = append(sq.FollowUps, ft)
		}
		v.Questions = append(v.Questions, sq)
	}
	for _, d := range sc.Dimensions {
		v.Dimensions = append(v.Dimensions, views.ScoreDimension{ID: d.Dimension, Label: quiz.DimensionLabel(d.Dimension), Pct: views.Pct(d.Share()), Made: d.Made, Points: d.Points, Losing: d.Losing})
	}
	v.LosingUnplaced = sc.LosingUnplaced
	for _, st := range sc.Study {
		link := views.StudyLink{Title: st.Title, Reason: st.Reason, PracticeHref: urls.Question(st.Question)}
		if sec, ok := cat.Section(st.Guide); ok {
			link.GuideHref, link.GuideTitle = urls.LearnSection(sec.Slug), sec.Title
		}
		v.Study = append(v.Study, link)
	}
	if d.Peer != nil {
		pc := buildPeerCard(cat, d.Peer)
		v.Peer = &pc
	}
	return v
}

// gradedMains returns the main answers' results as stored, in round order
// (nil for one unanswered): what the grader gave before the scoring
// corrected them with the follow-ups.
func gradedMains(r *quiz.Round) []*quiz.Result {
	var out []*quiz.Result
	for _, t := range r.Turns {
		if t.FollowUp == "" {
			out = append(out, t.Result)
		}
	}
	return out
}

// scoreExplainView is e for a page, nil when there is nothing to explain.
func scoreExplainView(e quiz.ScoreExplanation, finalLabel string, soFar bool) *views.ScoreExplain {
	if !e.Differs() {
		return nil
	}
	v := &views.ScoreExplain{Graded: views.Pct(e.Graded), Final: views.Pct(e.Final), FinalLabel: finalLabel, SoFar: soFar && e.Pending > 0}
	for _, st := range e.Steps {
		v.Steps = append(v.Steps, views.ScoreExplainStep{Kind: st.Kind, Text: st.Text})
	}
	return v
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// graderOwnRound is the round scored as the grader alone scores it: every
// turn the learner corrected graded afresh from its text. ok is false when
// no turn was corrected, so the verdict is the grader's own; a headline
// resting on self-assessed ticks says so, with this beside it (QA-32 #5).
func graderOwnRound(cat *content.Catalog, turns []quiz.Turn, limit time.Duration) (quiz.Scorecard, bool) {
	corrected := false
	own := make([]quiz.Turn, len(turns))
	rules := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}
	for i, t := range turns {
		own[i] = t
		if t.Result == nil || !t.Result.SelfAssessed || !t.Done() {
			continue
		}
		q, err := rules.Question(t)
		if err != nil {
			continue
		}
		corrected = true
		res := cat.Questions.Grade(q, quiz.Answer{Text: t.Text})
		own[i].Result = &res
	}
	if !corrected {
		return quiz.Scorecard{}, false
	}
	return quiz.Score(cat.Questions, cat.FollowUps, own, limit), true
}
