package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestGradeHelpSaysWhichPointsHaveCore: the help of "lockdrill grade"
// describes the points as the JSON has them: "core" is on a core point
// only, and a breadth point has no such field (QA-37 F1 #3: the help
// listed "core" on every point, and a script reading it as always there
// broke on the first breadth point).
func TestGradeHelpSaysWhichPointsHaveCore(t *testing.T) {
	var help, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "--help"}, envFrom(nil), strings.NewReader(""), &help, &errOut); err != nil {
		t.Fatalf("grade --help: %v", err)
	}
	text := strings.Join(strings.Fields(help.String()), " ")
	if !strings.Contains(text, `a breadth point has no "core" field`) {
		t.Errorf("the help does not say that a breadth point has no \"core\" field:\n%s", help.String())
	}
	var out bytes.Buffer
	errOut.Reset()
	if err := run(context.Background(), []string{"grade", "outbox-pattern"}, envFrom(nil), strings.NewReader("It's a dual write: the commit and the publish can't be atomic, so I'd insert the event into an outbox table in the same transaction."), &out, &errOut); err != nil {
		t.Fatalf("grade: %v (%s)", err, errOut.String())
	}
	var g struct {
		Points []map[string]any `json:"points"`
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	core, breadth := 0, 0
	for _, p := range g.Points {
		switch c, ok := p["core"]; {
		case ok && c == true:
			core++
		case ok:
			t.Errorf("point %v has \"core\": %v; the help says it is there only as true", p["id"], c)
		default:
			breadth++
		}
	}
	if core == 0 || breadth == 0 {
		t.Fatalf("want core and breadth points to check the help against, got %d and %d: %s", core, breadth, out.String())
	}
}
