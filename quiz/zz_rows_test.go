package quiz_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// zz debug: ROWS_OUT=file writes one row per readable answer (tuning + read validation).
func TestZZRows(t *testing.T) {
	out := os.Getenv("ROWS_OUT")
	if out == "" {
		t.Skip()
	}
	b := loadBank(t)
	ans, err := loadBlind(readableWriters())
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, a := range ans {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\t%v\t%v\t%.3f\t%s\n", a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, r.Passed, r.Score, strings.Join(r.FlagIDs(), ","))
	}
	os.WriteFile(out, []byte(sb.String()), 0o644)
}
