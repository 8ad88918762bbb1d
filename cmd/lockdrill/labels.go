package main

import (
	"fmt"
	"strings"

	"lockdrill/quiz"
)

// shownChoice is an option or a step of a question as the CLI shows it:
// in the web page's order (options as written, steps shuffled by
// quiz.Question.Shuffled) and labelled A, B, C ... in that order. The
// internal step ids are never shown nor accepted: they are numbered in
// the right order, so they would give the answer away (QA-35).
type shownChoice struct {
	Label string
	ID    string
	Text  string
}

// choiceLabel is the label of the i-th choice shown (from 0): A to Z,
// then A2, B2 ... should a question ever have more than 26.
func choiceLabel(i int) string {
	l := string(rune('A' + i%26))
	if i >= 26 {
		l += fmt.Sprint(i/26 + 1)
	}
	return l
}

// shownChoices returns the options of a single, multiple or predict
// question, or the steps of an ordering question, as the CLI lists them
// and grade reads them; nil for the other kinds.
func shownChoices(q *quiz.Question) []shownChoice {
	var out []shownChoice
	switch q.Kind {
	case quiz.KindSingle, quiz.KindMultiple, quiz.KindPredict:
		for i, o := range q.ShownOptions() {
			out = append(out, shownChoice{Label: choiceLabel(i), ID: o.ID, Text: o.Text})
		}
	case quiz.KindOrdering:
		for i, s := range q.Shuffled() {
			out = append(out, shownChoice{Label: choiceLabel(i), ID: s.ID, Text: s.Text})
		}
	}
	return out
}

// choiceNoun is what a choice of q is called in messages.
func choiceNoun(q *quiz.Question) string {
	if q.Kind == quiz.KindOrdering {
		return "step"
	}
	return "option"
}

// labelList is the labels of cs, "A, B, C".
func labelList(cs []shownChoice) string {
	ls := make([]string, len(cs))
	for i, c := range cs {
		ls[i] = c.Label
	}
	return strings.Join(ls, ", ")
}

// idsOfLabels turns the labels a learner gave (in any case) into the
// question's internal ids. An unknown or repeated label, or for an
// ordering question a missing step, is refused with a message that
// lists the labels there are.
func idsOfLabels(q *quiz.Question, labels []string) ([]string, error) {
	cs := shownChoices(q)
	noun := choiceNoun(q)
	byLabel := make(map[string]string, len(cs))
	for _, c := range cs {
		byLabel[c.Label] = c.ID
	}
	see := fmt.Sprintf("the %ss are %s ('lockdrill questions %s' shows them)", noun, labelList(cs), q.ID)
	var ids []string
	seen := map[string]bool{}
	for _, l := range labels {
		id, ok := byLabel[strings.ToUpper(l)]
		if !ok {
			return nil, fmt.Errorf("unknown %s %q: %s", noun, l, see)
		}
		if seen[id] {
			if q.Kind == quiz.KindOrdering {
				return nil, fmt.Errorf("step %q is placed twice: %s", l, see)
			}
			return nil, fmt.Errorf("option %q is chosen twice: %s", l, see)
		}
		seen[id] = true
		ids = append(ids, id)
	}
	if q.Kind == quiz.KindOrdering && len(ids) != len(cs) {
		return nil, fmt.Errorf("place all %d steps, each once, got %d: %s", len(cs), len(ids), see)
	}
	return ids, nil
}

// labelOf returns the label of the choice with internal id id, or id
// itself when q has none (so output never goes blank).
func labelOf(q *quiz.Question, id string) string {
	for _, c := range shownChoices(q) {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}
