package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// simRun runs "lockdrill sim args..." with stdin and returns stdout, stderr
// and the error.
func simRun(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"sim"}, args...), envFrom(nil), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

const simScenario = `{"lock":{"token_source":"incr"},"clients":[{"id":"A"},{"id":"B"}],
 "actions":[{"at_ms":0,"client":"A","op":"acquire"},
            {"at_ms":1000,"client":"A","op":"pause","ms":15000},
            {"at_ms":12000,"client":"B","op":"acquire"},
            {"at_ms":13000,"client":"B","op":"write","value":"b"},
            {"at_ms":14000,"client":"A","op":"write","value":"a"}]}`

func TestSimFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "paused.json")
	if err := os.WriteFile(path, []byte(simScenario), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"file", "", []string{path}},
		{"stdin", simScenario, []string{"-"}},
		{"flag after the file", "", []string{path, "--json=false"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := simRun(t, tt.stdin, tt.args...)
			if err != nil {
				t.Fatalf("sim: %v", err)
			}
			for _, want := range []string{"T (ms)", "LANE", "EVENT", "DETAIL",
				"   16000  resource  write.rejected", "token 1 < highest accepted 2", "writes accepted 1, rejected 1", "violations: none"} {
				if !strings.Contains(out, want) {
					t.Fatalf("table lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestSimJSON(t *testing.T) {
	out, _, err := simRun(t, simScenario, "--json", "-")
	if err != nil {
		t.Fatalf("sim --json: %v", err)
	}
	var tl sandbox.Timeline
	if err := json.Unmarshal([]byte(out), &tl); err != nil {
		t.Fatalf("output is not a timeline: %v\n%s", err, out)
	}
	if tl.EngineVersion != sandbox.EngineVersion || tl.Summary.WritesAccepted != 1 || tl.Summary.WritesRejected != 1 {
		t.Fatalf("timeline: engine %q, writes %d/%d", tl.EngineVersion, tl.Summary.WritesAccepted, tl.Summary.WritesRejected)
	}
}

// TestSimPresets: every preset runs from the command line, shows its
// violations readably and exits 0, violations included.
func TestSimPresets(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			out, _, err := simRun(t, "", "--preset", p.ID)
			if err != nil {
				t.Fatalf("sim --preset %s: %v", p.ID, err)
			}
			for _, v := range p.Expect.Violations {
				if !strings.Contains(out, "VIOLATION") || !strings.Contains(out, v) {
					t.Fatalf("output lacks violation %s:\n%s", v, out)
				}
			}
			if len(p.Expect.Violations) == 0 && !strings.Contains(out, "violations: none") {
				t.Fatalf("output claims violations:\n%s", out)
			}
		})
	}
}

func TestSimDeterministic(t *testing.T) {
	first, _, err := simRun(t, simScenario, "--json", "-")
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := simRun(t, simScenario, "--json", "-")
	if err != nil {
		t.Fatal(err)
	}
	if first != second {
		t.Fatalf("two runs of the same input differ")
	}
}

func TestSimList(t *testing.T) {
	out, _, err := simRun(t, "", "--list")
	if err != nil {
		t.Fatalf("sim --list: %v", err)
	}
	for _, p := range sandbox.Presets() {
		if !strings.Contains(out, p.ID) || !strings.Contains(out, p.Title) {
			t.Fatalf("list lacks %s:\n%s", p.ID, out)
		}
	}
	out, _, err = simRun(t, "", "--list", "--json")
	if err != nil {
		t.Fatalf("sim --list --json: %v", err)
	}
	var ps []sandbox.Preset
	if err := json.Unmarshal([]byte(out), &ps); err != nil || len(ps) != len(sandbox.Presets()) {
		t.Fatalf("list JSON: %v, %d presets", err, len(ps))
	}
}

// TestSimPresetScenario: a preset's scenario printed by --scenario runs to
// the same timeline as the preset itself.
func TestSimPresetScenario(t *testing.T) {
	sc, _, err := simRun(t, "", "--preset", "redis-failover", "--scenario")
	if err != nil {
		t.Fatalf("sim --scenario: %v", err)
	}
	fromFile, _, err := simRun(t, sc, "--json", "-")
	if err != nil {
		t.Fatalf("sim - with the printed scenario: %v", err)
	}
	fromPreset, _, err := simRun(t, "", "--json", "--preset", "redis-failover")
	if err != nil {
		t.Fatal(err)
	}
	if fromFile != fromPreset {
		t.Fatalf("the printed scenario runs differently from the preset")
	}
}

func TestSimErrors(t *testing.T) {
	tests := []struct {
		name     string
		stdin    string
		args     []string
		wantCode int
		want     string
	}{
		{"invalid op names the action", `{"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"A","op":"teleport"}]}`, []string{"-"}, 1,
			`sim stdin: actions[1].op: unknown op "teleport"`},
		{"not JSON", `lock: redis`, []string{"-"}, 1, "sim stdin: line 1, column 1: want a JSON object"},
		{"malformed JSON placed by line and column", "{\"clients\": [\n  {\"id\": \"A\"},\n]}", []string{"-"}, 1,
			"sim stdin: line 3, column 1: expected a value, found ']'"},
		{"every problem, one a line", `{"lock":{"ttl_ms":-1},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"B","op":"acquire"},{"at_ms":1,"client":"A","op":"teleport"}]}`, []string{"-"}, 1,
			"sim stdin: invalid scenario:\n  lock.ttl_ms: -1 is out of range 1..600000\n  actions[0].client: unknown client \"B\"\n  actions[1].op: unknown op \"teleport\""},
		{"missing file", "", []string{"/nonexistent/scenario.json"}, 1, "no such file"},
		// QA-32 #4: the same rule as the import and the blank form.
		{"no clients", `{}`, []string{"-"}, 1, "sim stdin: clients: no clients: a scenario needs 1 to 8"},
		{"an empty list of clients", `{"lock":{"model":"redis","ttl_ms":10000},"clients":[],"actions":[]}`, []string{"-"}, 1, "sim stdin: clients: no clients"},
		{"unknown preset", "", []string{"--preset", "teleport"}, 2, `unknown preset "teleport"`},
		{"nothing to run", "", nil, 2, "no scenario"},
		{"two files", "", []string{"a.json", "b.json"}, 2, "give one scenario file"},
		{"preset and file", "", []string{"--preset", "delayed-write", "a.json"}, 2, "not both"},
		{"scenario without preset", "", []string{"--scenario", "-"}, 2, "--scenario needs --preset"},
		{"unknown flag", "", []string{"--teleport"}, 2, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := simRun(t, tt.stdin, tt.args...)
			if err == nil {
				t.Fatalf("sim %v succeeded:\n%s", tt.args, out)
			}
			code := 1
			var ee *exitError
			if errors.As(err, &ee) {
				code = ee.code
			}
			if code != tt.wantCode || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v (exit %d), want %q (exit %d)", err, code, tt.want, tt.wantCode)
			}
		})
	}
}

func TestSimHelp(t *testing.T) {
	out, _, err := simRun(t, "", "--help")
	if err != nil {
		t.Fatalf("sim --help: %v", err)
	}
	for _, want := range []string{"lockdrill sim", "--preset", "-list", "-json"} {
		if !strings.Contains(out, want) {
			t.Fatalf("help lacks %q:\n%s", want, out)
		}
	}
}
