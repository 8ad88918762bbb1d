package conformance_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

// TestOutcomeOfRanksTokens: etcd's revisions (17, 23) and the engine's
// counter (1, 2) compare by their order, and an equal token stays equal
// (a counter lost on failover hands one out twice).
func TestOutcomeOfRanksTokens(t *testing.T) {
	engine := []sandbox.Event{
		{Kind: sandbox.KindAcquireGranted, Client: "A", Token: 1},
		{Kind: sandbox.KindAcquireGranted, Client: "B", Token: 1},
		{Kind: sandbox.KindWriteAccepted, Client: "B", Token: 1, Value: "b"},
		{Kind: sandbox.KindAcquireGranted, Client: "A", Token: 2},
	}
	real := []sandbox.Event{
		{Kind: sandbox.KindAcquireGranted, Client: "A", Token: 17},
		{Kind: sandbox.KindAcquireGranted, Client: "B", Token: 17},
		{Kind: sandbox.KindWriteAccepted, Client: "B", Token: 17, Value: "b"},
		{Kind: sandbox.KindAcquireGranted, Client: "A", Token: 23},
	}
	if d := conformance.Diff(conformance.OutcomeOf(engine, "b"), conformance.OutcomeOf(real, "b")); d != nil {
		t.Fatalf("Diff = %v, want none", d)
	}
	real[3].Token = 5 // now lower than 17: the order differs
	d := conformance.Diff(conformance.OutcomeOf(engine, "b"), conformance.OutcomeOf(real, "b"))
	if len(d) == 0 {
		t.Fatal("a token order that differs was not reported")
	}
}

// TestOutcomeOfLeavesOutCauses: expiries, pauses and heartbeats are not
// compared; an explicit extend is.
func TestOutcomeOfLeavesOutCauses(t *testing.T) {
	events := []sandbox.Event{
		{Kind: sandbox.KindAcquireGranted, Client: "A"},
		{Kind: sandbox.KindPauseStart, Client: "A"},
		{Kind: sandbox.KindExtendOK, Client: "A", Reason: "heartbeat"},
		{Kind: sandbox.KindLeaseExpired, Client: "A"},
		{Kind: sandbox.KindExtendRefused, Client: "A", Reason: "extend"},
		{Kind: sandbox.KindWriteRejected, Client: "A", Value: "a", Reason: sandbox.ReasonNotHolder},
	}
	got := conformance.OutcomeOf(events, "")
	var kinds []string
	for _, s := range got.Steps {
		kinds = append(kinds, s.String())
	}
	want := []string{"acquire.granted A", "extend.refused A", `write.rejected A "a"`}
	if !reflect.DeepEqual(kinds, want) {
		t.Fatalf("steps = %q, want %q", kinds, want)
	}
}

// TestAlign: tokens the engine's run does not show at all (the database
// epoch under engine 3) are dropped from the real side; any token on the
// engine's side keeps them.
func TestAlign(t *testing.T) {
	none := conformance.Outcome{Steps: []conformance.Step{{Kind: string(sandbox.KindAcquireGranted), Client: "A"}}}
	some := conformance.Outcome{Steps: []conformance.Step{{Kind: string(sandbox.KindAcquireGranted), Client: "A", Token: 1}}}
	real := conformance.Outcome{Steps: []conformance.Step{{Kind: string(sandbox.KindAcquireGranted), Client: "A", Token: 1}}}
	if d := conformance.Diff(none, real); d != nil {
		t.Fatalf("Diff(no tokens, epoch) = %v, want none", d)
	}
	if d := conformance.Diff(some, conformance.Outcome{Steps: none.Steps}); d == nil {
		t.Fatal("a token missing on the real side was not reported")
	}
	if real.Steps[0].Token != 1 {
		t.Fatal("Align changed its argument")
	}
}

// TestGenerate: a generated scenario is valid, the same for the same seed,
// within reach of the target that plays its model, and the draws cover
// the faults and options a real server can play.
func TestGenerate(t *testing.T) {
	targets := map[sandbox.Model]conformance.Target{
		sandbox.ModelRedis: &conformance.Redis{Addrs: []string{"a", "b", "c", "d", "e"}, Pair: func(context.Context) (conformance.ReplicaPair, error) { return conformance.ReplicaPair{}, nil }},
		sandbox.ModelRedlock: &conformance.Redis{Addrs: []string{"a", "b", "c", "d", "e"},
			Nodes: func(context.Context, int, string) ([]conformance.Proc, error) { return nil, nil }},
		sandbox.ModelConsensus: &conformance.Etcd{StopLeader: func(context.Context) error { return nil }},
		sandbox.ModelDatabase:  &conformance.SQLite{},
	}
	seen := map[string]bool{}
	for model, tg := range targets {
		for seed := range uint64(300) {
			sc := conformance.Generate(seed, model)
			if err := sc.Validate(); err != nil {
				t.Fatalf("Generate(%d, %s) is invalid: %v", seed, model, err)
			}
			if !reflect.DeepEqual(sc, conformance.Generate(seed, model)) {
				t.Fatalf("Generate(%d, %s) differs between calls", seed, model)
			}
			if why := conformance.OutOfReach(sc, tg, 0); len(why) > 0 {
				t.Fatalf("Generate(%d, %s) is out of reach: %v", seed, model, why)
			}
			for _, a := range sc.Actions {
				seen[model.String()+" "+a.Op.String()] = true
			}
			if sc.Lock.Acquire == sandbox.AcquireSetThenExpire {
				seen["set-then-expire"] = true
			}
			if sc.Lock.LagMS != nil && *sc.Lock.LagMS == 0 && model == sandbox.ModelRedis {
				seen["redis lag 0"] = true
			}
			if sc.Lock.Retries > 0 {
				seen[model.String()+" retries"] = true
			}
			if sc.Resource.Kind == sandbox.ResourceLedger {
				seen[model.String()+" ledger"] = true
			}
			if sc.Resource.IdempotencyKeys {
				seen[model.String()+" idempotency keys"] = true
			}
			if sc.Lock.Release == sandbox.ReleaseUnconditionalDel {
				seen[model.String()+" unconditional-del"] = true
			}
			for _, c := range sc.Clients {
				if c.HeartbeatMS > 0 {
					seen[model.String()+" heartbeat"] = true
				}
			}
		}
	}
	for _, want := range []string{"redis failover", "consensus failover", "set-then-expire", "redlock unconditional-del",
		"database claim", "redis pause", "redis crash", "redlock extend", "consensus heartbeat", "database release",
		"redis lag 0", "redlock retries", "redlock node_down", "redlock node_up", "redlock restart", "redlock partition", "redlock heal",
		"redis ledger", "database idempotency keys", "redis node_down"} {
		if !seen[want] {
			t.Errorf("300 draws never produced %q", want)
		}
	}
}

// TestStable: a second acquire right at the first lease's end turns on
// timing no real server keeps; the same acquire well clear of it does not.
func TestStable(t *testing.T) {
	at := func(t2 int64) sandbox.Scenario {
		return sandbox.Scenario{
			Clients: []sandbox.Client{{ID: "A"}, {ID: "B"}},
			Actions: []sandbox.Action{{AtMS: 0, Client: "A", Op: sandbox.OpAcquire}, {AtMS: t2, Client: "B", Op: sandbox.OpAcquire}},
		}.WithDefaults()
	}
	if ok, why := conformance.Stable(at(10500), 1500, 1500); ok {
		t.Fatal("an acquire 500 ms after the lease's end passed as stable with 1500 ms margins")
	} else if !strings.Contains(why, "longer changes the outcome") {
		t.Fatalf("why = %q", why)
	}
	if ok, why := conformance.Stable(at(14000), 1500, 1500); !ok {
		t.Fatalf("an acquire 4 s after the lease's end is not stable: %s", why)
	}
}
