package quiz

import (
	"errors"
	"fmt"
	"html"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// A peer round is a round whose interviewer is another learner. The
// candidate's side is the round as always; the differences are the
// interviewer's: after each answer the round waits (PeerState.Waiting)
// until the interviewer asks a follow-up (Ask: one the catalog suggests,
// or their own words) or moves on (Continue); no follow-up is chosen for
// them, and the round ends when the interviewer moves on from the last
// answer or either side ends it.

// CustomFollowUp is the FollowUp of a turn whose question the interviewer
// typed (Turn.Asked): its answer is graded against the main question's
// points.
const CustomFollowUp = "custom"

// MaxAskedChars bounds a follow-up the interviewer types.
const MaxAskedChars = 600

// Errors of the peer rules. Each leaves the round unchanged.
var (
	// ErrWaiting is returned for an answer while the round waits for the
	// interviewer's next step.
	ErrWaiting = errors.New("the interviewer has not asked the next question yet")
	// ErrNotWaiting is returned for an interviewer's step when no answer
	// awaits one.
	ErrNotWaiting = errors.New("no answer is waiting for the interviewer's next step")
	// ErrFollowUpCap is returned for a follow-up past MaxFollowUps.
	ErrFollowUpCap = fmt.Errorf("a main question takes at most %d follow-ups", MaxFollowUps)
	// ErrNotPeer is returned for a peer rule on a solo round.
	ErrNotPeer = errors.New("this round has no interviewer")
)

// PeerState is what a peer round adds to a round's state.
type PeerState struct {
	// Waiting reports that the candidate's last answer awaits the
	// interviewer's next step.
	Waiting bool
}

// Waiting reports whether r is a peer round waiting for its interviewer.
func (r *Round) Waiting() bool { return r.Peer != nil && r.Peer.Waiting && !r.Over() }

// LastAnswered returns the turn answered last (the highest seq answered).
func (r *Round) LastAnswered() (RoundTurn, bool) {
	var last RoundTurn
	ok := false
	for _, t := range r.Turns {
		if t.Done() {
			last, ok = t, true
		}
	}
	return last, ok
}

// customProbe is the question a typed follow-up is graded as: its main
// question, titled with the interviewer's words.
func customProbe(rr RoundRules, t Turn) (*Question, error) {
	main, ok := bankQuestion(rr.Bank, t.Question)
	if !ok {
		return nil, fmt.Errorf("round turn: unknown question %q", t.Question)
	}
	q := *main
	q.Title = t.Asked
	// The title is the interviewer's question; the prompt under it says
	// whose words they are rather than repeating them.
	const whose = "Your interviewer's follow-up, in their own words."
	q.Prompt = Text{Markdown: whose, HTML: "<p>" + html.EscapeString(whose) + "</p>"}
	return &q, nil
}

// Suggest returns the follow-ups the catalog would ask after text as the
// answer to turn t's main question, in priority order, leaving out those
// the main question already had: what is still missing, for the
// interviewer to pick from. Only a main question's answer has
// suggestions.
func (r *Round) Suggest(rr RoundRules, t RoundTurn, text string) []*FollowUp {
	if t.FollowUp != "" {
		// Read the main answer and the follow-up answers so far as one.
		var earlier []string
		for _, o := range r.Turns {
			if MainNumber(o.Seq) == MainNumber(t.Seq) && o.Done() && o.Seq != t.Seq {
				earlier = append(earlier, o.Text)
			}
		}
		text = strings.Join(append(earlier, text), "\n\n")
	}
	q, ok := bankQuestion(rr.Bank, t.Question)
	if !ok || strings.TrimSpace(text) == "" {
		return nil
	}
	asked := map[string]bool{}
	for _, o := range r.Turns {
		if MainNumber(o.Seq) == MainNumber(t.Seq) && o.FollowUp != "" {
			asked[o.FollowUp] = true
		}
	}
	res := rr.Bank.Grade(q, Answer{Text: text})
	var out []*FollowUp
	// Asked and already answered probes are left out before the list is
	// cut to the slots, so they take no slot another probe could have.
	for _, f := range rr.FollowUps.ranked(q, text, res) {
		if len(out) == MaxFollowUps {
			break
		}
		// After a follow-up, as in a solo round, a probe the answers so
		// far already answer is not suggested again.
		if !asked[f.ID] && (t.FollowUp == "" || !answeredAlready(rr, f, []string{text})) {
			out = append(out, f)
		}
	}
	return out
}

// Ask is the interviewer's follow-up to the answer the round waits on:
// followUp names one of rr's follow-ups, or is CustomFollowUp with asked
// the interviewer's own question. The follow-up is queued right after the
// main question's last turn and the round stops waiting. Its rules: only a
// peer round that waits can be asked (ErrNotPeer, ErrNotWaiting,
// ErrRoundFinished); at most MaxFollowUps per main question
// (ErrFollowUpCap); a catalog follow-up once per main question; a typed one
// is not empty and at most MaxAskedChars long.
func (r *Round) Ask(rr RoundRules, followUp, asked string, at time.Time) (RoundChange, error) {
	if err := r.interviewerMayAct(); err != nil {
		return RoundChange{}, err
	}
	last, ok := r.LastAnswered()
	if !ok {
		return RoundChange{}, ErrNotWaiting
	}
	main := MainNumber(last.Seq)
	var mine []RoundTurn
	for _, t := range r.Turns {
		if MainNumber(t.Seq) == main {
			mine = append(mine, t)
		}
	}
	if len(mine)-1 >= MaxFollowUps {
		return RoundChange{}, ErrFollowUpCap
	}
	t := RoundTurn{Seq: mine[len(mine)-1].Seq + 1, Turn: Turn{Question: last.Question}}
	switch followUp {
	case CustomFollowUp:
		asked = strings.TrimSpace(asked)
		if asked == "" {
			return RoundChange{}, &InvalidAnswerError{Err: errors.New("follow-up: type the question to ask")}
		}
		if n := utf8.RuneCountInString(asked); n > MaxAskedChars {
			return RoundChange{}, &InvalidAnswerError{Err: fmt.Errorf("follow-up: %d characters; the limit is %d", n, MaxAskedChars)}
		}
		t.FollowUp, t.Asked = CustomFollowUp, asked
	default:
		f, ok := rr.FollowUps.ByID(followUp)
		if !ok || (f.Question != FollowUpAny && f.Question != last.Question) {
			return RoundChange{}, &InvalidAnswerError{Err: fmt.Errorf("follow-up: %q is not a follow-up of this question", followUp)}
		}
		if slices.ContainsFunc(mine, func(o RoundTurn) bool { return o.FollowUp == followUp }) {
			return RoundChange{}, &InvalidAnswerError{Err: fmt.Errorf("follow-up: %q was asked already", followUp)}
		}
		t.FollowUp = followUp
	}
	wait := false
	return RoundChange{Ask: []RoundTurn{t}, Wait: &wait}, nil
}

// interviewerMayAct is the rule for every step of the interviewer: the
// round is a peer round, not over, and waits on the candidate's answer.
func (r *Round) interviewerMayAct() error {
	switch {
	case r.Peer == nil:
		return ErrNotPeer
	case r.Over():
		return ErrRoundFinished
	case !r.Waiting():
		return ErrNotWaiting
	}
	return nil
}

// Continue is the interviewer moving on from the answer the round waits
// on: the next main question becomes the candidate's, or, when none is
// left, the round finishes at at.
func (r *Round) Continue(rr RoundRules, at time.Time) (RoundChange, error) {
	if err := r.interviewerMayAct(); err != nil {
		return RoundChange{}, err
	}
	wait := false
	c := RoundChange{Wait: &wait}
	if _, more := r.Current(); !more {
		c.Finish = r.Finish(rr, at).Finish
	}
	return c, nil
}
