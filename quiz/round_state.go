package quiz

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The rules of a round in progress live here, as pure methods of Round:
// each takes the time as an argument and returns a RoundChange, the rows
// to write, without writing anything. The store loads a round, calls one
// of them inside its write transaction and applies the change, so the
// rules are checked against the round as it is at that moment, and a
// caller's test can run a whole round as plain calls.

// Errors of Round.Record and Round.Answer. Each leaves the round unchanged.
var (
	// ErrTurnAnswered is returned for a turn that already has an answer:
	// a resubmitted form must not count twice.
	ErrTurnAnswered = errors.New("that question has already been answered")
	// ErrTurnNotCurrent is returned for a turn that is not the round's
	// current one (a later question, or one that does not exist).
	ErrTurnNotCurrent = errors.New("that question is not the current one")
	// ErrRoundFinished is returned when the round is already over.
	ErrRoundFinished = errors.New("the round is over")
)

// InvalidAnswerError is an answer the current question does not accept
// (empty, too long): Err says why, naming the field.
type InvalidAnswerError struct{ Err error }

func (e *InvalidAnswerError) Error() string { return e.Err.Error() }
func (e *InvalidAnswerError) Unwrap() error { return e.Err }

// TurnStride spaces the main questions' seqs so that up to MaxFollowUps
// follow-ups fit after each: main question n (from 0) has seq n*TurnStride
// and its follow-ups the seqs after it.
const TurnStride = 10

// MainNumber returns which main question (from 1) the turn seq belongs to.
func MainNumber(seq int) int { return seq/TurnStride + 1 }

// Round is a mock round with its turns in the order they are asked.
type Round struct {
	ID      string
	Learner string
	Mode    Mode
	Size    int
	Limit   time.Duration
	Seed    uint64
	Started time.Time
	// Finished is zero while the round is in progress; Score and Verdict
	// are set with it.
	Finished time.Time
	Score    float64
	Verdict  Verdict
	Turns    []RoundTurn
	// Peer is set for a peer round, where another learner plays the
	// interviewer and chooses the follow-ups (see round_peer.go).
	Peer *PeerState
}

// RoundTurn is one turn of a round: a main question or a follow-up.
type RoundTurn struct {
	// Seq orders the turns and names a turn in forms.
	Seq int
	Turn
}

// Current returns the first turn without an answer, and false when every
// turn is answered.
func (r *Round) Current() (RoundTurn, bool) {
	for _, t := range r.Turns {
		if !t.Done() {
			return t, true
		}
	}
	return RoundTurn{}, false
}

// Turn returns the turn with the given seq.
func (r *Round) Turn(seq int) (RoundTurn, bool) {
	for _, t := range r.Turns {
		if t.Seq == seq {
			return t, true
		}
	}
	return RoundTurn{}, false
}

// QuizTurns returns the turns as Score scores them: those of ScoredTurns.
func (r *Round) QuizTurns() []Turn {
	return quizTurns(r.ScoredTurns())
}

// ScoredTurns returns the turns of the round as its scorecard lists them.
// Once the round is over, a follow-up that was never shown is left out: it
// was not asked, so it is no question of the round and does not count 0
// in its question's score (QA-34 F4 #3).
func (r *Round) ScoredTurns() []RoundTurn {
	return scoredTurns(r.Turns, r.Over())
}

func scoredTurns(turns []RoundTurn, over bool) []RoundTurn {
	if !over {
		return turns
	}
	out := make([]RoundTurn, 0, len(turns))
	for _, t := range turns {
		if t.FollowUp != "" && t.Shown.IsZero() && !t.Done() {
			continue
		}
		out = append(out, t)
	}
	return out
}

func quizTurns(turns []RoundTurn) []Turn {
	out := make([]Turn, len(turns))
	for i, t := range turns {
		out[i] = t.Turn
	}
	return out
}

// Over reports whether the round is closed.
func (r *Round) Over() bool { return !r.Finished.IsZero() }

// RoundRules is what the rules read besides the round: the bank the
// questions come from, the follow-ups, and the learner's history with each
// question (for replanning; nil means no history).
type RoundRules struct {
	Bank      *Bank
	FollowUps *FollowUps
	Stats     map[string]QuestionStat
}

// Question returns the question turn t is graded as: its main question,
// or the follow-up's probe.
func (rr RoundRules) Question(t Turn) (*Question, error) {
	if t.FollowUp == CustomFollowUp {
		return customProbe(rr, t)
	}
	if t.FollowUp != "" {
		f, ok := rr.FollowUps.ByID(t.FollowUp)
		if !ok {
			return nil, fmt.Errorf("round turn: unknown follow-up %q", t.FollowUp)
		}
		return f.Probe, nil
	}
	q, ok := bankQuestion(rr.Bank, t.Question)
	if !ok {
		return nil, fmt.Errorf("round turn: unknown question %q", t.Question)
	}
	return q, nil
}

// TurnShown starts the clock of turn Seq at At.
type TurnShown struct {
	Seq int
	At  time.Time
}

// AnswerRecord is the answer a change stores on turn Seq.
type AnswerRecord struct {
	Seq    int
	Text   string
	Result Result
	At     time.Time
}

// Replacement makes the main question at Seq, not yet shown, ask Question
// instead.
type Replacement struct {
	Seq      int
	Question string
}

// RoundFinish is how a round ends: its score and verdict, when, and what
// each main answer feeds to spaced review (see RoundReview).
type RoundFinish struct {
	Score   float64
	Verdict Verdict
	At      time.Time
	Review  []ReviewItem
}

// RoundChange is what one step of a round changes, in the order a store
// applies it: show, answer, replacements, drops, new turns, finish. The
// zero value changes nothing.
type RoundChange struct {
	// Show starts a turn's clock (a turn shown once keeps its first time).
	Show *TurnShown
	// Answer records an answer (a turn never shown is taken as shown when
	// the answer arrived).
	Answer *AnswerRecord
	// Replace changes main questions not yet shown (see Replan).
	Replace []Replacement
	// Drop removes follow-ups queued and not yet answered.
	Drop []int
	// Ask adds turns: the follow-ups to ask next, with their seqs.
	Ask []RoundTurn
	// Finish closes the round.
	Finish *RoundFinish
	// Wait sets whether a peer round waits for its interviewer's next
	// step (nil: unchanged).
	Wait *bool
	// Duplicate reports a resubmitted answer that was already recorded:
	// nothing new is written for it (Finish may still close a round whose
	// every answer is in).
	Duplicate bool
}

// Empty reports whether c writes nothing.
func (c RoundChange) Empty() bool {
	return c.Show == nil && c.Answer == nil && len(c.Replace) == 0 && len(c.Drop) == 0 && len(c.Ask) == 0 && c.Finish == nil && c.Wait == nil
}

// Apply returns a copy of r with c applied, as a store applies it: what
// the round looks like once c is written. r is not changed.
func (r *Round) Apply(c RoundChange) *Round {
	out := *r
	out.Turns = slices.Clone(r.Turns)
	if c.Show != nil {
		for i := range out.Turns {
			if t := &out.Turns[i]; t.Seq == c.Show.Seq && t.Shown.IsZero() {
				t.Shown = c.Show.At
			}
		}
	}
	if a := c.Answer; a != nil {
		for i := range out.Turns {
			if t := &out.Turns[i]; t.Seq == a.Seq {
				if t.Shown.IsZero() {
					t.Shown = a.At
				}
				res := a.Result
				t.Answered, t.Text, t.Result = a.At, a.Text, &res
			}
		}
	}
	for _, rp := range c.Replace {
		for i := range out.Turns {
			if t := &out.Turns[i]; t.Seq == rp.Seq && t.FollowUp == "" && t.Shown.IsZero() && !t.Done() {
				t.Question = rp.Question
			}
		}
	}
	if len(c.Drop) > 0 {
		out.Turns = slices.DeleteFunc(out.Turns, func(t RoundTurn) bool {
			return slices.Contains(c.Drop, t.Seq) && t.FollowUp != "" && !t.Done()
		})
	}
	if len(c.Ask) > 0 {
		out.Turns = append(out.Turns, c.Ask...)
		slices.SortStableFunc(out.Turns, func(a, b RoundTurn) int { return a.Seq - b.Seq })
	}
	if f := c.Finish; f != nil && out.Finished.IsZero() {
		out.Finished, out.Score, out.Verdict = f.At, f.Score, f.Verdict
	}
	if c.Wait != nil && out.Peer != nil {
		p := *out.Peer
		p.Waiting = *c.Wait
		out.Peer = &p
	}
	return &out
}

// Show starts the clock of the current turn at at, the first time it is
// shown; a turn already shown keeps its time, and a closed round or one
// whose every answer is in changes nothing.
func (r *Round) Show(at time.Time) RoundChange {
	cur, ok := r.Current()
	if r.Over() || !ok || !cur.Shown.IsZero() || r.Waiting() {
		return RoundChange{}
	}
	return RoundChange{Show: &TurnShown{Seq: cur.Seq, At: at}}
}

// TurnAnswer is a graded answer to one turn and what it sets in motion,
// as Record takes it.
type TurnAnswer struct {
	// Seq names the turn the learner answered.
	Seq  int
	Text string
	// Result is the graded answer.
	Result Result
	// At is when the answer arrived.
	At time.Time
	// FollowUps are the ids of the follow-ups to ask next (for a main
	// question only; at most MaxFollowUps are kept).
	FollowUps []string
	// Drop are the seqs of follow-ups queued after the same main question,
	// not yet answered, that this answer made redundant (see
	// FollowUps.StillDue); only a follow-up's answer drops any.
	Drop []int
	// Replace maps the seqs of main questions not yet shown to the question
	// each is to ask instead (see Replan); a turn shown or answered is left
	// as it is.
	Replace map[int]string
}

// Record checks a graded answer against the round's rules and returns what
// it changes. The rules: a closed round takes no answer (ErrRoundFinished);
// a turn answered already keeps its answer (ErrTurnAnswered); only the
// current turn (the first without an answer) can be answered
// (ErrTurnNotCurrent); a main answer queues at most MaxFollowUps
// follow-ups, right after it; a follow-up's answer may drop the
// follow-ups still queued after the same main question, never another
// question's, and never one answered; a replacement touches only main
// questions after this turn that were never shown. The round is not
// closed here (Answer does that).
func (r *Round) Record(a TurnAnswer) (RoundChange, error) {
	if t, ok := r.Turn(a.Seq); ok && t.Done() {
		return RoundChange{}, ErrTurnAnswered
	}
	if r.Over() {
		return RoundChange{}, ErrRoundFinished
	}
	cur, ok := r.Current()
	if !ok || cur.Seq != a.Seq {
		return RoundChange{}, ErrTurnNotCurrent
	}
	c := RoundChange{Answer: &AnswerRecord{Seq: a.Seq, Text: a.Text, Result: a.Result, At: a.At}}
	for _, seq := range sortedKeys(a.Replace) {
		t, ok := r.Turn(seq)
		if seq <= a.Seq || !ok || t.FollowUp != "" || !t.Shown.IsZero() || t.Done() {
			continue
		}
		c.Replace = append(c.Replace, Replacement{Seq: seq, Question: a.Replace[seq]})
	}
	if cur.FollowUp != "" {
		for _, seq := range a.Drop {
			t, ok := r.Turn(seq)
			if seq <= a.Seq || !ok || MainNumber(seq) != MainNumber(a.Seq) || t.FollowUp == "" || t.Done() || slices.Contains(c.Drop, seq) {
				continue
			}
			c.Drop = append(c.Drop, seq)
		}
		return c, nil
	}
	for i, f := range a.FollowUps {
		if i == MaxFollowUps {
			break
		}
		c.Ask = append(c.Ask, RoundTurn{Seq: a.Seq + 1 + i, Turn: Turn{Question: cur.Question, FollowUp: f}})
	}
	return c, nil
}

func sortedKeys(m map[int]string) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Answer grades text as the answer to turn seq, given at at, and returns
// what it changes: the answer; for a main question, the follow-ups its
// gaps call for, the first MaxFollowUps that fire and were not asked
// earlier in the round; for a follow-up, the follow-ups still
// queued that the answers so far make redundant (FollowUps.StillDue) and
// the main questions to come whose topic a follow-up has now probed
// (Replan); and, when it was the last turn, the finish. The same text sent
// again for an answered turn is a duplicate (Duplicate set, nothing new
// recorded, no error); any other text for it is ErrTurnAnswered. An answer
// the question refuses is an *InvalidAnswerError; the other errors are
// Record's.
func (r *Round) Answer(rr RoundRules, seq int, text string, at time.Time) (RoundChange, error) {
	if t, ok := r.Turn(seq); ok && t.Done() {
		if t.Text != text {
			return RoundChange{}, ErrTurnAnswered
		}
		c := RoundChange{Duplicate: true}
		if _, more := r.Current(); !more && !r.Over() && r.Peer == nil {
			c.Finish = r.Finish(rr, at).Finish
		}
		return c, nil
	}
	if r.Over() {
		return RoundChange{}, ErrRoundFinished
	}
	if r.Waiting() {
		return RoundChange{}, ErrWaiting
	}
	cur, ok := r.Current()
	if !ok || cur.Seq != seq {
		return RoundChange{}, ErrTurnNotCurrent
	}
	q, err := rr.Question(cur.Turn)
	if err != nil {
		return RoundChange{}, err
	}
	ans := Answer{Text: text}
	if err := ans.Validate(q); err != nil {
		return RoundChange{}, &InvalidAnswerError{Err: err}
	}
	res := rr.Bank.Grade(q, ans)
	a := TurnAnswer{Seq: seq, Text: text, Result: res, At: at}
	if r.Peer != nil {
		// The interviewer chooses what comes next (Ask, Continue).
		c, err := r.Record(a)
		if err != nil {
			return RoundChange{}, err
		}
		wait := true
		c.Wait = &wait
		return c, nil
	}
	if cur.FollowUp == "" {
		// A follow-up that any main question can draw is asked once a
		// round: the interviewer does not put the same question twice
		// (QA-33 run 3, #3).
		asked := map[string]bool{}
		for _, t := range r.Turns {
			if t.FollowUp != "" {
				asked[t.FollowUp] = true
			}
		}
		// The ones asked already are left out before the slots are
		// filled, so a slot goes to the next follow-up that fires rather
		// than going unused.
		for _, f := range rr.FollowUps.ranked(q, text, res) {
			if len(a.FollowUps) == MaxFollowUps {
				break
			}
			if !asked[f.ID] {
				a.FollowUps = append(a.FollowUps, f.ID)
			}
		}
	} else {
		a.Drop = r.redundantFollowUps(rr, cur, text)
		a.Replace = r.replanAfterFollowUps(rr, cur)
		// Say so where the learner will read it, or the turn count
		// ("2 follow-up questions") goes down with no word why (QA-42 #7).
		for _, seq := range a.Drop {
			if t, ok := r.Turn(seq); ok {
				if f, ok := rr.FollowUps.ByID(t.FollowUp); ok {
					a.Result.Notes = append(a.Result.Notes, fmt.Sprintf(CoveredNotePrefix+", “%s”, so it is not asked.", f.Probe.Title))
				}
			}
		}
	}
	c, err := r.Record(a)
	if err != nil {
		return RoundChange{}, err
	}
	after := r.Apply(c)
	if _, more := after.Current(); !more {
		c.Finish = after.Finish(rr, at).Finish
	}
	return c, nil
}

// UnprobedReason says why no follow-up probed a missed core point.
type UnprobedReason int

const (
	// NoFollowUpOnIt: the interviewer has no follow-up on the point.
	NoFollowUpOnIt UnprobedReason = iota + 1
	// FollowUpsSpent: a follow-up on it fires, but the question's
	// MaxFollowUps went to other gaps.
	FollowUpsSpent
	// AskedEarlier: the follow-up on it was asked after an earlier
	// question of the round, and is not asked twice.
	AskedEarlier
)

// UnprobedPoint is a core point a main answer missed that no follow-up of
// the round asks about, and why.
type UnprobedPoint struct {
	ID, Label string
	Reason    UnprobedReason
}

// UnprobedCore returns the core points the main answer of turn seq missed
// that none of its follow-ups probes, in question order, each with the
// reason: a turn that missed a core point and drew no follow-up on it
// should say why rather than leave the learner to guess (QA-34 #4). It is
// nil for a follow-up, an unanswered turn, a peer round (the interviewer
// chooses) and a question gone from the bank.
func (r *Round) UnprobedCore(rr RoundRules, seq int) []UnprobedPoint {
	t, ok := r.Turn(seq)
	if !ok || !t.Done() || t.FollowUp != "" || t.Result == nil || r.Peer != nil {
		return nil
	}
	q, ok := bankQuestion(rr.Bank, t.Question)
	if !ok {
		return nil
	}
	mine, earlier := map[string]bool{}, map[string]bool{}
	var answers []FollowUpAnswer
	for _, o := range r.Turns {
		switch {
		case o.FollowUp == "":
		case MainNumber(o.Seq) == MainNumber(seq):
			mine[o.FollowUp] = true
			if o.Done() {
				answers = append(answers, FollowUpAnswer{Asked: FollowUpAsked(rr.FollowUps, o.Turn), Text: o.Text, Typed: o.FollowUp == CustomFollowUp, For: FollowUpFor(rr.FollowUps, o.Turn)})
			}
		case o.Seq < seq:
			earlier[o.FollowUp] = true
		}
	}
	// A point a follow-up answer made was probed in effect, whichever
	// follow-up drew it (QA-42: a point recovered after its own follow-up
	// was dropped, covered by an earlier answer, was called unprobed).
	made := map[string]bool{}
	if rec, ok := Recover(rr.Bank, q, *t.Result, answers); ok {
		for _, p := range rec.Points {
			made[p.ID] = p.Hit
		}
	}
	var out []UnprobedPoint
	for _, p := range t.Result.Points {
		if !p.Core || p.Hit || made[p.ID] {
			continue
		}
		reason := NoFollowUpOnIt
		if rr.FollowUps != nil {
		scan:
			for _, f := range rr.FollowUps.list {
				if f.Question != FollowUpAny && f.Question != q.ID {
					continue
				}
				for _, w := range f.When {
					if !slices.Contains(w.Missed, p.ID) || !w.fires(q, t.Text, *t.Result) {
						continue
					}
					switch {
					case mine[f.ID] || slices.ContainsFunc(f.Covers, func(id string) bool { return mine[id] }):
						// asked, or a follow-up on the same gap was
						// (Covers)
						reason = 0
						break scan
					case earlier[f.ID]:
						reason = AskedEarlier
					case reason == NoFollowUpOnIt:
						reason = FollowUpsSpent
					}
				}
			}
		}
		if reason != 0 {
			out = append(out, UnprobedPoint{ID: p.ID, Label: p.Label, Reason: reason})
		}
	}
	return out
}

// CoveredNotePrefix opens the note on a follow-up answer that also
// covered the next follow-up queued after it, which is then not asked.
const CoveredNotePrefix = "This answer also covered the interviewer's next follow-up"

// redundantFollowUps returns the seqs of the follow-ups still queued after
// cur's main question that its answers so far (the main answer, the
// follow-ups answered, and text, the answer to cur) already cover, so the
// interviewer does not ask about what the candidate has just explained.
func (r *Round) redundantFollowUps(rr RoundRules, cur RoundTurn, text string) []int {
	main, ok := bankQuestion(rr.Bank, cur.Question)
	if !ok {
		return nil
	}
	var earlier []string
	var drop []int
	for _, t := range r.Turns {
		if MainNumber(t.Seq) != MainNumber(cur.Seq) {
			continue
		}
		switch {
		case t.Seq == cur.Seq:
			earlier = append(earlier, text)
		case t.Done():
			earlier = append(earlier, t.Text)
		case t.Seq > cur.Seq && t.FollowUp != "":
			f, ok := rr.FollowUps.ByID(t.FollowUp)
			if ok && (!rr.FollowUps.StillDue(rr.Bank, main, f, earlier) || answeredAlready(rr, f, earlier)) {
				drop = append(drop, t.Seq)
			}
		}
	}
	return drop
}

// answeredAlready reports whether the earlier answers of a main question
// (the main answer and the follow-up answers so far), read as one answer
// to follow-up f, already pass it: the candidate has said what f asks, in
// whichever answer, so asking it would only make them repeat themselves
// (QA-9 Q9-10: the second follow-up re-asked what the first one's answer
// had covered).
func answeredAlready(rr RoundRules, f *FollowUp, earlier []string) bool {
	if f == nil || f.Probe == nil || len(earlier) == 0 {
		return false
	}
	return rr.Bank.Grade(f.Probe, Answer{Text: strings.Join(earlier, "\n\n")}).Passed
}

// replanAfterFollowUps is called as the follow-up cur is answered. It
// returns the main questions still to come (not yet shown) whose topic a
// follow-up of this round has now probed (cur or one answered before),
// mapping each changed turn's seq to the question it asks instead: the
// interviewer does not come back to a topic they have just drilled.
func (r *Round) replanAfterFollowUps(rr RoundRules, cur RoundTurn) map[int]string {
	probed := map[string]bool{}
	note := func(id string) {
		if f, ok := rr.FollowUps.ByID(id); ok && f.Probe != nil {
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
	if len(probed) == 0 || len(upcoming) == 0 || rr.Bank == nil {
		return nil
	}
	next := Replan(rr.Bank.ByKind(KindFreeText), rr.Stats, upcoming, used, probed, r.Seed+uint64(cur.Seq))
	var out map[int]string
	for i, id := range next {
		if id != upcoming[i] {
			if out == nil {
				out = map[int]string{}
			}
			out[upSeqs[i]] = id
		}
	}
	return out
}

// Finish closes the round at at: it is scored from its turns (unanswered
// ones score zero) and each main answer feeds review (RoundReview). A
// closed round changes nothing.
func (r *Round) Finish(rr RoundRules, at time.Time) RoundChange {
	if r.Over() {
		return RoundChange{}
	}
	// Scored as the round will be once over (ScoredTurns).
	sc := Score(rr.Bank, rr.FollowUps, quizTurns(scoredTurns(r.Turns, true)), r.Limit)
	return RoundChange{Finish: &RoundFinish{Score: sc.Score, Verdict: sc.Verdict, At: at, Review: RoundReview(rr.Bank, sc)}}
}

// RoundIdle is how long a round may sit with nothing happening before it
// expires: long past any answer's deadline, so only an abandoned round is
// closed.
const RoundIdle = 2 * time.Hour

// LastActive is the latest moment something happened in the round: its
// start, a question shown or an answer given.
func (r *Round) LastActive() time.Time {
	last := r.Started
	for _, t := range r.Turns {
		for _, at := range []time.Time{t.Shown, t.Answered} {
			if at.After(last) {
				last = at
			}
		}
	}
	return last
}

// Expired reports whether the round is still open at now but nothing has
// happened in it for longer than RoundIdle.
func (r *Round) Expired(now time.Time) bool {
	return !r.Over() && now.Sub(r.LastActive()) > RoundIdle
}

// Expire closes an abandoned round (see Expired) at now, as Finish does;
// any other round changes nothing.
func (r *Round) Expire(rr RoundRules, now time.Time) RoundChange {
	if !r.Expired(now) {
		return RoundChange{}
	}
	return r.Finish(rr, now)
}
