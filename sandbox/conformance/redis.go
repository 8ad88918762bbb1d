package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"lockdrill/sandbox"
)

// The scripts a careful Redis client runs: acquire with SET NX PX and, for
// a fencing token, INCR in the same script (so the token is as durable as
// the key, and lost with it on failover); compare-and-delete; conditional
// extend. SETNX and EXPIRE are sent as they are, to show the bug.
var (
	acquireScript = redis.NewScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if ARGV[3] == '1' then return redis.call('INCR', KEYS[2]) end
  return 0
end
return -1`)
	setnxScript = redis.NewScript(`
if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then
  if ARGV[2] == '1' then return redis.call('INCR', KEYS[2]) end
  return 0
end
return -1`)
	releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`)
	extendScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`)
)

// ReplicaPair is a Redis primary with a replica attached to it, lent to one
// failover scenario; Done gives it back.
type ReplicaPair struct {
	Primary, Replica string
	Done             func()
}

// Proc is a redis-server child process lent to one run, with an admin
// socket of its own (a unix socket, which node_down leaves open).
type Proc interface {
	// Addr is its TCP address (host:port), Admin its unix socket.
	Addr() string
	Admin() string
	// Kill ends it at once, as a crash; Start starts it again on the
	// same port and directory, loading what its persistence kept.
	Kill() error
	Start(ctx context.Context) error
	// Done ends it for good.
	Done()
}

// Redis plays the redis model against one server and the redlock model
// against N independent servers.
type Redis struct {
	// Addrs are the servers (host:port): the first for model redis, the
	// first lock.nodes for redlock.
	Addrs []string
	// Pair, when set, lends a primary and its replica for a scenario with
	// a failover; without it a failover is out of reach.
	Pair func(ctx context.Context) (ReplicaPair, error)
	// Nodes, when set, starts n redlock servers of the run's own with the
	// given persistence, for a scenario that stops, starts or restarts
	// nodes; without it those ops are out of reach.
	Nodes func(ctx context.Context, n int, persistence string) ([]Proc, error)

	mu      sync.Mutex
	clients map[string]*redis.Client
	runs    atomic.Int64
	prefix  string
}

// Scale returns 0.1: a 10 s TTL lasts 1 s.
func (t *Redis) Scale(sandbox.Scenario) float64 { return 0.1 }

// Name returns "redis".
func (t *Redis) Name() string { return "redis" }

// OutOfReach lists what of sc a real Redis cannot play here.
func (t *Redis) OutOfReach(sc sandbox.Scenario, scale float64) []string {
	var out []string
	failovers := 0
	for _, a := range sc.Actions {
		if a.Op == sandbox.OpFailover {
			failovers++
		}
	}
	switch sc.Lock.Model {
	case sandbox.ModelRedis:
		if len(t.Addrs) < 1 {
			out = append(out, "no Redis server given")
		}
		if failovers > 0 && t.Pair == nil {
			out = append(out, "failover: needs a primary and a replica that the runner may promote; the test suite starts them")
		}
		if failovers > 1 {
			out = append(out, "failover: more than one in a run needs a new replica synced between them, which the runner does not set up")
		}
		if sc.Lock.LagMS != nil && *sc.Lock.LagMS == 0 && t.Pair == nil {
			out = append(out, "lag_ms 0 (WAIT 1 before the grant) needs a primary with a replica attached that the runner may detach; the test suite lends them")
		}
		out = append(out, redisReach(sc, t.Pair != nil)...)
	case sandbox.ModelRedlock:
		if sc.Lock.Nodes > len(t.Addrs) {
			out = append(out, fmt.Sprintf("lock.nodes: %d redlock nodes, but %d Redis servers given", sc.Lock.Nodes, len(t.Addrs)))
		}
		if failovers > 0 {
			out = append(out, "failover on a redlock node: Redlock nodes are independent servers with no replica to promote (engine 4 plays it as a restart; write restart)")
		}
		out = append(out, nodeOpsReach(sc, func(a sandbox.Action) string {
			switch a.Op {
			case sandbox.OpHeal:
				return ""
			}
			if t.Nodes == nil {
				return "stopping, starting or cutting off a node needs redlock servers the runner owns (the test suite starts them)"
			}
			if a.Op == sandbox.OpRestart && sc.Lock.Persistence == sandbox.PersistEverySec {
				return "restart with persistence everysec: what appendfsync everysec loses depends on when the background fsync last ran, not on a fixed second as in the engine"
			}
			return ""
		})...)
	default:
		out = append(out, "model "+sc.Lock.Model.String()+" is not played against Redis")
	}
	return out
}

// redisReach lists what of a redis-model scenario (a primary and its
// replica) the runner cannot play: of the node ops, only taking the
// replica down, before any failover.
func redisReach(sc sandbox.Scenario, pair bool) []string {
	var out []string
	replicaDown, failedOver := false, false
	acts := slices.Clone(sc.Actions)
	slices.SortStableFunc(acts, func(a, b sandbox.Action) int { return cmp.Compare(a.AtMS, b.AtMS) })
	for _, a := range acts {
		switch {
		case a.Op == sandbox.OpFailover && replicaDown:
			out = append(out, "failover after node_down of the replica: the engine has nothing to promote and skips it; the runner would promote the detached replica")
		case a.Op == sandbox.OpFailover:
			failedOver = true
		case a.Op == sandbox.OpNodeDown && a.Node == 2 && !failedOver:
			replicaDown = true
		}
	}
	out = append(out, nodeOpsReach(sc, func(a sandbox.Action) string {
		switch {
		case a.Op == sandbox.OpHeal:
			return ""
		case a.Op == sandbox.OpPartition:
			return "a client cut off from the primary: the runner's clients share one connection per server and cannot lose the primary one at a time"
		case a.Op == sandbox.OpNodeDown && a.Node == 2 && !pair:
			return "node_down of the replica needs a primary and a replica the runner may detach; the test suite lends them"
		case a.Op == sandbox.OpNodeDown && a.Node == 2:
			return ""
		case a.Op == sandbox.OpNodeUp && a.Node == 2:
			return "node_up of the replica: its resync starts on Redis's once-a-second replication cron, too slow and uneven for the run's margins"
		}
		return "node ops on the primary: its replica pair is lent to the run by the suite, and the runner does not stop or restart that process"
	})...)
	if sc.Lock.LagMS != nil && *sc.Lock.LagMS == 0 && hasFailover(sc) {
		// Under WAIT 1 the engine attaches a new replica after a
		// failover at once; a real one needs a full resync.
		var f int64 = -1
		for _, e := range sandbox.Run(sc).Events.All() {
			if e.Kind == sandbox.KindFailover && f < 0 {
				f = e.T
			}
			if f >= 0 && e.Kind == sandbox.KindAcquireGranted && e.T >= f {
				out = append(out, "a grant under WAIT 1 after a failover needs the old primary re-attached as the new replica, a full resync that starts on Redis's once-a-second replication cron, longer than the run's margins")
				break
			}
		}
	}
	return out
}

func (t *Redis) client(addr string) *redis.Client {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clients == nil {
		t.clients = map[string]*redis.Client{}
		t.prefix = "lockdrill:" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	c, ok := t.clients[addr]
	if !ok {
		c = redis.NewClient(&redis.Options{Addr: addr, DialTimeout: 2 * time.Second, ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second, PoolSize: 64, Protocol: 2})
		t.clients[addr] = c
	}
	return c
}

// Close closes the connections the target opened.
func (t *Redis) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var errs []error
	for _, c := range t.clients {
		errs = append(errs, c.Close())
	}
	t.clients = nil
	return errors.Join(errs...)
}

// Open gives the run its own lock key (and token counter) on the servers.
func (t *Redis) Open(ctx context.Context, sc sandbox.Scenario, scale float64) (Backend, error) {
	n := t.runs.Add(1)
	b := &redisLock{
		ttl:     max(int64(float64(sc.Lock.TTLMS)*scale), 1),
		drift:   sc.Lock.TTLMS/100 + 2,
		scale:   scale,
		fencing: sc.Lock.TokenSource == sandbox.TokenIncr,
		wait:    sc.Lock.Model == sandbox.ModelRedis && sc.Lock.LagMS != nil && *sc.Lock.LagMS == 0,
		twoStep: sc.Lock.Acquire == sandbox.AcquireSetThenExpire,
		uncond:  sc.Lock.Release == sandbox.ReleaseUnconditionalDel,
		redlock: sc.Lock.Model == sandbox.ModelRedlock,
	}
	t.client(t.Addrs[0]) // sets the prefix
	b.key = t.prefix + ":" + strconv.FormatInt(n, 10) + ":lock"
	b.counter = t.prefix + ":" + strconv.FormatInt(n, 10) + ":token"
	switch {
	case b.redlock && ownServers(sc) && t.Nodes != nil:
		procs, err := t.Nodes(ctx, sc.Lock.Nodes, sc.Lock.Persistence.String())
		if err != nil {
			return nil, fmt.Errorf("redlock servers: %w", err)
		}
		b.own = &ownNodes{procs: procs, users: map[string][]*redis.Client{}, cut: map[string]map[int]bool{}}
		for _, c := range sc.Clients {
			b.own.ids = append(b.own.ids, c.ID)
		}
		for _, p := range procs {
			b.own.admin = append(b.own.admin, redis.NewClient(&redis.Options{Network: "unix", Addr: p.Admin(), Protocol: 2, MaxRetries: -1,
				DialerRetries: 1, DialerRetryBackoff: func(int) time.Duration { return 0 }}))
		}
		for i := range procs {
			if err := b.own.setUsers(ctx, i); err != nil {
				b.Close()
				return nil, err
			}
		}
		return b, nil
	case b.redlock:
		for _, a := range t.Addrs[:sc.Lock.Nodes] {
			b.nodes = append(b.nodes, t.client(a))
		}
	case t.Pair != nil && (hasFailover(sc) || b.wait || ownServers(sc)):
		p, err := t.Pair(ctx)
		if err != nil {
			return nil, fmt.Errorf("replica pair: %w", err)
		}
		b.pair = &p
		b.primary = redis.NewClient(&redis.Options{Addr: p.Primary, Protocol: 2})
		b.replica = redis.NewClient(&redis.Options{Addr: p.Replica, Protocol: 2})
		b.nodes = []*redis.Client{b.primary}
	default:
		b.nodes = []*redis.Client{t.client(t.Addrs[0])}
	}
	for _, c := range b.nodes {
		if err := c.Ping(ctx).Err(); err != nil {
			b.Close()
			return nil, err
		}
	}
	return b, nil
}

// ownServers: sc stops, starts, restarts or cuts off nodes, so it needs
// servers of its own.
func ownServers(sc sandbox.Scenario) bool {
	for _, a := range sc.Actions {
		switch a.Op {
		case sandbox.OpNodeDown, sandbox.OpNodeUp, sandbox.OpRestart, sandbox.OpPartition, sandbox.OpHeal:
			return true
		}
	}
	return false
}

func hasFailover(sc sandbox.Scenario) bool {
	for _, a := range sc.Actions {
		if a.Op == sandbox.OpFailover {
			return true
		}
	}
	return false
}

type redisLock struct {
	key, counter string
	ttl          int64 // real ms
	drift        int64 // virtual ms, as the engine's redlock
	scale        float64
	fencing      bool
	wait         bool // lag_ms 0: WAIT 1 after the acquire, before the answer
	twoStep      bool
	uncond       bool
	redlock      bool
	nodes        []*redis.Client
	// failover runs only
	pair             *ReplicaPair
	primary, replica *redis.Client
	detached         bool
	// replicaGone: no replica acknowledges any more (node_down of the
	// replica, or it was promoted)
	replicaGone bool
	// redlock runs with node ops: servers of the run's own
	own *ownNodes
}

// ownNodes are a run's own redlock servers. Each client talks to them as
// an ACL user of its own, so that a partition can cut one client off on
// the server's side (the user is switched off and its connections
// killed: the node never sees that client's commands); node_down closes
// the TCP port (CONFIG SET port 0) and kills every client connection,
// keeping the node's memory, and node_up opens the port again.
type ownNodes struct {
	procs []Proc
	admin []*redis.Client
	ids   []string
	users map[string][]*redis.Client // client id -> one per node
	cut   map[string]map[int]bool    // client id -> nodes (from 0) it is cut off from
}

const userPassword = "lockdrill"

// setUsers creates the clients' ACL users on node i (again after a
// restart, which forgets them), switched off where a partition holds.
func (o *ownNodes) setUsers(ctx context.Context, i int) error {
	for _, id := range o.ids {
		state := "on"
		if o.cut[id][i] {
			state = "off"
		}
		if err := o.admin[i].Do(ctx, "ACL", "SETUSER", id, "reset", state, ">"+userPassword, "~*", "+@all").Err(); err != nil {
			return fmt.Errorf("node %d: acl for %s: %w", i+1, id, err)
		}
	}
	return nil
}

// conns are client's connections, one per node.
func (o *ownNodes) conns(client string) []*redis.Client {
	cs, ok := o.users[client]
	if !ok {
		for _, p := range o.procs {
			cs = append(cs, redis.NewClient(&redis.Options{Addr: p.Addr(), Username: client, Password: userPassword, Protocol: 2,
				MaxRetries: -1, DialerRetries: 1, DialerRetryBackoff: func(int) time.Duration { return 0 }, DialTimeout: 500 * time.Millisecond, ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second, PoolSize: 4}))
		}
		o.users[client] = cs
	}
	return cs
}

func (o *ownNodes) close() {
	for _, cs := range o.users {
		for _, c := range cs {
			c.Close()
		}
	}
	for _, c := range o.admin {
		c.Close()
	}
	for _, p := range o.procs {
		p.Done()
	}
}

// nodeErr says whether err is a node that did not answer (down, crashed,
// or the client cut off from it), which a redlock client counts as a no.
func nodeErr(err error) bool {
	if err == nil || errors.Is(err, redis.Nil) {
		return false
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

func (b *redisLock) NodeDown(ctx context.Context, node int) error {
	if !b.redlock && node == 2 && b.replica != nil {
		// The replica stops acknowledging: cut off from the primary.
		b.replicaGone = true
		if b.detached {
			return nil
		}
		b.detached = true
		return b.replica.Do(ctx, "REPLICAOF", "NO", "ONE").Err()
	}
	if b.own == nil {
		return errors.New("node ops need servers of the run's own")
	}
	i := node - 1
	if err := b.own.admin[i].ConfigSet(ctx, "port", "0").Err(); err != nil {
		return err
	}
	return b.own.admin[i].Do(ctx, "CLIENT", "KILL", "TYPE", "normal").Err()
}

func (b *redisLock) NodeUp(ctx context.Context, node int) error {
	if b.own == nil {
		return errors.New("node ops need servers of the run's own")
	}
	i := node - 1
	if err := b.own.admin[i].Ping(ctx).Err(); err != nil {
		// Crashed for a restart: start it again on what it persisted.
		if err := b.own.procs[i].Start(ctx); err != nil {
			return err
		}
		return b.own.setUsers(ctx, i)
	}
	_, port, _ := strings.Cut(b.own.procs[i].Addr(), ":")
	return b.own.admin[i].ConfigSet(ctx, "port", port).Err()
}

func (b *redisLock) Crash(ctx context.Context, node int) error {
	if b.own == nil {
		return errors.New("node ops need servers of the run's own")
	}
	return b.own.procs[node-1].Kill()
}

func (b *redisLock) Partition(ctx context.Context, client string, nodes []int) error {
	if b.own == nil {
		return errors.New("node ops need servers of the run's own")
	}
	if client == "" {
		// Between redlock nodes: they never talk to each other, so the
		// cut changes nothing (as in the engine).
		return nil
	}
	if b.own.cut[client] == nil {
		b.own.cut[client] = map[int]bool{}
	}
	for _, n := range nodes {
		i := n - 1
		b.own.cut[client][i] = true
		if err := b.own.admin[i].Ping(ctx).Err(); err != nil {
			continue // crashed: its users are set when it starts again
		}
		if err := b.own.admin[i].Do(ctx, "ACL", "SETUSER", client, "off").Err(); err != nil {
			return err
		}
		if err := b.own.admin[i].Do(ctx, "CLIENT", "KILL", "USER", client).Err(); err != nil && !strings.Contains(err.Error(), "No such user") {
			return err
		}
	}
	return nil
}

func (b *redisLock) Heal(ctx context.Context) error {
	if b.own == nil {
		return nil
	}
	for client, nodes := range b.own.cut {
		for i := range nodes {
			if err := b.own.admin[i].Ping(ctx).Err(); err != nil {
				continue
			}
			if err := b.own.admin[i].Do(ctx, "ACL", "SETUSER", client, "on").Err(); err != nil {
				return err
			}
		}
	}
	b.own.cut = map[string]map[int]bool{}
	return nil
}

// on are the connections client uses.
func (b *redisLock) on(client string) []*redis.Client {
	if b.own != nil {
		return b.own.conns(client)
	}
	return b.nodes
}

func (b *redisLock) Close() error {
	if b.own != nil {
		b.own.close()
		b.own = nil
	}
	if b.pair != nil {
		b.primary.Close()
		b.replica.Close()
		b.pair.Done()
		b.pair = nil
	}
	return nil
}

func boolArg(v bool) string {
	if v {
		return "1"
	}
	return "0"
}

func (b *redisLock) holderOn(ctx context.Context, c *redis.Client) (string, error) {
	v, err := c.Get(ctx, b.key).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return ownerClient(v), err
}

func (b *redisLock) Acquire(ctx context.Context, client, owner string) (Grant, error) {
	if !b.redlock {
		c := b.nodes[0]
		var res int64
		var err error
		if b.twoStep {
			res, err = setnxScript.Run(ctx, c, []string{b.key, b.counter}, owner, boolArg(b.fencing)).Int64()
		} else {
			res, err = acquireScript.Run(ctx, c, []string{b.key, b.counter}, owner, b.ttl, boolArg(b.fencing)).Int64()
		}
		if err != nil {
			return Grant{}, err
		}
		if res < 0 {
			h, err := b.holderOn(ctx, c)
			return Grant{Holder: h, Reason: "held"}, err
		}
		if b.wait {
			// Synchronous replication: the answer waits until the replica
			// has the key (WAIT 1). With the replica gone (taken down, or
			// promoted by a failover and not replaced) WAIT answers 0 after
			// its timeout, kept short so that the run keeps its timing.
			timeout := 2000
			if b.replicaGone {
				timeout = 50
			}
			n, err := c.Do(ctx, "WAIT", 1, timeout).Int64()
			if err != nil {
				return Grant{}, fmt.Errorf("wait for the replica: %w", err)
			}
			if n < 1 && !b.replicaGone {
				return Grant{}, errors.New("WAIT 1: the replica did not acknowledge within 2 s")
			}
			if n < 1 {
				// WAIT does not undo the SET: the client counts the attempt
				// as failed and unlocks, as the engine's does.
				if err := releaseScript.Run(ctx, c, []string{b.key}, owner).Err(); err != nil {
					return Grant{}, err
				}
				return Grant{Reason: "not-replicated", Unlock: true}, nil
			}
		}
		return Grant{OK: true, Token: res}, nil
	}
	// Redlock: SET NX PX on every node in turn; a majority within the
	// validity wins, otherwise the client unlocks what it got.
	began := time.Now()
	var got []int
	holder := ""
	nodes := b.on(client)
	for i, c := range nodes {
		ok, err := c.SetNX(ctx, b.key, owner, time.Duration(b.ttl)*time.Millisecond).Result()
		if b.own != nil && nodeErr(err) {
			continue // no answer: down, crashed or cut off
		}
		if err != nil {
			return Grant{}, err
		}
		if ok {
			got = append(got, i+1)
			continue
		}
		if holder == "" {
			if holder, err = b.holderOn(ctx, c); err != nil && !(b.own != nil && nodeErr(err)) {
				return Grant{}, err
			}
		}
	}
	elapsed := int64(float64(time.Since(began).Milliseconds()) / b.scale)
	validity := int64(float64(b.ttl)/b.scale) - elapsed - b.drift
	quorum := len(nodes)/2 + 1
	if len(got) >= quorum && validity > 0 {
		return Grant{OK: true, Nodes: got}, nil
	}
	// The unlock-all of the Redis docs, sent at once (the engine's client
	// takes in the refusal at latency 0 and unlocks in the same ms).
	var unlocked []int
	for _, n := range got {
		k, err := releaseScript.Run(ctx, nodes[n-1], []string{b.key}, owner).Int64()
		if b.own != nil && nodeErr(err) {
			continue
		}
		if err != nil {
			return Grant{}, err
		}
		if k == 1 {
			unlocked = append(unlocked, n)
		}
	}
	g := Grant{Holder: holder, Reason: "no-majority", Nodes: got, Unlocked: unlocked}
	if len(got) >= quorum {
		g.Reason = "validity-expired"
	}
	return g, nil
}

func (b *redisLock) Expire(ctx context.Context, client, owner string) error {
	return b.nodes[0].PExpire(ctx, b.key, time.Duration(b.ttl)*time.Millisecond).Err()
}

func (b *redisLock) Release(ctx context.Context, client, owner string) ([]Removed, error) {
	var out []Removed
	for i, c := range b.on(client) {
		var who string
		if b.uncond {
			v, err := c.GetDel(ctx, b.key).Result()
			if errors.Is(err, redis.Nil) || b.own != nil && nodeErr(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			who = v
		} else {
			n, err := releaseScript.Run(ctx, c, []string{b.key}, owner).Int64()
			if b.own != nil && nodeErr(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if n == 0 {
				continue
			}
			who = owner
		}
		j := -1
		for k := range out {
			if out[k].Holder == who {
				j = k
			}
		}
		if j < 0 {
			out = append(out, Removed{Holder: who})
			j = len(out) - 1
		}
		if b.redlock {
			out[j].Nodes = append(out[j].Nodes, i+1)
		}
	}
	for k := range out {
		out[k].Holder = ownerClient(out[k].Holder)
	}
	if len(out) == 0 && b.uncond {
		// DEL of a key that is not there still "succeeds".
		out = []Removed{{}}
	}
	return out, nil
}

func (b *redisLock) Extend(ctx context.Context, client, owner string) (bool, []int, error) {
	var got []int
	nodes := b.on(client)
	for i, c := range nodes {
		n, err := extendScript.Run(ctx, c, []string{b.key}, owner, b.ttl).Int64()
		if b.own != nil && nodeErr(err) {
			continue
		}
		if err != nil {
			return false, nil, err
		}
		if n == 1 {
			got = append(got, i+1)
		}
	}
	if !b.redlock {
		return len(got) == 1, nil, nil
	}
	return len(got) >= len(nodes)/2+1, got, nil
}

// Detach cuts the replica off: it keeps every write the primary made so
// far (WAIT makes sure of that) and none after.
func (b *redisLock) Detach(ctx context.Context) error {
	if b.detached || b.replica == nil {
		return nil
	}
	if err := b.primary.Do(ctx, "WAIT", 1, 2000).Err(); err != nil {
		return fmt.Errorf("wait for the replica: %w", err)
	}
	if err := b.replica.Do(ctx, "REPLICAOF", "NO", "ONE").Err(); err != nil {
		return fmt.Errorf("detach the replica: %w", err)
	}
	b.detached = true
	return nil
}

// Failover promotes the replica: from now on the clients talk to it.
func (b *redisLock) Failover(ctx context.Context, node int) (string, error) {
	if b.replica == nil {
		return "", errors.New("no replica to promote")
	}
	if err := b.Detach(ctx); err != nil {
		return "", err
	}
	b.nodes = []*redis.Client{b.replica}
	b.replicaGone = true
	return b.holderOn(ctx, b.replica)
}
