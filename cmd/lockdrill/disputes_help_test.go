package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestDisputesHelpSaysWhenFollowUpFieldsAppear: "disputes --help" listed
// "follows" and "follow_up_answer" among the fields every element has,
// but a dispute that is not about a follow-up has neither (QA-40 F3 #6).
// The JSON stays as its consumers know it; the help says the two appear
// only on follow-up disputes, and every field it lists for all of them is
// there on a practice dispute.
func TestDisputesHelpSaysWhenFollowUpFieldsAppear(t *testing.T) {
	ctx := context.Background()
	var help, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--help"}, envFrom(nil), nil, &help, &errOut); err != nil {
		t.Fatalf("disputes --help: %v", err)
	}
	h := strings.Join(strings.Fields(help.String()), " ")
	all, rest, ok := strings.Cut(h, "only on a dispute about a follow-up:")
	if !ok || !strings.Contains(rest, `"follows"`) || !strings.Contains(rest, `"follow_up_answer"`) || !strings.Contains(rest, "absent on every other dispute") {
		t.Fatalf("disputes --help does not say that \"follows\" and \"follow_up_answer\" appear only on follow-up disputes:\n%s", help.String())
	}
	_, all, _ = strings.Cut(all, "Each element of the array has:")
	if strings.Contains(all, `"follows"`) || strings.Contains(all, `"follow_up_answer"`) {
		t.Fatalf("disputes --help still lists the follow-up fields among every element's:\n%s", help.String())
	}

	path := oneDisputeDB(t).path
	var out bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("disputes --json: %v, %d elements\n%s", err, len(got), out.String())
	}
	for _, k := range []string{"id", "created", "surface", "attempt", "question", "prompt", "item", "item_label", "was", "reason", "answer", "grader", "evidence"} {
		if _, ok := got[0][k]; !ok || !strings.Contains(all, `"`+k+`"`) {
			t.Errorf("a practice dispute has %q: %v, and the help lists it for every element: %v", k, ok, strings.Contains(all, `"`+k+`"`))
		}
	}
	for _, k := range []string{"follows", "follow_up_answer"} {
		if v, ok := got[0][k]; ok {
			t.Errorf("a practice dispute has %q = %v; the help says it appears on follow-up disputes only", k, v)
		}
	}
}
