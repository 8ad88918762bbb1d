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

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"lockdrill/sandbox"
)

// Etcd plays the consensus model against a real etcd cluster: the lock is a
// key attached to a lease with the scenario's TTL, created by a transaction
// that compares the key's create revision with 0 (what etcd's concurrency
// mutex does, without its queue: the engine's acquire is a try-lock); the
// fencing token is the revision of that transaction; a heartbeat or
// extend is a keep-alive of the lease, sent only while the key is still
// the client's.
type Etcd struct {
	// Endpoints are the cluster's client URLs.
	Endpoints []string
	// StopLeader, when set, makes the leader fail and returns once a new
	// leader serves (the test suite stops the leader's process and starts
	// it again); without it a failover is out of reach.
	StopLeader func(ctx context.Context) error

	mu     sync.Mutex
	cli    *clientv3.Client
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

func (t *Etcd) client() (*clientv3.Client, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli == nil {
		cli, err := clientv3.New(clientv3.Config{Endpoints: t.Endpoints, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
		if err != nil {
			return nil, "", err
		}
		// Fail now, clearly, rather than at the first grant.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = cli.Get(ctx, "/lockdrill/ping")
		cancel()
		if err != nil {
			cli.Close()
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
	err := t.cli.Close()
	t.cli = nil
	return err
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
		leases:  map[string]clientv3.LeaseID{},
	}, nil
}

type etcdLock struct {
	t       *Etcd
	cli     *clientv3.Client
	key     string
	ttl     int64 // seconds
	fencing bool
	uncond  bool
	leases  map[string]clientv3.LeaseID // by owner
}

// opTimeout bounds one request; an election in the middle of a run is
// done by Failover with the clock stopped, so a request that takes this
// long is a failure of the cluster.
const opTimeout = 10 * time.Second

func (b *etcdLock) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	for _, id := range b.leases {
		b.cli.Revoke(ctx, id) // tidy up: the runs share the cluster
	}
	return nil
}

func (b *etcdLock) holder(ctx context.Context) (string, error) {
	resp, err := b.cli.Get(ctx, b.key)
	if err != nil || len(resp.Kvs) == 0 {
		return "", err
	}
	return ownerClient(string(resp.Kvs[0].Value)), nil
}

func (b *etcdLock) Acquire(ctx context.Context, client, owner string) (Grant, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	lease, err := b.cli.Grant(ctx, b.ttl)
	if err != nil {
		return Grant{}, fmt.Errorf("grant lease: %w", err)
	}
	resp, err := b.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(b.key), "=", 0)).
		Then(clientv3.OpPut(b.key, owner, clientv3.WithLease(lease.ID))).
		Else(clientv3.OpGet(b.key)).Commit()
	if err != nil {
		return Grant{}, fmt.Errorf("txn: %w", err)
	}
	if !resp.Succeeded {
		b.cli.Revoke(ctx, lease.ID)
		g := Grant{Reason: "held"}
		if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 {
			g.Holder = ownerClient(string(kvs[0].Value))
		}
		return g, nil
	}
	b.leases[owner] = lease.ID
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
		resp, err := b.cli.Delete(ctx, b.key, clientv3.WithPrevKV())
		if err != nil {
			return nil, err
		}
		if len(resp.PrevKvs) == 0 {
			return []Removed{{}}, nil
		}
		return []Removed{{Holder: ownerClient(string(resp.PrevKvs[0].Value))}}, nil
	}
	resp, err := b.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.Value(b.key), "=", owner)).
		Then(clientv3.OpDelete(b.key)).Commit()
	if err != nil {
		return nil, err
	}
	if !resp.Succeeded {
		return nil, nil
	}
	if id, ok := b.leases[owner]; ok {
		b.cli.Revoke(ctx, id)
		delete(b.leases, owner)
	}
	return []Removed{{Holder: client}}, nil
}

func (b *etcdLock) Extend(ctx context.Context, client, owner string) (bool, []int, error) {
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	resp, err := b.cli.Get(ctx, b.key)
	if err != nil {
		return false, nil, err
	}
	if len(resp.Kvs) == 0 || string(resp.Kvs[0].Value) != owner {
		return false, nil, nil
	}
	if _, err := b.cli.KeepAliveOnce(ctx, b.leases[owner]); err != nil {
		if errors.Is(err, rpctypes.ErrLeaseNotFound) {
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
