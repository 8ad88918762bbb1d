package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"lockdrill/sandbox"
)

// Grant is a real service's answer to an acquire (or a database claim).
type Grant struct {
	OK bool
	// Token is the fencing token, 0 when the service issues none for this
	// scenario.
	Token int64
	// Holder is who has the lock when the acquire is denied.
	Holder string
	// Reason of a denial: "held", "no-majority".
	Reason string
	// Nodes are the redlock nodes that said yes.
	Nodes []int
	// Unlocked are the nodes whose key the client deleted again after a
	// refusal (the unlock-all of the Redis docs); Unlock says it sent one
	// (on a single redis, where there are no node numbers).
	Unlocked []int
	Unlock   bool
}

// Removed is one key that a release deleted: whose it was, on which
// redlock nodes. An unconditional DEL that found nothing is one Removed
// with no Holder, as in the engine.
type Removed struct {
	Holder string
	Nodes  []int
}

// Backend is a real lock service as one scenario run sees it: a key (or
// row) of its own, the scenario's TTL already scaled to real time. An
// owner is the value a client stores in the key, unique per acquire
// attempt ("A#3"), so that compare-and-delete can tell grants apart as
// the engine does.
type Backend interface {
	Acquire(ctx context.Context, client, owner string) (Grant, error)
	// Expire is the EXPIRE that follows SETNX in set-then-expire: it sets
	// the expiry of whatever key is there.
	Expire(ctx context.Context, client, owner string) error
	// Release removes the client's key (compare-and-delete) or any key
	// (unconditional DEL); an empty result is a refusal.
	Release(ctx context.Context, client, owner string) ([]Removed, error)
	// Extend renews the client's own key; nodes are the redlock nodes
	// that renewed it.
	Extend(ctx context.Context, client, owner string) (ok bool, nodes []int, err error)
	// Failover promotes a replica or elects a new leader and returns who
	// holds the lock afterwards, as the new primary knows it.
	Failover(ctx context.Context, node int) (holder string, err error)
	Close() error
}

// Detacher is a Backend whose replica the runner cuts off lag ms before a
// failover, so that the promoted replica misses exactly the writes of the
// last lag ms (asynchronous replication, made deterministic).
type Detacher interface {
	Detach(ctx context.Context) error
}

// RowWriter is a Backend that is the resource itself (the database row):
// writes go to it instead of the in-test resource.
type RowWriter interface {
	// Write stores value if the guard passes (guarded: check_fencing);
	// reason is sandbox.ReasonNotHolder when it does not.
	Write(ctx context.Context, client, owner, value string, guarded bool) (accepted bool, err error)
	// Value is the row's value at the end.
	Value(ctx context.Context) (string, error)
}

// Target is a real system the runner can play scenarios against.
type Target interface {
	// Name is "redis", "etcd" or "sqlite".
	Name() string
	// OutOfReach says, one reason each, what of sc this target cannot
	// play at this scale; nil when it can play all of it.
	OutOfReach(sc sandbox.Scenario, scale float64) []string
	// Scale is the time scale the target plays sc at by default: short
	// enough for a test suite, long enough that the servers' own timers
	// (etcd checks leases twice a second) stay well inside the margins.
	Scale(sc sandbox.Scenario) float64
	// Open prepares a fresh lock (its own key, row or servers) for one
	// run of sc, with every duration multiplied by scale.
	Open(ctx context.Context, sc sandbox.Scenario, scale float64) (Backend, error)
}

// Result is a real run: its events, in the engine's format with virtual
// times, and the outcome that is compared.
type Result struct {
	Events     []sandbox.Event
	FinalValue string
	Outcome    Outcome
	// MaxLate is how far behind its schedule the runner fell at worst
	// (a step finished late, or started late because the machine was
	// busy). Past the margins of Margins, the outcome may differ for that
	// reason alone.
	MaxLate time.Duration
}

// ErrOutOfReach is returned by Play when the target cannot play the
// scenario; the reasons are in the error text.
var ErrOutOfReach = errors.New("out of reach")

// commonReach are the faults no real target here can reproduce.
func commonReach(sc sandbox.Scenario) []string {
	var out []string
	if sc.Network.LatencyMS > 0 {
		out = append(out, "network.latency_ms: a fixed one-way latency is a delay inside the client's network stack, which a real loopback server cannot add")
	}
	seen := map[sandbox.Op]bool{}
	for i, a := range sc.Actions {
		var why string
		switch a.Op {
		case sandbox.OpAcquire, sandbox.OpClaim, sandbox.OpWrite, sandbox.OpRelease, sandbox.OpExtend,
			sandbox.OpPause, sandbox.OpCrash, sandbox.OpFailover,
			sandbox.OpNodeDown, sandbox.OpNodeUp, sandbox.OpRestart, sandbox.OpPartition, sandbox.OpHeal:
			// Each target says which of the node and network ops it can do.
			continue
		case sandbox.OpDelay:
			why = "a message held up inside the client's network is not something a real server can be made to do"
		case sandbox.OpClockJump:
			why = "one server's clock cannot jump on its own: the servers share this machine's clock"
		default:
			why = "the runner does not know this op yet"
		}
		if !seen[a.Op] {
			seen[a.Op] = true
			out = append(out, fmt.Sprintf("%s (actions[%d]): %s", a.Op, i, why))
		}
	}
	return out
}

// Options tune a real run.
type Options struct {
	// Scale multiplies every virtual duration (0.1: a 10 s TTL lasts 1 s);
	// 0 is the target's default for the scenario.
	Scale float64
}

// item is one thing the runner does at a virtual time, as in the engine.
type item struct {
	t     int64
	prio  int // 0 actions (first at the same ms, in file order), 1 the run's own, 2 replica detach
	seq   int
	kind  int
	c     int
	idx   int
	grant int
}

const (
	kAction = iota
	kPauseEnd
	kHeartbeat
	kSendExpire
	kDetach
	kRetry
	kRestartDone
)

type rclient struct {
	id       string
	hb       int64
	paused   bool
	crashed  bool
	holds    bool
	grant    int
	token    int64
	owner    string
	attempts int
	deferred []item
	hbLate   bool
	retries  int
}

type run struct {
	sc      sandbox.Scenario
	be      Backend
	scale   float64
	start   time.Time
	offset  time.Duration
	queue   []item
	seq     int
	clients []rclient
	events  []sandbox.Event
	now     int64
	grants  int
	value   string
	highest int64
	check   bool
	twoStep bool
	maxLate time.Duration
	// ledger: each accepted write is an effect; with idem, a key applied
	// once is not applied again.
	ledger, idem bool
	applied      map[string]bool
	// rng is the engine's seeded generator of retry delays.
	rng      uint64
	retryMax int64
	// down and restarting are the nodes (by number) a node op stopped.
	down, restarting map[int]bool
	restartGen       map[int]int
}

// Play runs sc against target in real time and returns what the real
// system did. It returns an error wrapping ErrOutOfReach, naming every
// reason, if the target cannot play sc, and an error for a failure of the
// real system (a server that does not answer); a refusal is a result.
func Play(ctx context.Context, sc sandbox.Scenario, target Target, opt Options) (Result, error) {
	sc = sc.WithDefaults()
	if err := sc.Validate(); err != nil {
		return Result{}, fmt.Errorf("scenario: %w", err)
	}
	if opt.Scale <= 0 {
		opt.Scale = target.Scale(sc)
	}
	if why := OutOfReach(sc, target, opt.Scale); len(why) > 0 {
		return Result{}, fmt.Errorf("%w on %s: %s", ErrOutOfReach, target.Name(), strings.Join(why, "; "))
	}
	be, err := target.Open(ctx, sc, opt.Scale)
	if err != nil {
		return Result{}, fmt.Errorf("open %s: %w", target.Name(), err)
	}
	defer be.Close()
	r := &run{sc: sc, be: be, scale: opt.Scale, check: *sc.Resource.CheckFencing,
		twoStep: sc.Lock.Acquire == sandbox.AcquireSetThenExpire,
		ledger:  sc.Resource.Kind == sandbox.ResourceLedger, idem: sc.Resource.IdempotencyKeys,
		applied: map[string]bool{}, rng: sc.Lock.Seed, retryMax: sc.Lock.RetryDelayMS,
		down: map[int]bool{}, restarting: map[int]bool{}, restartGen: map[int]int{}}
	for _, c := range sc.Clients {
		r.clients = append(r.clients, rclient{id: c.ID, hb: c.HeartbeatMS})
	}
	for i, a := range sc.Actions {
		c := r.clientIndex(a.Client)
		if a.Op == sandbox.OpPartition {
			c = -1 // it names a client, but it is the network's doing
		}
		r.push(item{t: a.AtMS, kind: kAction, idx: i, c: c})
		if a.Op == sandbox.OpFailover && sc.Lock.Model == sandbox.ModelRedis && sc.Lock.LagMS != nil && *sc.Lock.LagMS > 0 {
			// The replica has every write up to now-lag: cut it off then
			// (before the start when the lag reaches back past it).
			r.push(item{t: a.AtMS - *sc.Lock.LagMS, prio: 2, kind: kDetach})
		}
	}
	if err := r.loop(ctx); err != nil {
		return Result{}, err
	}
	if rw, ok := be.(RowWriter); ok {
		v, err := rw.Value(ctx)
		if err != nil {
			return Result{}, fmt.Errorf("read the row: %w", err)
		}
		r.value = v
	}
	return Result{Events: r.events, FinalValue: r.value, Outcome: OutcomeOf(r.events, r.value), MaxLate: r.maxLate}, nil
}

// OutOfReach lists why target cannot play sc at scale (nil: it can); a
// scale of 0 is the target's default for sc.
func OutOfReach(sc sandbox.Scenario, target Target, scale float64) []string {
	sc = sc.WithDefaults()
	if scale <= 0 {
		scale = target.Scale(sc)
	}
	return append(commonReach(sc), target.OutOfReach(sc, scale)...)
}

func (r *run) clientIndex(id string) int {
	for i := range r.clients {
		if r.clients[i].id == id {
			return i
		}
	}
	return -1
}

func (r *run) push(it item) {
	if it.kind != kAction && it.kind != kDetach {
		it.prio = 1
	}
	it.seq = r.seq
	r.seq++
	i, _ := slices.BinarySearchFunc(r.queue, it, func(a, b item) int {
		return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.prio, b.prio), cmp.Compare(a.seq, b.seq))
	})
	r.queue = slices.Insert(r.queue, i, it)
}

// realAt is the wall-clock time of virtual time t.
func (r *run) realAt(t int64) time.Time {
	return r.start.Add(r.offset + time.Duration(float64(t)*r.scale*float64(time.Millisecond)))
}

func (r *run) loop(ctx context.Context) error {
	r.start = time.Now()
	for len(r.queue) > 0 {
		it := r.queue[0]
		// Heartbeats would go on for ever; the run ends with the last
		// action and the work it set off (deferred by a pause included).
		if !slices.ContainsFunc(r.queue, func(it item) bool { return it.kind != kHeartbeat }) {
			return nil
		}
		// until_ms ends the run as it ends the engine's.
		if r.sc.UntilMS > 0 && it.t > r.sc.UntilMS {
			return nil
		}
		r.queue = r.queue[1:]
		if d := time.Until(r.realAt(it.t)); d > 0 {
			tm := time.NewTimer(d)
			select {
			case <-ctx.Done():
				tm.Stop()
				return ctx.Err()
			case <-tm.C:
			}
		}
		r.now = it.t
		if err := r.dispatch(ctx, it); err != nil {
			return fmt.Errorf("at %d ms: %w", it.t, err)
		}
		if it.kind != kAction || r.sc.Actions[it.idx].Op != sandbox.OpFailover {
			r.maxLate = max(r.maxLate, time.Since(r.realAt(max(it.t, 0))))
		}
	}
	return nil
}

func (r *run) emit(e sandbox.Event) {
	e.T = r.now
	r.events = append(r.events, e)
}

func (r *run) dispatch(ctx context.Context, it item) error {
	switch it.kind {
	case kDetach:
		if d, ok := r.be.(Detacher); ok {
			return d.Detach(ctx)
		}
		return nil
	case kPauseEnd:
		return r.resume(ctx, it.c)
	case kRestartDone:
		if !r.restarting[it.idx] || r.restartGen[it.idx] != it.grant {
			return nil // ended early by node_up, or superseded by a later restart
		}
		return r.nodeOp(ctx, sandbox.Action{Op: sandbox.OpNodeUp, Node: it.idx}, true)
	case kAction:
		if it.c < 0 {
			return r.serviceAction(ctx, r.sc.Actions[it.idx])
		}
	}
	return r.clientItem(ctx, it)
}

func (r *run) serviceAction(ctx context.Context, a sandbox.Action) error {
	if a.Op != sandbox.OpFailover {
		return r.nodeOp(ctx, a, false)
	}
	// The virtual clock stands still while the real failover happens
	// (an election takes real time the engine does not have).
	began := time.Now()
	holder, err := r.be.Failover(ctx, a.Node)
	r.offset += time.Since(began)
	if err != nil {
		return fmt.Errorf("failover: %w", err)
	}
	r.emit(sandbox.Event{Kind: sandbox.KindFailover, Holder: holder})
	return nil
}

// clientItem mirrors the engine's client: a paused client defers
// everything (a late heartbeat fires once), a crashed one does nothing.
func (r *run) clientItem(ctx context.Context, it item) error {
	c := &r.clients[it.c]
	if c.crashed {
		return nil
	}
	if c.paused {
		if it.kind == kHeartbeat {
			if c.hbLate {
				return nil
			}
			c.hbLate = true
		}
		c.deferred = append(c.deferred, it)
		return nil
	}
	switch it.kind {
	case kAction:
		return r.clientAction(ctx, it.c, r.sc.Actions[it.idx])
	case kHeartbeat:
		c.hbLate = false
		if !c.holds || c.grant != it.grant {
			return nil
		}
		if err := r.extend(ctx, it.c, true); err != nil {
			return err
		}
		r.push(item{t: r.now + c.hb, kind: kHeartbeat, c: it.c, grant: it.grant})
	case kSendExpire:
		return r.be.Expire(ctx, c.id, c.owner)
	case kRetry:
		if c.holds {
			return nil
		}
		return r.acquire(ctx, it.c)
	}
	return nil
}

// rand is the engine's splitmix64, drawn in the same order (one draw per
// retry), so that a retry waits as long as the engine's.
func (r *run) rand() uint64 {
	r.rng += 0x9e3779b97f4a7c15
	z := r.rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *run) resume(ctx context.Context, ci int) error {
	c := &r.clients[ci]
	c.paused = false
	for len(c.deferred) > 0 && !c.paused && !c.crashed {
		it := c.deferred[0]
		c.deferred = c.deferred[1:]
		if err := r.clientItem(ctx, it); err != nil {
			return err
		}
	}
	return nil
}

func (r *run) clientAction(ctx context.Context, ci int, a sandbox.Action) error {
	c := &r.clients[ci]
	switch a.Op {
	case sandbox.OpAcquire, sandbox.OpClaim:
		c.retries = r.sc.Lock.Retries
		return r.acquire(ctx, ci)
	case sandbox.OpWrite:
		// As the engine's client: one that knows it holds no lock (never
		// granted, refused, released, or its extend failed) does not
		// write; one that believes it holds a lapsed lease does.
		if !c.holds {
			r.emit(sandbox.Event{Kind: sandbox.KindActionSkipped, Client: c.id, Reason: a.Op.String(), Value: a.Value})
			return nil
		}
		return r.write(ctx, ci, a)
	case sandbox.OpRelease:
		c.holds = false
		removed, err := r.be.Release(ctx, c.id, c.owner)
		if err != nil {
			return fmt.Errorf("release %s: %w", c.id, err)
		}
		if len(removed) == 0 {
			r.emit(sandbox.Event{Kind: sandbox.KindReleaseRefused, Client: c.id, Grant: c.grant})
		}
		for _, rm := range removed {
			r.emit(sandbox.Event{Kind: sandbox.KindReleaseOK, Client: c.id, Holder: rm.Holder, Nodes: rm.Nodes})
		}
	case sandbox.OpExtend:
		return r.extend(ctx, ci, false)
	case sandbox.OpPause:
		c.paused = true
		r.push(item{t: r.now + a.MS, kind: kPauseEnd, c: ci})
	case sandbox.OpCrash:
		c.crashed, c.holds, c.deferred = true, false, nil
	}
	return nil
}

// acquire is one attempt (the first, or a retry). A refused attempt is
// followed at once by the unlock-all of whatever it left, and, while
// retries are left, by a retry after the engine's seeded delay.
func (r *run) acquire(ctx context.Context, ci int) error {
	c := &r.clients[ci]
	c.attempts++
	owner := c.id + "#" + strconv.Itoa(c.attempts)
	g, err := r.be.Acquire(ctx, c.id, owner)
	if err != nil {
		return fmt.Errorf("acquire %s: %w", c.id, err)
	}
	if !g.OK {
		r.emit(sandbox.Event{Kind: sandbox.KindAcquireDenied, Client: c.id, Holder: g.Holder, Reason: g.Reason, Nodes: g.Nodes})
		if len(g.Unlocked) > 0 || g.Unlock {
			r.emit(sandbox.Event{Kind: sandbox.KindReleaseOK, Client: c.id, Holder: c.id, Reason: "unlock", Nodes: g.Unlocked})
		}
		if c.retries > 0 {
			c.retries--
			d := 1 + int64(r.rand()%uint64(r.retryMax))
			r.emit(sandbox.Event{Kind: sandbox.KindRetry, Client: c.id, MS: d})
			r.push(item{t: r.now + d, kind: kRetry, c: ci})
		}
		return nil
	}
	r.grants++
	c.grant, c.token, c.holds, c.owner = r.grants, g.Token, true, owner
	r.emit(sandbox.Event{Kind: sandbox.KindAcquireGranted, Client: c.id, Grant: c.grant, Token: g.Token, Nodes: g.Nodes})
	if c.hb > 0 {
		r.push(item{t: r.now + c.hb, kind: kHeartbeat, c: ci, grant: c.grant})
	}
	if r.twoStep {
		r.push(item{t: r.now + 1, kind: kSendExpire, c: ci, grant: c.grant})
	}
	return nil
}

func (r *run) extend(ctx context.Context, ci int, heartbeat bool) error {
	c := &r.clients[ci]
	reason := "extend"
	if heartbeat {
		reason = "heartbeat"
	}
	ok := false
	var nodes []int
	if c.grant > 0 {
		var err error
		ok, nodes, err = r.be.Extend(ctx, c.id, c.owner)
		if err != nil {
			return fmt.Errorf("%s %s: %w", reason, c.id, err)
		}
	}
	if !ok {
		c.holds = false
		r.emit(sandbox.Event{Kind: sandbox.KindExtendRefused, Client: c.id, Grant: c.grant, Reason: reason, Nodes: nodes})
		return nil
	}
	r.emit(sandbox.Event{Kind: sandbox.KindExtendOK, Client: c.id, Grant: c.grant, Reason: reason, Nodes: nodes})
	return nil
}

// write sends a write with the client's latest grant to the resource: the
// database row itself, or the in-test resource that applies the engine's
// rule (reject no token, reject a token below the highest accepted).
func (r *run) write(ctx context.Context, ci int, a sandbox.Action) error {
	c := &r.clients[ci]
	value := a.Value
	e := sandbox.Event{Kind: sandbox.KindWriteAccepted, Client: c.id, Grant: c.grant, Token: c.token, Value: value}
	if r.ledger {
		e.Key = cmp.Or(a.Key, a.Value)
	}
	// A ledger with idempotency keys acknowledges a key it applied once
	// and does not apply it again: checked before the row's UPDATE, so
	// that a duplicate never reaches the row (its verdict, a rejection,
	// is the same whichever check refuses it first).
	if r.ledger && r.idem && r.applied[e.Key] {
		e.Kind, e.Reason = sandbox.KindWriteRejected, sandbox.ReasonDuplicateKey
		r.emit(e)
		return nil
	}
	if rw, ok := r.be.(RowWriter); ok {
		accepted, err := rw.Write(ctx, c.id, c.owner, value, r.check)
		if err != nil {
			return fmt.Errorf("write %s: %w", c.id, err)
		}
		if !accepted {
			e.Kind, e.Reason = sandbox.KindWriteRejected, sandbox.ReasonNotHolder
		} else if r.ledger {
			r.applied[e.Key] = true
		}
		r.emit(e)
		return nil
	}
	if r.check {
		switch {
		case c.token == 0:
			e.Kind, e.Reason = sandbox.KindWriteRejected, sandbox.ReasonNoToken
		case c.token < r.highest:
			e.Kind, e.Reason = sandbox.KindWriteRejected, sandbox.ReasonStaleToken
		}
	}
	if e.Kind == sandbox.KindWriteAccepted {
		r.value = value
		r.highest = max(r.highest, c.token)
		if r.ledger {
			r.applied[e.Key] = true
		}
	}
	r.emit(e)
	return nil
}

// ownerClient is the client id in an owner value ("A#3" -> "A").
func ownerClient(owner string) string {
	id, _, _ := strings.Cut(owner, "#")
	return id
}

// Faulter is a Backend whose servers the runner may stop and start: the
// node and network ops of the scenario. Node numbers are the scenario's
// (from 1). A target lists in OutOfReach every op its backends cannot do.
type Faulter interface {
	// NodeDown makes node stop answering and keep its memory.
	NodeDown(ctx context.Context, node int) error
	// NodeUp makes a node that is down answer again, or starts a node
	// that crashed for a restart (with what its persistence kept).
	NodeUp(ctx context.Context, node int) error
	// Crash ends node's process, the first half of a restart.
	Crash(ctx context.Context, node int) error
	// Partition cuts client off from nodes; Heal ends every partition.
	Partition(ctx context.Context, client string, nodes []int) error
	Heal(ctx context.Context) error
}

// nodeOp plays a node or network op (restarted: the end of a restart's
// downtime, a.Node the node). The engine's events for these ops are
// causes, not compared: what they did shows in the grants that follow.
func (r *run) nodeOp(ctx context.Context, a sandbox.Action, restarted bool) error {
	f, ok := r.be.(Faulter)
	if !ok {
		return fmt.Errorf("service op %s is out of reach of this backend", a.Op)
	}
	var err error
	switch {
	case restarted:
		r.restarting[a.Node] = false
		err = f.NodeUp(ctx, a.Node)
	case a.Op == sandbox.OpNodeDown:
		if r.down[a.Node] || r.restarting[a.Node] {
			return nil // down already, as the engine says
		}
		r.down[a.Node] = true
		err = f.NodeDown(ctx, a.Node)
	case a.Op == sandbox.OpNodeUp:
		if r.restarting[a.Node] {
			// The engine ends a restart early on node_up.
			r.restarting[a.Node] = false
			return f.NodeUp(ctx, a.Node)
		}
		if !r.down[a.Node] {
			return nil
		}
		r.down[a.Node] = false
		err = f.NodeUp(ctx, a.Node)
	case a.Op == sandbox.OpRestart:
		if r.down[a.Node] {
			// A node that is down (stopped, with its memory) restarts.
			r.down[a.Node] = false
			if err := f.NodeUp(ctx, a.Node); err != nil {
				return err
			}
		}
		if !r.restarting[a.Node] {
			if err := f.Crash(ctx, a.Node); err != nil {
				return fmt.Errorf("restart node %d: %w", a.Node, err)
			}
		}
		// A restart during a restart: the process is down already and
		// comes back at the end of the later one.
		r.restartGen[a.Node]++
		if a.MS == 0 {
			r.restarting[a.Node] = false
			return f.NodeUp(ctx, a.Node)
		}
		r.restarting[a.Node] = true
		r.push(item{t: r.now + a.MS, kind: kRestartDone, idx: a.Node, grant: r.restartGen[a.Node]})
	case a.Op == sandbox.OpPartition:
		err = f.Partition(ctx, a.Client, a.Nodes)
	case a.Op == sandbox.OpHeal:
		err = f.Heal(ctx)
	default:
		return fmt.Errorf("service op %s is out of reach", a.Op)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", a.Op, err)
	}
	return nil
}

// nodeOpsReach lists, one reason per op, the node and network ops of sc
// that why (op -> reason, "" when the target can do it) rules out.
func nodeOpsReach(sc sandbox.Scenario, why func(a sandbox.Action) string) []string {
	var out []string
	seen := map[string]bool{}
	for i, a := range sc.Actions {
		switch a.Op {
		case sandbox.OpNodeDown, sandbox.OpNodeUp, sandbox.OpRestart, sandbox.OpPartition, sandbox.OpHeal:
		default:
			continue
		}
		w := why(a)
		if w == "" || seen[a.Op.String()+w] {
			continue
		}
		seen[a.Op.String()+w] = true
		out = append(out, fmt.Sprintf("%s (actions[%d]): %s", a.Op, i, w))
	}
	return out
}
