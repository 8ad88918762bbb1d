package quiz_test

import (
	"fmt"
	"os"
	"testing"

	"lockdrill/quiz"
)

// zz debug: WHY_Q=qid WHY_T=text prints each flag's raising patterns.
func TestZZWhy(t *testing.T) {
	qid, text := os.Getenv("WHY_Q"), os.Getenv("WHY_T")
	if qid == "" {
		t.Skip()
	}
	b := loadBank(t)
	q, _ := b.ByID(qid)
	r := b.Grade(q, quiz.Answer{Text: text})
	fmt.Printf("WHY score %.2f passed %v flags %v\n", r.Score, r.Passed, r.FlagIDs())
	for _, fr := range r.Flags {
		fmt.Printf("WHY -- %s dismissed=%v span %q\n", fr.ID, fr.Dismissed, text[fr.Span.Start:fr.Span.End])
		for _, l := range b.ExplainFlagG21a(q, text, fr.ID) {
			fmt.Printf("WHY    %s\n", l)
		}
	}
}
