package sandbox

import (
	"fmt"
	"strings"
)

// Limits on a scenario; Validate rejects anything beyond them, so a run is
// always small enough to replay in a browser request.
const (
	MaxClients      = 8              // clients per scenario
	MaxActions      = 500            // actions per scenario
	MaxTimeMS       = 10 * 60 * 1000 // ten virtual minutes: the latest at_ms, ms and until_ms; no run goes further
	MaxRedlockNodes = 9              // lock nodes of redlock (and consensus)
	MaxInputBytes   = 1 << 20        // scenario JSON that Parse reads
	MinHeartbeatMS  = 100            // shortest heartbeat period, so a run stays small
	MaxValueLen     = 64             // bytes of a written value
	MaxClientIDLen  = 16             // bytes of a client id
	MaxKeyLen       = 64             // bytes of an idempotency key
	MaxRetries      = 10             // acquire retries after a refusal
	// MaxEvents is the events budget of one run: every event counts,
	// heartbeats included. A run that reaches it stops there (Summary.
	// Stopped is StoppedEventBudget), and an edit or import whose run would
	// reach it is refused, so that one page never has to draw more.
	MaxEvents = 2000
)

// Scenario is the input of a run: configuration plus actions at virtual
// times. Its JSON form is the export format of DESIGN.md; Parse reads it and
// json.Marshal writes it back so that Parse(Marshal(Parse(x))) == Parse(x).
type Scenario struct {
	Lock     LockConfig     `json:"lock"`
	Resource ResourceConfig `json:"resource"`
	Network  NetworkConfig  `json:"network,omitzero"`
	Clients  []Client       `json:"clients"`
	Actions  []Action       `json:"actions"`
	// UntilMS stops the run at this virtual time; 0 runs until no event is
	// pending (never beyond MaxTimeMS).
	UntilMS int64 `json:"until_ms,omitempty"`
}

// LockConfig configures the lock service. Zero values are filled in by
// WithDefaults.
type LockConfig struct {
	// Model is one of ModelRedis (default), ModelRedlock, ModelConsensus,
	// ModelDatabase.
	Model Model `json:"model"`
	// TTLMS is the lease length (default 10000).
	TTLMS int64 `json:"ttl_ms"`
	// Nodes is the number of lock nodes: 5 by default for redlock (at most
	// MaxRedlockNodes), 3 for consensus, 1 for redis and database.
	Nodes int `json:"nodes"`
	// TokenSource is where fencing tokens come from: TokenNone (default
	// for redis and redlock, which have none of their own), TokenIncr
	// (redis), TokenRevision (consensus, its default) or TokenEpoch
	// (database, its default).
	TokenSource TokenSource `json:"token_source"`
	// FencingTokens is the field of engine versions before 4, read so that
	// saved scenarios keep opening: WithDefaults turns true into the
	// model's own source (incr, revision) and false into none, and clears
	// it. Set together with TokenSource it must agree.
	FencingTokens *bool `json:"fencing_tokens,omitempty"`
	// Acquire is AcquireAtomic (default) or, redis only,
	// AcquireSetThenExpire.
	Acquire AcquireMode `json:"acquire"`
	// Release is ReleaseCompareAndDelete (default) or
	// ReleaseUnconditionalDel.
	Release ReleaseMode `json:"release"`
	// LagMS is the replication lag of the redis replica: a failover loses
	// every write of the last LagMS (default 1000, when absent). 0 is
	// synchronous replication, as with WAIT 1 after each write: a grant is
	// answered only once the replica has it, and a grant the replica cannot
	// acknowledge (it is down) is refused. Redlock nodes have no replicas
	// (an old scenario's value is dropped); consensus and database
	// replicate synchronously and reject a non-zero value.
	LagMS *int64 `json:"lag_ms,omitempty"`
	// Persistence is what a restarted redis or redlock node keeps:
	// PersistNone, PersistEverySec (default) or PersistAlways. Consensus
	// and the database keep everything and take no value.
	Persistence Persistence `json:"persistence,omitempty"`
	// Retries is how many times a refused acquire is tried again (default
	// 0, at most MaxRetries), each after a random delay of up to
	// RetryDelayMS (default 200 when retrying) drawn from Seed, so the same
	// scenario always draws the same delays.
	Retries      int    `json:"retries,omitempty"`
	RetryDelayMS int64  `json:"retry_delay_ms,omitempty"`
	Seed         uint64 `json:"seed,omitempty"`
}

// ResourceConfig configures the protected storage register.
type ResourceConfig struct {
	// CheckFencing (default true) makes the resource reject a write whose
	// token sits below the largest it has let through, and a write with no
	// token. In the database model it is the "AND holder = writer" guard of
	// the UPDATE instead.
	CheckFencing *bool `json:"check_fencing"`
	// Kind is ResourceRegister (default) or ResourceLedger.
	Kind ResourceKind `json:"kind,omitempty"`
	// IdempotencyKeys (ledger only) makes the ledger apply an effect once
	// per key: a second write with the same key is acknowledged and not
	// applied. A write's key is its Action.Key, or its value.
	IdempotencyKeys bool `json:"idempotency_keys,omitempty"`
}

// NetworkConfig configures message delivery.
type NetworkConfig struct {
	// LatencyMS is the one-way delay of every message (default 0).
	LatencyMS int64 `json:"latency_ms,omitempty"`
}

// Client is one process that uses the lock.
type Client struct {
	ID string `json:"id"`
	// HeartbeatMS, when set, makes the client send a conditional extend
	// every HeartbeatMS while it holds a grant and is neither paused nor
	// crashed. At least MinHeartbeatMS.
	HeartbeatMS int64 `json:"heartbeat_ms,omitempty"`
}

// Action is one step of the scenario at virtual time AtMS. Actions with the
// same AtMS run in file order.
type Action struct {
	AtMS   int64  `json:"at_ms"`
	Client string `json:"client,omitempty"`
	Op     Op     `json:"op"`
	// MS is the length of a pause, the extra delay of a delay, the size of
	// a clock jump, how long a restarting node stays down.
	MS int64 `json:"ms,omitempty"`
	// Value is what a write stores.
	Value string `json:"value,omitempty"`
	// Key is a write's idempotency key (ledger); empty means its value.
	Key string `json:"key,omitempty"`
	// Node (from 1) is the node of a clock_jump, node_down, node_up,
	// restart or redlock failover. On redis, node 1 is the primary and
	// node 2 its replica.
	Node int `json:"node,omitempty"`
	// Nodes are the nodes a partition cuts off: from Client, or, without
	// a client, from every other node.
	Nodes []int `json:"nodes,omitempty"`
}

// ValidationError is the error of Parse and Validate: Field names the
// offending field as a path ("actions[3].op").
type ValidationError struct {
	Field string
	Msg   string
	// offset is where in the input a decoding error was found (bytes read,
	// from 1), for Parse to turn into a line and column; 0 when unknown.
	offset int64
}

// Error returns "field: message", or the message alone for the whole input.
func (e *ValidationError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// MaxReportedErrors is how many problems Parse and Validate list before
// summing up the rest in one last entry: enough to fix a file in one pass,
// few enough to read.
const MaxReportedErrors = 20

// ValidationErrors is every problem Parse or Validate found, in a stable
// order (the order of the input: lock, resource, network, clients, actions,
// until_ms), each naming its field. errors.As still finds the first
// *ValidationError in it, so callers that show one problem keep working.
type ValidationErrors []*ValidationError

// Error joins the problems with "; ".
func (e ValidationErrors) Error() string {
	msgs := make([]string, len(e))
	for i, v := range e {
		msgs[i] = v.Error()
	}
	return strings.Join(msgs, "; ")
}

// Unwrap returns the problems, for errors.As and errors.Is.
func (e ValidationErrors) Unwrap() []error {
	out := make([]error, len(e))
	for i, v := range e {
		out[i] = v
	}
	return out
}

// problems collects ValidationErrors up to MaxReportedErrors and counts
// the ones past the cap.
type problems struct {
	list ValidationErrors
	more int
}

func (p *problems) add(field, format string, args ...any) {
	p.addErr(&ValidationError{Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (p *problems) addErr(e *ValidationError) {
	if e == nil {
		return
	}
	if len(p.list) >= MaxReportedErrors {
		p.more++
		return
	}
	p.list = append(p.list, e)
}

// err returns nil when nothing was found, else the list (with a last
// entry counting what the cap left out).
func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	out := p.list
	if p.more > 0 {
		out = append(out[:len(out):len(out)], &ValidationError{Msg: fmt.Sprintf("and %d more problems not listed", p.more)})
	}
	return out
}
