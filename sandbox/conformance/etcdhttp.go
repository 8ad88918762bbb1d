package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// etcdGateway speaks to etcd through the JSON gateway every etcd from 3.4
// on serves beside gRPC (POST /v3/kv/range and the like; keys and values
// base64). The runner needs a handful of unary calls, and etcd's Go
// client would link gRPC, protobuf and zap into the lockdrill binary,
// whose package initialisation every cold start of the server pays for.
//
// It talks to one endpoint at a time and moves to the next when that one
// cannot be reached, as etcd's client does: a request that was never sent
// is retried on the next member until ctx ends (the client waits for a
// ready connection), and a read or a lease call that met an unavailable
// cluster (no leader, leader changed, timed out) is retried too; a write
// that may have been applied is not.
type etcdGateway struct {
	endpoints []string // base URLs, "http://host:port"
	hc        *http.Client
	pinned    atomic.Int64 // index into endpoints of the one in use
}

// newEtcdGateway checks the endpoints: a URL with http or https, or
// host:port as etcd's client also takes.
func newEtcdGateway(endpoints []string) (*etcdGateway, error) {
	g := &etcdGateway{hc: &http.Client{Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 32, // the test suite plays 12 runs at once on one cluster
		IdleConnTimeout:     90 * time.Second,
	}}}
	for _, ep := range endpoints {
		if !strings.Contains(ep, "://") {
			ep = "http://" + ep
		}
		scheme, rest, _ := strings.Cut(ep, "://")
		if (scheme != "http" && scheme != "https") || rest == "" {
			return nil, fmt.Errorf("etcd endpoint %q: want http://host:port", ep)
		}
		g.endpoints = append(g.endpoints, strings.TrimRight(ep, "/"))
	}
	if len(g.endpoints) == 0 {
		return nil, errors.New("no etcd endpoint")
	}
	return g, nil
}

func (g *etcdGateway) close() { g.hc.CloseIdleConnections() }

// etcdError is an error etcd answered with; its text is etcd's own
// ("etcdserver: requested lease not found"), as etcd's client shows it.
type etcdError struct {
	Code    int // gRPC status code
	Message string
}

func (e *etcdError) Error() string { return e.Message }

// gRPC status codes that etcd's answers carry.
const (
	codeNotFound    = 5
	codeUnavailable = 14
)

// errLeaseNotFound is etcd's answer for a lease that ran out or was revoked.
var errLeaseNotFound = &etcdError{Code: codeNotFound, Message: "etcdserver: requested lease not found"}

func (e *etcdError) Is(target error) bool {
	t, ok := target.(*etcdError)
	return ok && t.Code == e.Code && t.Message == e.Message
}

// Retry pacing: etcd's client waits 25 ms (±10 %) between attempts and
// makes at most 100.
const (
	etcdRetryWait = 25 * time.Millisecond
	etcdRetries   = 100
)

// call posts in as JSON to path and decodes the answer into out.
// repeatable says the call may be sent again after it may have reached
// the server (a read, a lease call).
func (g *etcdGateway) call(ctx context.Context, path string, in, out any, repeatable bool) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	var last error
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			if attempt >= etcdRetries {
				return last
			}
			t := time.NewTimer(etcdRetryWait)
			select {
			case <-ctx.Done():
				t.Stop()
				return fmt.Errorf("%w (last: %v)", ctx.Err(), last)
			case <-t.C:
			}
		}
		pin := g.pinned.Load()
		err := g.post(ctx, g.endpoints[pin], path, body, out)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			if last == nil {
				return ctx.Err()
			}
			return fmt.Errorf("%w (last: %v)", ctx.Err(), last)
		}
		last = err
		switch {
		case notSent(err):
			// The member is down: try the next one, and keep trying
			// while ctx lasts, as the client waits for a connection.
			attempt = min(attempt, etcdRetries-2)
		case repeatable && unavailable(err):
		default:
			return err
		}
		g.pinned.CompareAndSwap(pin, (pin+1)%int64(len(g.endpoints)))
	}
}

// unavailable reports whether err says the cluster could not serve the
// request for now (no leader, leader changed, timed out) or the
// connection broke: what etcd's client retries a read for.
func unavailable(err error) bool {
	var ee *etcdError
	var ue *url.Error
	return errors.As(err, &ee) && ee.Code == codeUnavailable || errors.As(err, &ue)
}

// notSent reports whether err is a failure to connect: the request never
// left.
func notSent(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// post sends one request to one endpoint.
func (g *etcdGateway) post(ctx context.Context, base, path string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := g.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
			Code    int    `json:"code"`
		}
		if json.Unmarshal(data, &e) != nil || e.Message == "" && e.Error == "" {
			return fmt.Errorf("etcd %s%s: %s: %.200s", base, path, resp.Status, data)
		}
		if e.Message == "" {
			e.Message = e.Error
		}
		return &etcdError{Code: e.Code, Message: e.Message}
	}
	if err := json.Unmarshal(data, out); err != nil {
		var ee *etcdError
		if errors.As(err, &ee) {
			return ee
		}
		return fmt.Errorf("etcd %s%s: %w", base, path, err)
	}
	return nil
}

// The gateway's JSON: protobuf field names, 64-bit integers as strings,
// bytes as base64.

type etcdHeader struct {
	Revision int64 `json:"revision,string"`
}

type etcdKV struct {
	Key            []byte `json:"key"`
	Value          []byte `json:"value"`
	CreateRevision int64  `json:"create_revision,string"`
}

type etcdRangeResponse struct {
	Header etcdHeader `json:"header"`
	Kvs    []etcdKV   `json:"kvs"`
}

type etcdCompare struct {
	Target         string  `json:"target"` // "CREATE" or "VALUE"; the result is EQUAL, the default
	Key            []byte  `json:"key"`
	CreateRevision *string `json:"create_revision,omitempty"`
	Value          []byte  `json:"value,omitempty"`
}

type etcdRequestOp struct {
	Put         *etcdPut     `json:"request_put,omitempty"`
	Range       *etcdKeyOnly `json:"request_range,omitempty"`
	DeleteRange *etcdKeyOnly `json:"request_delete_range,omitempty"`
}

type etcdPut struct {
	Key   []byte `json:"key"`
	Value []byte `json:"value"`
	Lease int64  `json:"lease,string"`
}

type etcdKeyOnly struct {
	Key []byte `json:"key"`
}

type etcdTxn struct {
	Compare []etcdCompare   `json:"compare"`
	Success []etcdRequestOp `json:"success"`
	Failure []etcdRequestOp `json:"failure,omitempty"`
}

type etcdTxnResponse struct {
	Header    etcdHeader `json:"header"`
	Succeeded bool       `json:"succeeded"`
	Responses []struct {
		Range *etcdRangeResponse `json:"response_range"`
	} `json:"responses"`
}

type etcdLease struct {
	ID  int64 `json:"ID,string"`
	TTL int64 `json:"TTL,string"`
}

// get reads one key (a linearizable read, as etcd's client does by default).
func (g *etcdGateway) get(ctx context.Context, key string) (etcdRangeResponse, error) {
	var r etcdRangeResponse
	err := g.call(ctx, "/v3/kv/range", etcdKeyOnly{Key: []byte(key)}, &r, true)
	return r, err
}

// txn runs a transaction; it is sent once, being a write.
func (g *etcdGateway) txn(ctx context.Context, t etcdTxn) (etcdTxnResponse, error) {
	var r etcdTxnResponse
	err := g.call(ctx, "/v3/kv/txn", t, &r, false)
	return r, err
}

// deleteWithPrev deletes one key and returns what it held.
func (g *etcdGateway) deleteWithPrev(ctx context.Context, key string) ([]etcdKV, error) {
	var r struct {
		PrevKvs []etcdKV `json:"prev_kvs"`
	}
	err := g.call(ctx, "/v3/kv/deleterange", struct {
		Key    []byte `json:"key"`
		PrevKV bool   `json:"prev_kv"`
	}{[]byte(key), true}, &r, false)
	return r.PrevKvs, err
}

// grant creates a lease of ttl seconds.
func (g *etcdGateway) grant(ctx context.Context, ttl int64) (int64, error) {
	var r etcdLease
	err := g.call(ctx, "/v3/lease/grant", etcdLease{TTL: ttl}, &r, true)
	return r.ID, err
}

// revoke ends a lease and deletes its keys.
func (g *etcdGateway) revoke(ctx context.Context, id int64) error {
	var r struct{}
	return g.call(ctx, "/v3/lease/revoke", struct {
		ID int64 `json:"ID,string"`
	}{id}, &r, true)
}

// keepAliveOnce renews a lease once. etcd answers a lease it no longer
// has with a TTL of 0, which etcd's client reports as errLeaseNotFound.
func (g *etcdGateway) keepAliveOnce(ctx context.Context, id int64) error {
	var r keepAliveAnswer
	return g.call(ctx, "/v3/lease/keepalive", struct {
		ID int64 `json:"ID,string"`
	}{id}, &r, true)
}

// keepAliveAnswer is the first message of the keep-alive stream, which
// the gateway wraps in "result" or, when the stream failed, "error".
type keepAliveAnswer struct{}

func (*keepAliveAnswer) UnmarshalJSON(data []byte) error {
	var msg struct {
		Result *etcdLease `json:"result"`
		Error  *struct {
			GRPCCode int    `json:"grpc_code"`
			Message  string `json:"message"`
		} `json:"error"`
	}
	// The stream may hold more messages after the first.
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&msg); err != nil {
		return err
	}
	switch {
	case msg.Error != nil:
		return &etcdError{Code: msg.Error.GRPCCode, Message: msg.Error.Message}
	case msg.Result == nil:
		return errors.New("no result in the keep-alive answer")
	case msg.Result.TTL <= 0:
		return errLeaseNotFound
	}
	return nil
}
