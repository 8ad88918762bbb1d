package sandbox

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQuickClientActionAgrees checks validate's quick path against
// validateAction on actions drawn near every edge it checks: whenever the
// quick path passes an action, validateAction finds nothing wrong with it
// and gives the same client index and op code; and the quick path passes
// the plain valid client actions (else it would speed up nothing).
func TestQuickClientActionAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	ops := []Op{OpAcquire, OpClaim, OpWrite, OpRelease, OpExtend, OpPause, OpCrash, OpDelay, OpFailover, OpClockJump,
		OpNodeDown, OpNodeUp, OpRestart, OpPartition, OpHeal, "", "bogus", "Acquire"}
	models := []Model{ModelRedis, ModelRedlock, ModelConsensus, ModelDatabase, "etcd"}
	clients := []Client{{ID: "A"}, {ID: "B"}, {ID: "cl-1"}}
	ids := []string{"A", "B", "cl-1", "", "Z", "a", strings.Clone("B")}
	times := []int64{-1, 0, 1, 5000, MaxTimeMS - 1, MaxTimeMS, MaxTimeMS + 1}
	mss := []int64{-1, 0, 1, 2, 1000, MaxTimeMS, MaxTimeMS + 1}
	values := []string{"", "v", strings.Repeat("x", MaxValueLen), strings.Repeat("x", MaxValueLen+1)}
	keys := []string{"", "", "k", strings.Repeat("k", MaxKeyLen), strings.Repeat("k", MaxKeyLen+1)}
	pick := func(n int) int { return rng.IntN(n) }
	passed := map[Op]bool{}
	for range 200000 {
		s := Scenario{Lock: LockConfig{Model: models[pick(len(models))], Nodes: 1 + pick(5)}, Clients: clients}
		if pick(2) == 0 {
			s.Resource.Kind = ResourceLedger
		}
		a := Action{AtMS: times[pick(len(times))], Op: ops[pick(len(ops))], Client: ids[pick(len(ids))],
			MS: mss[pick(len(mss))], Value: values[pick(len(values))], Key: keys[pick(len(keys))]}
		if pick(4) == 0 {
			a.Node = pick(3)
		}
		if pick(6) == 0 {
			a.Nodes = []int{1 + pick(2)}
		}
		// Skew toward the valid client actions the quick path is for.
		if pick(2) == 0 {
			a.MS, a.Value, a.Key, a.Node, a.Nodes, a.AtMS = 0, "", "", 0, nil, times[1+pick(4)]
			switch a.Op {
			case OpWrite:
				a.Value = values[1]
			case OpPause, OpDelay:
				a.MS = mss[2+pick(3)]
			}
		}
		v := s.newActionCheck(s.Lock.Model.Known())
		ci, code, ok := s.quickClientAction(&a, &v)
		if !ok {
			continue
		}
		passed[a.Op] = true
		var p problems
		v.actClient, v.actOp = make([]int, 1), make([]uint8, 1)
		s.validateAction(&p, 0, &a, &v)
		if p.err() != nil || v.actClient[0] != ci || v.actOp[0] != code {
			t.Fatalf("model %s, resource %q, action %+v: quick path passes it (client %d, op %d), validateAction says %v (client %d, op %d)",
				s.Lock.Model, s.Resource.Kind, a, ci, code, p.err(), v.actClient[0], v.actOp[0])
		}
	}
	for _, op := range []Op{OpAcquire, OpClaim, OpWrite, OpRelease, OpExtend, OpPause, OpCrash, OpDelay} {
		if !passed[op] {
			t.Errorf("the quick path never passed a valid %s", op)
		}
	}
}

// TestOpCodeOf checks that opCodeOf tells every op from the others and
// from names that are not ops, as validateAction's switch does.
func TestOpCodeOf(t *testing.T) {
	seen := map[uint8]Op{}
	for _, op := range []Op{OpAcquire, OpClaim, OpWrite, OpRelease, OpExtend, OpPause, OpCrash, OpDelay, OpFailover, OpClockJump,
		OpNodeDown, OpNodeUp, OpRestart, OpPartition, OpHeal} {
		c := opCodeOf(Op(strings.Clone(string(op))))
		if c == opcNone || c >= numOpCodes {
			t.Errorf("opCodeOf(%q) = %d", op, c)
		}
		if o, ok := seen[c]; ok {
			t.Errorf("%q and %q share code %d", o, op, c)
		}
		seen[c] = op
	}
	for _, op := range []Op{"", "a", "acquirE", "Acquire", "acquire ", "c", "clai", "crashed", "n", "node_", "heals", "x"} {
		if c := opCodeOf(op); c != opcNone {
			t.Errorf("opCodeOf(%q) = %d, want none", op, c)
		}
	}
}

// TestOpCodeOfSameOrCopied checks that every op is known by its own
// code, whether it is the constant itself (known by its address) or a
// copy of its bytes (as JSON decodes it), and that near misses are not.
func TestOpCodeOfSameOrCopied(t *testing.T) {
	for c := opcNone + 1; c < numOpCodes; c++ {
		op := opNames[c]
		if got := opCodeOf(op); got != uint8(c) {
			t.Errorf("opCodeOf(%q) = %d, want %d", op, got, c)
		}
		copied := Op(strings.Clone(string(op)))
		if got := opCodeOf(copied); got != uint8(c) {
			t.Errorf("opCodeOf(copy of %q) = %d, want %d", op, got, c)
		}
		for _, near := range []string{strings.ToUpper(string(op)), string(op) + "s", string(op[:len(op)-1]), " " + string(op), string(op[1:])} {
			if got := opCodeOf(Op(near)); got != opcNone {
				t.Errorf("opCodeOf(%q) = %d, want none", near, got)
			}
		}
	}
	for _, op := range []Op{"", "a", "noop", "read", "acquirx", "clock-jump"} {
		if got := opCodeOf(op); got != opcNone {
			t.Errorf("opCodeOf(%q) = %d, want none", op, got)
		}
	}
}
