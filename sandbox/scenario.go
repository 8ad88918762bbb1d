package sandbox

import (
	"fmt"
	"strings"
)

// Lock models (LockConfig.Model).
const (
	// ModelRedis is one Redis primary with an asynchronously replicated
	// replica that failover promotes.
	ModelRedis = "redis"
	// ModelRedlock is N independent Redis nodes and a majority quorum.
	ModelRedlock = "redlock"
	// ModelConsensus is an etcd/ZooKeeper-like service: grants go through a
	// replicated log, the token is the revision, failover loses nothing.
	ModelConsensus = "consensus"
	// ModelDatabase has no lock service at all: a claim is a conditional
	// UPDATE on the resource row itself.
	ModelDatabase = "database"
)

// Acquire and release modes (LockConfig.Acquire, LockConfig.Release).
const (
	// AcquireAtomic is SET key value NX PX ttl: key and expiry in one step.
	AcquireAtomic = "atomic"
	// AcquireSetThenExpire is SETNX followed, 1 ms later, by EXPIRE: a
	// crash in between leaves a key that never expires.
	AcquireSetThenExpire = "set-then-expire"
	// ReleaseCompareAndDelete deletes the key only if it still holds the
	// releaser's own value (the Lua script).
	ReleaseCompareAndDelete = "compare-and-delete"
	// ReleaseUnconditionalDel deletes whatever key is there.
	ReleaseUnconditionalDel = "unconditional-del"
)

// Ops (Action.Op). Client ops need Action.Client; service ops must not
// have one.
const (
	OpAcquire   = "acquire"    // client: ask the lock service for the lock
	OpClaim     = "claim"      // client, database model: conditional UPDATE of the row
	OpWrite     = "write"      // client: send Value with the token of its latest grant
	OpRelease   = "release"    // client: release its lock (see LockConfig.Release)
	OpExtend    = "extend"     // client: conditional extend of its own lease
	OpPause     = "pause"      // client: stop the world for MS
	OpCrash     = "crash"      // client: stop forever
	OpDelay     = "delay"      // client: its next message arrives MS late
	OpFailover  = "failover"   // service: promote a replica / elect a new leader
	OpClockJump = "clock_jump" // service: Node's clock jumps MS forward
	OpNodeDown  = "node_down"  // service: Node stops answering (its memory is kept)
	OpNodeUp    = "node_up"    // service: Node answers again
	OpRestart   = "restart"    // service: Node's process restarts after MS down, restoring what its persistence kept
	OpPartition = "partition"  // service: cut Client (or, without a client, the other nodes) off from Nodes
	OpHeal      = "heal"       // service: every partition ends
)

// Token sources (LockConfig.TokenSource): where a grant's fencing token
// comes from, if anywhere.
const (
	// TokenNone: the service hands out no token (Redis and Redlock have
	// none of their own).
	TokenNone = "none"
	// TokenIncr: redis only, an INCR of a counter key inside the acquire
	// script. The counter replicates like the lock key, so an asynchronous
	// failover can take it back.
	TokenIncr = "incr"
	// TokenRevision: consensus only, the revision at which the grant was
	// committed (etcd's mod_revision).
	TokenRevision = "revision"
	// TokenEpoch: database only, the epoch column that each claim
	// increments; the write guard compares it.
	TokenEpoch = "epoch"
)

// Persistence of a redis or redlock node (LockConfig.Persistence): what a
// restarted node still has.
const (
	PersistNone     = "none"     // nothing: a restarted node comes back empty
	PersistEverySec = "everysec" // appendfsync everysec: the last second of writes is lost
	PersistAlways   = "always"   // appendfsync always: nothing acknowledged is lost
)

// Resource kinds (ResourceConfig.Kind).
const (
	// ResourceRegister is one value; a write replaces it.
	ResourceRegister = "register"
	// ResourceLedger is a list of non-idempotent effects (charges): each
	// accepted write adds one, and the same effect twice is a violation.
	ResourceLedger = "ledger"
)

// Stop reasons (Summary.Stopped).
const (
	StoppedIdle      = "idle"       // nothing was pending
	StoppedUntil     = "until_ms"   // the scenario's until_ms
	StoppedTimeLimit = "time-limit" // MaxTimeMS
	// StoppedEventBudget: the run reached MaxEvents events (heartbeats
	// count) and stopped there.
	StoppedEventBudget = "event-budget"
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
	Model string `json:"model"`
	// TTLMS is the lease length (default 10000).
	TTLMS int64 `json:"ttl_ms"`
	// Nodes is the number of lock nodes: 5 by default for redlock (at most
	// MaxRedlockNodes), 3 for consensus, 1 for redis and database.
	Nodes int `json:"nodes"`
	// TokenSource is where fencing tokens come from: TokenNone (default
	// for redis and redlock, which have none of their own), TokenIncr
	// (redis), TokenRevision (consensus, its default) or TokenEpoch
	// (database, its default).
	TokenSource string `json:"token_source"`
	// FencingTokens is the field of engine versions before 4, read so that
	// saved scenarios keep opening: WithDefaults turns true into the
	// model's own source (incr, revision) and false into none, and clears
	// it. Set together with TokenSource it must agree.
	FencingTokens *bool `json:"fencing_tokens,omitempty"`
	// Acquire is AcquireAtomic (default) or, redis only,
	// AcquireSetThenExpire.
	Acquire string `json:"acquire"`
	// Release is ReleaseCompareAndDelete (default) or
	// ReleaseUnconditionalDel.
	Release string `json:"release"`
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
	Persistence string `json:"persistence,omitempty"`
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
	Kind string `json:"kind,omitempty"`
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
	Op     string `json:"op"`
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
