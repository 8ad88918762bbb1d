package sandbox_test

import (
	"strconv"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// TestLeaderAt: the consensus leader the state panel shows is member 1 at
// the start, the member a failover names after it, and none while no
// majority can reach each other.
func TestLeaderAt(t *testing.T) {
	seen := map[int]bool{}
	for _, p := range sandbox.Presets() {
		if p.Scenario.Lock.Model != sandbox.ModelConsensus {
			continue
		}
		tl := sandbox.Run(p.Scenario)
		if got := tl.LeaderAt(0); got != 1 {
			t.Fatalf("%s: leader at the start = %d, want member 1", p.ID, got)
		}
		for i, e := range tl.Events.All() {
			if e.Kind != sandbox.KindFailover {
				continue
			}
			got := tl.LeaderAt(i + 1)
			switch {
			case e.Reason == "no-quorum":
				if got != 0 {
					t.Fatalf("%s: after %q the leader is %d, want none", p.ID, e.Detail, got)
				}
			case !strings.HasPrefix(e.Detail, "member "+strconv.Itoa(got)+" is the leader"):
				t.Fatalf("%s: after %q the leader is %d", p.ID, e.Detail, got)
			}
			seen[got] = true
		}
	}
	if !seen[2] {
		t.Fatalf("no consensus preset elects member 2; leaders seen %v", seen)
	}
	if got := sandbox.Run(sandbox.Presets()[0].Scenario).LeaderAt(5); sandbox.Presets()[0].Scenario.Lock.Model != sandbox.ModelConsensus && got != 0 {
		t.Fatalf("a %s timeline has leader %d, want 0", sandbox.Presets()[0].Scenario.Lock.Model, got)
	}
}
