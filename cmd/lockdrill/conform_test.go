package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

func conformRun(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"conform"}, args...), envFrom(nil), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

// TestConformSQLite plays a preset against a real SQLite file, which needs
// no server: both columns show and the verdict is "agree".
func TestConformSQLite(t *testing.T) {
	out, _, err := conformRun(t, "", "--preset", "database-conditional-update", "--sqlite")
	if err != nil {
		t.Fatalf("conform: %v\n%s", err, out)
	}
	for _, want := range []string{"ENGINE", "REAL SQLITE", `acquire.denied B holder=A (held)`, `final value "seat 12A: A"`, "agree: real sqlite reproduces the engine's outcome"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestConformOutOfReach: a fault no real server can be made to do is
// named with its reason, and the exit status says the run did not happen.
func TestConformOutOfReach(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"clock jump", "", []string{"--preset", "redlock-clock-jump", "--redis", "127.0.0.1:1,127.0.0.1:2,127.0.0.1:3,127.0.0.1:4,127.0.0.1:5"}, "clock_jump (actions[1]): one server's clock cannot jump"},
		{"delay", "", []string{"--preset", "delayed-write", "--redis", "127.0.0.1:1"}, "delay (actions[1]): a message held up"},
		{"failover on a cluster it did not start", "", []string{"--preset", "consensus-failover", "--etcd", "http://127.0.0.1:1"}, "failover: needs the leader's process to stop"},
		{"wrong target for the model", "", []string{"--preset", "redis-failover", "--sqlite"}, "model redis is not played against SQLite"},
		{"too few redlock nodes", `{"lock":{"model":"redlock"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"}]}`, []string{"-", "--redis", "127.0.0.1:1"}, "5 redlock nodes, but 1 Redis servers given"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := conformRun(t, tt.stdin, tt.args...)
			if exitStatus(err) != 2 {
				t.Fatalf("exit status %d (%v), want 2", exitStatus(err), err)
			}
			if !strings.Contains(out, "out of reach") || !strings.Contains(out, tt.want) {
				t.Fatalf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

func TestConformUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no target", []string{"--preset", "paused-holder-fenced"}, "exactly one of --redis, --etcd and --sqlite"},
		{"two targets", []string{"--preset", "paused-holder-fenced", "--sqlite", "--redis", "x:1"}, "exactly one of"},
		{"no scenario", []string{"--sqlite"}, "no scenario"},
		{"unknown preset", []string{"--preset", "nope", "--sqlite"}, `unknown preset "nope"`},
		{"bad scale", []string{"--preset", "paused-holder-fenced", "--sqlite", "--scale", "-1"}, "--scale -1 is out of range"},
		{"empty address list", []string{"--preset", "paused-holder-fenced", "--redis", ","}, "--redis: no address given"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := conformRun(t, "", tt.args...)
			if exitStatus(err) != 2 || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v (status %d), want status 2 naming %q", err, exitStatus(err), tt.want)
			}
		})
	}
	out, _, err := conformRun(t, "", "--help")
	if err != nil || !strings.Contains(out, "lockdrill conform [--preset ID | FILE] --redis") {
		t.Fatalf("--help: %v\n%s", err, out)
	}
}

func TestConformInvalidScenario(t *testing.T) {
	_, _, err := conformRun(t, `{"lock":{"model":"etcd"}}`, "-", "--sqlite")
	if exitStatus(err) != 2 || !strings.Contains(err.Error(), "lock.model") {
		t.Fatalf("err = %v, want status 2 naming lock.model", err)
	}
}

// TestConformReadsWebExport: the file the web's "Export JSON" writes (a
// title, description and preset beside the scenario) is played as it is,
// as sim and the web import read it; a bad meta field is still named.
func TestConformReadsWebExport(t *testing.T) {
	p, ok := sandbox.PresetByID("database-conditional-update")
	if !ok {
		t.Fatal("preset database-conditional-update is gone")
	}
	data, err := sandbox.MarshalExport(p.Scenario, sandbox.ExportMeta{Title: "my copy", Description: "from the browser", Preset: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, err := conformRun(t, string(data), "-", "--sqlite")
	if err != nil {
		t.Fatalf("conform of a web export: %v\n%s%s", err, out, errOut)
	}
	if !strings.Contains(out, "agree: real sqlite reproduces the engine's outcome") {
		t.Fatalf("output lacks the verdict:\n%s", out)
	}

	_, _, err = conformRun(t, `{"title":7,"lock":{"model":"database"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"claim"}]}`, "-", "--sqlite")
	if exitStatus(err) != 2 || err == nil || !strings.Contains(err.Error(), "title") {
		t.Fatalf("a title that is not a string: err %v (status %d), want status 2 naming title", err, exitStatus(err))
	}
}
