package sandbox_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

var update = flag.Bool("update", false, "rewrite the golden timelines under testdata/")

// The preset ids the rest of the app links to. Each preset's guide slug
// is checked against the loaded guide by content.Load.
var (
	presetIDs = []string{"paused-holder-fenced", "paused-holder-unfenced", "unconditional-del", "setnx-then-expire-crash",
		"heartbeat-paused", "heartbeat-live", "redis-failover", "consensus-failover", "redlock-clock-jump", "delayed-write",
		"database-conditional-update", "counter-lost-on-failover", "idempotent-job-reclaimed",
		// added with the unsafe-write check: fencing's limit
		"fenced-late-write-first",
		// engine 4: faults, restarts, effects
		"idempotency-key-dedup", "redlock-split-vote", "redlock-two-down", "redlock-one-clock-jump",
		"redlock-restart-no-persistence", "redlock-delayed-restart", "consensus-minority-partition",
		"consensus-leader-refresh", "redis-wait-sync"}
)

func TestPresetLibrary(t *testing.T) {
	ps := sandbox.Presets()
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.ID)
		if p.Title == "" || p.Lesson == "" {
			t.Fatalf("preset %s has no title or lesson", p.ID)
		}
		if err := p.Scenario.Validate(); err != nil {
			t.Fatalf("preset %s: %v", p.ID, err)
		}
	}
	a, b := slices.Sorted(slices.Values(ids)), slices.Sorted(slices.Values(presetIDs))
	if !slices.Equal(a, b) {
		t.Fatalf("preset ids %v, want %v", a, b)
	}
	for _, id := range presetIDs {
		p, ok := sandbox.PresetByID(id)
		if !ok || p.ID != id {
			t.Fatalf("PresetByID(%q) = %v, %v", id, p.ID, ok)
		}
	}
	if _, ok := sandbox.PresetByID("teleport"); ok {
		t.Fatalf("PresetByID(teleport) found a preset")
	}
}

// TestPresetOutcomes holds every preset to the outcome its lesson states.
// The verdict comes from the checker reading the run's events; Expect is
// only compared with it.
func TestPresetOutcomes(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			s := sandbox.Run(p.Scenario).Summary
			var kinds []string
			for _, v := range s.Violations {
				kinds = append(kinds, v.Kind)
			}
			if !slices.Equal(kinds, p.Expect.Violations) {
				t.Fatalf("violations %v, want %v", kinds, p.Expect.Violations)
			}
			if s.WritesAccepted != p.Expect.WritesAccepted || s.WritesRejected != p.Expect.WritesRejected {
				t.Fatalf("writes accepted/rejected %d/%d, want %d/%d", s.WritesAccepted, s.WritesRejected, p.Expect.WritesAccepted, p.Expect.WritesRejected)
			}
			if s.FinalValue != p.Expect.FinalValue {
				t.Fatalf("final value %q, want %q", s.FinalValue, p.Expect.FinalValue)
			}
		})
	}
}

// TestPresetLessons pins the specific fact each lesson rests on, beyond the
// summary counts.
func TestPresetLessons(t *testing.T) {
	tests := []struct {
		id    string
		kinds []sandbox.Kind
		want  []string
	}{
		{"paused-holder-fenced", []sandbox.Kind{sandbox.KindWriteRejected}, []string{"16000 write.rejected A a stale-token"}},
		{"delayed-write", []sandbox.Kind{sandbox.KindWriteRejected}, []string{"16000 write.rejected A a stale-token"}},
		// The race of a correct client: the write was next when the pause
		// hit, so it goes out before the heartbeat can tell A anything.
		{"heartbeat-paused", []sandbox.Kind{sandbox.KindExtendOK, sandbox.KindExtendRefused, sandbox.KindWriteAccepted},
			[]string{"3000 extend.ok A", "15000 write.accepted B b", "20000 write.accepted A a", "20000 extend.refused A"}},
		{"redlock-split-vote", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindRetry},
			[]string{"100 acquire.denied A no-majority", "100 acquire.retry A", "100 acquire.denied B no-majority", "100 acquire.retry B",
				"166 acquire.denied A no-majority", "166 acquire.retry A", "220 acquire.denied B no-majority", "220 acquire.retry B",
				"256 acquire.granted B token=0", "357 acquire.denied A no-majority", "357 acquire.retry A", "519 acquire.denied A no-majority"}},
		{"redlock-two-down", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			[]string{"100 acquire.granted A token=0", "200 acquire.denied B no-majority", "500 acquire.granted B token=0"}},
		{"redlock-one-clock-jump", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindLeaseExpired},
			[]string{"0 acquire.granted A token=0", "1000 lease.expired A", "2000 acquire.granted B token=0", "10000 lease.expired A", "10000 lease.expired A",
				"12000 lease.expired B", "12000 lease.expired B", "12000 lease.expired B"}},
		{"redlock-restart-no-persistence", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindNodeDown, sandbox.KindRestart},
			[]string{"0 acquire.granted A token=0", "1000 node.down", "1000 node.restart", "2000 acquire.granted B token=0"}},
		{"redlock-delayed-restart", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindRestart},
			[]string{"0 acquire.granted A token=0", "2000 acquire.denied B no-majority", "12000 node.restart", "12500 acquire.granted B token=0"}},
		{"consensus-minority-partition", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			[]string{"100 acquire.denied B no-quorum", "200 acquire.granted A token=1", "600 acquire.granted B token=3"}},
		// Without the refresh B would be granted at 12000 (A's lease was
		// due at 10000); etcd refuses it.
		{"consensus-leader-refresh", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindFailover, sandbox.KindLeaseExpired},
			[]string{"0 acquire.granted A token=1", "8000 failover", "12000 acquire.denied B held", "18000 lease.expired A", "19000 acquire.granted B token=3", "29000 lease.expired B"}},
		{"redis-wait-sync", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindReleaseOK},
			[]string{"0 acquire.granted A token=1", "1000 acquire.denied B held", "2000 release.ok A of A", "3500 acquire.denied B not-replicated", "3500 release.ok B of B"}},
		{"idempotency-key-dedup", []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			[]string{"1000 write.accepted A charge job-7", "16000 write.rejected B charge job-7 duplicate-key", "17000 write.accepted B done job-7", "22000 write.rejected A done job-7 not-holder"}},
		{"heartbeat-live", []sandbox.Kind{sandbox.KindAcquireDenied, sandbox.KindLeaseExpired, sandbox.KindAcquireGranted},
			[]string{"0 acquire.granted A token=1", "12000 acquire.denied B held", "25000 acquire.denied B held", "28000 lease.expired A", "32000 acquire.granted B token=2"}},
		{"consensus-failover", []sandbox.Kind{sandbox.KindAcquireDenied, sandbox.KindAcquireGranted}, []string{"0 acquire.granted A token=1", "1000 acquire.denied B held"}},
		{"setnx-then-expire-crash", []sandbox.Kind{sandbox.KindAcquireDenied, sandbox.KindLeaseExpired, sandbox.KindExpireSet}, []string{"15000 acquire.denied B held", "60000 acquire.denied B held"}},
		{"database-conditional-update", []sandbox.Kind{sandbox.KindAcquireDenied, sandbox.KindWriteRejected, sandbox.KindActionSkipped}, []string{"0 acquire.denied B held", "1500 action.skipped B"}},
		{"idempotent-job-reclaimed", []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindWriteRejected}, []string{"0 acquire.granted A token=1", "15000 acquire.granted B token=2", "22000 write.rejected A done job-7 not-holder"}},
		{"counter-lost-on-failover", []sandbox.Kind{sandbox.KindAcquireGranted}, []string{"0 acquire.granted A token=1", "600 acquire.granted B token=1"}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			p, ok := sandbox.PresetByID(tt.id)
			if !ok {
				t.Fatalf("no preset %q", tt.id)
			}
			if got := lines(sandbox.Run(p.Scenario), tt.kinds...); !slices.Equal(got, tt.want) {
				t.Fatalf("events:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestPresetGolden compares each preset's JSON timeline and text table with
// testdata/presets/<id>.{json,txt}, so that the engine's output can never
// drift silently. A deliberate change: go test ./sandbox -run Golden -update,
// review the diff, and bump EngineVersion.
func TestPresetGolden(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			tl := sandbox.Run(p.Scenario)
			js, err := json.MarshalIndent(tl, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			var txt bytes.Buffer
			if err := tl.WriteTable(&txt); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "presets", p.ID+".json"), append(js, '\n'))
			golden(t, filepath.Join("testdata", "presets", p.ID+".txt"), txt.Bytes())
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(g), len(w)) {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			t.Fatalf("%s:%d differs from the engine's output (review, then -update):\n got %s\nwant %s", path, i+1, gl, wl)
		}
	}
}

// TestDeterministic: the same scenario gives byte-identical output, run
// after run and after a JSON round trip of the scenario.
func TestDeterministic(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			first, err := json.Marshal(sandbox.Run(p.Scenario))
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(p.Scenario)
			if err != nil {
				t.Fatal(err)
			}
			for range 5 {
				s, err := sandbox.Parse(data)
				if err != nil {
					t.Fatal(err)
				}
				again, err := json.Marshal(sandbox.Run(s))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(first, again) {
					t.Fatalf("second run differs:\n%s\n%s", first, again)
				}
			}
			if !bytes.Contains(first, []byte(`"engine_version":"`+sandbox.EngineVersion+`"`)) {
				t.Fatalf("output has no engine_version")
			}
		})
	}
}

// TestViolationEvents: each violation in the summary points at the event it
// is about, and a violation event follows that event.
func TestViolationEvents(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			tl := sandbox.Run(p.Scenario)
			n := 0
			for _, e := range tl.Events.All() {
				if e.Kind == sandbox.KindViolation {
					n++
				}
			}
			if n != len(tl.Summary.Violations) {
				t.Fatalf("%d violation events, %d violations", n, len(tl.Summary.Violations))
			}
			for _, v := range tl.Summary.Violations {
				if v.Event < 0 || v.Event+1 >= tl.Events.Len() {
					t.Fatalf("violation %s points at event %d of %d", v.Kind, v.Event, tl.Events.Len())
				}
				if e := tl.Events.At(v.Event); e.Kind == sandbox.KindViolation || e.T != v.T {
					t.Fatalf("violation %s at %d points at %s at %d", v.Kind, v.T, e.Kind, e.T)
				}
				found := false
				for _, e := range tl.Events.Slice()[v.Event+1:] {
					if e.Kind != sandbox.KindViolation {
						break
					}
					found = found || (e.Reason == v.Kind && e.Ref == v.Event)
				}
				if !found {
					t.Fatalf("no violation event for %s right after event %d", v.Kind, v.Event)
				}
			}
		})
	}
}

// TestWaitPresetSentinelRanking: the WAIT preset's description says how
// Sentinel really picks the replica to promote (priority, then offset, then
// run id) and promises nothing about the one that acknowledged the write,
// as the guide's Redis-operations section does (QA-9 Q9-18).
func TestWaitPresetSentinelRanking(t *testing.T) {
	p, ok := sandbox.PresetByID("redis-wait-sync")
	if !ok {
		t.Fatal("preset redis-wait-sync is gone")
	}
	for _, want := range []string{"replica-priority", "replication offset", "run id", "nothing guarantees"} {
		if !strings.Contains(p.Lesson, want) {
			t.Errorf("the description lacks %q:\n%s", want, p.Lesson)
		}
	}
	if strings.Contains(p.Lesson, "promote a replica that got the write") {
		t.Errorf("the description still claims a failover promotes a replica that got the write:\n%s", p.Lesson)
	}
}
