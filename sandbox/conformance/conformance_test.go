package conformance_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
	"lockdrill/sandbox/conformance/results"
)

var update = flag.Bool("update", false, "rewrite results/results.json from this run (needs every server and the full, non -short run)")

const resultsPath = "results/results.json"

// expectedMismatch lists presets where the real system is known to differ
// from the engine, each with the reason (see MISMATCHES.md). They are
// played and reported, not failed; one that starts to agree fails, so
// that the list stays true.
var expectedMismatch = map[string]string{}

// suite is one real system under test.
type suite struct {
	name     string
	server   string
	target   conformance.Target
	models   []sandbox.Model
	seed     uint64
	parallel int
	// generated is how many seeded scenarios must be played.
	generated int
}

// generatedCount is how many seeded scenarios each backend plays: at least
// 200, fewer with -short.
func generatedCount() int {
	if testing.Short() {
		return 30
	}
	return 200
}

func TestRedis(t *testing.T) {
	t.Parallel()
	bin := needBinary(t, "redis-server", "redis-server")
	dir := t.TempDir()
	var addrs []string
	for range 5 {
		addrs = append(addrs, startRedis(t, bin, dir, ""))
	}
	pool := newPairPool(t, bin, dir, 4)
	tg := &conformance.Redis{Addrs: addrs, Pair: pool.get, Nodes: redisNodes(t, bin)}
	t.Cleanup(func() { tg.Close() })
	runSuite(t, suite{name: "redis", server: "Redis " + serverVersion(bin), target: tg,
		models: []sandbox.Model{sandbox.ModelRedis, sandbox.ModelRedlock}, seed: 1, parallel: 12, generated: generatedCount()})
}

func TestEtcd(t *testing.T) {
	t.Parallel()
	bin := needBinary(t, "etcd", "etcd-server")
	// Failover runs stop a leader, which would stall every other run on
	// the same cluster: they get a cluster of their own, one at a time.
	shared, own := startEtcd(t, bin), startEtcd(t, bin)
	plain := &conformance.Etcd{Endpoints: shared.endpoints}
	var mu sync.Mutex
	failing := &conformance.Etcd{Endpoints: own.endpoints, StopLeader: own.stopLeader}
	t.Cleanup(func() { plain.Close(); failing.Close() })
	tg := &splitEtcd{Etcd: plain, failover: failing, mu: &mu}
	runSuite(t, suite{name: "etcd", server: "etcd " + serverVersion(bin), target: tg,
		models: []sandbox.Model{sandbox.ModelConsensus}, seed: 2, parallel: 12, generated: generatedCount()})
}

func TestSQLite(t *testing.T) {
	t.Parallel()
	tg := &conformance.SQLite{Dir: t.TempDir()}
	runSuite(t, suite{name: "sqlite", server: "SQLite " + sqliteVersion(t), target: tg,
		models: []sandbox.Model{sandbox.ModelDatabase}, seed: 3, parallel: 12, generated: generatedCount()})
}

// splitEtcd sends a scenario with a failover to its own cluster, one run
// at a time, and every other scenario to the shared one.
type splitEtcd struct {
	*conformance.Etcd
	failover *conformance.Etcd
	mu       *sync.Mutex
}

func (s *splitEtcd) OutOfReach(sc sandbox.Scenario, scale float64) []string {
	return s.failover.OutOfReach(sc, scale)
}

func (s *splitEtcd) Open(ctx context.Context, sc sandbox.Scenario, scale float64) (conformance.Backend, error) {
	if !hasFailover(sc) {
		return s.Etcd.Open(ctx, sc, scale)
	}
	s.mu.Lock()
	b, err := s.failover.Open(ctx, sc, scale)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	return &unlockOnClose{Backend: b, mu: s.mu}, nil
}

type unlockOnClose struct {
	conformance.Backend
	mu   *sync.Mutex
	once sync.Once
}

func (u *unlockOnClose) Close() error {
	err := u.Backend.Close()
	u.once.Do(u.mu.Unlock)
	return err
}

func hasFailover(sc sandbox.Scenario) bool {
	return slices.ContainsFunc(sc.Actions, func(a sandbox.Action) bool { return a.Op == sandbox.OpFailover })
}

// play runs sc on the real system and returns the engine's and the real
// outcome.
//
// A run that falls behind its schedule is played again, slower
// (conformance.PlayPatiently).
func play(ctx context.Context, s suite, sc sandbox.Scenario, scale float64) (want, got conformance.Outcome, err error) {
	res, _, err := conformance.PlayPatiently(ctx, sc, s.target, scale)
	if err != nil {
		return want, got, err
	}
	tl := sandbox.Run(sc)
	return conformance.OutcomeOf(tl.Events.Slice(), tl.Summary.FinalValue), res.Outcome, nil
}

func runSuite(t *testing.T, s suite) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	sem := make(chan struct{}, s.parallel)
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := results.Backend{Server: s.server, Presets: []results.Preset{}}

	// Every preset of the library whose model this system stands for:
	// the verdicts are settled first, then the playable ones run.
	var playable []sandbox.Preset
	var slots []int
	var scales []float64
	for _, p := range sandbox.Presets() {
		if !slices.Contains(s.models, p.Scenario.Lock.Model) {
			continue
		}
		scale, stable, unstable := conformance.ChooseScale(p.Scenario, s.target)
		v := results.Preset{ID: p.ID}
		if why := conformance.OutOfReach(p.Scenario, s.target, 0); len(why) > 0 {
			v.Status, v.Why = results.StatusOutOfReach, strings.Join(why, "; ")
			t.Logf("OUT OF REACH on %s: preset %s: %s", s.name, p.ID, v.Why)
		} else if !stable {
			v.Status, v.Why = results.StatusTimingSensitive, unstable
			t.Logf("TIMING-SENSITIVE on %s: preset %s not played: %s", s.name, p.ID, unstable)
		} else {
			playable = append(playable, p)
			slots = append(slots, len(got.Presets))
			scales = append(scales, scale)
		}
		got.Presets = append(got.Presets, v)
	}
	for k, p := range playable {
		i, scale := slots[k], scales[k]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			want, real, err := play(ctx, s, p.Scenario, scale)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("preset %s on %s: %v", p.ID, s.name, err)
				got.Presets[i].Status = "error"
				return
			}
			d := conformance.Diff(want, real)
			reason, expected := expectedMismatch[p.ID]
			switch {
			case d == nil && expected:
				t.Errorf("preset %s on %s now agrees with the engine: remove it from expectedMismatch and MISMATCHES.md", p.ID, s.name)
				got.Presets[i].Status = results.StatusAgrees
			case d == nil:
				got.Presets[i].Status = results.StatusAgrees
				t.Logf("AGREES on %s: preset %s (%d steps, scale %g)", s.name, p.ID, len(want.Steps), scale)
			case expected:
				got.Presets[i].Status, got.Presets[i].Why = results.StatusExpectedMismatch, reason
				t.Logf("EXPECTED MISMATCH on %s: preset %s (%s):\n  %s", s.name, p.ID, reason, strings.Join(d, "\n  "))
			default:
				got.Presets[i].Status = "mismatch"
				t.Errorf("preset %s: %s disagrees with the engine:\n  %s", p.ID, s.name, strings.Join(d, "\n  "))
			}
		}()
	}

	// Seeded generated scenarios: draw until enough are playable.
	g := results.Generated{Seed: s.seed}
	for _, m := range s.models {
		g.Models = append(g.Models, m.String())
	}
	for seed := s.seed * 1_000_000; g.Played < s.generated && g.Drawn < 20*s.generated; seed++ {
		sc := conformance.Generate(seed, s.models[int(seed)%len(s.models)])
		g.Drawn++
		if why := conformance.OutOfReach(sc, s.target, 0); len(why) > 0 {
			t.Fatalf("generator drew a scenario out of reach of %s (seed %d): %v", s.name, seed, why)
		}
		early, late := conformance.Margins(s.target, s.target.Scale(sc))
		if ok, _ := conformance.Stable(sc, early, late); !ok {
			g.Unstable++
			continue
		}
		g.Played++
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			want, real, err := play(ctx, s, sc, 0)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("generated seed %d on %s: %v", seed, s.name, err)
				return
			}
			if d := conformance.Diff(want, real); d != nil {
				js, _ := json.Marshal(sc)
				t.Errorf("generated seed %d: %s disagrees with the engine:\n  %s\nscenario: %s", seed, s.name, strings.Join(d, "\n  "), js)
				return
			}
			g.Agreed++
		}()
	}
	wg.Wait()
	got.Generated = g
	t.Logf("%s: %d generated scenarios played (%d drawn, %d timing-sensitive), %d agree",
		s.name, g.Played, g.Drawn, g.Unstable, g.Agreed)
	if g.Played < s.generated {
		t.Errorf("%s: only %d playable scenarios in %d drawn, want %d", s.name, g.Played, g.Drawn, s.generated)
	}
	checkResults(t, s.name, got)
}

var resultsMu sync.Mutex

// checkResults compares this run with results.json, or rewrites the
// backend's part of it with -update. With -short only the presets are
// compared (fewer scenarios are generated).
func checkResults(t *testing.T, name string, got results.Backend) {
	t.Helper()
	resultsMu.Lock()
	defer resultsMu.Unlock()
	var f results.File
	data, err := os.ReadFile(resultsPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", resultsPath, err)
	}
	if *update {
		if testing.Short() {
			t.Fatal("-update needs the full run, not -short")
		}
		if t.Failed() {
			t.Fatalf("not updating %s: the run failed", resultsPath)
		}
		if f.Backends == nil {
			f.Backends = map[string]results.Backend{}
		}
		f.Note = "Written by 'go test ./sandbox/conformance -update'; checked by the same test without -update. Do not edit by hand."
		f.Backends[name] = got
		out, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(resultsPath, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, ok := f.Backends[name]
	if !ok {
		t.Fatalf("%s has no results for %s: run go test ./sandbox/conformance -update", resultsPath, name)
	}
	if testing.Short() {
		want.Generated, got.Generated = results.Generated{}, results.Generated{}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s drifted from this run for %s (-file +run); if the change is right, run go test ./sandbox/conformance -update:\n%s", filepath.Base(resultsPath), name, d)
	}
}

func sqliteVersion(t *testing.T) string {
	v, err := conformance.SQLiteVersion()
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return fmt.Sprintf("%s.%s", parts[0], parts[1])
}
