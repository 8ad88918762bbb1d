package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"lockdrill/content"
)

// TestQuestionsListsWhatGradeTakes: "lockdrill questions" lists every id
// "lockdrill grade" takes, with its kind and title, as text and as JSON,
// and both --help texts say how to see them (QA-34 #2: the help said
// grade takes an id but not which ids there are).
func TestQuestionsListsWhatGradeTakes(t *testing.T) {
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	ids := content.QuestionIDs(bank)
	if len(ids) == 0 {
		t.Fatal("the bank has no questions: the test proves nothing")
	}
	cmd := func(t *testing.T, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := run(context.Background(), args, envFrom(nil), strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errOut.String())
		}
		return out.String()
	}
	t.Run("text", func(t *testing.T) {
		lines := map[string]string{}
		for _, l := range strings.Split(cmd(t, "questions"), "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				lines[f[0]] = l
			}
		}
		for _, id := range ids {
			q, _ := bank.ByID(id)
			l := lines[id]
			if !strings.Contains(l, string(q.Kind)) || !strings.Contains(l, q.Title) {
				t.Errorf("the line of %s = %q, want its kind %s and title %q", id, l, q.Kind, q.Title)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		var got []struct{ ID, Kind, Title string }
		if err := json.Unmarshal([]byte(cmd(t, "questions", "--json")), &got); err != nil {
			t.Fatalf("questions --json is not JSON: %v", err)
		}
		if len(got) != len(ids) || got[0].ID != ids[0] || got[0].Title == "" {
			t.Fatalf("questions --json = %d questions, first %+v; want %d, first %s with its title", len(got), got[0], len(ids), ids[0])
		}
	})
	for _, args := range [][]string{{"--help"}, {"grade", "--help"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if help := strings.Join(strings.Fields(cmd(t, args...)), " "); !strings.Contains(help, "lockdrill questions") {
				t.Errorf("%v does not say how to list the question ids:\n%s", args, help)
			}
		})
	}
	if help := cmd(t, "questions", "--help"); !strings.Contains(help, "Usage: lockdrill questions") {
		t.Errorf("questions --help = %q", help)
	}
}
