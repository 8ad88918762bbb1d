package web

import (
	"fmt"
	"strconv"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// roundsIndexData is what /rounds shows: the learner's rounds, newest
// first, the start form's choices and why a start was refused.
type roundsIndexData struct {
	Rounds []store.RoundSummary
	// Interviewed are the peer rounds the learner interviewed.
	Interviewed []store.RoundSummary
	// Scored is, by round id, the scorecard of a finished round (theirs
	// or one they interviewed), as its scorecard page computes it from
	// the turns; a round missing from it shows its stored score.
	Scored map[string]quiz.Scorecard
	// GraderOwn is, by round id, the grader's own scorecard of a finished
	// round (theirs or one they interviewed) whose verdict rests on the
	// candidate's corrections.
	GraderOwn map[string]quiz.Scorecard
	Config    quiz.RoundConfig
	Error     string
}

// buildRoundsIndex makes /rounds: the start form, the round to resume and
// the history with its trend.
func buildRoundsIndex(cat *content.Catalog, d roundsIndexData, now time.Time) views.RoundsIndexView {
	cfg := d.Config
	v := views.RoundsIndexView{Error: d.Error, Available: len(cat.Questions.ByKind(quiz.KindFreeText)),
		GraceSeconds: int(quiz.Grace / time.Second), OvertimePoints: views.Pct(quiz.OvertimePenalty), StartHref: urls.Rounds()}
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
		{Value: modePeer, Label: peerModeLabel, Hint: "Another learner interviews you, with the rubric and the grader's live ticks on their screen; you get a link to send them.", Checked: cfg.Mode == modePeer},
	}
	for _, r := range d.Rounds {
		row := views.RoundRow{
			ID: r.ID, Started: formatWhen(r.Started, now), StartedISO: r.Started.Format(time.RFC3339), ModeLabel: modeLabel(r.Mode),
			Size: r.Size, Minutes: int(r.Limit / time.Minute), Finished: !r.Finished.IsZero(),
			Progress: fmt.Sprintf("%d of %d questions answered", r.MainsAnswered, r.Size),
		}
		if r.Peer {
			row.ModeLabel = peerModeLabel
		}
		if row.Finished {
			row.Href = urls.Scorecard(r.ID)
			score, verdict := roundScore(r, d.Scored)
			row.ScorePct, row.VerdictLabel, row.VerdictClass = quiz.RoundPct(score), verdict.Label(), verdictClass(verdict)
			if own, ok := d.GraderOwn[r.ID]; ok {
				row.SelfAssessed, row.GraderPct, row.GraderVerdictLabel = true, quiz.RoundPct(own.Score), own.Verdict.Label()
			}
		} else {
			row.Href = urls.Round(r.ID)
			if v.Resume == nil {
				resume := row
				v.Resume = &resume
			}
		}
		v.History = append(v.History, row)
	}
	v.Trend = roundTrend(d.Rounds, d.Scored, d.GraderOwn)
	for _, r := range d.Interviewed {
		row := views.RoundRow{
			ID: r.ID, Started: formatWhen(r.Started, now), StartedISO: r.Started.Format(time.RFC3339), ModeLabel: "You interviewed",
			Size: r.Size, Minutes: int(r.Limit / time.Minute), Finished: !r.Finished.IsZero(), Href: urls.Peer(r.ID),
			Progress: fmt.Sprintf("%d of %d questions answered", r.MainsAnswered, r.Size),
		}
		if row.Finished {
			row.Href = urls.PeerScorecard(r.ID)
			score, verdict := roundScore(r, d.Scored)
			row.ScorePct, row.VerdictLabel, row.VerdictClass = quiz.RoundPct(score), verdict.Label(), verdictClass(verdict)
			if own, ok := d.GraderOwn[r.ID]; ok {
				row.SelfAssessed, row.GraderPct, row.GraderVerdictLabel = true, quiz.RoundPct(own.Score), own.Verdict.Label()
			}
		}
		v.Interviewed = append(v.Interviewed, row)
	}
	return v
}

// roundTrend lists the finished rounds, oldest first, for the history's
// chart (views.NewRoundTrend lays it out); nil when none has finished. A
// round whose score rests on the learner's corrections (own holds the
// grader's own scorecard) is marked self-assessed, as the table marks it
// (QA-52 L5).
func roundTrend(rounds []store.RoundSummary, scored, own map[string]quiz.Scorecard) *views.RoundTrend {
	var done []views.TrendRound
	for i := len(rounds) - 1; i >= 0; i-- {
		if r := rounds[i]; !r.Finished.IsZero() {
			score, verdict := roundScore(r, scored)
			_, self := own[r.ID]
			done = append(done, views.TrendRound{Started: r.Started, Score: score, Verdict: verdict.Label(), Class: verdictClass(verdict), SelfAssessed: self})
		}
	}
	return views.NewRoundTrend(done, quiz.HireMark)
}

// roundScore is the score and verdict of finished round r as its
// scorecard shows them: from scored when it is there, else as stored.
func roundScore(r store.RoundSummary, scored map[string]quiz.Scorecard) (float64, quiz.Verdict) {
	if sc, ok := scored[r.ID]; ok {
		return sc.Score, sc.Verdict
	}
	return r.Score, r.Verdict
}

// roundModeLabel names the kind of round r is, for its pages, the history
// and the export: a peer round is a "Peer interview", not a solo one.
func roundModeLabel(r *quiz.Round) string {
	if r.Peer != nil {
		return peerModeLabel
	}
	return modeLabel(r.Mode)
}

// peerModeLabel names a peer round wherever rounds are listed or shown.
const peerModeLabel = "Peer interview"

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
