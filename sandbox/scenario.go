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
	// MaxEvents bounds one timeline; a run that would exceed it stops early
	// (Summary.Stopped is "limit").
	MaxEvents = 100000
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
	// FencingTokens makes the service hand out a monotonic token with each
	// grant (default true for redis and consensus; redlock and database
	// have none, and true is rejected for them). A pointer, so that an
	// explicit false survives defaults.
	FencingTokens *bool `json:"fencing_tokens"`
	// Acquire is AcquireAtomic (default) or, redis only,
	// AcquireSetThenExpire.
	Acquire string `json:"acquire"`
	// Release is ReleaseCompareAndDelete (default) or
	// ReleaseUnconditionalDel.
	Release string `json:"release"`
	// LagMS is the replication lag of redis and redlock nodes: a failover
	// loses every write of the last LagMS (default 1000). Other models
	// replicate synchronously and reject a non-zero value.
	LagMS int64 `json:"lag_ms,omitempty"`
}

// ResourceConfig configures the protected storage register.
type ResourceConfig struct {
	// CheckFencing (default true) makes the resource reject a write whose
	// token is lower than the highest it has accepted, and a write with no
	// token. In the database model it is the "AND holder = writer" guard of
	// the UPDATE instead.
	CheckFencing *bool `json:"check_fencing"`
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
	// a clock jump.
	MS int64 `json:"ms,omitempty"`
	// Value is what a write stores.
	Value string `json:"value,omitempty"`
	// Node (from 1) is the node of a clock_jump, or of a redlock failover.
	Node int `json:"node,omitempty"`
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
