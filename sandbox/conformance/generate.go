package conformance

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Generate draws a small scenario of model from seed: two or three
// clients, up to ten actions on a coarse grid of whole seconds, every op
// and option a real server can play for that model (acquire, claim,
// write, release, extend, pause, crash, heartbeats, fencing on and off,
// unconditional DEL, SETNX then EXPIRE, a failover, synchronous
// replication, Redlock retries, node_down/node_up/restart and a client's
// partition on Redlock nodes of the run's own, a ledger with or without
// idempotency keys). It never draws what
// is out of reach (clock jumps, network delays) and stays within the
// engine's limits. The same seed gives the same scenario.
func Generate(seed uint64, model sandbox.Model) sandbox.Scenario {
	r := rand.New(rand.NewPCG(seed, 0x10c4d1))
	pick := func(p float64) bool { return r.Float64() < p }
	ttls := []int64{5000, 10000, 15000}
	sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: model, TTLMS: ttls[r.IntN(len(ttls))]}}
	fencing := true
	nodeOps := false
	switch model {
	case sandbox.ModelRedis:
		fencing = pick(0.7)
		sc.Lock.TokenSource = sandbox.TokenNone
		if fencing {
			sc.Lock.TokenSource = sandbox.TokenIncr
		}
		if pick(0.15) {
			sc.Lock.Acquire = sandbox.AcquireSetThenExpire
		}
		// 0 is synchronous replication (WAIT 1 before the answer).
		lag := []int64{0, 500, 1000, 3000}[r.IntN(4)]
		sc.Lock.LagMS = &lag
	case sandbox.ModelRedlock:
		fencing = false
		sc.Lock.TokenSource = sandbox.TokenNone
		sc.Lock.Nodes = []int{3, 5}[r.IntN(2)]
		if pick(0.3) {
			sc.Lock.Retries = 1 + r.IntN(3)
			sc.Lock.RetryDelayMS = []int64{200, 1000, 3000}[r.IntN(3)]
			sc.Lock.Seed = r.Uint64N(1000)
		}
		// Servers of the run's own, stopped, restarted and cut off.
		if nodeOps = pick(0.35); nodeOps {
			sc.Lock.Persistence = []sandbox.Persistence{sandbox.PersistNone, sandbox.PersistAlways}[r.IntN(2)]
		}
	case sandbox.ModelConsensus:
		sc.Lock.TokenSource = sandbox.TokenRevision
	case sandbox.ModelDatabase:
		sc.Lock.TokenSource = []sandbox.TokenSource{sandbox.TokenEpoch, sandbox.TokenNone}[r.IntN(2)]
		fencing = false
	}
	if pick(0.2) {
		sc.Resource.Kind = sandbox.ResourceLedger
		sc.Resource.IdempotencyKeys = pick(0.5)
	}
	if pick(0.2) {
		sc.Lock.Release = sandbox.ReleaseUnconditionalDel
	}
	check := fencing && pick(0.8) || model == sandbox.ModelDatabase && pick(0.85)
	sc.Resource.CheckFencing = &check
	n := 2 + r.IntN(2)
	for i := range n {
		c := sandbox.Client{ID: string(rune('A' + i))}
		if model != sandbox.ModelDatabase && pick(0.2) {
			c.HeartbeatMS = sc.Lock.TTLMS / int64(2+r.IntN(2))
		}
		sc.Clients = append(sc.Clients, c)
	}
	acquire := sandbox.OpAcquire
	if model == sandbox.ModelDatabase {
		acquire = sandbox.OpClaim
	}
	failovers := 0
	maxFailovers := 0
	switch model {
	case sandbox.ModelRedis:
		maxFailovers = 1
	case sandbox.ModelConsensus:
		maxFailovers = 2
	}
	wantFailover := maxFailovers > 0 && pick(0.12)
	// The replica taken down (redis, no failover): WAIT 1 then goes
	// unacknowledged.
	replicaDown := model == sandbox.ModelRedis && !wantFailover && pick(0.15)
	at := int64(0)
	steps := 4 + r.IntN(7)
	writes := 0
	for i := range steps {
		if i > 0 {
			at += 1000 * int64(r.IntN(5))
		}
		c := sc.Clients[r.IntN(n)].ID
		a := sandbox.Action{AtMS: at, Client: c}
		x := r.IntN(100)
		if nodeOps && i > 0 && pick(0.3) {
			x = 95 // a node op
		}
		switch {
		case i == 0 || x < 30:
			a.Op = acquire
		case x < 60:
			writes++
			a.Op, a.Value = sandbox.OpWrite, strings.ToLower(c)+strconv.Itoa(writes)
			if sc.Resource.Kind == sandbox.ResourceLedger && pick(0.5) {
				// The same charge sent again (a retry of the job).
				a.Key = "charge-" + strconv.Itoa(1+r.IntN(2))
			}
		case x < 72:
			a.Op = sandbox.OpRelease
		case x < 80:
			a.Op = sandbox.OpExtend
		case x < 92:
			a.Op, a.MS = sandbox.OpPause, 1000*int64(2+r.IntN(18))
		case x < 95:
			a.Op = sandbox.OpCrash
		case nodeOps && x < 99:
			a.Client = ""
			switch y := r.IntN(10); {
			case y < 3:
				a.Op, a.Node = sandbox.OpNodeDown, 1+r.IntN(sc.Lock.Nodes)
			case y < 5:
				a.Op, a.Node = sandbox.OpNodeUp, 1+r.IntN(sc.Lock.Nodes)
			case y < 7:
				a.Op, a.Node, a.MS = sandbox.OpRestart, 1+r.IntN(sc.Lock.Nodes), 1000*int64(r.IntN(15))
			case y < 9:
				a.Op, a.Client = sandbox.OpPartition, c
				for n := 1; n <= sc.Lock.Nodes; n++ {
					if pick(0.4) {
						a.Nodes = append(a.Nodes, n)
					}
				}
				if len(a.Nodes) == 0 {
					a.Nodes = []int{1 + r.IntN(sc.Lock.Nodes)}
				}
			default:
				a.Op = sandbox.OpHeal
			}
		default:
			if wantFailover && failovers < maxFailovers {
				failovers++
				a.Client, a.Op = "", sandbox.OpFailover
			} else if replicaDown {
				replicaDown = false
				a.Client, a.Op, a.Node = "", sandbox.OpNodeDown, 2
			} else {
				a.Op = acquire
			}
		}
		sc.Actions = append(sc.Actions, a)
	}
	if wantFailover && failovers == 0 {
		// Put the failover right after the first grant's neighbourhood,
		// inside the replication lag where it matters.
		f := sandbox.Action{AtMS: min(at, 500+1000*int64(r.IntN(3))), Op: sandbox.OpFailover}
		i := 0
		for i < len(sc.Actions) && sc.Actions[i].AtMS <= f.AtMS {
			i++
		}
		sc.Actions = append(sc.Actions[:i], append([]sandbox.Action{f}, sc.Actions[i:]...)...)
	}
	sc = sc.WithDefaults()
	if sc.Lock.Model == sandbox.ModelRedis && *sc.Lock.LagMS == 0 && len(redisReach(sc, true)) > 0 {
		// A grant under WAIT 1 after the failover is out of reach (a new
		// replica would have to resync): replicate asynchronously instead.
		lag := int64(500)
		sc.Lock.LagMS = &lag
	}
	return sc
}
