package sandbox_test

import (
	"slices"
	"testing"

	"lockdrill/sandbox"
)

// TestTouches: the one rule for which lock nodes an event acts on.
func TestTouches(t *testing.T) {
	for _, c := range []struct {
		e    sandbox.Event
		want []int
	}{
		{sandbox.Event{Nodes: []int{3, 1, 9, -1}}, []int{3, 1}},
		{sandbox.Event{Node: 2}, []int{2}},
		{sandbox.Event{Node: 7}, nil},
		{sandbox.Event{}, []int{1, 2, 3}},
	} {
		var got []int
		c.e.Touches(3, func(n int) { got = append(got, n) })
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v touches %v, want %v", c.e, got, c.want)
		}
	}
}

// TestLedgerSpans: a grant, an extend and an expiry become one key span
// with its expiry change, one belief with its extension; a node stays down
// until it is up again, whatever happens to its key meanwhile.
func TestLedgerSpans(t *testing.T) {
	tl := sandbox.Timeline{Nodes: 1, Clients: []string{"A", "B"}, Events: sandbox.EventsOf([]sandbox.Event{
		{T: 0, Kind: sandbox.KindAcquireGranted, Client: "A", Grant: 1, ValidUntil: 100, ExpiresAt: 101},
		{T: 50, Kind: sandbox.KindExtendOK, Client: "A", Grant: 1, ValidUntil: 200, ExpiresAt: 201},
		{T: 60, Kind: sandbox.KindNodeDown, Node: 1},
		{T: 201, Kind: sandbox.KindLeaseExpired, Client: "A", Grant: 1},
		{T: 300, Kind: sandbox.KindNodeUp, Node: 1},
		{T: 310, Kind: sandbox.KindCrash, Client: "A"},
	})}
	l := tl.Ledger()
	if len(l.Keys) != 1 || l.Keys[0].From != 0 || l.Keys[0].To != 3 || !l.Keys[0].Taken {
		t.Fatalf("keys %+v, want one from event 0, taken at event 3", l.Keys)
	}
	if len(l.Expiries) != 1 || l.Expiries[0].ExpiresAt != 201 {
		t.Fatalf("expiries %+v", l.Expiries)
	}
	if len(l.Beliefs) != 1 || l.Beliefs[0].To != 5 || len(l.Extensions) != 1 {
		t.Fatalf("beliefs %+v extensions %+v, want one ended by the crash, extended once", l.Beliefs, l.Extensions)
	}
	if len(l.Downs) != 1 || l.Downs[0].From != 2 || l.Downs[0].To != 4 {
		t.Fatalf("downs %+v", l.Downs)
	}
	st := tl.StateAt(2)
	if st.Holder != "A" || st.ExpiresAt != 201 || st.Clients[0].ValidUntil != 200 || !st.Clients[0].Holds {
		t.Fatalf("after the extend: %+v", st)
	}
	if st := tl.StateAt(4); !st.Nodes[0].Down || st.Holder != "" {
		t.Fatalf("after the expiry the node is still down and free: %+v", st.Nodes[0])
	}
	if st := tl.StateAt(5); st.Nodes[0].Down {
		t.Fatalf("after node.up the node is up: %+v", st.Nodes[0])
	}
	if st := tl.StateAt(6); st.Clients[0].Status != sandbox.StatusCrashed || st.Clients[0].Holds {
		t.Fatalf("after the crash: %+v", st.Clients[0])
	}
}
