package conformance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lockdrill/sandbox"
)

// Etcd plays the consensus model against a real etcd cluster: the lock is a
// key attached to a lease with the scenario's TTL, created by a transaction
// that compares the key's create revision with 0 (what etcd's concurrency
// mutex does, without its queue: the engine's acquire is a try-lock); the
// fencing token is the revision of that transaction; a heartbeat or
// extend is a keep-alive of the lease, sent only while the key is still
// the client's. It talks to etcd's JSON gateway (etcd 3.4 and later).
type Etcd struct {
	// Endpoints are the cluster's client URLs.
	Endpoints []string
	// StopLeader, when set, makes the leader fail and returns once a new
	// leader serves (the test suite stops the leader's process and starts
	// it again); without it a failover is out of reach.
	StopLeader func(ctx context.Context) error

	mu     sync.Mutex
	cli    *etcdGateway
	prefix string
	runs   atomic.Int64
}

// Name returns "etcd".
func (t *Etcd) Name() string { return "etcd" }

// Scale returns the smallest scale of at least 0.2 at which the TTL is a
// whole number of seconds (etcd's leases are), so that etcd's lease check,
// every half second, lands well inside the margins.
func (t *Etcd) Scale(sc sandbox.Scenario) float64 {
	ttl := sc.WithDefaults().Lock.TTLMS
	secs := math.Ceil(0.2 * float64(ttl) / 1000)
	return secs * 1000 / float64(ttl)
}

// OutOfReach lists what of sc a real etcd cannot play at scale.
func (t *Etcd) OutOfReach(sc sandbox.Scenario, scale float64) []string {
	var out []string
	if sc.Lock.Model != sandbox.ModelConsensus {
		return []string{"model " + sc.Lock.Model.String() + " is not played against etcd"}
	}
	if ttl := float64(sc.Lock.TTLMS) * scale; ttl < 1000 || math.Abs(ttl-1000*math.Round(ttl/1000)) > 1e-6 {
		out = append(out, fmt.Sprintf("lock.ttl_ms: %d ms at scale %g is %g s, and etcd leases last whole seconds (at least 1)", sc.Lock.TTLMS, scale, ttl/1000))
	}
	if t.StopLeader == nil && hasFailover(sc) {
		out = append(out, "failover: needs the leader's process to stop, which only a cluster the runner started allows (the test suite does)")
	}
	out = append(out, nodeOpsReach(sc, func(a sandbox.Action) string {
		switch a.Op {
		case sandbox.OpPartition:
			if a.Client == "" {
				return "a partition between etcd members needs the network between member processes cut (iptables or network namespaces), which a test on loopback without privileges cannot do"
			}
			return "a client cut off from some members needs its own connections dropped while the others' stay up; the runner's etcd client cannot do that honestly"
		case sandbox.OpHeal:
			return ""
		}
		return "stopping a given member: the engine's member numbers (its leader is member 1) do not name the real cluster's members, and the runner stops only the leader, for a failover"
	})...)
	return out
}

func (t *Etcd) client() (*etcdGateway, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli == nil {
		cli, err := newEtcdGateway(t.Endpoints)
		if err != nil {
			return nil, "", err
		}
		// Fail now, clearly, rather than at the first grant.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = cli.get(ctx, "/lockdrill/ping")
		cancel()
		if err != nil {
			cli.close()
			return nil, "", fmt.Errorf("etcd at %s does not answer: %w", strings.Join(t.Endpoints, ","), err)
		}
		t.cli = cli
		t.prefix = "/lockdrill/" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	return t.cli, t.prefix, nil
}

// Close closes the client.
func (t *Etcd) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli == nil {
		return nil
	}
	t.cli.close()
	t.cli = nil
	return nil
}

// Open gives the run its own lock key.
func (t *Etcd) Open(ctx context.Context, sc sandbox.Scenario, scale float64) (Backend, error) {
	cli, prefix, err := t.client()
	if err != nil {
		return nil, err
	}
	return &etcdLock{
		t: t, cli: cli, key: prefix + "/" + strconv.FormatInt(t.runs.Add(1), 10) + "/lock",
		ttl:     int64(math.Round(float64(sc.Lock.TTLMS) * scale / 1000)),
		fencing: sc.Lock.TokenSource == sandbox.TokenRevision,
		uncond:  sc.Lock.Release == sandbox.ReleaseUnconditionalDel,
		leases:  map[string]int64{},
	}, nil
}

type etcdLock struct {
	t       *Etcd
	cli     *etcdGateway
	key     string
	ttl     int64 // seconds
	fencing bool
	uncond  bool
	leases  map[string]int64 // lease IDs by owner
}

// opTimeout bounds one request; an election in the middle of a run is
// done by Failover with the clock stopped, so a request that takes this
// long is a failure of the cluster.
const opTimeout = 10 * time.Second

func (b *etcdLock) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	for _, id := range b.leases {
		b.cli.revoke(ctx, id) // tidy up: the runs share the cluster
	}
	return nil
}

func (b *etcdLock) holder(ctx context.Context) (string, error) {
	resp, err := b.cli.get(ctx, b.key)
	if err != nil || len(resp.Kvs) == 0 {
		return "", err
	}
	return ownerClient(string(resp.Kvs[0].Value)), nil
}

func (b *etcdLock) Acquire(ctx context.Context, client, owner string) (Grant, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	lease, err := b.cli.grant(ctx, b.ttl)
	if err != nil {
		return Grant{}, fmt.Errorf("grant lease: %w", err)
	}
	zero := "0"
	key := []byte(b.key)
	resp, err := b.cli.txn(ctx, etcdTxn{
		Compare: []etcdCompare{{Target: "CREATE", Key: key, CreateRevision: &zero}},
		Success: []etcdRequestOp{{Put: &etcdPut{Key: key, Value: []byte(owner), Lease: lease}}},
		Failure: []etcdRequestOp{{Range: &etcdKeyOnly{Key: key}}},
	})
	if err != nil {
		return Grant{}, fmt.Errorf("txn: %w", err)
	}
	if !resp.Succeeded {
		b.cli.revoke(ctx, lease)
		g := Grant{Reason: "held"}
		if len(resp.Responses) > 0 && resp.Responses[0].Range != nil {
			if kvs := resp.Responses[0].Range.Kvs; len(kvs) > 0 {
				g.Holder = ownerClient(string(kvs[0].Value))
			}
		}
		return g, nil
	}
	b.leases[owner] = lease
	g := Grant{OK: true}
	if b.fencing {
		g.Token = resp.Header.Revision
	}
	return g, nil
}

func (b *etcdLock) Expire(context.Context, string, string) error {
	return errors.New("set-then-expire does not apply to etcd")
}

func (b *etcdLock) Release(ctx context.Context, client, owner string) ([]Removed, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	if b.uncond {
		prev, err := b.cli.deleteWithPrev(ctx, b.key)
		if err != nil {
			return nil, err
		}
		if len(prev) == 0 {
			return []Removed{{}}, nil
		}
		return []Removed{{Holder: ownerClient(string(prev[0].Value))}}, nil
	}
	key := []byte(b.key)
	resp, err := b.cli.txn(ctx, etcdTxn{
		Compare: []etcdCompare{{Target: "VALUE", Key: key, Value: []byte(owner)}},
		Success: []etcdRequestOp{{DeleteRange: &etcdKeyOnly{Key: key}}},
	})
	if err != nil {
		return nil, err
	}
	if !resp.Succeeded {
		return nil, nil
	}
	if id, ok := b.leases[owner]; ok {
		b.cli.revoke(ctx, id)
		delete(b.leases, owner)
	}
	return []Removed{{Holder: client}}, nil
}

func (b *etcdLock) Extend(ctx context.Context, client, owner string) (bool, []int, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	resp, err := b.cli.get(ctx, b.key)
	if err != nil {
		return false, nil, err
	}
	if len(resp.Kvs) == 0 || string(resp.Kvs[0].Value) != owner {
		return false, nil, nil
	}
	if err := b.cli.keepAliveOnce(ctx, b.leases[owner]); err != nil {
		if errors.Is(err, errLeaseNotFound) {
			return false, nil, nil // the lease ran out before the keep-alive
		}
		return false, nil, err
	}
	return true, nil, nil
}

func (b *etcdLock) Failover(ctx context.Context, node int) (string, error) {
	if err := b.t.StopLeader(ctx); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	return b.holder(ctx)
}
