package web

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// peerData is a peer round as its interviewer sees it.
type peerData struct {
	Peer *store.PeerRound
}

// buildPeerInterviewer makes the interviewer's screen.
func buildPeerInterviewer(cat *content.Catalog, d peerData, now time.Time) (views.PeerInterviewerView, error) {
	p := d.Peer
	live, err := buildPeerLive(cat, d, now)
	if err != nil {
		return views.PeerInterviewerView{}, err
	}
	v := views.PeerInterviewerView{RoundID: p.Round.ID, Live: live, LiveHref: urls.PeerLive(p.Round.ID), Notes: p.Notes,
		NotesHref: urls.PeerNotes(p.Round.ID), FinishHref: urls.PeerFinish(p.Round.ID), Over: p.Round.Over(), NotesOpen: true}
	if v.Over {
		until := p.Round.Finished.Add(store.NotesGrace)
		v.NotesOpen, v.NotesUntil, v.NotesUntilISO = now.Before(until), formatWhen(until, now), until.UTC().Format(time.RFC3339)
	}
	for _, dim := range quiz.Dimensions() {
		v.Dimensions = append(v.Dimensions, views.PeerScoreRow{ID: dim, Label: quiz.DimensionLabel(dim), Score: p.Scores[dim]})
	}
	return v, nil
}

// buildPeerLive makes the live panel: the turn the candidate is on (or,
// while the round waits, the one just answered), the answer so far graded
// as it stands, the rubric with the grader's ticks and evidence, the red
// flags, and the follow-ups still worth asking.
func buildPeerLive(cat *content.Catalog, d peerData, now time.Time) (views.PeerLiveView, error) {
	p := d.Peer
	r := p.Round
	rules := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}
	v := views.PeerLiveView{State: peerState(p, true), Size: r.Size, AskHref: urls.PeerAsk(r.ID), NextHref: urls.PeerNext(r.ID), ScorecardHref: urls.PeerScorecard(r.ID)}
	var t quiz.RoundTurn
	var text string
	switch cur, ok := r.Current(); {
	case r.Over():
		v.Status, v.Ended = "over", peerEndedBy(p)
		return v, nil
	case r.Waiting():
		last, found := r.LastAnswered()
		if !found {
			return v, errors.New("peer live: waiting with no answer")
		}
		v.Status, t, text = "waiting", last, last.Text
	case ok:
		v.Status, t, v.Typing = "answering", cur, true
		if p.Draft.Seq == cur.Seq {
			text = p.Draft.Text
		}
		if !cur.Shown.IsZero() {
			deadline := quiz.Deadline(cur.Shown, r.Limit)
			v.Shown, v.Deadline, v.DeadlineISO = true, deadline.UTC().Format("15:04:05")+" UTC", deadline.UTC().Format(time.RFC3339)
			v.Overdue = quiz.Overtime(cur.Shown, now, r.Limit)
		}
	default:
		// Every answer is in and the interviewer moved on: the round
		// closes on its next step.
		v.Status = "over"
		return v, nil
	}
	q, err := rules.Question(t.Turn)
	if err != nil {
		return v, err
	}
	v.Number, v.FollowUp, v.Title, v.PromptHTML = quiz.MainNumber(t.Seq), t.FollowUp != "", q.Title, q.Prompt.HTML
	if _, more := r.Current(); more {
		v.NextLabel = "Next question"
	} else {
		v.NextLabel = "End the round: that was the last question"
	}
	asked := 0
	for _, o := range r.Turns {
		if quiz.MainNumber(o.Seq) == quiz.MainNumber(t.Seq) && o.FollowUp != "" {
			asked++
		}
	}
	v.CanAsk = asked < quiz.MaxFollowUps
	var res quiz.Result
	if strings.TrimSpace(text) != "" {
		res = cat.Questions.Grade(q, quiz.Answer{Text: text})
	}
	hit := map[string]quiz.PointResult{}
	for _, pr := range res.Points {
		hit[pr.ID] = pr
	}
	// During a follow-up the rubric keeps what the earlier answers to this
	// question made (graded against it, as the scorecard's recovery does):
	// a strong main answer is not shown as "not yet" (QA-8 Q8-7).
	// A point an earlier follow-up answer made counts as the scorecard's
	// recovery counts it (quiz.Recover): not when that follow-up's own
	// question said it, nor when its answer made a losing claim (QA-52
	// M4: the live rubric showed "made in an earlier answer" for a point
	// the scorecard then marked missed).
	earlier := map[string]bool{}
	if t.FollowUp != "" {
		var main *quiz.Result
		var answers []quiz.FollowUpAnswer
		for _, o := range r.Turns {
			if o.Seq >= t.Seq || quiz.MainNumber(o.Seq) != quiz.MainNumber(t.Seq) || !o.Done() || strings.TrimSpace(o.Text) == "" {
				continue
			}
			if o.FollowUp == "" {
				g := cat.Questions.Grade(q, quiz.Answer{Text: o.Text})
				main = &g
				continue
			}
			answers = append(answers, quiz.FollowUpAnswer{Asked: quiz.FollowUpAsked(cat.FollowUps, o.Turn), Text: o.Text, Typed: o.FollowUp == quiz.CustomFollowUp, For: quiz.FollowUpFor(cat.FollowUps, o.Turn)})
		}
		if main != nil {
			rec := *main
			if len(answers) > 0 {
				rec, _ = quiz.Recover(cat.Questions, q, *main, answers)
			}
			for _, pr := range rec.Points {
				if pr.Hit {
					earlier[pr.ID] = true
				}
			}
		}
	}
	var marks []views.Mark
	for _, pt := range q.Points {
		row := views.PeerPoint{ID: pt.ID, Label: pt.Label, Dimension: quiz.DimensionLabel(pt.Dimension), Core: pt.Core}
		if pr, ok := hit[pt.ID]; ok {
			row.Hit, row.Named = pr.Hit, pr.Named
			if pr.Hit {
				row.Quote = PointQuote(text, pr.Spans)
				for _, sp := range pr.Spans {
					marks = append(marks, views.Mark{Start: sp.Start, End: sp.End, Label: pt.Label})
				}
			}
		}
		if !row.Hit && earlier[pt.ID] {
			row.Hit, row.Earlier = true, true
		}
		v.Points = append(v.Points, row)
	}
	raised := map[string]quiz.FlagResult{}
	for _, f := range res.Flags {
		if !f.Dismissed {
			raised[f.ID] = f
			if !f.SelfReported {
				marks = append(marks, views.Mark{Start: f.Span.Start, End: f.Span.End, Label: "Red flag: " + f.Label, Flag: true})
			}
		}
	}
	// The flags to listen for are the question's own list, as the grader
	// reads it; the rest of the catalog is folded away under it, so the
	// interviewer is not handed every flag in the app (QA-9 Q9-20). A
	// raised flag is always on screen, whichever list it is on.
	relevant := peerRelevantFlags(cat.Questions, q, t.Question)
	for _, f := range cat.Questions.Flags() {
		row := views.PeerFlag{ID: f.ID, Label: f.Label, Severity: string(f.Severity), WhyHTML: cat.Questions.FlagWhyHTML(f.ID), Fatal: f.Severity == quiz.SeverityFatal}
		if fr, ok := raised[f.ID]; ok {
			row.Raised, row.Quote = true, FlagQuote(text, fr.Span)
		}
		if row.Raised || relevant[f.ID] {
			v.Flags = append(v.Flags, row)
		} else {
			v.OtherFlags = append(v.OtherFlags, row)
		}
	}
	if text != "" {
		v.Segments = views.Highlight(text, marks)
	}
	for _, f := range r.Suggest(rules, t, text) {
		v.Suggestions = append(v.Suggestions, views.PeerSuggestion{ID: f.ID, Title: f.Probe.Title, PromptHTML: f.Probe.Prompt.HTML})
	}
	return v, nil
}

// graderBand puts the grader's share of a dimension's points on the
// interviewer's 1-4 scale: below a quarter is 1, from three quarters 4.
func graderBand(share float64) int {
	return min(4, 1+int(math.Floor(share*4+1e-9)))
}

// losingBand is the highest band the grader gives a dimension with a
// standing losing claim against its points.
const losingBand = 2

// buildPeerCard sets the interviewer's scores and notes beside the
// grader's: a dimension where they are two or more steps apart is marked.
func buildPeerCard(cat *content.Catalog, p *store.PeerRound) views.PeerCardView {
	sc := quiz.Score(cat.Questions, cat.FollowUps, p.Round.QuizTurns(), p.Round.Limit)
	share := map[string]float64{}
	graded := map[string]bool{}
	losing := map[string]int{}
	for _, d := range sc.Dimensions {
		share[d.Dimension] = d.Share()
		graded[d.Dimension] = d.Total > 0
		losing[d.Dimension] = d.Losing
	}
	// Deleting the interviewer's data blanks their notes and scores, and
	// the round records it: an imported round has no interviewer either,
	// with whatever they left, which may be nothing (QA-34 F4 #2, QA-35
	// F2 #1).
	scored := false
	for _, n := range p.Scores {
		scored = scored || n != 0
	}
	v := views.PeerCardView{Notes: p.Notes, InterviewerGone: p.NotesFate == store.NotesDeleted && p.Notes == "" && !scored}
	switch {
	case p.Notes != "":
	case v.InterviewerGone:
		v.NoNotes = "None: they were deleted with the interviewer's data."
	case p.Joined.IsZero():
		v.NoNotes = "No interviewer joined this round, so there are no notes."
	case p.NotesFate == store.NotesFateUnknown && !scored:
		v.NoNotes = "None. Either the interviewer left none, or they were deleted with the interviewer's data: this round was recorded before lockdrill kept track of which."
	default:
		v.NoNotes = "The interviewer left no notes."
	}
	for _, dim := range quiz.Dimensions() {
		row := views.PeerDimensionRow{ID: dim, Label: quiz.DimensionLabel(dim), Interviewer: p.Scores[dim], Grader: graderBand(share[dim]), GraderPct: views.Pct(share[dim]), Losing: losing[dim]}
		// A losing claim against a dimension's points holds the grader's
		// band there to 2 of 4 at most, as an interviewer would mark it
		// whatever else was said (QA-51b M3: "4 of 4 (100 %)" beside
		// three safety claims that lose the round).
		if row.Losing > 0 {
			row.Grader = min(row.Grader, losingBand)
		}
		// A dimension no answered question had points of is not a 1 of 4:
		// the grader has no evidence, so it cannot disagree (QA-4 E8).
		row.NoEvidence = !graded[dim]
		if !row.NoEvidence && row.Interviewer != 0 && abs(row.Interviewer-row.Grader) >= 2 {
			row.Disagree = true
			v.Disagreements++
		}
		v.Dimensions = append(v.Dimensions, row)
	}
	return v
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// peerMarkdown is the peer part of the scorecard's Markdown.
func peerMarkdown(v views.PeerCardView) string {
	var b strings.Builder
	b.WriteString("\n## The interviewer's view and the grader's\n\n| Dimension | Interviewer | Grader | Agreement |\n|---|---|---|---|\n")
	for _, d := range v.Dimensions {
		mine := "not scored"
		if d.Interviewer != 0 {
			mine = fmt.Sprintf("%d of 4", d.Interviewer)
		}
		mark := "" // as on the page: nothing to compare when not scored
		grader := fmt.Sprintf("%d of 4 (%d %%)", d.Grader, d.GraderPct)
		if d.Losing > 0 {
			grader = fmt.Sprintf("%d of 4 (%d %%, held down by %d losing claim(s))", d.Grader, d.GraderPct, d.Losing)
		}
		switch {
		case d.NoEvidence:
			grader = "nothing to grade"
		case d.Disagree:
			mark = "**they disagree**"
		case d.Interviewer != 0:
			mark = "close"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", d.Label, mine, grader, mark)
	}
	b.WriteString("\n### The interviewer's notes\n\n")
	if v.InterviewerGone {
		b.WriteString("The interviewer's notes and scores were deleted with their data.\n\n")
	}
	if v.Notes == "" {
		b.WriteString(v.NoNotes + "\n")
	} else {
		b.WriteString(markdownQuote(v.Notes))
	}
	return b.String()
}

// peerRelevantFlags is the set of red flags that belong to the question on
// the interviewer's screen: the ones the grader reads for it when it names
// its own (Bank.FlagsFor). A follow-up that names none is graded against
// every flag; what belongs to it is then its main question's list.
func peerRelevantFlags(bank *quiz.Bank, q *quiz.Question, mainID string) map[string]bool {
	list := q.Flags
	if list == nil {
		if main, ok := bank.ByID(mainID); ok {
			list = main.Flags
		}
	}
	out := map[string]bool{}
	if list == nil {
		// Neither names a list: all of them are the question's.
		for _, f := range bank.FlagsFor(q) {
			out[f.ID] = true
		}
		return out
	}
	for _, id := range list {
		out[id] = true
	}
	return out
}
