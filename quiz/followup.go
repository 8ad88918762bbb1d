package quiz

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// FollowUpAny is the Question of a follow-up that may follow any main
// question whose answer fires its trigger.
const FollowUpAny = "any"

// MaxFollowUps is the most follow-ups asked after one main question: enough
// to probe the two gaps that matter most without turning one question into
// the whole round.
const MaxFollowUps = 2

// Trigger says when a follow-up is asked, from the graded main answer. Every
// condition that is set must hold; at least one of Missed, Flags and Unsaid
// must be set, because a follow-up probes what an answer left out or got
// wrong.
type Trigger struct {
	// Questions, when set, are the main questions this trigger applies to
	// (a subset of the follow-up's): a gap such as "never said who checks
	// the token" matters on some questions and not on others.
	Questions []string
	// Missed are point ids of the main question that must all be missed.
	// A question without one of these points never fires the trigger, so a
	// follow-up for any question can name a point only some questions have.
	Missed []string
	// Hit are point ids that must all be hit: the context the probe builds
	// on ("you proposed SET NX PX; now...").
	Hit []string
	// Flags are red flag ids; at least one must be raised (and not
	// dismissed).
	Flags []string
	// Said are patterns that must all match the answer text somewhere.
	Said []string
	// Unsaid are patterns none of which may match the answer text: what the
	// candidate never mentioned.
	Unsaid []string
	// Unflagged are red flag ids none of which may be raised: a sharper
	// follow-up that fires on the flag already probes the same gap.
	Unflagged []string

	said, unsaid []*Pattern
}

// FollowUp is an interviewer's follow-up question. Its answer is graded
// like any free-text answer, against the key points of Probe.
type FollowUp struct {
	// ID is the stable id, distinct from every question id.
	ID string
	// Question is the main question it follows, or FollowUpAny.
	Question string
	// When are the triggers: the follow-up is asked when any of them
	// fires.
	When []Trigger
	// Probe is the follow-up as a free-text question: its prompt, model
	// answer, key points and hints. Probe.ID equals ID.
	Probe *Question
	// Covers names follow-ups that probe the same gap ("you never said
	// what a pause does" asked of any question, and a question's own
	// probe of its pause point): when both would be asked after one
	// answer, only the one ranked first is, so the turn's two follow-ups
	// ask about two things.
	Covers []string
}

// overlaps reports whether f or g names the other as probing the same gap.
func (f *FollowUp) overlaps(g *FollowUp) bool {
	return slices.Contains(f.Covers, g.ID) || slices.Contains(g.Covers, f.ID)
}

// FollowUps is a compiled, ordered set of follow-ups. The order is the
// priority: Select asks the first ones that fire. It is read-only after
// NewFollowUps and safe for concurrent use.
type FollowUps struct {
	list []*FollowUp
	byID map[string]*FollowUp
}

// NewFollowUps validates the follow-ups against the bank b, compiles their
// trigger patterns and their probes (with syn, through Compile) and returns
// them in the given order, which is their priority. Errors name the
// follow-up and the field, for example `follow-up "pause-past-expiry":
// when.missed[0]: question "fencing-token" has no point "pause"`.
func NewFollowUps(list []*FollowUp, b *Bank, syn Synonyms) (*FollowUps, error) {
	return newFollowUps(&patternCache{}, list, b, syn)
}

// NewFollowUps is NewFollowUps(list, b, syn) compiling with what pp has
// parsed (or was given, see Preload). pp must be another parser than the
// one that compiled b: a bank's parser hands its patterns to the bank.
func (pp *PatternParser) NewFollowUps(list []*FollowUp, b *Bank, syn Synonyms) (*FollowUps, error) {
	return newFollowUps(&pp.cache, list, b, syn)
}

// newFollowUps is NewFollowUps compiling with cache.
func newFollowUps(cache *patternCache, list []*FollowUp, b *Bank, syn Synonyms) (*FollowUps, error) {
	s := &FollowUps{byID: map[string]*FollowUp{}}
	flags := map[string]*RedFlag{}
	for _, f := range b.Flags() {
		flags[f.ID] = f
	}
	for i, f := range list {
		if f == nil {
			continue
		}
		wrap := func(err error) error {
			var fe *FieldError
			if errors.As(err, &fe) {
				return fmt.Errorf("follow-up %q (followups[%d]): %s: %w", f.ID, i, fe.Field, fe.Err)
			}
			return fmt.Errorf("follow-up %q (followups[%d]): %w", f.ID, i, err)
		}
		if err := compileFollowUp(f, b, syn, flags, cache); err != nil {
			return nil, wrap(err)
		}
		if _, dup := s.byID[f.ID]; dup {
			return nil, wrap(fieldErr("id", errors.New("duplicate follow-up id")))
		}
		s.list = append(s.list, f)
		s.byID[f.ID] = f
	}
	for i, f := range s.list {
		for j, id := range f.Covers {
			if _, ok := s.byID[id]; !ok || id == f.ID {
				return nil, fmt.Errorf("follow-up %q (followups[%d]): covers[%d]: %q is not another follow-up's id", f.ID, i, j, id)
			}
		}
	}
	return s, nil
}

func compileFollowUp(f *FollowUp, b *Bank, syn Synonyms, flags map[string]*RedFlag, cache *patternCache) error {
	if !idPattern.MatchString(f.ID) {
		return fieldErr("id", fmt.Errorf("%q is not a lowercase slug", f.ID))
	}
	if _, clash := b.ByID(f.ID); clash {
		return fieldErr("id", fmt.Errorf("%q is also a question id", f.ID))
	}
	var main *Question
	switch f.Question {
	case "":
		return fieldErr("question", fmt.Errorf("empty (want a free-text question id or %q)", FollowUpAny))
	case FollowUpAny:
	default:
		q, ok := b.ByID(f.Question)
		if !ok {
			return fieldErr("question", fmt.Errorf("unknown question %q", f.Question))
		}
		if q.Kind != KindFreeText {
			return fieldErr("question", fmt.Errorf("%q is a %s question; follow-ups follow free-text ones", q.ID, q.Kind))
		}
		main = q
	}
	if len(f.When) == 0 {
		return fieldErr("when", errors.New("needs missed, flags or unsaid: a follow-up probes what the answer left out or got wrong"))
	}
	for i := range f.When {
		name := "when"
		if len(f.When) > 1 {
			name = fmt.Sprintf("when[%d]", i)
		}
		if err := compileTrigger(&f.When[i], name, b, main, syn, flags, cache); err != nil {
			return err
		}
	}
	if f.Probe == nil {
		return fieldErr("probe", errEmpty)
	}
	f.Probe.ID = f.ID
	if f.Probe.Kind == "" {
		f.Probe.Kind = KindFreeText
	}
	if f.Probe.Kind != KindFreeText {
		return fieldErr("kind", fmt.Errorf("a follow-up is answered in free text, not %s", f.Probe.Kind))
	}
	if f.Probe.Flags == nil {
		f.Probe.Flags = followUpFlags(f, b, main)
	}
	f.Probe.Flags = withoutWholeAnswerFlags(f.Probe.Flags, flags)
	if err := compileQuestion(f.Probe, syn, flags, cache); err != nil {
		return err
	}
	return nil
}

// withoutWholeAnswerFlags returns ids without the flags that judge a
// whole answer (RedFlag.WholeAnswer): a follow-up's answer is the second
// half of a conversation whose main answer was judged for them already.
// nil, the follow-up that nothing bounds and that keeps every flag, stays
// nil: its peer screen lists its main question's flags as its own (QA-9
// Q9-20), so it cannot be given an explicit list.
func withoutWholeAnswerFlags(ids []string, flags map[string]*RedFlag) []string {
	if ids == nil {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return flags[id] != nil && flags[id].WholeAnswer })
}

// followUpFlags are the red flags a follow-up's answer is checked for when
// the follow-up names none: the flags of the question it follows, or, for a
// follow-up of any question, those of every question its triggers can fire
// on (the questions a trigger names, else those having a point it looks
// for or checking a flag it looks at), with the flags the triggers
// themselves look at. Checked against every flag in the bank, an answer
// about one part of the topic was judged by flags written for other
// questions' wording (a textbook fencing answer read as the lock service
// turning writes away). When nothing bounds the list, the follow-up keeps
// every flag (nil).
func followUpFlags(f *FollowUp, b *Bank, main *Question) []string {
	if main != nil {
		return main.Flags
	}
	var ids []string
	seen := map[string]bool{}
	add := func(list []string) {
		for _, id := range list {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	for _, w := range f.When {
		qs := w.Questions
		if len(qs) == 0 {
			qs = questionsFiring(b, append(slices.Clone(w.Missed), w.Hit...), w.Flags)
		}
		if len(qs) == 0 {
			return nil
		}
		for _, id := range qs {
			q, ok := b.ByID(id)
			if !ok || q.Flags == nil {
				return nil
			}
			add(q.Flags)
		}
		add(w.Flags)
		add(w.Unflagged)
	}
	return ids
}

// questionsFiring are the ids of the free-text questions a trigger that
// names none can fire on: those having a point with one of the given ids,
// or checking one of the given red flags, in bank order.
func questionsFiring(b *Bank, points, flags []string) []string {
	var out []string
	for _, q := range b.ByKind(KindFreeText) {
		fires := slices.ContainsFunc(points, func(id string) bool {
			_, ok := q.PointByID(id)
			return ok
		})
		if !fires && len(flags) > 0 {
			fires = q.Flags == nil || slices.ContainsFunc(flags, func(id string) bool { return slices.Contains(q.Flags, id) })
		}
		if fires {
			out = append(out, q.ID)
		}
	}
	return out
}

func compileTrigger(w *Trigger, name string, b *Bank, main *Question, syn Synonyms, flags map[string]*RedFlag, cache *patternCache) error {
	if len(w.Missed) == 0 && len(w.Flags) == 0 && len(w.Unsaid) == 0 {
		return fieldErr(name, errors.New("needs missed, flags or unsaid: a follow-up probes what the answer left out or got wrong"))
	}
	for _, set := range []struct {
		name string
		ids  []string
	}{{"missed", w.Missed}, {"hit", w.Hit}} {
		for j, id := range set.ids {
			if !pointExists(b, main, id) {
				where := "no free-text question"
				if main != nil {
					where = fmt.Sprintf("question %q", main.ID)
				}
				return fieldErr(fmt.Sprintf("%s.%s[%d]", name, set.name, j), fmt.Errorf("%s has a point %q", where, id))
			}
		}
	}
	for _, set := range []struct {
		name string
		ids  []string
	}{{"flags", w.Flags}, {"unflagged", w.Unflagged}} {
		for j, id := range set.ids {
			if _, ok := flags[id]; !ok {
				return fieldErr(fmt.Sprintf("%s.%s[%d]", name, set.name, j), fmt.Errorf("unknown red flag %q", id))
			}
		}
	}
	for j, id := range w.Questions {
		q, ok := b.ByID(id)
		switch {
		case !ok:
			return fieldErr(fmt.Sprintf("%s.questions[%d]", name, j), fmt.Errorf("unknown question %q", id))
		case q.Kind != KindFreeText:
			return fieldErr(fmt.Sprintf("%s.questions[%d]", name, j), fmt.Errorf("%q is a %s question; follow-ups follow free-text ones", id, q.Kind))
		case main != nil && id != main.ID:
			return fieldErr(fmt.Sprintf("%s.questions[%d]", name, j), fmt.Errorf("%q is not the follow-up's question %q", id, main.ID))
		}
	}
	topic := ""
	if main != nil {
		topic = main.Topic
	}
	var err error
	if w.said, err = cache.compileAll(w.Said, syn, topic, name+".said"); err != nil {
		return err
	}
	if w.unsaid, err = cache.compileAll(w.Unsaid, syn, topic, name+".unsaid"); err != nil {
		return err
	}
	return nil
}

// pointExists reports whether id is a point of q, or of any free-text
// question when q is nil.
func pointExists(b *Bank, q *Question, id string) bool {
	if q != nil {
		_, ok := q.PointByID(id)
		return ok
	}
	for _, c := range b.ByKind(KindFreeText) {
		if _, ok := c.PointByID(id); ok {
			return true
		}
	}
	return false
}

// All returns the follow-ups in priority order.
func (s *FollowUps) All() []*FollowUp {
	if s == nil {
		return nil
	}
	return append([]*FollowUp(nil), s.list...)
}

// ByID returns the follow-up with the given id.
func (s *FollowUps) ByID(id string) (*FollowUp, bool) {
	if s == nil {
		return nil, false
	}
	f, ok := s.byID[id]
	return f, ok
}

// Select returns the follow-ups to ask after answer text to main question q
// graded as r: those whose trigger fires, in priority order, at most
// MaxFollowUps. It is deterministic: the same answer always draws the same
// follow-ups. A nil set selects none.
func (s *FollowUps) Select(q *Question, text string, r Result) []*FollowUp {
	out := s.ranked(q, text, r)
	if len(out) > MaxFollowUps {
		out = out[:MaxFollowUps]
	}
	return out
}

// ranked returns every follow-up whose trigger fires after answer text to
// q graded as r, in priority order and without Select's cap, for a caller
// that must first leave out the ones it cannot ask (asked earlier in the
// round) and only then fill the slots.
func (s *FollowUps) ranked(q *Question, text string, r Result) []*FollowUp {
	if s == nil || q == nil {
		return nil
	}
	// A fair interviewer probes the hole that matters most first: a
	// follow-up fired by a red flag or by a missed core point comes before
	// one fired by a breadth gap, whatever their order in the catalog
	// (QA-6 Q15: a core miss went unasked while two breadth follow-ups
	// filled the turn).
	var urgent, rest []*FollowUp
	for _, f := range s.list {
		if f.Question != FollowUpAny && f.Question != q.ID {
			continue
		}
		fired, core := false, false
		for _, w := range f.When {
			if w.fires(q, text, r) {
				fired = true
				core = core || w.probesCore(q)
			}
		}
		switch {
		case fired && core:
			urgent = append(urgent, f)
		case fired:
			rest = append(rest, f)
		}
	}
	// Of two follow-ups that probe the same gap (Covers), only the one
	// ranked first is asked.
	var out []*FollowUp
	for _, f := range append(urgent, rest...) {
		if !slices.ContainsFunc(out, f.overlaps) {
			out = append(out, f)
		}
	}
	return out
}

// probesCore reports whether the trigger is about a red flag or about a
// core point of q the answer missed.
func (w Trigger) probesCore(q *Question) bool {
	if len(w.Flags) > 0 {
		return true
	}
	for _, id := range w.Missed {
		if p, ok := q.PointByID(id); ok && p.Core {
			return true
		}
	}
	return false
}

// fires reports whether the trigger fires for answer text to q graded as r.
func (w Trigger) fires(q *Question, text string, r Result) bool {
	if len(w.Questions) > 0 && !slices.Contains(w.Questions, q.ID) {
		return false
	}
	hit := map[string]bool{}
	for _, p := range r.Points {
		hit[p.ID] = p.Hit
	}
	for _, id := range w.Missed {
		h, has := hit[id]
		if _, ok := q.PointByID(id); !ok || !has || h {
			return false
		}
	}
	for _, id := range w.Hit {
		if !hit[id] {
			return false
		}
	}
	raised := map[string]bool{}
	for _, id := range r.FlagIDs() {
		raised[id] = true
	}
	for _, id := range w.Unflagged {
		if raised[id] {
			return false
		}
	}
	if len(w.Flags) > 0 {
		found := false
		for _, id := range w.Flags {
			if raised[id] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	said, unsaid := w.said, w.unsaid
	if said == nil && len(w.Said) > 0 {
		said, _ = compileAll(w.Said, nil, q.Topic, "said")
		if len(said) != len(w.Said) {
			return false
		}
	}
	if unsaid == nil && len(w.Unsaid) > 0 {
		unsaid, _ = compileAll(w.Unsaid, nil, q.Topic, "unsaid")
	}
	for _, p := range said {
		if ok, _ := p.Matches(text); !ok {
			return false
		}
	}
	for _, p := range unsaid {
		if ok, _ := p.Matches(text); ok {
			return false
		}
	}
	return true
}

// StillDue reports whether follow-up f, queued after main question q, still
// probes a gap once the learner has given the earlier answers of that
// question (the main answer first, then any follow-up answers): a
// follow-up about fencing is not asked after the answer to the pause
// follow-up has explained fencing. The earlier answers are read as one
// answer to q, graded with the bank b, and f is due when one of its
// triggers still fires on it. A red flag once raised stays raised, so a
// follow-up that probes a flag stays due. It is deterministic.
func (s *FollowUps) StillDue(b *Bank, q *Question, f *FollowUp, earlier []string) bool {
	if s == nil || b == nil || q == nil || f == nil {
		return false
	}
	text := strings.Join(earlier, "\n\n")
	r := b.Grade(q, Answer{Text: text})
	for _, w := range f.When {
		if w.fires(q, text, r) {
			return true
		}
	}
	return false
}
