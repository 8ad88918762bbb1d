package sandbox_test

import (
	"reflect"
	"testing"

	"lockdrill/sandbox"
)

func TestStateAt(t *testing.T) {
	p, _ := sandbox.PresetByID("paused-holder-fenced")
	tl := sandbox.Run(p.Scenario)
	// Events: 0 grant A, 1 pause A, 2 expiry, 3 grant B, 4 write b,
	// 5 pause.end A, 6 write a rejected, 7 expiry of B.
	client := func(id, status string, holds bool, grant int, token, validUntil int64) sandbox.ClientState {
		return sandbox.ClientState{ID: id, Status: status, Holds: holds, Grant: grant, Token: token, ValidUntil: validUntil}
	}
	free := []sandbox.NodeState{{Node: 1}}
	tests := []struct {
		name string
		step int
		want sandbox.State
	}{
		{"initial", 0, sandbox.State{Nodes: free, Clients: []sandbox.ClientState{client("A", "running", false, 0, 0, 0), client("B", "running", false, 0, 0, 0)}}},
		{"before the first step, clamped", -3, sandbox.State{Nodes: free, Clients: []sandbox.ClientState{client("A", "running", false, 0, 0, 0), client("B", "running", false, 0, 0, 0)}}},
		{"A holds", 1, sandbox.State{Step: 1, Holder: "A", Grant: 1, Token: 1, ExpiresAt: 10000,
			Nodes:   []sandbox.NodeState{{Node: 1, Holder: "A", Grant: 1, Token: 1, ExpiresAt: 10000}},
			Clients: []sandbox.ClientState{client("A", "running", true, 1, 1, 10000), client("B", "running", false, 0, 0, 0)}}},
		{"A paused, lease expired: A still believes", 3, sandbox.State{Step: 3, T: 10000, Nodes: free,
			Clients: []sandbox.ClientState{client("A", "paused", true, 1, 1, 10000), client("B", "running", false, 0, 0, 0)}}},
		{"B wrote", 5, sandbox.State{Step: 5, T: 13000, Holder: "B", Grant: 2, Token: 2, ExpiresAt: 22000, Value: "b", HighestToken: 2,
			Nodes:   []sandbox.NodeState{{Node: 1, Holder: "B", Grant: 2, Token: 2, ExpiresAt: 22000}},
			Clients: []sandbox.ClientState{client("A", "paused", true, 1, 1, 10000), client("B", "running", true, 2, 2, 22000)}}},
		{"end, and past the end", 99, sandbox.State{Step: 8, T: 22000, Nodes: free, Value: "b", HighestToken: 2,
			Clients: []sandbox.ClientState{client("A", "running", true, 1, 1, 10000), client("B", "running", true, 2, 2, 22000)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tl.StateAt(tt.step); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("StateAt(%d):\n got %s\nwant %s", tt.step, show(got), show(tt.want))
			}
		})
	}
}

func TestStateAtRedlock(t *testing.T) {
	p, _ := sandbox.PresetByID("redlock-clock-jump")
	tl := sandbox.Run(p.Scenario)
	// After B's grant (event 7): B holds nodes 1-3, A keeps 4-5.
	st := tl.StateAt(8)
	if st.Holder != "B" || st.Grant != 2 {
		t.Fatalf("holder %q grant %d, want B 2", st.Holder, st.Grant)
	}
	var holders []string
	for _, n := range st.Nodes {
		holders = append(holders, n.Holder)
	}
	if want := []string{"B", "B", "B", "A", "A"}; !reflect.DeepEqual(holders, want) {
		t.Fatalf("node holders %v, want %v", holders, want)
	}
	if st.Nodes[0].ClockOffsetMS != 15000 || st.Nodes[3].ClockOffsetMS != 0 {
		t.Fatalf("clock offsets %d, %d, want 15000, 0", st.Nodes[0].ClockOffsetMS, st.Nodes[3].ClockOffsetMS)
	}
	if !st.Clients[0].Holds || !st.Clients[1].Holds {
		t.Fatalf("clients %v: both should believe they hold the lock", st.Clients)
	}
}

func TestLane(t *testing.T) {
	tests := []struct {
		e    sandbox.Event
		want string
	}{
		{sandbox.Event{Kind: sandbox.KindAcquireGranted, Client: "A"}, "A"},
		{sandbox.Event{Kind: sandbox.KindWriteRejected, Client: "A"}, "resource"},
		{sandbox.Event{Kind: sandbox.KindLeaseExpired, Client: "A"}, "service"},
		{sandbox.Event{Kind: sandbox.KindLeaseExpired, Client: "A", Node: 3}, "node 3"},
		{sandbox.Event{Kind: sandbox.KindFailover}, "service"},
		{sandbox.Event{Kind: sandbox.KindViolation, Client: "A"}, "checker"},
	}
	for _, tt := range tests {
		t.Run(tt.e.Kind.String()+"/"+tt.want, func(t *testing.T) {
			if got := tt.e.Lane(); got != tt.want {
				t.Fatalf("Lane() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestStateAtUntrustedTimeline: a timeline decoded from stored JSON may say
// anything; StateAt must neither panic nor allocate without bound.
func TestStateAtUntrustedTimeline(t *testing.T) {
	tl := sandbox.Timeline{Nodes: 1 << 40, Clients: []string{"A"}, Events: sandbox.EventsOf([]sandbox.Event{
		{Kind: sandbox.KindAcquireGranted, Client: "Z", Nodes: []int{-1, 0, 99}},
		{Kind: sandbox.KindClockJump, Node: 1 << 30},
		{Kind: sandbox.KindLeaseExpired, Node: -4},
	})}
	st := tl.StateAt(3)
	if len(st.Nodes) != sandbox.MaxRedlockNodes {
		t.Fatalf("%d nodes, want the limit %d", len(st.Nodes), sandbox.MaxRedlockNodes)
	}
}
