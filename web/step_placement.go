package web

import (
	"fmt"
	"strings"

	"lockdrill/quiz"
)

// StepPlacement says where one misplaced step of an ordering answer
// belongs: right after the step that precedes it in the right order.
// A position number alone ("it belongs at position 4") makes the learner
// count; the step it follows is what they move it next to.
type StepPlacement struct {
	// Step is the id of the misplaced step.
	Step string
	// After is the id of the step it follows in the right order, empty
	// when it comes first.
	After string
}

// MisplacedSteps returns, in the learner's order, where each step outside
// the longest correctly ordered run of an ordering answer belongs. It is
// empty for other kinds and for an answer in the right order. It belongs
// on the verdict only: together the placements rebuild much of the order.
func MisplacedSteps(q *quiz.Question, r *quiz.Result) []StepPlacement {
	if q.Kind != quiz.KindOrdering {
		return nil
	}
	var out []StepPlacement
	for _, st := range r.Steps {
		if st.InOrder || st.Correct < 1 || st.Correct > len(q.Steps) {
			continue
		}
		p := StepPlacement{Step: st.ID}
		if st.Correct > 1 {
			p.After = q.Steps[st.Correct-2].ID
		}
		out = append(out, p)
	}
	return out
}

// Sentence says where the step belongs in plain text, quoting the steps
// by their texts as the question shows them.
func (p StepPlacement) Sentence(q *quiz.Question) string {
	if p.After == "" {
		return fmt.Sprintf("“%s” belongs first.", stepTextOf(q, p.Step))
	}
	return fmt.Sprintf("“%s” belongs after “%s”.", stepTextOf(q, p.Step), stepTextOf(q, p.After))
}

func stepTextOf(q *quiz.Question, id string) string {
	for _, s := range q.Steps {
		if s.ID == id {
			// The quote sits inside a sentence with its own full stop.
			return strings.TrimSuffix(s.Text, ".")
		}
	}
	return id
}
