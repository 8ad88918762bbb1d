package sandbox_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"

	"lockdrill/sandbox"
)

// The cross-check: an independent linearizability checker (porcupine)
// judges each run's resource history against the specification of a
// fenced register, and must reach the same stale-write verdict as Check.
//
// The register's specification: a write may be accepted only if its grant
// is not lower than that of every write accepted before it; a rejection is
// always allowed (refusing is safe); a read returns the value and grant of
// the last accepted write. The history: each write is an operation from
// when its message left the client to when the resource answered, and a
// read at the moment each accepted write is applied pins the order in
// which the resource actually applied them.

type regInput struct {
	write bool
	grant int
	value string
}

type regOutput struct {
	accepted bool
	grant    int
	value    string
}

type regState struct {
	grant int
	value string
}

var fencedRegister = porcupine.Model{
	Init: func() any { return regState{grant: -1} },
	Step: func(state, input, output any) (bool, any) {
		st, in, out := state.(regState), input.(regInput), output.(regOutput)
		if !in.write {
			return out.grant == st.grant && out.value == st.value, st
		}
		if !out.accepted {
			return true, st
		}
		if in.grant < st.grant {
			return false, st
		}
		return true, regState{grant: in.grant, value: in.value}
	},
	DescribeOperation: func(input, output any) string {
		in, out := input.(regInput), output.(regOutput)
		if !in.write {
			return fmt.Sprintf("read() -> grant %d %q", out.grant, out.value)
		}
		return fmt.Sprintf("write(grant %d, %q) -> accepted %v", in.grant, in.value, out.accepted)
	},
}

// resourceHistory turns a timeline's writes into porcupine operations.
// Times are positions in the event list (4 per event), so that same-
// millisecond events keep the order the engine gave them.
func resourceHistory(tl sandbox.Timeline) []porcupine.Operation {
	var ops []porcupine.Operation
	clients := map[string]int{}
	for i, id := range tl.Clients {
		clients[id] = i
	}
	reader := len(tl.Clients)
	for i, e := range tl.Events {
		if e.Kind != sandbox.KindWriteAccepted && e.Kind != sandbox.KindWriteRejected {
			continue
		}
		call := i
		if e.LatencyMS > 0 {
			sent := e.T - e.LatencyMS
			for call = 0; call < i && tl.Events[call].T < sent; call++ {
			}
		}
		accepted := e.Kind == sandbox.KindWriteAccepted
		ops = append(ops, porcupine.Operation{
			ClientId: clients[e.Client],
			Input:    regInput{write: true, grant: e.Grant, value: e.Value},
			Call:     int64(4 * call),
			Output:   regOutput{accepted: accepted},
			Return:   int64(4*i + 1),
		})
		if accepted {
			ops = append(ops, porcupine.Operation{
				ClientId: reader,
				Input:    regInput{},
				Call:     int64(4*i + 2),
				Output:   regOutput{grant: e.Grant, value: e.Value},
				Return:   int64(4*i + 3),
			})
		}
	}
	return ops
}

func TestPorcupineAgreesOnStaleWrites(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			tl := sandbox.Run(p.Scenario)
			stale := false
			for _, v := range tl.Summary.Violations {
				stale = stale || v.Kind == sandbox.ViolationStaleWrite
			}
			res := porcupine.CheckOperationsTimeout(fencedRegister, resourceHistory(tl), 10*time.Second)
			if res == porcupine.Unknown {
				t.Fatalf("porcupine timed out")
			}
			if linearizable := res == porcupine.Ok; linearizable == stale {
				t.Fatalf("porcupine says linearizable=%v, our checker says stale-write=%v", linearizable, stale)
			}
		})
	}
}

// TestPorcupineCatchesReorder makes sure the cross-check can fail: a
// history where the resource applied a lower grant last is illegal.
func TestPorcupineCatchesReorder(t *testing.T) {
	tl := sandbox.Timeline{Clients: []string{"A", "B"}, Events: []sandbox.Event{
		{T: 1, Kind: sandbox.KindWriteAccepted, Client: "B", Grant: 2, Value: "x"},
		{T: 2, Kind: sandbox.KindWriteAccepted, Client: "A", Grant: 1, Value: "x"},
	}}
	if porcupine.CheckOperations(fencedRegister, resourceHistory(tl)) {
		t.Fatalf("porcupine accepted a write under grant 1 applied after grant 2")
	}
}
