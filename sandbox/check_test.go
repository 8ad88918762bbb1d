package sandbox_test

import (
	"slices"
	"testing"

	"lockdrill/sandbox"
)

// TestCheck feeds the checker hand-written histories: its verdict depends on
// the events only, not on any scenario or preset.
func TestCheck(t *testing.T) {
	granted := func(t int64, c string, grant int, token, validUntil, expiresAt int64) sandbox.Event {
		return sandbox.Event{T: t, Kind: sandbox.KindAcquireGranted, Client: c, Grant: grant, Token: token, ValidUntil: validUntil, ExpiresAt: expiresAt}
	}
	write := func(t int64, c string, grant int) sandbox.Event {
		return sandbox.Event{T: t, Kind: sandbox.KindWriteAccepted, Client: c, Grant: grant, Value: c}
	}
	ev := func(t int64, kind sandbox.Kind, c string) sandbox.Event {
		return sandbox.Event{T: t, Kind: kind, Client: c}
	}
	expired := func(t int64, c string, grant, node int) sandbox.Event {
		return sandbox.Event{T: t, Kind: sandbox.KindLeaseExpired, Client: c, Grant: grant, Node: node}
	}
	onNodes := func(e sandbox.Event, nodes ...int) sandbox.Event { e.Nodes = nodes; return e }
	type want struct {
		kind  sandbox.Kind
		event int
	}
	tests := []struct {
		name   string
		events []sandbox.Event
		want   []want
		keys   int // lock nodes; 0 means 1
	}{
		{name: "empty history"},
		{
			name:   "writes in grant order are fine",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 10), write(1, "A", 1), granted(20, "B", 2, 2, 30, 30), write(21, "B", 2), write(22, "B", 2)},
		},
		{
			name:   "an earlier grant's write after a later grant's write is stale",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), granted(20, "B", 2, 0, 30, 30), write(21, "B", 2), write(22, "A", 1)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 3}, {sandbox.ViolationStaleWrite, 3}},
		},
		{
			name:   "an earlier grant's write before any later write is not stale, but unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), granted(20, "B", 2, 0, 30, 30), write(21, "A", 1), write(22, "B", 2)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name:   "a write with no grant after a granted write is stale",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), write(1, "A", 1), write(2, "B", 0)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 2}, {sandbox.ViolationStaleWrite, 2}},
		},
		{
			name:   "rejected writes are never stale",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), write(1, "A", 2), {T: 2, Kind: sandbox.KindWriteRejected, Client: "A", Grant: 1}},
		},
		{
			name:   "a grant inside another client's belief is a double grant",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), granted(5, "B", 2, 0, 15, 15)},
			want:   []want{{sandbox.ViolationDoubleGrant, 1}},
		},
		{
			name:   "a grant after the other's belief ended is not",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), granted(10, "B", 2, 0, 20, 20)},
		},
		{
			name:   "a release ends the belief",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), {T: 3, Kind: sandbox.KindReleaseOK, Client: "A", Holder: "A", Grant: 1}, granted(5, "B", 2, 0, 15, 15)},
		},
		{
			name:   "a crash ends the belief",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), ev(3, sandbox.KindCrash, "A"), granted(5, "B", 2, 0, 15, 15)},
		},
		{
			name:   "an extend that reaches into another's grant is a double grant",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), {T: 9, Kind: sandbox.KindExtendOK, Client: "A", Grant: 1, ValidUntil: 19}, granted(12, "B", 2, 0, 22, 22)},
			want:   []want{{sandbox.ViolationDoubleGrant, 2}},
		},
		{
			name:   "a grant to the same client again is not a double grant",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), granted(5, "A", 2, 0, 15, 15)},
		},
		{
			name:   "a release of another client's key is foreign",
			events: []sandbox.Event{granted(0, "B", 1, 0, 10, 10), {T: 3, Kind: sandbox.KindReleaseOK, Client: "A", Holder: "B", Grant: 1}},
			want:   []want{{sandbox.ViolationForeignRelease, 1}},
		},
		{
			name:   "a token issued twice",
			events: []sandbox.Event{granted(0, "A", 1, 7, 10, 10), granted(20, "B", 2, 7, 30, 30)},
			want:   []want{{sandbox.ViolationTokenReuse, 1}},
		},
		{
			name:   "a key with no expiry whose holder crashed is permanent",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 0), ev(1, sandbox.KindCrash, "A"), {T: 50, Kind: sandbox.KindAcquireDenied, Client: "B", Holder: "A"}},
			want:   []want{{sandbox.ViolationPermanentLock, 1}},
		},
		{
			name:   "a key with no expiry whose holder lives is not",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 0), ev(1, sandbox.KindPauseStart, "A")},
		},
		{
			name:   "a key that got its expiry is not",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 0), {T: 1, Kind: sandbox.KindExpireSet, Client: "A", Holder: "A", Grant: 1, ExpiresAt: 11}, ev(2, sandbox.KindCrash, "A")},
		},
		{
			name:   "a failover that lost the key ends the permanent lock",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 0), ev(1, sandbox.KindCrash, "A"), {T: 2, Kind: sandbox.KindFailover}},
		},
		{
			// The paused holder without fencing, A's late write landing
			// before B's: no write goes backwards, yet A wrote while B
			// held the lock.
			name: "a paused holder's write while another holds the lock is unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10000, 10000), expired(10000, "A", 1, 0), granted(12000, "B", 2, 0, 22000, 22000),
				write(16000, "A", 1), write(17000, "B", 2)},
			want: []want{{sandbox.ViolationUnsafeWrite, 3}},
		},
		{
			name:   "a write 7 s after the lease expired, nobody holding, is unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10000, 10000), expired(10000, "A", 1, 0), write(17000, "A", 1)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name:   "a write after the writer released is unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), {T: 3, Kind: sandbox.KindReleaseOK, Client: "A", Holder: "A", Grant: 1}, write(4, "A", 1)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name: "a write after another client deleted the writer's key is unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), {T: 3, Kind: sandbox.KindReleaseOK, Client: "B", Holder: "A", Grant: 1},
				write(4, "A", 1)},
			want: []want{{sandbox.ViolationForeignRelease, 1}, {sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name:   "a write after a failover lost the writer's key is unsafe",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 10), {T: 3, Kind: sandbox.KindFailover}, write(4, "A", 1)},
			want:   []want{{sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name:   "a write after a failover that kept the key is fine",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 10), {T: 3, Kind: sandbox.KindFailover, Holder: "A", Grant: 1}, write(4, "A", 1)},
		},
		{
			name:   "a write with an extended lease is fine",
			events: []sandbox.Event{granted(0, "A", 1, 1, 10, 10), {T: 9, Kind: sandbox.KindExtendOK, Client: "A", Grant: 1, ValidUntil: 19}, write(15, "A", 1)},
		},
		{
			name:   "a claim past its held_until that no one took over still holds the row",
			events: []sandbox.Event{granted(0, "A", 1, 0, 10, 10), write(50, "A", 1)},
		},
		{
			name: "redlock: a writer that still holds a majority is fine",
			keys: 5,
			events: []sandbox.Event{onNodes(granted(0, "A", 1, 0, 10, 10), 1, 2, 3, 4), expired(5, "A", 1, 4),
				write(6, "A", 1)},
		},
		{
			name: "redlock: a writer left with a minority of nodes is unsafe",
			keys: 5,
			events: []sandbox.Event{onNodes(granted(0, "A", 1, 0, 10, 10), 1, 2, 3), expired(5, "A", 1, 3),
				write(6, "A", 1)},
			want: []want{{sandbox.ViolationUnsafeWrite, 2}},
		},
		{
			name:   "violation events in the input are ignored",
			events: []sandbox.Event{{T: 0, Kind: sandbox.KindViolation, Reason: sandbox.ViolationStaleWrite}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []want
			for _, v := range sandbox.Check(tt.events, max(tt.keys, 1)) {
				got = append(got, want{sandbox.Kind(v.Kind), v.Event})
				if v.Detail == "" || v.T != tt.events[v.Event].T {
					t.Fatalf("violation %+v: no detail or wrong time", v)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("violations %v, want %v", got, tt.want)
			}
		})
	}
}
