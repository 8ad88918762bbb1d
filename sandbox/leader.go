package sandbox

import "fmt"

// leaderDetail is how a consensus failover event names the new leader
// (promote writes it, leaderPrefix, the number, leaderSuffix); LeaderAt
// reads it back.
const (
	leaderPrefix = "member "
	leaderSuffix = " is the leader"
	leaderDetail = leaderPrefix + "%d" + leaderSuffix
)

// LeaderAt returns the consensus leader after the first step events: the
// member's number (from 1), 0 while no majority of members can reach each
// other, and 1, the first leader, before any failover. Other models have
// no leader and get 0.
func (t Timeline) LeaderAt(step int) int {
	if t.Model != ModelConsensus {
		return 0
	}
	leader := 1
	for _, e := range t.Events.Head(step).All() {
		if e.Kind != KindFailover {
			continue
		}
		var n int
		if e.Reason == "no-quorum" {
			leader = 0
		} else if _, err := fmt.Sscanf(e.Detail, leaderDetail, &n); err == nil {
			leader = n
		}
	}
	return leader
}
