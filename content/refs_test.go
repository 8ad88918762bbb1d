package content_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"lockdrill/content"
)

// embeddedCopy returns the embedded content as a MapFS that a test can
// change, with the files in drop left out.
func embeddedCopy(t *testing.T, drop ...string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(content.Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, x := range drop {
			if p == x {
				return nil
			}
		}
		b, err := fs.ReadFile(content.Embedded(), p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatalf("copy embedded content: %v", err)
	}
	return out
}

// TestLoadChecksCrossReferences: what points across the guide, the bank,
// the sandbox presets and the accuracy report is checked at load, against
// what was loaded, with the file and field named.
func TestLoadChecksCrossReferences(t *testing.T) {
	tests := []struct {
		name  string
		fsys  func(t *testing.T) fstest.MapFS
		wants []string
	}{
		{"a guide section that questions and presets point to is gone",
			func(t *testing.T) fstest.MapFS { return embeddedCopy(t, "guide/07-fencing-tokens.md") },
			[]string{
				`questions/fencing-token.md: guide: no guide section "fencing-tokens"`,
				`sandbox preset paused-holder-fenced: guide: no guide section "fencing-tokens"`,
			}},
		{"the accuracy report names a question not in the bank",
			func(t *testing.T) fstest.MapFS {
				m := embeddedCopy(t)
				m["questions/grader-accuracy.json"] = &fstest.MapFile{Data: []byte(`{"method": "m", "threshold": 0.8,
					"questions": [{"question": "no-such-question", "answers": 3, "accuracy": 0.9}]}`)}
				return m
			},
			[]string{`questions/grader-accuracy.json: questions[0].question: no question "no-such-question" in the bank`}},
		{"the accuracy report has a figure that is not a fraction",
			func(t *testing.T) fstest.MapFS {
				m := embeddedCopy(t)
				m["questions/grader-accuracy.json"] = &fstest.MapFile{Data: []byte(`{"method": "m", "threshold": 1.5}`)}
				return m
			},
			[]string{`questions/grader-accuracy.json: threshold: 1.5 is not a fraction between 0 and 1`}},
		{"the accuracy report is not JSON",
			func(t *testing.T) fstest.MapFS {
				m := embeddedCopy(t)
				m["questions/grader-accuracy.json"] = &fstest.MapFile{Data: []byte(`{"method": `)}
				return m
			},
			[]string{`questions/grader-accuracy.json: `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := content.Load(tt.fsys(t))
			if err == nil {
				t.Fatalf("Load succeeded, want errors %q", tt.wants)
			}
			for _, want := range tt.wants {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error = %v\nwant it to contain %q", err, want)
				}
			}
		})
	}
}

func TestLoadParsesAccuracyOnce(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if cat.Accuracy == nil || len(cat.Accuracy.Questions) == 0 {
		t.Fatalf("Accuracy = %+v, want the published report", cat.Accuracy)
	}
	cat, err = content.Load(embeddedCopy(t, "questions/grader-accuracy.json"))
	if err != nil {
		t.Fatalf("load without a report: %v", err)
	}
	if cat.Accuracy != nil {
		t.Fatalf("Accuracy = %+v without a report, want nil", cat.Accuracy)
	}
}
