package sandbox_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// TestFaults pins the engine-4 behaviours each model shares with the real
// system it stands for: node faults, partitions, restarts, synchronous
// replication, Redlock's leftovers, the ledger.
func TestFaults(t *testing.T) {
	const ab = `{"id":"A"},{"id":"B"}`
	tests := []struct {
		name                   string
		lock, clients, actions string
		extra                  string
		kinds                  []sandbox.Kind
		want                   []string
	}{
		{
			// A's attempt arrives too late for its validity but still
			// sets the key on every node; A crashed, so no unlock comes.
			name:    "a refused redlock attempt leaves its keys until they expire",
			lock:    `"model":"redlock"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"delay","ms":9900},{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":100,"client":"A","op":"crash"},{"at_ms":10000,"client":"B","op":"acquire"},{"at_ms":20000,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"9900 acquire.denied A validity-expired", "10000 acquire.denied B no-majority", "20000 acquire.granted B token=0"},
		},
		{
			name:    "a live client unlocks every node after a refused attempt",
			lock:    `"model":"redlock"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"delay","ms":9900},{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":10000,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindReleaseOK},
			want:    []string{"9900 acquire.denied A validity-expired", "9900 release.ok A of A", "10000 acquire.granted B token=0"},
		},
		{
			name:    "two of five redlock nodes down still leave a majority",
			lock:    `"model":"redlock"`,
			clients: ab,
			actions: `{"at_ms":0,"op":"node_down","node":1},{"at_ms":0,"op":"node_down","node":2},{"at_ms":10,"client":"A","op":"acquire"},{"at_ms":20,"op":"node_down","node":3},{"at_ms":30,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"10 acquire.granted A token=0", "30 acquire.denied B no-majority"},
		},
		{
			name:    "the redis primary down refuses everything; node_up brings it back with its keys",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":10,"op":"node_down","node":1},{"at_ms":20,"client":"B","op":"acquire"},{"at_ms":30,"op":"node_up","node":1},{"at_ms":40,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "20 acquire.denied B unavailable", "40 acquire.denied B held"},
		},
		{
			name:    "a consensus cluster that loses its majority grants nothing and expires nothing, then refreshes",
			lock:    `"model":"consensus","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":100,"op":"node_down","node":2},{"at_ms":200,"op":"node_down","node":3},{"at_ms":300,"client":"B","op":"acquire"},{"at_ms":5000,"op":"node_up","node":3},{"at_ms":5500,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindLeaseExpired, sandbox.KindFailover},
			want:    []string{"0 acquire.granted A token=1", "200 failover", "300 acquire.denied B no-quorum", "5000 failover", "5500 acquire.denied B held", "6000 lease.expired A"},
		},
		{
			name:    "a consensus leader cut off from the others is replaced, and the lease refreshed",
			lock:    `"model":"consensus","ttl_ms":1000`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":500,"op":"partition","nodes":[1]},{"at_ms":1200,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindLeaseExpired, sandbox.KindFailover},
			want:    []string{"0 acquire.granted A token=1", "500 failover", "1200 acquire.denied B held", "1500 lease.expired A"},
		},
		{
			name:    "lag_ms 0: a failover right after the grant keeps the key",
			lock:    `"lag_ms":0`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"op":"failover"},{"at_ms":2,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "2 acquire.denied B held"},
		},
		{
			name:    "lag_ms 0 with the replica down: WAIT gets no ack, the attempt fails and is unlocked",
			lock:    `"lag_ms":0`,
			clients: ab,
			actions: `{"at_ms":0,"op":"node_down","node":2},{"at_ms":10,"client":"A","op":"acquire"},{"at_ms":20,"op":"node_up","node":2},{"at_ms":30,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindReleaseOK},
			want:    []string{"10 acquire.denied A not-replicated", "10 release.ok A of A", "30 acquire.granted B token=2"},
		},
		{
			name:    "a redis restart without persistence loses the key and the INCR counter",
			lock:    `"persistence":"none"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":5000,"op":"restart","node":1},{"at_ms":5001,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindViolation},
			want:    []string{"0 acquire.granted A token=1", "5001 acquire.granted B token=1", "5001 violation token-reuse", "5001 violation double-grant"},
		},
		{
			name:    "appendfsync always keeps the key across a restart",
			lock:    `"persistence":"always"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":10,"op":"restart","node":1,"ms":100},{"at_ms":50,"client":"B","op":"acquire"},{"at_ms":200,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied, sandbox.KindRestart},
			want:    []string{"0 acquire.granted A token=1", "50 acquire.denied B unavailable", "110 node.restart", "200 acquire.denied B held"},
		},
		{
			name:    "appendfsync everysec loses the last second",
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":900,"op":"restart","node":1},{"at_ms":901,"client":"B","op":"acquire"}`,
			kinds:   []sandbox.Kind{sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
			want:    []string{"0 acquire.granted A token=1", "901 acquire.granted B token=1"},
		},
		{
			name:    "a client cut off from the database can neither claim nor write",
			lock:    `"model":"database"`,
			clients: ab,
			actions: `{"at_ms":0,"client":"A","op":"claim"},{"at_ms":10,"op":"partition","client":"A","nodes":[1]},{"at_ms":20,"client":"A","op":"write","value":"a"},{"at_ms":30,"op":"heal"},{"at_ms":40,"client":"A","op":"write","value":"a2"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
			want:    []string{"20 write.rejected A a unavailable", "40 write.accepted A a2"},
		},
		{
			name:    "a ledger flags the same effect twice; a key names the effect",
			clients: ab,
			extra:   `,"resource":{"kind":"ledger","check_fencing":false}`,
			actions: `{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"A","op":"write","value":"pay 5","key":"order-1"},{"at_ms":2,"client":"A","op":"write","value":"pay 5 again","key":"order-1"},{"at_ms":3,"client":"A","op":"write","value":"pay 7","key":"order-2"}`,
			kinds:   []sandbox.Kind{sandbox.KindWriteAccepted, sandbox.KindViolation},
			want:    []string{"1 write.accepted A pay 5", "2 write.accepted A pay 5 again", "2 violation duplicate-effect", "3 write.accepted A pay 7"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustRun(t, tt.lock, tt.clients, tt.actions, tt.extra)
			got := lines(tl, tt.kinds...)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("events:\n got %q\nwant %q", got, tt.want)
			}
			crossCheck(t, tl, tt.name)
		})
	}
}

// TestRetryIsSeeded: the retry delays come from the scenario's seed: the
// same seed draws the same delays on every run, another seed others.
func TestRetryIsSeeded(t *testing.T) {
	delays := func(seed string) []int64 {
		tl := mustRun(t, `"model":"redlock","retries":3,"seed":`+seed, `{"id":"A"},{"id":"B"}`,
			`{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1,"client":"B","op":"acquire"}`)
		var out []int64
		for _, e := range tl.Events.All() {
			if e.Kind == sandbox.KindRetry {
				out = append(out, e.MS)
			}
		}
		return out
	}
	a, b, c := delays("7"), delays("7"), delays("8")
	if len(a) != 3 || !slices.Equal(a, b) {
		t.Fatalf("seed 7 drew %v then %v, want the same 3 delays", a, b)
	}
	if slices.Equal(a, c) {
		t.Fatalf("seeds 7 and 8 drew the same delays %v", a)
	}
	for _, d := range a {
		if d < 1 || d > 200 {
			t.Fatalf("delay %d outside 1..200 (retry_delay_ms default)", d)
		}
	}
}

// TestEventsBudget: the heaviest legal import (8 clients heartbeating every
// 100 ms, 500 actions) stops at the events budget and says so, and an
// import or edit whose run reaches it is refused with a message naming it.
func TestEventsBudget(t *testing.T) {
	s := sandbox.Scenario{}
	for i := range sandbox.MaxClients {
		s.Clients = append(s.Clients, sandbox.Client{ID: string(rune('A' + i)), HeartbeatMS: sandbox.MinHeartbeatMS})
	}
	for i := range sandbox.MaxActions {
		s.Actions = append(s.Actions, sandbox.Action{AtMS: int64(i) * 1000, Client: s.Clients[i%sandbox.MaxClients].ID, Op: sandbox.OpAcquire})
	}
	s = s.WithDefaults()
	tl := sandbox.Run(s)
	if tl.Summary.Stopped != sandbox.StoppedEventBudget {
		t.Fatalf("stopped %q, want %q", tl.Summary.Stopped, sandbox.StoppedEventBudget)
	}
	if n := tl.Events.Len() - len(tl.Summary.Violations); n > sandbox.MaxEvents {
		t.Fatalf("%d events, more than the budget of %d", n, sandbox.MaxEvents)
	}
	data, _ := json.Marshal(s)
	parsed, err := sandbox.Parse(data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	err = parsed.ValidateRun()
	if err == nil || !strings.Contains(err.Error(), "events budget of 2000") {
		t.Fatalf("ValidateRun = %v, want the events budget named", err)
	}
}

// TestRefusedClientDoesNotWrite: D7. The documented fix for
// redlock-restart-no-persistence (appendfsync always) leaves no violation:
// B's acquire is refused, and a real client that checks the result does not
// write; the skipped write says why.
func TestRefusedClientDoesNotWrite(t *testing.T) {
	p, ok := sandbox.PresetByID("redlock-restart-no-persistence")
	if !ok {
		t.Fatal("no preset redlock-restart-no-persistence")
	}
	base := sandbox.Run(p.Scenario)
	if len(base.Summary.Violations) == 0 {
		t.Fatal("the preset itself shows no violation; its lesson is gone")
	}
	for _, pers := range []sandbox.Persistence{sandbox.PersistEverySec, sandbox.PersistAlways} {
		sc := p.Scenario
		sc.Lock.Persistence = pers
		tl := sandbox.Run(sc)
		if len(tl.Summary.Violations) != 0 {
			t.Errorf("%s: violations %v, want none", pers, tl.Summary.Violations)
		}
		var skip *sandbox.Event
		for _, e := range tl.Events.All() {
			if e.Kind == sandbox.KindWriteAccepted && e.Client == "B" {
				t.Errorf("%s: B's write reached the resource: %+v", pers, e)
			}
			if e.Kind == sandbox.KindActionSkipped && e.Client == "B" {
				skip = &e
			}
		}
		if skip == nil {
			t.Fatalf("%s: no skipped write for B", pers)
		}
		if want := "B holds no lock: its acquire was refused at 2\u202f000 ms"; !strings.HasPrefix(skip.Detail, want) {
			t.Errorf("%s: skip detail %q, want it to start %q", pers, skip.Detail, want)
		}
	}
}

// TestRedlockDenialNamesEveryNode: D5. A refusal names every node that did
// not say yes and why; a release claims a key stays only where the client
// had one.
func TestRedlockDenialNamesEveryNode(t *testing.T) {
	detail := func(sc sandbox.Scenario, at int64, kind sandbox.Kind, client string) string {
		t.Helper()
		for _, e := range sandbox.Run(sc).Events.All() {
			if e.T == at && e.Kind == kind && e.Client == client {
				return e.Detail
			}
		}
		t.Fatalf("no %s of %s at %d", kind, client, at)
		return ""
	}
	preset := func(id string) sandbox.Scenario {
		p, ok := sandbox.PresetByID(id)
		if !ok {
			t.Fatalf("no preset %s", id)
		}
		return p.Scenario
	}
	restart := preset("redlock-restart-no-persistence")
	restart.Lock.Persistence = sandbox.PersistAlways
	tests := []struct {
		name   string
		sc     sandbox.Scenario
		at     int64
		kind   sandbox.Kind
		client string
		want   string
	}{
		{"two down", preset("redlock-two-down"), 200, sandbox.KindAcquireDenied, "B", "got 0 of 5 nodes, needs 3 (nodes 1,2,3 held by A; nodes 4,5 down)"},
		{"restart kept the key", restart, 2000, sandbox.KindAcquireDenied, "B", "(node 3 held by A; B cut off from nodes 1,2)"},
		{"delayed restart", preset("redlock-delayed-restart"), 2000, sandbox.KindAcquireDenied, "B", "(node 3 down; B cut off from nodes 1,2)"},
		{"split vote", preset("redlock-split-vote"), 100, sandbox.KindAcquireDenied, "A", "(node 3 down; A cut off from nodes 4,5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := detail(tt.sc, tt.at, tt.kind, tt.client); !strings.Contains(d, tt.want) {
				t.Fatalf("detail %q, want it to contain %q", d, tt.want)
			}
		})
	}
	// Node 4 was down before A acquired: A's release must not say its key
	// stays there.
	if d := detail(preset("redlock-two-down"), 400, sandbox.KindReleaseOK, "A"); strings.Contains(d, "node 4") || strings.Contains(d, "stays") {
		t.Fatalf("release detail %q claims a key on a node A never had one on", d)
	}
	// A node that went down after the grant does keep the key.
	sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.ModelRedlock}, Clients: []sandbox.Client{{ID: "A"}},
		Actions: []sandbox.Action{{AtMS: 0, Client: "A", Op: sandbox.OpAcquire}, {AtMS: 100, Op: sandbox.OpNodeDown, Node: 5}, {AtMS: 200, Client: "A", Op: sandbox.OpRelease}}}
	if d, want := detail(sc.WithDefaults(), 200, sandbox.KindReleaseOK, "A"), "A's key stays on node 5 until it expires (node 5 down)"; !strings.Contains(d, want) {
		t.Fatalf("release detail %q, want it to contain %q", d, want)
	}
}

// TestZeroRestartCompletesAtOnce: D19. A restart with down time 0 is back
// before any later action of the same millisecond: with member 1 back,
// members 1 and 3 are a majority when B asks, so B is granted.
func TestZeroRestartCompletesAtOnce(t *testing.T) {
	sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.ModelConsensus}, Clients: []sandbox.Client{{ID: "A"}, {ID: "B"}},
		Actions: []sandbox.Action{
			{AtMS: 1000, Op: sandbox.OpRestart, Node: 1},
			{AtMS: 1000, Op: sandbox.OpNodeDown, Node: 2},
			{AtMS: 1000, Client: "B", Op: sandbox.OpAcquire},
		}}
	var got []sandbox.Kind
	for _, e := range sandbox.Run(sc.WithDefaults()).Events.All() {
		got = append(got, e.Kind)
	}
	up := slices.Index(got, sandbox.KindNodeUp)
	down2 := -1
	for i, k := range got {
		if k == sandbox.KindNodeDown {
			down2 = i
		}
	}
	if up < 0 || up > down2 {
		t.Fatalf("member 1 is not back before member 2 goes down: %q", got)
	}
	if !slices.Contains(got, sandbox.KindAcquireGranted) || slices.Contains(got, sandbox.KindAcquireDenied) {
		t.Fatalf("B is not granted with members 1 and 3 up: %q", got)
	}
}

// TestConsensusWording: D17. The consensus model speaks of members, in the
// right number.
func TestConsensusWording(t *testing.T) {
	run := func(nodes []int) []string {
		sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.ModelConsensus, Nodes: 5}, Clients: []sandbox.Client{{ID: "A"}},
			Actions: []sandbox.Action{{AtMS: 0, Op: sandbox.OpPartition, Nodes: nodes}, {AtMS: 0, Client: "A", Op: sandbox.OpPartition, Nodes: nodes}}}
		var ds []string
		for _, e := range sandbox.Run(sc.WithDefaults()).Events.All() {
			if e.Kind == sandbox.KindPartition {
				ds = append(ds, e.Detail)
			}
		}
		return ds
	}
	if got, want := run([]int{3}), []string{"member 3 is split from the others", "the network cuts A off from member 3"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := run([]int{1, 2}), []string{"members 1,2 are split from the others", "the network cuts A off from members 1,2"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
