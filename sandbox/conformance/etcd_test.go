package conformance_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

// TestEtcdOutlivesItsMember: the runner talks to one member at a time. A
// member that is down when the run starts is passed over, and when the
// member it talks to crashes in the middle of a run (here the leader, in
// the failover), it goes on with another and the outcome still agrees.
func TestEtcdOutlivesItsMember(t *testing.T) {
	t.Parallel()
	bin := needBinary(t, "etcd", "etcd-server")
	c := startEtcd(t, bin)
	cli := c.client()
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	lead, err := c.leader(ctx, cli, -1)
	if err != nil {
		t.Fatal(err)
	}
	// A dead address first, then the leader, which the failover kills.
	eps := []string{"http://127.0.0.1:" + strconv.Itoa(freePort(t)), c.endpoints[lead]}
	for i, ep := range c.endpoints {
		if i != lead {
			eps = append(eps, ep)
		}
	}
	tg := &conformance.Etcd{Endpoints: eps, StopLeader: c.stopLeader}
	t.Cleanup(func() { tg.Close() })
	p, ok := sandbox.PresetByID("consensus-failover")
	if !ok {
		t.Fatal("no preset consensus-failover")
	}
	res, err := conformance.Play(ctx, p.Scenario, tg, conformance.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.MaxLate > conformance.Noise {
		t.Skipf("the runner fell %v behind schedule: the machine is too busy for this run to say anything", res.MaxLate)
	}
	tl := sandbox.Run(p.Scenario)
	want := conformance.OutcomeOf(tl.Events.Slice(), tl.Summary.FinalValue)
	if d := conformance.Diff(want, res.Outcome); d != nil {
		t.Fatalf("real etcd disagrees with the engine after losing the member it used:\n  %s", strings.Join(d, "\n  "))
	}
	if !slices.ContainsFunc(res.Outcome.Steps, func(s conformance.Step) bool { return strings.HasPrefix(s.String(), "failover") }) {
		t.Fatalf("no failover among the real steps: %v", res.Outcome.Steps)
	}
}

// TestEtcdDoesNotAnswer: with no member reachable the run stops at once
// with an error naming the addresses, not at the first grant.
func TestEtcdDoesNotAnswer(t *testing.T) {
	t.Parallel()
	addr := "http://127.0.0.1:" + strconv.Itoa(freePort(t))
	tg := &conformance.Etcd{Endpoints: []string{addr}}
	t.Cleanup(func() { tg.Close() })
	p, _ := sandbox.PresetByID("consensus-failover")
	sc := p.Scenario
	sc.Actions = slices.DeleteFunc(slices.Clone(sc.Actions), func(a sandbox.Action) bool { return a.Op == sandbox.OpFailover })
	_, err := conformance.Play(context.Background(), sc, tg, conformance.Options{})
	if err == nil || !strings.Contains(err.Error(), "etcd at "+addr+" does not answer") {
		t.Fatalf("err = %v, want it to say etcd at %s does not answer", err, addr)
	}
}
