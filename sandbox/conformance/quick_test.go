package conformance_test

import (
	"context"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

func TestQuickRedis(t *testing.T) {
	bin := needBinary(t, "redis-server", "redis-server")
	dir := t.TempDir()
	var addrs []string
	for range 5 {
		addrs = append(addrs, startRedis(t, bin, dir, ""))
	}
	pool := newPairPool(t, bin, dir, 2)
	tg := &conformance.Redis{Addrs: addrs, Pair: pool.get}
	defer tg.Close()
	for _, p := range sandbox.Presets() {
		if why := conformance.OutOfReach(p.Scenario, tg, 0); len(why) > 0 {
			t.Logf("%s: out of reach: %v", p.ID, why)
			continue
		}
		res, err := conformance.Play(context.Background(), p.Scenario, tg, conformance.Options{})
		if err != nil {
			t.Errorf("%s: %v", p.ID, err)
			continue
		}
		tl := sandbox.Run(p.Scenario)
		want := conformance.OutcomeOf(tl.Events, tl.Summary.FinalValue)
		if d := conformance.Diff(want, res.Outcome); d != nil {
			t.Errorf("%s: %v", p.ID, d)
		} else {
			t.Logf("%s: agrees (%d steps)", p.ID, len(want.Steps))
		}
	}
}

func TestQuickEtcd(t *testing.T) {
	bin := needBinary(t, "etcd", "etcd-server")
	c := startEtcd(t, bin)
	tg := &conformance.Etcd{Endpoints: c.endpoints, StopLeader: c.stopLeader}
	defer tg.Close()
	quick(t, tg)
}

func TestQuickSQLite(t *testing.T) {
	quick(t, &conformance.SQLite{Dir: t.TempDir()})
}

func quick(t *testing.T, tg conformance.Target) {
	for _, p := range sandbox.Presets() {
		if why := conformance.OutOfReach(p.Scenario, tg, 0); len(why) > 0 {
			continue
		}
		res, err := conformance.Play(context.Background(), p.Scenario, tg, conformance.Options{})
		if err != nil {
			t.Errorf("%s: %v", p.ID, err)
			continue
		}
		tl := sandbox.Run(p.Scenario)
		want := conformance.OutcomeOf(tl.Events, tl.Summary.FinalValue)
		if d := conformance.Diff(want, res.Outcome); d != nil {
			t.Errorf("%s: %v", p.ID, d)
		} else {
			t.Logf("%s: agrees (%d steps)", p.ID, len(want.Steps))
		}
	}
}
