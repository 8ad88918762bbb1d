package conformance

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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

// Redis plays the redis model against one server and the redlock model
// against N independent servers.
type Redis struct {
	// Addrs are the servers (host:port): the first for model redis, the
	// first lock.nodes for redlock.
	Addrs []string
	// Pair, when set, lends a primary and its replica for a scenario with
	// a failover; without it a failover is out of reach.
	Pair func(ctx context.Context) (ReplicaPair, error)

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
	case sandbox.ModelRedlock:
		if sc.Lock.Nodes > len(t.Addrs) {
			out = append(out, fmt.Sprintf("lock.nodes: %d redlock nodes, but %d Redis servers given", sc.Lock.Nodes, len(t.Addrs)))
		}
		if failovers > 0 {
			out = append(out, "failover on a redlock node: Redlock nodes are independent servers with no replica to promote (the engine's node restart will replace it)")
		}
	default:
		out = append(out, "model "+sc.Lock.Model+" is not played against Redis")
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
		fencing: *sc.Lock.FencingTokens,
		twoStep: sc.Lock.Acquire == sandbox.AcquireSetThenExpire,
		uncond:  sc.Lock.Release == sandbox.ReleaseUnconditionalDel,
		redlock: sc.Lock.Model == sandbox.ModelRedlock,
	}
	t.client(t.Addrs[0]) // sets the prefix
	b.key = t.prefix + ":" + strconv.FormatInt(n, 10) + ":lock"
	b.counter = t.prefix + ":" + strconv.FormatInt(n, 10) + ":token"
	switch {
	case b.redlock:
		for _, a := range t.Addrs[:sc.Lock.Nodes] {
			b.nodes = append(b.nodes, t.client(a))
		}
	case hasFailover(sc):
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
	twoStep      bool
	uncond       bool
	redlock      bool
	nodes        []*redis.Client
	// failover runs only
	pair             *ReplicaPair
	primary, replica *redis.Client
	detached         bool
}

func (b *redisLock) Close() error {
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
		return Grant{OK: true, Token: res}, nil
	}
	// Redlock: SET NX PX on every node in turn; a majority within the
	// validity wins, otherwise the client unlocks what it got.
	began := time.Now()
	var got []int
	holder := ""
	for i, c := range b.nodes {
		ok, err := c.SetNX(ctx, b.key, owner, time.Duration(b.ttl)*time.Millisecond).Result()
		if err != nil {
			return Grant{}, err
		}
		if ok {
			got = append(got, i+1)
			continue
		}
		if holder == "" {
			if holder, err = b.holderOn(ctx, c); err != nil {
				return Grant{}, err
			}
		}
	}
	elapsed := int64(float64(time.Since(began).Milliseconds()) / b.scale)
	validity := int64(float64(b.ttl)/b.scale) - elapsed - b.drift
	quorum := len(b.nodes)/2 + 1
	if len(got) >= quorum && validity > 0 {
		return Grant{OK: true, Nodes: got}, nil
	}
	for _, n := range got {
		if err := releaseScript.Run(ctx, b.nodes[n-1], []string{b.key}, owner).Err(); err != nil {
			return Grant{}, err
		}
	}
	g := Grant{Holder: holder, Reason: "no-majority", Nodes: got}
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
	for i, c := range b.nodes {
		var who string
		if b.uncond {
			v, err := c.GetDel(ctx, b.key).Result()
			if errors.Is(err, redis.Nil) {
				continue
			}
			if err != nil {
				return nil, err
			}
			who = v
		} else {
			n, err := releaseScript.Run(ctx, c, []string{b.key}, owner).Int64()
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
	for i, c := range b.nodes {
		n, err := extendScript.Run(ctx, c, []string{b.key}, owner, b.ttl).Int64()
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
	return len(got) >= len(b.nodes)/2+1, got, nil
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
	return b.holderOn(ctx, b.replica)
}
