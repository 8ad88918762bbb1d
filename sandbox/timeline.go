package sandbox

// Violation kinds (Violation.Kind, and Event.Reason of a violation event).
const (
	// ViolationStaleWrite: the resource accepted a write from an earlier
	// grant after it had accepted a write from a later grant.
	ViolationStaleWrite = "stale-write"
	// ViolationUnsafeWrite: the resource accepted a write from a client
	// that did not hold the lock at the service at that moment (its lease
	// had expired, been released or been superseded, or it never held it).
	ViolationUnsafeWrite = "unsafe-write"
	// ViolationDoubleGrant: two clients were granted the lock for
	// overlapping validity (as each client believes it).
	ViolationDoubleGrant = "double-grant"
	// ViolationForeignRelease: a release removed another client's lock.
	ViolationForeignRelease = "foreign-release"
	// ViolationPermanentLock: a key with no expiry whose owner has crashed:
	// nobody can ever acquire the lock again.
	ViolationPermanentLock = "permanent-lock"
	// ViolationTokenReuse: the same fencing token was issued twice.
	ViolationTokenReuse = "token-reuse"
	// ViolationDuplicateEffect: a ledger applied the same effect (the same
	// idempotency key) twice: a double charge.
	ViolationDuplicateEffect = "duplicate-effect"
)

// ReasonDurableRestart is the Reason of the node.down and node.up of a
// consensus member's restart, which loses nothing (unlike "restart").
const ReasonDurableRestart = "durable-restart"

// Write rejection reasons (Event.Reason of write.rejected).
const (
	ReasonNoToken    = "no-token"    // the write carried no fencing token
	ReasonStaleToken = "stale-token" // lower than the highest accepted
	ReasonNotHolder  = "not-holder"  // database model: the row names someone else
	ReasonLapsed     = "lapsed"      // database model: the claim's held_until has passed
	// ReasonUnavailable: the database (the resource in that model) could
	// not be reached.
	ReasonUnavailable = "unavailable"
	// ReasonDuplicateKey: a ledger with idempotency keys had applied this
	// key already; the write is acknowledged and not applied again.
	ReasonDuplicateKey = "duplicate-key"
)

// Timeline is the result of Run: the events in the order they happened, the
// checker's verdict and a summary. It marshals to the JSON of DESIGN.md.
type Timeline struct {
	EngineVersion string `json:"engine_version"`
	// Model and Nodes echo the scenario so that a timeline can be drawn
	// (one lane per node) without it.
	Model Model `json:"model"`
	Nodes int   `json:"nodes"`
	// TokenSource is where the grants' tokens came from (TokenNone...) and
	// Resource the resource kind; both empty in timelines of engine 3.
	TokenSource TokenSource  `json:"token_source,omitempty"`
	Resource    ResourceKind `json:"resource,omitempty"`
	// Clients are the client ids in scenario order: the client lanes.
	Clients []string `json:"clients"`
	// Events are the events, compactly stored: Events.At(i) is event i.
	Events  Events  `json:"events"`
	Summary Summary `json:"summary"`
}

// Event is one thing that happened at virtual time T. Fields that do not
// apply to a kind are zero and omitted from JSON.
type Event struct {
	T    int64 `json:"t"`
	Kind Kind  `json:"kind"`
	// Client is the client that acted or was acted upon.
	Client string `json:"client,omitempty"`
	// Node (from 1) is the lock node of a per-node event (redlock expiry,
	// clock jump, failover).
	Node int `json:"node,omitempty"`
	// Nodes are the redlock nodes that a grant, extend or release touched,
	// the nodes that said yes to a refused attempt (and keep its key), or
	// the nodes a partition cut off.
	Nodes []int `json:"nodes,omitempty"`
	// Grant numbers grants 1, 2, 3... in the order the service issued
	// them, in every model, tokens or not. A write carries the grant it was
	// made under (0: the client never held the lock); so do release and
	// extend (the grant whose key they touched).
	Grant int `json:"grant,omitempty"`
	// Token is the fencing token of the grant (0: none).
	Token int64 `json:"token,omitempty"`
	// Holder is the client whose key the service had: for a denied acquire
	// the current holder, for a release the owner of the deleted key, for
	// a failover the holder the promoted replica knows.
	Holder string `json:"holder,omitempty"`
	// ValidUntil is when the client believes its lease ends (grant, extend).
	ValidUntil int64 `json:"valid_until,omitempty"`
	// ExpiresAt is when the service will drop the key (grant, extend,
	// expire.set, failover); 0 on a grant means the key has no expiry.
	ExpiresAt int64 `json:"expires_at,omitempty"`
	// Value is the value of a write.
	Value string `json:"value,omitempty"`
	// Key is the effect of a write to a ledger: its idempotency key, or
	// its value when it has none (empty for a register).
	Key string `json:"key,omitempty"`
	// MS is the length of a pause, the extra delay of a delay, the size of
	// a clock jump.
	MS int64 `json:"ms,omitempty"`
	// Reason is a short machine-readable cause: why a write was rejected
	// or an acquire denied, or the kind of a violation.
	Reason string `json:"reason,omitempty"`
	// LatencyMS is how long the message that caused this event travelled:
	// the UI draws an arrow from T-LatencyMS on the client's lane.
	LatencyMS int64 `json:"latency_ms,omitempty"`
	// ArrivesAt is when a delayed message will arrive (message.delayed).
	ArrivesAt int64 `json:"arrives_at,omitempty"`
	// Ref is, on a violation event, the index of the event it is about.
	Ref int `json:"ref,omitempty"`
	// Detail is the human sentence shown in the table.
	Detail string `json:"detail,omitempty"`
}

// Summary is the outcome of a run.
type Summary struct {
	WritesAccepted int         `json:"writes_accepted"`
	WritesRejected int         `json:"writes_rejected"`
	Violations     []Violation `json:"violations"`
	// Grants is the number of grants the service issued.
	Grants int `json:"grants"`
	// FinalValue is the resource value at the end ("" if never written).
	FinalValue string `json:"final_value"`
	// HighestToken is the highest token the resource accepted.
	HighestToken int64 `json:"highest_token"`
	// Effects is how many effects a ledger applied (0 for a register).
	Effects int `json:"effects,omitempty"`
	// EndMS is the virtual time the run stopped at.
	EndMS int64 `json:"end_ms"`
	// Stopped says why the run stopped: StoppedIdle (nothing pending),
	// StoppedUntil, StoppedTimeLimit (MaxTimeMS) or StoppedEventBudget
	// (MaxEvents).
	Stopped StopReason `json:"stopped"`
}

// Violation is one finding of the checker.
type Violation struct {
	Kind   string `json:"kind"`
	T      int64  `json:"t"`
	Client string `json:"client,omitempty"`
	Detail string `json:"detail"`
	// Event is the index in Timeline.Events of the event the violation is
	// about (the stale write, the second grant, the release, the crash);
	// the violation event itself follows it.
	Event int `json:"event"`
}

// State is the world after some prefix of a timeline (see StateAt): what the
// service, the resource and each client hold or believe.
type State struct {
	// Step is the number of events applied; T the time of the last one.
	Step int   `json:"step"`
	T    int64 `json:"t"`
	// Holder is the client the service considers the lock holder ("" if
	// free; for redlock, the client holding a majority of nodes), with its
	// grant, token and service-side expiry (0: none).
	Holder    string `json:"holder"`
	Grant     int    `json:"grant"`
	Token     int64  `json:"token"`
	ExpiresAt int64  `json:"expires_at"`
	// Nodes is the key on each lock node (one entry for single-node models).
	Nodes []NodeState `json:"nodes"`
	// Value and HighestToken are the resource's register.
	Value        string `json:"value"`
	HighestToken int64  `json:"highest_token"`
	// Effects counts the effects a ledger applied.
	Effects int `json:"effects,omitempty"`
	// Clients is what each client believes, in scenario order.
	Clients []ClientState `json:"clients"`
	// Violations counts violation events so far.
	Violations int `json:"violations"`
}

// NodeState is one lock node's key.
type NodeState struct {
	Node      int    `json:"node"`
	Holder    string `json:"holder"`
	Grant     int    `json:"grant"`
	Token     int64  `json:"token"`
	ExpiresAt int64  `json:"expires_at"`
	// ClockOffsetMS is how far the node's clock has jumped ahead.
	ClockOffsetMS int64 `json:"clock_offset_ms"`
	// Down is true while the node does not answer.
	Down bool `json:"down,omitempty"`
	// Leftover: the key is what a refused attempt of Holder left (no grant).
	Leftover bool `json:"leftover,omitempty"`
}

// Client statuses (ClientState.Status).
const (
	StatusRunning = "running"
	StatusPaused  = "paused"
	StatusCrashed = "crashed"
)

// ClientState is what one client believes.
type ClientState struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	// Holds is true from a grant until the client releases, learns of a
	// refused extend, or crashes: the client still acts as the holder. A
	// holder past ValidUntil is exactly the dangerous case.
	Holds      bool  `json:"holds"`
	Grant      int   `json:"grant"`
	Token      int64 `json:"token"`
	ValidUntil int64 `json:"valid_until"`
}
