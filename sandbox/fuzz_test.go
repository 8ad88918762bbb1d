package sandbox_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"lockdrill/sandbox"
)

// genScenario builds a valid scenario from arbitrary bytes: every three
// bytes are one action. It covers all models, ops and faults, so fuzzing
// and the benchmark exercise the whole engine.
func genScenario(data []byte, clients, actions int) sandbox.Scenario {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	models := []sandbox.Model{sandbox.ModelRedis, sandbox.ModelRedlock, sandbox.ModelConsensus, sandbox.ModelDatabase}
	cfg := next()
	s := sandbox.Scenario{Lock: sandbox.LockConfig{Model: models[cfg%4], TTLMS: 1000 + int64(next())*100}}
	if cfg&4 != 0 && s.Lock.Model == sandbox.ModelRedis {
		s.Lock.Acquire = sandbox.AcquireSetThenExpire
	}
	if cfg&8 != 0 {
		s.Lock.Release = sandbox.ReleaseUnconditionalDel
	}
	if cfg&16 != 0 {
		s.Resource.CheckFencing = ptr(false)
	}
	if cfg&32 != 0 {
		s.Network.LatencyMS = int64(next() % 50)
	}
	// faults: engine 4's options and ops (node faults, partitions,
	// restarts, a ledger), off in the benchmark's scenarios.
	faults := cfg&64 != 0
	if faults {
		opt := next()
		switch s.Lock.Model {
		case sandbox.ModelRedis:
			if opt&1 != 0 {
				s.Lock.TokenSource = sandbox.TokenIncr
			}
			if opt&2 != 0 {
				s.Lock.LagMS = ptr(int64(0))
			}
		case sandbox.ModelConsensus:
			if opt&1 != 0 {
				s.Lock.TokenSource = sandbox.TokenNone
			}
		case sandbox.ModelDatabase:
			if opt&1 != 0 {
				s.Lock.TokenSource = sandbox.TokenNone
			}
		}
		if s.Lock.Model == sandbox.ModelRedis || s.Lock.Model == sandbox.ModelRedlock {
			s.Lock.Persistence = []sandbox.Persistence{sandbox.PersistNone, sandbox.PersistEverySec, sandbox.PersistAlways}[int(opt>>2)%3]
		}
		if opt&16 != 0 {
			s.Resource.Kind = sandbox.ResourceLedger
			s.Resource.IdempotencyKeys = opt&32 != 0
		}
		if opt&64 != 0 {
			s.Lock.Retries = 1 + int(opt>>4)%3
		}
	}
	s = s.WithDefaults()
	for i := range clients {
		c := sandbox.Client{ID: string(rune('A' + i))}
		if hb := next(); hb%3 == 0 {
			c.HeartbeatMS = sandbox.MinHeartbeatMS + int64(hb)*20
		}
		s.Clients = append(s.Clients, c)
	}
	at := int64(0)
	for range actions {
		op, who, arg := next(), next(), next()
		at += int64(arg%16) * 100
		if at >= sandbox.MaxTimeMS {
			break
		}
		a := sandbox.Action{AtMS: at, Client: s.Clients[int(who)%clients].ID}
		kinds := 16
		if faults {
			kinds = 21
		}
		nodes := s.Lock.Nodes
		switch op % byte(kinds) {
		case 0, 1, 2, 3:
			a.Op = sandbox.OpAcquire
			if s.Lock.Model == sandbox.ModelDatabase {
				a.Op = sandbox.OpClaim
			}
		case 4, 5, 6, 7:
			a.Op, a.Value = sandbox.OpWrite, string(rune('a'+arg%26))
		case 8, 9:
			a.Op = sandbox.OpRelease
		case 10:
			a.Op = sandbox.OpExtend
		case 11:
			a.Op, a.MS = sandbox.OpPause, min(1+int64(arg)*100, sandbox.MaxTimeMS-at)
		case 12:
			a.Op, a.MS = sandbox.OpDelay, min(1+int64(arg)*50, sandbox.MaxTimeMS-at)
		case 13:
			a.Op = sandbox.OpCrash
		case 14:
			a.Client, a.Op = "", sandbox.OpFailover
			if s.Lock.Model == sandbox.ModelRedlock {
				a.Node = 1 + int(who)%s.Lock.Nodes
			}
			if s.Lock.Model == sandbox.ModelDatabase {
				a.Client, a.Op = s.Clients[0].ID, sandbox.OpExtend
			}
		case 15:
			a.Client, a.Op, a.Node, a.MS = "", sandbox.OpClockJump, 1+int(who)%s.Lock.Nodes, 1+int64(arg)*200
		case 16:
			a.Client, a.Op, a.Node = "", sandbox.OpNodeDown, 1+int(who)%nodes
		case 17:
			a.Client, a.Op, a.Node = "", sandbox.OpNodeUp, 1+int(who)%nodes
		case 18:
			a.Client, a.Op, a.Node, a.MS = "", sandbox.OpRestart, 1+int(who)%nodes, int64(arg)*100
		case 19:
			// A client cut off from some nodes, or (consensus) members
			// split from the others.
			a.Op = sandbox.OpPartition
			if s.Lock.Model == sandbox.ModelConsensus && who&1 != 0 {
				a.Client = ""
			}
			for n := 1; n <= nodes; n++ {
				if arg&(1<<(n%8)) != 0 {
					a.Nodes = append(a.Nodes, n)
				}
			}
			if len(a.Nodes) == 0 {
				a.Nodes = []int{1}
			}
		case 20:
			a.Client, a.Op = "", sandbox.OpHeal
		}
		if a.Op == sandbox.OpWrite && s.Resource.Kind == sandbox.ResourceLedger && arg&1 != 0 {
			a.Key = "k" + string(rune('0'+arg%4))
		}
		s.Actions = append(s.Actions, a)
	}
	return s
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(designExample))
	f.Add([]byte(`{"lock":{"model":"redlock","nodes":9},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"op":"clock_jump","node":9,"ms":1}]}`))
	f.Add([]byte(`{"actions":[{"at_ms":1e99}]}`))
	for _, p := range sandbox.Presets() {
		data, _ := json.Marshal(p.Scenario)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := sandbox.Parse(data)
		if err != nil {
			return
		}
		if len(s.Clients) > sandbox.MaxClients || len(s.Actions) > sandbox.MaxActions || s.UntilMS > sandbox.MaxTimeMS {
			t.Fatalf("Parse accepted a scenario beyond the limits")
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		again, err := sandbox.Parse(out)
		if err != nil {
			t.Fatalf("marshalled scenario does not parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(s, again) {
			t.Fatalf("round trip changed the scenario:\n%s", out)
		}
		checkTimeline(t, sandbox.Run(s))
	})
}

func FuzzRun(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(2))
	f.Add([]byte{5, 90, 0, 0, 0, 0, 10, 4, 1, 5, 5, 3, 11, 1, 100, 4, 0, 20}, uint8(3))
	f.Add([]byte{66, 90, 255, 0, 0, 0, 16, 1, 1, 0, 0, 3, 19, 1, 7, 4, 0, 20, 18, 2, 5, 0, 1, 9}, uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, clients uint8) {
		s := genScenario(data, 1+int(clients)%sandbox.MaxClients, min(len(data)/3, sandbox.MaxActions))
		if err := s.Validate(); err != nil {
			t.Fatalf("generated scenario is invalid: %v", err)
		}
		tl := sandbox.Run(s)
		checkTimeline(t, tl)
		crossCheck(t, tl, "generated scenario")
	})
}

// checkTimeline asserts what holds for every run.
func checkTimeline(t *testing.T, tl sandbox.Timeline) {
	t.Helper()
	if tl.Events.Len() > sandbox.MaxEvents+len(tl.Summary.Violations) {
		t.Fatalf("%d events, more than the limit", tl.Events.Len())
	}
	last := int64(0)
	for i, e := range tl.Events.All() {
		if e.Detail == "" {
			t.Fatalf("event %d (%s at %d) has no detail", i, e.Kind, e.T)
		}
		if e.T < last || e.T > sandbox.MaxTimeMS {
			t.Fatalf("event %d (%s) at %d: time goes back or beyond the limit", i, e.Kind, e.T)
		}
		last = e.T
	}
	if tl.Summary.EndMS > sandbox.MaxTimeMS {
		t.Fatalf("run ended at %d", tl.Summary.EndMS)
	}
	tl.StateAt(tl.Events.Len() / 2)
	checkViolationEvents(t, tl)
}

// checkViolationEvents asserts that the violations Run finds as it emits
// the events (each violation event written right after the event it is
// about) are what Check finds in the finished events, and that the
// violation events say the same as the summary.
func checkViolationEvents(t *testing.T, tl sandbox.Timeline) {
	t.Helper()
	var raw []sandbox.Event
	var at []int // at[r]: the index in tl.Events of raw event r
	for i, e := range tl.Events.All() {
		if e.Kind != sandbox.KindViolation {
			raw = append(raw, e)
			at = append(at, i)
		}
	}
	want := sandbox.Check(raw, lockKeys(tl))
	for k := range want {
		want[k].Event = at[want[k].Event]
	}
	if !reflect.DeepEqual(tl.Summary.Violations, want) && (len(want) > 0 || len(tl.Summary.Violations) > 0) {
		t.Fatalf("summary violations differ from Check of the events:\n got %+v\nwant %+v", tl.Summary.Violations, want)
	}
	// The violation events, in order, are the summary's, each after the
	// event it is about and the violation events before it about the same.
	k := 0
	for i, e := range tl.Events.All() {
		if e.Kind != sandbox.KindViolation {
			continue
		}
		if k >= len(want) {
			t.Fatalf("violation event %d beyond the %d violations", i, len(want))
		}
		v := want[k]
		if e.Ref != v.Event || e.Reason != v.Kind || e.Detail != v.Detail || e.Client != v.Client || e.T != v.T {
			t.Fatalf("violation event %d = %+v, want %+v", i, e, v)
		}
		for j := v.Event + 1; j < i; j++ {
			if tl.Events.At(j).Kind != sandbox.KindViolation || tl.Events.At(j).Ref != v.Event {
				t.Fatalf("violation event %d does not follow event %d it is about: event %d comes between", i, v.Event, j)
			}
		}
		if v.Event >= i || tl.Events.At(v.Event).Kind == sandbox.KindViolation {
			t.Fatalf("violation event %d is about event %d", i, v.Event)
		}
		k++
	}
	if k != len(want) {
		t.Fatalf("%d violation events, want %d", k, len(want))
	}
}

// TestRandomScenarios runs many generated scenarios and holds each to the
// invariants, including porcupine's agreement with the stale-write and
// unsafe-write verdicts.
func TestRandomScenarios(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 600 {
		data := make([]byte, 3*60+8)
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		s := genScenario(data, 1+i%sandbox.MaxClients, 60)
		tl := sandbox.Run(s)
		checkTimeline(t, tl)
		data, _ = json.Marshal(s)
		crossCheck(t, tl, fmt.Sprintf("scenario %d %s", i, data))
	}
}
