package sandbox

import "strconv"

// The sandbox's vocabulary: the typed names a scenario and a timeline are
// written in, each with its label for the forms and its default, so that
// the web's option lists, the parser and the engine read one definition
// (as time.Month carries its own String). A new model, mode or op is added
// here, with its label, and every form that offers the kind picks it up.

// Model is a lock service model (LockConfig.Model).
type Model string

// Lock models.
const (
	// ModelRedis is one Redis primary with an asynchronously replicated
	// replica that failover promotes.
	ModelRedis Model = "redis"
	// ModelRedlock is N independent Redis nodes and a majority quorum.
	ModelRedlock Model = "redlock"
	// ModelConsensus is an etcd/ZooKeeper-like service: grants go through a
	// replicated log, the token is the revision, failover loses nothing.
	ModelConsensus Model = "consensus"
	// ModelDatabase has no lock service at all: a claim is a conditional
	// UPDATE on the resource row itself.
	ModelDatabase Model = "database"
)

// Models returns the lock models in the order the forms offer them.
func Models() []Model { return []Model{ModelRedis, ModelRedlock, ModelConsensus, ModelDatabase} }

// String returns the model's name in scenario JSON ("redis").
func (m Model) String() string { return string(m) }

// Known reports whether m is one of Models.
func (m Model) Known() bool {
	switch m {
	case ModelRedis, ModelRedlock, ModelConsensus, ModelDatabase:
		return true
	}
	return false
}

// Label describes the model in a form's option list.
func (m Model) Label() string {
	switch m {
	case ModelRedis:
		return "Redis (one node, async replica)"
	case ModelRedlock:
		return "Redlock (" + strconv.Itoa(m.DefaultNodes()) + " independent nodes)"
	case ModelConsensus:
		return "Consensus (etcd / ZooKeeper-like)"
	case ModelDatabase:
		return "Database row (conditional UPDATE, no lock service)"
	}
	return string(m)
}

// DefaultNodes is the node count of a scenario of model m that names none.
func (m Model) DefaultNodes() int {
	switch m {
	case ModelRedlock:
		return 5
	case ModelConsensus:
		return 3
	}
	return 1
}

// DefaultTokenSource is where m's fencing tokens come from when the
// scenario does not say: its own counter where it has one that a learner
// would meet by default (the consensus revision, the database epoch),
// else none.
func (m Model) DefaultTokenSource() TokenSource {
	switch m {
	case ModelConsensus:
		return TokenRevision
	case ModelDatabase:
		return TokenEpoch
	}
	return TokenNone
}

// TokenSources are the token sources m may use: none, then its own (if it
// has one), in the order the settings form offers them.
func (m Model) TokenSources() []TokenSource {
	out := []TokenSource{TokenNone}
	for _, t := range TokenSources() {
		if t.Model() == m {
			out = append(out, t)
		}
	}
	return out
}

// ServiceNodes is how many nodes of m's service there are when it has
// nodes lock nodes: the fault forms and the node ops may name each, so on
// redis the replica (node 2) counts too.
func (m Model) ServiceNodes(nodes int) int {
	switch m {
	case ModelRedis:
		return 2
	case ModelDatabase:
		return 1
	}
	return max(nodes, 1)
}

// OpNodes is how many nodes (1..n) a node op may name in m with nodes
// lock nodes: every node of the service for node_down and node_up, but on
// redis only the primary restarts, jumps its clock or is cut off (the
// replica, node 2, only goes down and comes up).
func (m Model) OpNodes(op Op, nodes int) int {
	if m == ModelRedis && op != OpNodeDown && op != OpNodeUp {
		return 1
	}
	return m.ServiceNodes(nodes)
}

// AcquireModes are the acquire modes m offers: the two-step SETNX and
// EXPIRE is a redis command sequence, so only redis has a choice.
func (m Model) AcquireModes() []AcquireMode {
	if m == ModelRedis {
		return AcquireModes()
	}
	return []AcquireMode{AcquireAtomic}
}

// AcquireOp is the client op that takes the lock in m: a claim (the
// conditional UPDATE) in the database model, an acquire elsewhere.
func (m Model) AcquireOp() Op {
	if m == ModelDatabase {
		return OpClaim
	}
	return OpAcquire
}

// HasPersistence reports whether a restarted node of m can lose writes,
// so that LockConfig.Persistence applies (redis and redlock).
func (m Model) HasPersistence() bool { return m == ModelRedis || m == ModelRedlock }

// HasReplicaLag reports whether LockConfig.LagMS applies to m: only the
// redis replica is replicated asynchronously.
func (m Model) HasReplicaLag() bool { return m == ModelRedis }

// CanFailOver reports whether op failover applies to m (the database row
// is the resource itself).
func (m Model) CanFailOver() bool { return m != ModelDatabase }

// GuardsByHolder reports whether m's resource check is the holder guard of
// the claim's UPDATE rather than a comparison of fencing tokens: what
// ResourceConfig.CheckFencing turns on in the database model.
func (m Model) GuardsByHolder() bool { return m == ModelDatabase }

// NodeWord is what one node of m's lock service is called: a member of a
// consensus cluster, a node of everything else.
func (m Model) NodeWord() string {
	if m == ModelConsensus {
		return "member"
	}
	return "node"
}

// NodeName names node n (from 1) of m's lock service: "primary" and
// "replica" (redis), "member 2" (consensus), "database", "node 3".
func (m Model) NodeName(n int) string {
	switch m {
	case ModelRedis:
		if n == 2 {
			return "replica"
		}
		return "primary"
	case ModelDatabase:
		return "database"
	}
	return m.NodeWord() + " " + strconv.Itoa(n)
}

// AcquireMode is how a redis client sets its key (LockConfig.Acquire).
type AcquireMode string

// Acquire modes.
const (
	// AcquireAtomic is SET key value NX PX ttl: key and expiry in one step.
	AcquireAtomic AcquireMode = "atomic"
	// AcquireSetThenExpire is SETNX followed, 1 ms later, by EXPIRE: a
	// crash in between leaves a key that never expires.
	AcquireSetThenExpire AcquireMode = "set-then-expire"
)

// AcquireModes returns the acquire modes in the order the forms offer them.
func AcquireModes() []AcquireMode { return []AcquireMode{AcquireAtomic, AcquireSetThenExpire} }

// String returns the mode's name in scenario JSON.
func (a AcquireMode) String() string { return string(a) }

// Label describes the mode in a form's option list.
func (a AcquireMode) Label() string {
	switch a {
	case AcquireAtomic:
		return "SET NX PX: key and expiry in one step"
	case AcquireSetThenExpire:
		return "SETNX, then EXPIRE: two steps"
	}
	return string(a)
}

// ReleaseMode is how a client deletes its key (LockConfig.Release).
type ReleaseMode string

// Release modes.
const (
	// ReleaseCompareAndDelete deletes the key only if it still holds the
	// releaser's own value (the Lua script).
	ReleaseCompareAndDelete ReleaseMode = "compare-and-delete"
	// ReleaseUnconditionalDel deletes whatever key is there.
	ReleaseUnconditionalDel ReleaseMode = "unconditional-del"
)

// ReleaseModes returns the release modes in the order the forms offer them.
func ReleaseModes() []ReleaseMode {
	return []ReleaseMode{ReleaseCompareAndDelete, ReleaseUnconditionalDel}
}

// String returns the mode's name in scenario JSON.
func (r ReleaseMode) String() string { return string(r) }

// Label describes the mode in a form's option list.
func (r ReleaseMode) Label() string {
	switch r {
	case ReleaseCompareAndDelete:
		return "compare-and-delete: delete only my own key"
	case ReleaseUnconditionalDel:
		return "plain DEL: delete whatever key is there"
	}
	return string(r)
}

// TokenSource is where a grant's fencing token comes from, if anywhere
// (LockConfig.TokenSource).
type TokenSource string

// Token sources.
const (
	// TokenNone: the service hands out no token (Redis and Redlock have
	// none of their own).
	TokenNone TokenSource = "none"
	// TokenIncr: redis only, an INCR of a counter key inside the acquire
	// script. The counter replicates like the lock key, so an asynchronous
	// failover can take it back.
	TokenIncr TokenSource = "incr"
	// TokenRevision: consensus only, the revision at which the grant was
	// committed (etcd's mod_revision).
	TokenRevision TokenSource = "revision"
	// TokenEpoch: database only, the epoch column that each claim
	// increments; the write guard compares it.
	TokenEpoch TokenSource = "epoch"
)

// TokenSources returns every token source, none first.
func TokenSources() []TokenSource {
	return []TokenSource{TokenNone, TokenIncr, TokenRevision, TokenEpoch}
}

// String returns the source's name in scenario JSON.
func (t TokenSource) String() string { return string(t) }

// Model is the one model that can issue tokens from t ("" for none and
// unknown sources).
func (t TokenSource) Model() Model {
	switch t {
	case TokenIncr:
		return ModelRedis
	case TokenRevision:
		return ModelConsensus
	case TokenEpoch:
		return ModelDatabase
	}
	return ""
}

// Label describes the source in a form's option list.
func (t TokenSource) Label() string {
	switch t {
	case TokenNone:
		return "none"
	case TokenIncr:
		return "INCR inside the acquire script"
	case TokenRevision:
		return "the revision of the grant"
	case TokenEpoch:
		return "the row's epoch column"
	}
	return string(t)
}

// Persistence is what a restarted redis or redlock node keeps
// (LockConfig.Persistence).
type Persistence string

// Persistence settings.
const (
	PersistNone     Persistence = "none"     // nothing: a restarted node comes back empty
	PersistEverySec Persistence = "everysec" // appendfsync everysec: the last second of writes is lost
	PersistAlways   Persistence = "always"   // appendfsync always: nothing acknowledged is lost
)

// Persistences returns the persistence settings in the order the forms
// offer them.
func Persistences() []Persistence { return []Persistence{PersistNone, PersistEverySec, PersistAlways} }

// String returns the setting's name in scenario JSON.
func (p Persistence) String() string { return string(p) }

// Label describes the setting in a form's option list.
func (p Persistence) Label() string {
	switch p {
	case PersistNone:
		return "nothing (no persistence)"
	case PersistEverySec:
		return "all but the last second (appendfsync everysec)"
	case PersistAlways:
		return "everything (appendfsync always)"
	}
	return string(p)
}

// ResourceKind is what the protected resource is (ResourceConfig.Kind).
type ResourceKind string

// Resource kinds.
const (
	// ResourceRegister is one value; a write replaces it.
	ResourceRegister ResourceKind = "register"
	// ResourceLedger is a list of non-idempotent effects (charges): each
	// accepted write adds one, and the same effect twice is a violation.
	ResourceLedger ResourceKind = "ledger"
)

// ResourceKinds returns the resource kinds in the order the forms offer
// them.
func ResourceKinds() []ResourceKind { return []ResourceKind{ResourceRegister, ResourceLedger} }

// String returns the kind's name in scenario JSON.
func (k ResourceKind) String() string { return string(k) }

// Label describes the kind in a form's option list.
func (k ResourceKind) Label() string {
	switch k {
	case ResourceRegister:
		return "a register (a write replaces the value)"
	case ResourceLedger:
		return "a ledger of charges (each write is an effect)"
	}
	return string(k)
}

// Defaults of a scenario (see WithDefaults); the model's own defaults are
// Model.DefaultNodes and Model.DefaultTokenSource.
const (
	DefaultModel        = ModelRedis
	DefaultTTLMS        = 10000 // lease length
	DefaultAcquire      = AcquireAtomic
	DefaultRelease      = ReleaseCompareAndDelete
	DefaultLagMS        = 1000 // redis replica lag, when absent
	DefaultPersistence  = PersistEverySec
	DefaultRetryDelayMS = 200 // when retrying
	DefaultSeed         = 1   // when retrying
	DefaultResource     = ResourceRegister
)

// MaxTimeMinutes is MaxTimeMS in minutes, for sentences.
const MaxTimeMinutes = MaxTimeMS / 60000

// Fenced reports whether r refuses a stale writer: CheckFencing is set
// and true (after WithDefaults it is always set).
func (r ResourceConfig) Fenced() bool { return r.CheckFencing != nil && *r.CheckFencing }

// Op is what an action does (Action.Op). Client ops need Action.Client;
// service ops must not have one.
type Op string

// Ops.
const (
	OpAcquire   Op = "acquire"    // client: ask the lock service for the lock
	OpClaim     Op = "claim"      // client, database model: conditional UPDATE of the row
	OpWrite     Op = "write"      // client: send Value with the token of its latest grant
	OpRelease   Op = "release"    // client: release its lock (see LockConfig.Release)
	OpExtend    Op = "extend"     // client: conditional extend of its own lease
	OpPause     Op = "pause"      // client: stop the world for MS
	OpCrash     Op = "crash"      // client: stop forever
	OpDelay     Op = "delay"      // client: its next message arrives MS late
	OpFailover  Op = "failover"   // service: promote a replica / elect a new leader
	OpClockJump Op = "clock_jump" // service: Node's clock jumps MS forward
	OpNodeDown  Op = "node_down"  // service: Node stops answering (its memory is kept)
	OpNodeUp    Op = "node_up"    // service: Node answers again
	OpRestart   Op = "restart"    // service: Node's process restarts after MS down, restoring what its persistence kept
	OpPartition Op = "partition"  // service: cut Client (or, without a client, the other nodes) off from Nodes
	OpHeal      Op = "heal"       // service: every partition ends
)

// String returns the op's name in scenario JSON ("clock_jump").
func (o Op) String() string { return string(o) }

// Label is the op as a form's button names it ("clock jump").
func (o Op) Label() string {
	switch o {
	case OpClockJump:
		return "clock jump"
	case OpNodeDown:
		return "down"
	case OpNodeUp:
		return "up"
	case OpHeal:
		return "heal all"
	}
	return string(o)
}

// Kind is the kind of an event (Event.Kind).
type Kind string

// Event kinds.
const (
	KindAcquireGranted Kind = "acquire.granted" // the service granted the lock (a claim, in the database model)
	KindAcquireDenied  Kind = "acquire.denied"  // the service refused it; Holder says who has it
	KindExpireSet      Kind = "expire.set"      // set-then-expire: the EXPIRE that follows SETNX arrived
	KindReleaseOK      Kind = "release.ok"      // a key was deleted; Holder is whose key it was
	KindReleaseRefused Kind = "release.refused" // compare-and-delete found someone else's key, or none
	KindExtendOK       Kind = "extend.ok"       // conditional extend (or heartbeat) succeeded
	KindExtendRefused  Kind = "extend.refused"  // the key is gone or someone else's: the client learns it lost the lock
	KindLeaseExpired   Kind = "lease.expired"   // the service dropped a key at its expiry (per node for redlock)
	KindWriteAccepted  Kind = "write.accepted"  // the resource stored Value
	KindWriteRejected  Kind = "write.rejected"  // the resource refused the write; Reason says why
	KindPauseStart     Kind = "pause.start"     // the client froze
	KindPauseEnd       Kind = "pause.end"       // the client resumed; deferred work follows
	KindCrash          Kind = "crash"           // the client stopped forever
	KindDelay          Kind = "delay"           // the client's next message will be late
	KindMessageDelayed Kind = "message.delayed" // a late message left the client; it arrives at ArrivesAt
	KindFailover       Kind = "failover"        // a replica was promoted / a leader re-elected
	KindClockJump      Kind = "clock.jump"      // a node's clock jumped forward
	KindActionSkipped  Kind = "action.skipped"  // an action of a crashed client did not happen, a client that knows it holds no lock did not write, or a service op had nothing to act on
	KindRetry          Kind = "acquire.retry"   // a refused acquire will be tried again after MS (a seeded random delay)
	KindNodeDown       Kind = "node.down"       // Node stopped answering (Reason "restart": its process crashed and restarts)
	KindNodeUp         Kind = "node.up"         // Node answers again, with what it held
	KindRestart        Kind = "node.restart"    // Node is back from a restart; Holder/Grant: the key its persistence kept
	KindPartition      Kind = "partition"       // the network cut Client (or, with no client, the other members) off from Nodes
	KindHeal           Kind = "heal"            // every partition ended
	KindViolation      Kind = "violation"       // the checker found a safety or liveness violation
	KindInvalid        Kind = "invalid"         // Run was given a scenario that fails Validate
)

// String returns the kind's name in timeline JSON ("acquire.granted").
func (k Kind) String() string { return string(k) }

// StopReason says why a run stopped (Summary.Stopped).
type StopReason string

// Stop reasons.
const (
	StoppedIdle      StopReason = "idle"       // nothing was pending
	StoppedUntil     StopReason = "until_ms"   // the scenario's until_ms
	StoppedTimeLimit StopReason = "time-limit" // MaxTimeMS
	// StoppedEventBudget: the run reached MaxEvents events (heartbeats
	// count) and stopped there.
	StoppedEventBudget StopReason = "event-budget"
	// StoppedInvalid: the scenario failed Validate and did not run.
	StoppedInvalid StopReason = "invalid"
	// StoppedLimit is the event budget's name in timelines of older
	// engines, still read.
	StoppedLimit StopReason = "limit"
)

// String returns the reason's name in timeline JSON.
func (r StopReason) String() string { return string(r) }
