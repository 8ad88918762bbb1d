package conformance_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

// The two scenarios where engine 3 disagreed with the real systems
// (MISMATCHES.md, "Fixed in engine 4"), played against the real system.
// Each test holds the REAL outcome to what MISMATCHES.md recorded, so
// that the record stays true, and fails if the engine stops agreeing
// with it.

// lapsedClaim: A's claim lapses while A is paused and nobody takes it
// over; A then writes, extends and writes again, and B claims.
const lapsedClaim = `{"lock": {"model": "database", "ttl_ms": 10000},
 "clients": [{"id": "A"}, {"id": "B"}],
 "actions": [{"at_ms": 0, "client": "A", "op": "claim"},
             {"at_ms": 1000, "client": "A", "op": "pause", "ms": 14000},
             {"at_ms": 2000, "client": "A", "op": "write", "value": "a"},
             {"at_ms": 16000, "client": "A", "op": "extend"},
             {"at_ms": 17000, "client": "A", "op": "write", "value": "a2"},
             {"at_ms": 20000, "client": "B", "op": "claim"}]}`

// refreshOnFailover: the etcd leader fails 8 s into A's 10 s lease; B asks
// at 12 s (after the lease's original end) and at 25 s.
const refreshOnFailover = `{"lock": {"model": "consensus", "ttl_ms": 10000},
 "clients": [{"id": "A"}, {"id": "B"}],
 "actions": [{"at_ms": 0, "client": "A", "op": "acquire"},
             {"at_ms": 8000, "op": "failover"},
             {"at_ms": 12000, "client": "B", "op": "acquire"},
             {"at_ms": 25000, "client": "B", "op": "acquire"}]}`

func TestMismatchLapsedClaim(t *testing.T) {
	t.Parallel()
	playMismatch(t, &conformance.SQLite{Dir: t.TempDir()}, lapsedClaim, []string{
		`acquire.granted A token#1`,
		`write.rejected A "a" token#1`,
		`extend.refused A`,
		// A knows from the refused extend that it lost the claim: it does
		// not send "a2" (the skipped write is not an outcome step).
		`acquire.granted B token#2`,
	}, "")
}

func TestMismatchRefreshOnFailover(t *testing.T) {
	t.Parallel()
	bin := needBinary(t, "etcd", "etcd-server")
	c := startEtcd(t, bin)
	tg := &conformance.Etcd{Endpoints: c.endpoints, StopLeader: c.stopLeader}
	t.Cleanup(func() { tg.Close() })
	playMismatch(t, tg, refreshOnFailover, []string{
		`acquire.granted A token#1`,
		`failover holder=A`,
		`acquire.denied B holder=A (held)`,
		`acquire.granted B token#2`,
	}, "")
}

func playMismatch(t *testing.T, tg conformance.Target, scenario string, wantReal []string, wantFinal string) {
	t.Helper()
	sc, err := sandbox.Parse([]byte(scenario))
	if err != nil {
		t.Fatal(err)
	}
	res, err := conformance.Play(context.Background(), sc, tg, conformance.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.MaxLate > conformance.Noise {
		t.Skipf("the runner fell %v behind schedule: the machine is too busy for this run to say anything", res.MaxLate)
	}
	tl := sandbox.Run(sc)
	engine := conformance.OutcomeOf(tl.Events.Slice(), tl.Summary.FinalValue)
	real := conformance.Align(engine, res.Outcome)
	var got []string
	for _, s := range real.Steps {
		got = append(got, s.String())
	}
	if strings.Join(got, "\n") != strings.Join(wantReal, "\n") || real.FinalValue != wantFinal {
		js, _ := json.Marshal(real)
		t.Fatalf("real %s did:\n  %s\nfinal %q\nwant (MISMATCHES.md):\n  %s\nfinal %q\n%s", tg.Name(), strings.Join(got, "\n  "), real.FinalValue, strings.Join(wantReal, "\n  "), wantFinal, js)
	}
	if d := conformance.Diff(engine, res.Outcome); d != nil {
		t.Errorf("engine %s disagrees with real %s again (it agreed from engine 4 on):\n  %s", sandbox.EngineVersion, tg.Name(), strings.Join(d, "\n  "))
	}
}
