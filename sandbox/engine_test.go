package sandbox_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"lockdrill/sandbox"
)

// mustRun parses a scenario (lock config, clients and actions as JSON
// fragments) and runs it. A redis lock that names no token source gets
// INCR tokens, which most of these tests are about (Redis itself has none:
// see TestTokenSources).
func mustRun(t *testing.T, lock, clients, actions string, extra ...string) sandbox.Timeline {
	t.Helper()
	if !strings.Contains(lock, `"model"`) && !strings.Contains(lock, `"token_source"`) && !strings.Contains(lock, `"fencing_tokens"`) {
		lock = strings.TrimPrefix(lock+`,"token_source":"incr"`, ",")
	}
	in := `{"lock":{` + lock + `},"clients":[` + clients + `],"actions":[` + actions + `]` + strings.Join(extra, "") + `}`
	s, err := sandbox.Parse([]byte(in))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, in)
	}
	return sandbox.Run(s)
}

// lines renders the events of the given kinds (all if none) as
// "T kind client [extra]", the compact form the tests compare.
func lines(tl sandbox.Timeline, kinds ...sandbox.Kind) []string {
	var out []string
	for _, e := range tl.Events.All() {
		if len(kinds) > 0 && !slices.Contains(kinds, e.Kind) {
			continue
		}
		l := fmt.Sprintf("%d %s %s", e.T, e.Kind, e.Client)
		switch e.Kind {
		case sandbox.KindWriteAccepted, sandbox.KindWriteRejected:
			l += " " + e.Value
			if e.Reason != "" {
				l += " " + e.Reason
			}
		case sandbox.KindAcquireGranted:
			l += fmt.Sprintf(" token=%d", e.Token)
		case sandbox.KindViolation:
			l = fmt.Sprintf("%d violation %s", e.T, e.Reason)
		case sandbox.KindReleaseOK:
			l += " of " + e.Holder
		case sandbox.KindAcquireDenied:
			l += " " + e.Reason
		}
		out = append(out, strings.TrimSpace(l))
	}
	return out
}

func TestSemantics(t *testing.T) {
	const ab = `{"id":"A"},{"id":"B"}`
	tests := []struct {
		name                   string
		lock, clients, actions string
		extra                  string
		kinds                  []sandbox.Kind
		want                   []string
	}{
		{
			name:    "same at_ms runs in file order: B first wins",
			clients: ab,
			actions: `{"at_ms":0,"client":"B","op":"acquire"},{"at_ms":0,"client":"A","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted B token=1", "0 acquire.denied A held"},
		},
		{
			name:    "actions run at their at_ms whatever the file order",
			clients: ab,
			actions: `{"at_ms":500,"client":"B","op":"acquire"},{"at_ms":100,"client":"A","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"100 acquire.granted A token=1", "500 acquire.denied B held"},
		},
		{
			name:    "a pause defers the client's actions to its end, in order",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":0,"client":"A","op":"pause","ms":15000},{"at_ms":2000,"client":"A","op":"write","value":"x"},{"at_ms":1000,"client":"A","op":"write","value":"w"},{"at_ms":12000,"client":"B","op":"acquire"}`,
			lock:    `"fencing_tokens":false`,
			extra:   `,"resource":{"check_fencing":false}`,
			// A still believes it holds the lock: it writes, late.
			want: []string{"0 acquire.granted A token=0", "0 pause.start A", "10000 lease.expired A", "12000 acquire.granted B token=0", "15000 pause.end A",
				"15000 write.accepted A w", "15000 violation unsafe-write", "15000 write.accepted A x", "15000 violation unsafe-write", "22000 lease.expired B"},
		},
		{
			name:    "a pause started by a deferred pause runs after the first",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"pause","ms":1000},{"at_ms":500,"client":"A","op":"pause","ms":1000},{"at_ms":600,"client":"A","op":"crash"}`,
			want:    []string{"0 pause.start A", "1000 pause.end A", "1000 pause.start A", "2000 pause.end A", "2000 crash A"},
		},
		{
			name:    "write carries the latest grant's token; lower and missing tokens are rejected",
			clients: ab,
			actions: `{"at_ms":0,"client":"B","op":"write","value":"none"},{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"A","op":"write","value":"a1"},{"at_ms":2,"client":"A","op":"release"},{"at_ms":3,"client":"B","op":"acquire"},{"at_ms":4,"client":"B","op":"write","value":"b"},{"at_ms":5,"client":"A","op":"write","value":"a2"},{"at_ms":6,"client":"B","op":"write","value":"b2"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected, sandbox.KindActionSkipped},
			// B has no lock at 0 and A none after its release at 2: they
			// do not write then.
			want: []string{"0 action.skipped B", "1 write.accepted A a1", "4 write.accepted B b", "5 action.skipped A", "6 write.accepted B b2"},
		},
		{
			name:    "a stale token is rejected, from a holder that believes it still holds the lock",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":0,"client":"A","op":"pause","ms":15000},{"at_ms":12000,"client":"B","op":"acquire"},{"at_ms":13000,"client":"B","op":"write","value":"b"},{"at_ms":14000,"client":"A","op":"write","value":"a"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected, sandbox.KindActionSkipped},
			want:    []string{"13000 write.accepted B b", "15000 write.rejected A a stale-token"},
		},
		{
			name:    "a holder without a token is rejected by a fencing resource",
			clients: ab,
			lock:    `"fencing_tokens":false`,
			extra:   `,"resource":{"check_fencing":true}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"A","op":"write","value":"a"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			want:    []string{"1 write.rejected A a no-token"},
		},
		{
			name:    "without check_fencing every write is stored",
			clients: ab,
			extra:   `,"resource":{"check_fencing":false}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":0,"client":"A","op":"pause","ms":15000},{"at_ms":12000,"client":"B","op":"acquire"},{"at_ms":13000,"client":"B","op":"write","value":"b"},{"at_ms":14000,"client":"A","op":"write","value":"a"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			want:    []string{"13000 write.accepted B b", "15000 write.accepted A a"},
		},
		{
			name:    "heartbeat extends every heartbeat_ms after the grant until release",
			clients: `{"id":"A","heartbeat_ms":1000}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":3500,"client":"A","op":"release"}`,
			want:    []string{"0 acquire.granted A token=1", "1000 extend.ok A", "2000 extend.ok A", "3000 extend.ok A", "3500 release.ok A of A"},
		},
		{
			name:    "heartbeat stops during a pause and fires once, late, at its end",
			clients: `{"id":"A","heartbeat_ms":1000}`,
			lock:    `"ttl_ms":5000`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1500,"client":"A","op":"pause","ms":2000},{"at_ms":4000,"client":"A","op":"release"}`,
			kinds:   []sandbox.Kind{sandbox.KindExtendOK, sandbox.KindPauseEnd, sandbox.KindReleaseOK},
			want:    []string{"1000 extend.ok A", "3500 pause.end A", "3500 extend.ok A", "4000 release.ok A of A"},
		},
		{
			name:    "heartbeat stops when the client crashes, and the key expires",
			clients: `{"id":"A","heartbeat_ms":1000}`,
			lock:    `"ttl_ms":3000`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1500,"client":"A","op":"crash"},{"at_ms":2000,"client":"A","op":"write","value":"x"}`,
			want:    []string{"0 acquire.granted A token=1", "1000 extend.ok A", "1500 crash A", "2000 action.skipped A", "4000 lease.expired A"},
		},
		{
			name:    "heartbeat stops after a refused extend",
			clients: `{"id":"A","heartbeat_ms":1000},{"id":"B"}`,
			lock:    `"ttl_ms":1500`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":100,"client":"A","op":"pause","ms":2000},{"at_ms":1800,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindExtendOK, sandbox.KindExtendRefused},
			want:    []string{"2100 extend.refused A"},
		},
		{
			name:    "set-then-expire sends EXPIRE 1 ms after SETNX",
			lock:    `"acquire":"set-then-expire"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"}`,
			want:    []string{"0 acquire.granted A token=1", "1 expire.set A", "10001 lease.expired A"},
		},
		{
			name:    "set-then-expire with a crash in between leaves a permanent lock",
			lock:    `"acquire":"set-then-expire"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"A","op":"crash"},{"at_ms":50000,"client":"B","op":"acquire"}`,
			want:    []string{"0 acquire.granted A token=1", "1 crash A", "1 violation permanent-lock", "50000 acquire.denied B held"},
		},
		{
			name:    "set-then-expire with a crash after EXPIRE is only a crash",
			lock:    `"acquire":"set-then-expire"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":2,"client":"A","op":"crash"},{"at_ms":50000,"client":"B","op":"acquire"}`,
			want:    []string{"0 acquire.granted A token=1", "1 expire.set A", "2 crash A", "10001 lease.expired A", "50000 acquire.granted B token=2", "50001 expire.set B", "60001 lease.expired B"},
		},
		{
			name:    "compare-and-delete refuses to delete another client's key",
			clients: ab,
			lock:    `"ttl_ms":1000`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"client":"B","op":"acquire"},{"at_ms":1500,"client":"A","op":"release"}`,
			kinds:   []sandbox.Kind{sandbox.KindReleaseOK, sandbox.KindReleaseRefused},
			want:    []string{"1500 release.refused A"},
		},
		{
			name:    "unconditional DEL deletes whatever key is there",
			clients: ab,
			lock:    `"ttl_ms":1000,"release":"unconditional-del"`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"client":"B","op":"acquire"},{"at_ms":1500,"client":"A","op":"release"}`,
			kinds:   []sandbox.Kind{sandbox.KindReleaseOK, sandbox.KindReleaseRefused, sandbox.KindViolation},
			want:    []string{"1500 release.ok A of B", "1500 violation foreign-release"},
		},
		{
			name:    "delay holds up only the next message",
			clients: ab,
			extra:   `,"resource":{"check_fencing":false}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":0,"client":"A","op":"delay","ms":500},{"at_ms":100,"client":"A","op":"write","value":"late"},{"at_ms":200,"client":"A","op":"write","value":"prompt"}`,
			// The late write lands after the prompt one and overwrites it.
			want: []string{"0 acquire.granted A token=1", "0 delay A", "100 message.delayed A", "200 write.accepted A prompt",
				"600 write.accepted A late", "10000 lease.expired A"},
		},
		{
			name:    "network latency delays requests and answers",
			clients: ab,
			extra:   `,"network":{"latency_ms":50}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":10,"client":"A","op":"write","value":"early"},{"at_ms":200,"client":"A","op":"write","value":"later"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindWriteAccepted, sandbox.KindWriteRejected, sandbox.KindActionSkipped},
			// At 10 the grant's answer has not reached A (it does at 100):
			// A does not write without a lock.
			want: []string{"10 action.skipped A", "50 acquire.granted A token=1", "250 write.accepted A later"},
		},
		{
			name:    "redis failover inside the lag loses the key and the counter",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":999,"op":"failover"},{"at_ms":1000,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "1000 acquire.granted B token=1"},
		},
		{
			name:    "redis failover after the lag keeps the key",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"op":"failover"},{"at_ms":1000,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "1000 acquire.denied B held"},
		},
		{
			name:    "lag_ms sets how much a failover loses",
			lock:    `"lag_ms":5000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":4000,"op":"failover"},{"at_ms":4000,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "4000 acquire.granted B token=1"},
		},
		{
			name:    "consensus failover loses nothing; token is the revision",
			lock:    `"model":"consensus"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":10,"op":"failover"},{"at_ms":20,"client":"B","op":"acquire"},{"at_ms":30,"client":"A","op":"release"},{"at_ms":40,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindFailover},
			want:    []string{"0 acquire.granted A token=1", "10 failover", "20 acquire.denied B held", "40 acquire.granted B token=3"},
		},
		{
			name:    "clock jump expires keys now past expiry on that node",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":3000,"op":"clock_jump","node":1,"ms":8000}`,
			want:    []string{"0 acquire.granted A token=1", "3000 clock.jump", "3000 lease.expired A"},
		},
		{
			name:    "a smaller clock jump brings the expiry forward",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":3000,"op":"clock_jump","node":1,"ms":5000}`,
			want:    []string{"0 acquire.granted A token=1", "3000 clock.jump", "5000 lease.expired A"},
		},
		{
			name:    "consensus leases ignore clock jumps",
			lock:    `"model":"consensus"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":3000,"op":"clock_jump","node":2,"ms":50000}`,
			want:    []string{"0 acquire.granted A token=1", "3000 clock.jump", "10000 lease.expired A"},
		},
		{
			name:    "redlock needs a majority of nodes",
			lock:    `"model":"redlock","nodes":3`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":100,"op":"clock_jump","node":1,"ms":20000},{"at_ms":200,"client":"B","op":"acquire"},{"at_ms":300,"op":"clock_jump","node":2,"ms":20000},{"at_ms":400,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=0", "200 acquire.denied B no-majority", "400 acquire.granted B token=0"},
		},
		{
			name:    "redlock refuses a majority that arrives after its validity",
			lock:    `"model":"redlock"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"delay","ms":9897},{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":0,"client":"B","op":"delay","ms":9898},{"at_ms":0,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"9897 acquire.granted A token=0", "9898 acquire.denied B no-majority"},
		},
		{
			name:    "redlock validity is ttl − elapsed − drift",
			lock:    `"model":"redlock"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"B","op":"delay","ms":9898},{"at_ms":0,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"9898 acquire.denied B validity-expired"},
		},
		{
			name:    "database claim succeeds when free or lapsed, bumping the epoch; writes need holder = writer",
			lock:    `"model":"database","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":500,"client":"B","op":"claim"},{"at_ms":600,"client":"A","op":"write","value":"a"},{"at_ms":1000,"client":"B","op":"claim"},{"at_ms":1100,"client":"A","op":"write","value":"a2"},{"at_ms":1200,"client":"B","op":"write","value":"b"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			want:    []string{"0 acquire.granted A token=1", "500 acquire.denied B held", "600 write.accepted A a", "1000 acquire.granted B token=2", "1100 write.rejected A a2 not-holder", "1200 write.accepted B b"},
		},
		{
			// The guard compares held_until with the database's own now():
			// a lapsed claim protects nothing, even before anyone reclaims.
			name:    "a database claim that lapsed cannot write, even while nobody reclaims",
			lock:    `"model":"database","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":5000,"client":"A","op":"write","value":"a"}`,
			want:    []string{"0 acquire.granted A token=1", "1000 lease.expired A", "5000 write.rejected A a lapsed"},
		},
		{
			name:    "without the guard the same late write is an unsafe write, as on redis",
			lock:    `"model":"database","ttl_ms":1000`,
			extra:   `,"resource":{"check_fencing":false}`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":5000,"client":"A","op":"write","value":"a"}`,
			want:    []string{"0 acquire.granted A token=1", "1000 lease.expired A", "5000 write.accepted A a", "5000 violation unsafe-write"},
		},
		{
			name:    "database extend cannot revive a lapsed claim",
			lock:    `"model":"database","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":500,"client":"A","op":"extend"},{"at_ms":2000,"client":"A","op":"extend"},{"at_ms":2100,"client":"B","op":"claim"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindExtendOK, sandbox.KindExtendRefused, sandbox.KindLeaseExpired},
			want:    []string{"0 acquire.granted A token=1", "500 extend.ok A", "1500 lease.expired A", "2000 extend.refused A", "2100 acquire.granted B token=2", "3100 lease.expired B"},
		},
		{
			// The holder column alone cannot tell A's old claim from its
			// new one; the epoch can.
			name:    "the database epoch refuses a write from an earlier claim of the same holder",
			lock:    `"model":"database","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":100,"client":"A","op":"delay","ms":2000},{"at_ms":100,"client":"A","op":"write","value":"old"},{"at_ms":1500,"client":"A","op":"claim"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			want:    []string{"0 acquire.granted A token=1", "1500 acquire.granted A token=2", "2100 write.rejected A old stale-token"},
		},
		{
			name:    "until_ms stops the run",
			clients: ab,
			extra:   `,"until_ms":5000`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":6000,"client":"B","op":"acquire"}`,
			want:    []string{"0 acquire.granted A token=1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustRun(t, tt.lock, tt.clients, tt.actions, tt.extra)
			got := lines(tl, tt.kinds...)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("events:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestLateViolationGoesInPlace: a permanent lock is found only at the end
// of the run, about an event long past; its violation event goes in right
// after that event, and the violation found later (B's write after its
// lease ran out) moves up one, its summary entry and reference with it.
func TestLateViolationGoesInPlace(t *testing.T) {
	tl := mustRun(t, `"acquire":"set-then-expire","ttl_ms":1000`, `{"id":"A"},{"id":"B"}`,
		`{"at_ms":0,"client":"B","op":"acquire"},{"at_ms":1200,"client":"A","op":"acquire"},{"at_ms":1200,"client":"A","op":"crash"},{"at_ms":1500,"client":"B","op":"write","value":"x"}`)
	want := []string{"0 acquire.granted B token=1", "1 expire.set B", "1001 lease.expired B", "1200 acquire.granted A token=2", "1200 crash A",
		"1200 violation permanent-lock", "1500 write.accepted B x", "1500 violation unsafe-write"}
	if got := lines(tl); !slices.Equal(got, want) {
		t.Fatalf("events:\n got %q\nwant %q", got, want)
	}
	vs := tl.Summary.Violations
	if len(vs) != 2 || vs[0].Event != 4 || vs[1].Event != 6 || tl.Events.At(7).Ref != 6 || tl.Events.At(5).Ref != 4 {
		t.Fatalf("violations %+v, refs %d %d: want about events 4 and 6", vs, tl.Events.At(5).Ref, tl.Events.At(7).Ref)
	}
	checkTimeline(t, tl)
}

func TestRunStops(t *testing.T) {
	tests := []struct {
		name, extra, clients, actions string
		wantStopped                   sandbox.StopReason
		wantEnd                       int64
	}{
		{"idle when nothing is pending", "", `{"id":"A"}`, `{"at_ms":0,"client":"A","op":"acquire"}`, "idle", 10000},
		{"at until_ms", `,"until_ms":5000`, `{"id":"A"}`, `{"at_ms":0,"client":"A","op":"acquire"}`, "until_ms", 5000},
		{"at ten minutes when a heartbeat never ends", "", `{"id":"A","heartbeat_ms":1000}`, `{"at_ms":0,"client":"A","op":"acquire"}`, "time-limit", sandbox.MaxTimeMS},
		{"empty scenario", "", `{"id":"A"}`, ``, "idle", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustRun(t, "", tt.clients, tt.actions, tt.extra)
			if tl.Summary.Stopped != tt.wantStopped || tl.Summary.EndMS != tt.wantEnd {
				t.Fatalf("stopped %q at %d, want %q at %d", tl.Summary.Stopped, tl.Summary.EndMS, tt.wantStopped, tt.wantEnd)
			}
			for _, e := range tl.Events.All() {
				if e.T > tl.Summary.EndMS {
					t.Fatalf("event %s at %d after the end %d", e.Kind, e.T, tl.Summary.EndMS)
				}
			}
		})
	}
}

func TestRunInvalidScenarioDoesNotPanic(t *testing.T) {
	tl := sandbox.Run(sandbox.Scenario{Lock: sandbox.LockConfig{Model: "etcd"}, Actions: []sandbox.Action{{Op: "acquire", Client: "nobody"}}})
	if tl.Events.Len() != 1 || tl.Events.At(0).Kind != sandbox.KindInvalid {
		t.Fatalf("events = %v, want one invalid event", tl.Events)
	}
	if want := `lock.model: unknown model "etcd" (want redis, redlock, consensus or database); actions[0].client: unknown client "nobody"`; tl.Events.At(0).Detail != want {
		t.Fatalf("detail = %q, want %q", tl.Events.At(0).Detail, want)
	}
}

// TestRunAppliesDefaults: the UI builds scenarios in Go and may leave the
// configuration empty.
func TestRunAppliesDefaults(t *testing.T) {
	tl := sandbox.Run(sandbox.Scenario{
		Clients: []sandbox.Client{{ID: "A"}},
		Actions: []sandbox.Action{{Client: "A", Op: sandbox.OpAcquire}},
	})
	got := lines(tl)
	// The default redis lock is Redis as it is: no token of its own.
	want := []string{"0 acquire.granted A token=0", "10000 lease.expired A"}
	if !slices.Equal(got, want) {
		t.Fatalf("events %q, want %q", got, want)
	}
}

// TestFailoverDescribesRestoredKey: the failover event says which key the
// promoted replica has (holder, grant, expiry) and how that differs from
// the old primary's, since a lagging replica can bring back a released key
// or an expiry from before an extension, which decides the next acquire.
func TestFailoverDescribesRestoredKey(t *testing.T) {
	const ab = `{"id":"A"},{"id":"B"}`
	tests := []struct {
		name, lock, actions string
		wantHolder          string
		wantGrant           int
		wantExpires         int64
		wantDetail          string
		wantNext            string // the acquire after the failover
	}{
		{
			name:        "a released key comes back",
			lock:        `"lag_ms":1000`,
			actions:     `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"client":"A","op":"release"},{"at_ms":1100,"op":"failover"},{"at_ms":1200,"client":"B","op":"acquire"}`,
			wantHolder:  "A",
			wantGrant:   1,
			wantExpires: 10000,
			wantDetail:  "a replica 1\u202f000 ms behind is promoted: it brings back the key of A (grant 1, expiring at 10\u202f000 ms), already gone on the old primary, so the lock is held in A's name again",
			wantNext:    "1200 acquire.denied B held",
		},
		{
			name:        "an extension is lost",
			actions:     `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1500,"client":"A","op":"extend"},{"at_ms":2000,"op":"failover"},{"at_ms":10500,"client":"B","op":"acquire"}`,
			wantHolder:  "A",
			wantGrant:   1,
			wantExpires: 10000,
			wantDetail:  "a replica 1\u202f000 ms behind is promoted: it has the key of A (grant 1, expiring at 10\u202f000 ms); the extension to 11\u202f500 ms is lost",
			wantNext:    "10500 acquire.granted B token=2",
		},
		{
			name:       "a key inside the lag is lost",
			actions:    `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":999,"op":"failover"},{"at_ms":1000,"client":"B","op":"acquire"}`,
			wantDetail: "a replica 1\u202f000 ms behind is promoted: the key of A (grant 1, expiring at 10\u202f000 ms) is lost, so the lock is free; the INCR counter of the tokens goes back from 1 to 0",
			wantNext:   "1000 acquire.granted B token=1",
		},
		{
			name:        "a key older than the lag is kept as it was",
			actions:     `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"op":"failover"},{"at_ms":1000,"client":"B","op":"acquire"}`,
			wantHolder:  "A",
			wantGrant:   1,
			wantExpires: 10000,
			wantDetail:  "a replica 1\u202f000 ms behind is promoted: it has the key of A (grant 1, expiring at 10\u202f000 ms)",
			wantNext:    "1000 acquire.denied B held",
		},
		{
			name:        "a newer grant is replaced by an older one",
			lock:        `"lag_ms":1000`,
			actions:     `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"client":"A","op":"release"},{"at_ms":1000,"client":"B","op":"acquire"},{"at_ms":1500,"op":"failover"},{"at_ms":1600,"client":"B","op":"acquire"}`,
			wantHolder:  "A",
			wantGrant:   1,
			wantExpires: 10000,
			wantDetail:  "a replica 1\u202f000 ms behind is promoted: the key of B (grant 2, expiring at 11\u202f000 ms) is lost and the key of A (grant 1, expiring at 10\u202f000 ms) is back in its place; the INCR counter of the tokens goes back from 2 to 1",
			wantNext:    "1600 acquire.denied B held",
		},
		{
			name:       "a lost EXPIRE leaves a key that never expires",
			lock:       `"acquire":"set-then-expire"`,
			actions:    `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"op":"failover"},{"at_ms":1100,"client":"B","op":"acquire"}`,
			wantHolder: "A",
			wantGrant:  1,
			wantDetail: "a replica 1\u202f000 ms behind is promoted: it has the key of A (grant 1, with no expiry); its EXPIRE is lost, so it never expires",
			wantNext:   "1100 acquire.denied B held",
		},
		{
			name:       "no key before or after",
			actions:    `{"at_ms":0,"op":"failover"},{"at_ms":10,"client":"B","op":"acquire"}`,
			wantDetail: "a replica 1\u202f000 ms behind is promoted: no key, as before",
			wantNext:   "10 acquire.granted B token=1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustRun(t, tt.lock, ab, tt.actions)
			var fo *sandbox.Event
			next := ""
			for _, e := range tl.Events.All() {
				switch {
				case e.Kind == sandbox.KindFailover:
					fo = &e
				case fo != nil && next == "" && (e.Kind == sandbox.KindAcquireGranted || e.Kind == sandbox.KindAcquireDenied):
					next = lines(sandbox.Timeline{Events: sandbox.EventsOf([]sandbox.Event{e})})[0]
				}
			}
			if fo == nil {
				t.Fatalf("no failover event in %q", lines(tl))
			}
			if fo.Holder != tt.wantHolder || fo.Grant != tt.wantGrant || fo.ExpiresAt != tt.wantExpires {
				t.Fatalf("failover key: got holder %q grant %d expires %d, want %q %d %d", fo.Holder, fo.Grant, fo.ExpiresAt, tt.wantHolder, tt.wantGrant, tt.wantExpires)
			}
			if fo.Detail != tt.wantDetail {
				t.Fatalf("detail:\n got %q\nwant %q", fo.Detail, tt.wantDetail)
			}
			if next != tt.wantNext {
				t.Fatalf("next acquire: got %q, want %q", next, tt.wantNext)
			}
		})
	}
}

// TestRunsShareNothing: Run reuses its working buffers from one run to the
// next, across goroutines; a run must come out the same whatever ran
// before it or beside it (a long run that outgrew its first guess, a
// short one, the same one at once on other goroutines).
func TestRunsShareNothing(t *testing.T) {
	var scenarios []sandbox.Scenario
	for _, p := range sandbox.Presets() {
		scenarios = append(scenarios, p.Scenario)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 12 {
		data := make([]byte, 3*sandbox.MaxActions+8)
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		scenarios = append(scenarios, genScenario(data, 1+i%sandbox.MaxClients, sandbox.MaxActions))
	}
	want := make([]string, len(scenarios))
	for i, s := range scenarios {
		js, err := json.Marshal(sandbox.Run(s))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(js)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(scenarios))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range scenarios {
				i := (k*7 + g*5) % len(scenarios) // each goroutine in its own order
				js, _ := json.Marshal(sandbox.Run(scenarios[i]))
				if string(js) != want[i] {
					errs <- fmt.Sprintf("scenario %d differs when run after others or beside them", i)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
