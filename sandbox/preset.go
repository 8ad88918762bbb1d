package sandbox

// Preset is a ready-made scenario of the library: one lesson, shown by one
// run.
type Preset struct {
	// ID is the stable id (used in URLs, questions and lockdrill sim
	// --preset).
	ID    string `json:"id"`
	Title string `json:"title"`
	// Lesson is the one-line takeaway the run demonstrates.
	Lesson string `json:"lesson"`
	// Guide is the slug of the guide section the preset illustrates.
	Guide    string   `json:"guide"`
	Scenario Scenario `json:"scenario"`
	// Expect is the outcome the lesson states; the tests hold Run to it.
	Expect Outcome `json:"expect"`
}

// Outcome is the expected result of a preset's run.
type Outcome struct {
	// Violations are the violation kinds, in timeline order.
	Violations     []string `json:"violations"`
	WritesAccepted int      `json:"writes_accepted"`
	WritesRejected int      `json:"writes_rejected"`
	FinalValue     string   `json:"final_value"`
}

// Presets returns the scenario library in teaching order. Each scenario is
// already WithDefaults, so that it reads in full when exported. The result
// is built afresh on each call: callers may modify it.
func Presets() []Preset {
	ps := []Preset{
		{
			ID:     "paused-holder-unfenced",
			Title:  "A paused holder writes after its lease expired",
			Lesson: "A lease can run out while its holder is frozen; without fencing, the resource takes the stale write over the new holder's.",
			Guide:  "lease-not-mutex",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedis, TokenSource: TokenNone},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions:  pausedHolder(),
			},
			Expect: Outcome{Violations: []string{ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "paused-holder-fenced",
			Title:  "The same pause, with fencing tokens",
			Lesson: "Redis gives no fencing token (the lock's value is a random owner id), so the acquire script INCRs a counter alongside the SET; the resource remembers the highest token it accepted and refuses the paused holder's lower one, which arrives after the new holder's write, so the late write does no harm. This node never restarts or fails over. A real one can: asynchronous replication or an unsynced fsync can lose the last INCR, so the counter can repeat a number or go backwards. In production, take the token from a consensus store (the lock key's etcd creation revision, or the lock znode's ZooKeeper zxid) or from a sequence the storage itself owns.",
			Guide:  "fencing-tokens",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr},
				Clients: clients("A", "B"),
				Actions: pausedHolder(),
			},
			Expect: Outcome{WritesAccepted: 1, WritesRejected: 1, FinalValue: "b"},
		},
		{
			ID:     "fenced-late-write-first",
			Title:  "Fencing cannot refuse a late write that arrives first",
			Lesson: "A resource refuses a token only after it has seen a newer one: if the paused holder's write arrives before the new holder's first write, it is stored while someone else holds the lock.",
			Guide:  "fencing-tokens",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 1000, Client: "A", Op: OpPause, MS: 15000},
					{AtMS: 12000, Client: "B", Op: OpAcquire},
					{AtMS: 14000, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 17000, Client: "B", Op: OpWrite, Value: "b"},
				},
			},
			Expect: Outcome{Violations: []string{ViolationUnsafeWrite}, WritesAccepted: 2, FinalValue: "b"},
		},
		{
			ID:     "unconditional-del",
			Title:  "A plain DEL releases someone else's lock",
			Lesson: "A release that does not check the owner deletes whoever holds the lock now, and a third client walks in beside the second.",
			Guide:  "acquire-and-release",
			Scenario: Scenario{
				Lock:    LockConfig{Release: ReleaseUnconditionalDel, TokenSource: TokenIncr},
				Clients: clients("A", "B", "C"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 1000, Client: "A", Op: OpPause, MS: 11000},
					{AtMS: 11000, Client: "B", Op: OpAcquire},
					{AtMS: 11500, Client: "A", Op: OpRelease},
					{AtMS: 13000, Client: "C", Op: OpAcquire},
					{AtMS: 14000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 15000, Client: "C", Op: OpWrite, Value: "c"},
				},
			},
			Expect: Outcome{Violations: []string{ViolationForeignRelease, ViolationDoubleGrant, ViolationUnsafeWrite}, WritesAccepted: 2, FinalValue: "c"},
		},
		{
			ID:     "setnx-then-expire-crash",
			Title:  "SETNX, then EXPIRE, with a crash in between",
			Lesson: "Setting the key and its expiry in two commands leaves a window where a crash leaves a lock that never expires.",
			Guide:  "acquire-and-release",
			Scenario: Scenario{
				Lock:    LockConfig{Acquire: AcquireSetThenExpire, TokenSource: TokenIncr},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 0, Client: "A", Op: OpCrash},
					{AtMS: 15000, Client: "B", Op: OpAcquire},
					{AtMS: 60000, Client: "B", Op: OpAcquire},
				},
			},
			Expect: Outcome{Violations: []string{ViolationPermanentLock}},
		},
		{
			ID:     "heartbeat-paused",
			Title:  "The heartbeat pauses with the worker",
			Lesson: "A holder checks its lease (valid: the heartbeat just extended it) and freezes before the write; the heartbeat freezes with it, the lease runs out, and on waking the write goes out before the next heartbeat could tell it the lock is gone.",
			Guide:  "faq-extend-lease",
			Scenario: Scenario{
				Lock:     LockConfig{TokenSource: TokenNone},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  []Client{{ID: "A", HeartbeatMS: 3000}, {ID: "B"}},
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					// At 5000 A has checked its lease (extended to 13000 at
					// 3000) and is about to write when the pause hits: the
					// write is the next thing it runs.
					{AtMS: 5000, Client: "A", Op: OpPause, MS: 15000},
					{AtMS: 5000, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 14000, Client: "B", Op: OpAcquire},
					{AtMS: 15000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 21000, Client: "B", Op: OpRelease},
				},
			},
			Expect: Outcome{Violations: []string{ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "heartbeat-live",
			Title:  "A heartbeat keeps a live holder's lease",
			Lesson: "A short TTL extended by heartbeat lets a long job keep the lock while it lives, and frees it within one TTL if it dies.",
			Guide:  "ttl-cannot-be-tuned",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr},
				Clients: []Client{{ID: "A", HeartbeatMS: 3000}, {ID: "B"}},
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 5000, Client: "A", Op: OpWrite, Value: "a1"},
					{AtMS: 12000, Client: "B", Op: OpAcquire},
					{AtMS: 15000, Client: "A", Op: OpWrite, Value: "a2"},
					{AtMS: 20000, Client: "A", Op: OpCrash},
					{AtMS: 25000, Client: "B", Op: OpAcquire},
					{AtMS: 32000, Client: "B", Op: OpAcquire},
					{AtMS: 33000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 34000, Client: "B", Op: OpRelease},
				},
			},
			Expect: Outcome{WritesAccepted: 3, FinalValue: "b"},
		},
		{
			ID:     "redis-failover",
			Title:  "Redis failover loses the lock",
			Lesson: "Replication is asynchronous: the promoted replica never saw the key, so a second client gets the lock the first still holds.",
			Guide:  "efficiency-vs-correctness",
			Scenario: Scenario{
				Lock:     LockConfig{TokenSource: TokenNone},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions:  failoverActions(),
			},
			Expect: Outcome{Violations: []string{ViolationDoubleGrant, ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "consensus-failover",
			Title:  "The same failover under consensus",
			Lesson: "A consensus service commits the grant to a majority before answering, so a new leader still knows who holds the lock; the token is the grant's revision, which no failover takes back.",
			Guide:  "implementing-it",
			Scenario: Scenario{
				Lock:    LockConfig{Model: ModelConsensus},
				Clients: clients("A", "B"),
				Actions: failoverActions(),
			},
			Expect: Outcome{WritesAccepted: 1, FinalValue: "a"},
		},
		{
			ID:     "redlock-clock-jump",
			Title:  "Redlock with clocks that jump",
			Lesson: "Redlock trusts clocks: when a majority of nodes' clocks jump ahead, the keys expire early and a second client gets a majority.",
			Guide:  "redlock-dispute",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 2000, Op: OpClockJump, Node: 1, MS: 15000},
					{AtMS: 2000, Op: OpClockJump, Node: 2, MS: 15000},
					{AtMS: 2000, Op: OpClockJump, Node: 3, MS: 15000},
					{AtMS: 3000, Client: "B", Op: OpAcquire},
					{AtMS: 4000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 5000, Client: "A", Op: OpWrite, Value: "a"},
				},
			},
			Expect: Outcome{Violations: []string{ViolationDoubleGrant, ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "delayed-write",
			Title:  "A write delayed in the network",
			Lesson: "A write can arrive long after its lease ended without any pause at the client; the stale token (from the INCR in the acquire script) is what gets it refused.",
			Guide:  "fencing-tokens",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 900, Client: "A", Op: OpDelay, MS: 15000},
					{AtMS: 1000, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 12000, Client: "B", Op: OpAcquire},
					{AtMS: 13000, Client: "B", Op: OpWrite, Value: "b"},
				},
			},
			Expect: Outcome{WritesAccepted: 1, WritesRejected: 1, FinalValue: "b"},
		},
		{
			ID:     "database-conditional-update",
			Title:  "A conditional UPDATE instead of a lock",
			Lesson: "When the invariant lives in one row, a guarded UPDATE gives mutual exclusion with no lock service: the claim's epoch column is the token and the database's own clock decides the expiry. B's claim is refused, so B does not write; the guard is there for a holder whose claim lapsed without its knowing.",
			Guide:  "lock-you-did-not-need",
			Scenario: Scenario{
				Lock:    LockConfig{Model: ModelDatabase, TTLMS: 30000},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpClaim},
					{AtMS: 0, Client: "B", Op: OpClaim},
					{AtMS: 1000, Client: "A", Op: OpWrite, Value: "seat 12A: A"},
					{AtMS: 1500, Client: "B", Op: OpWrite, Value: "seat 12A: B"},
					{AtMS: 2000, Client: "A", Op: OpRelease},
					{AtMS: 3000, Client: "B", Op: OpClaim},
				},
			},
			Expect: Outcome{WritesAccepted: 1, FinalValue: "seat 12A: A"},
		},
		{
			ID:     "counter-lost-on-failover",
			Title:  "A fencing counter that fails over with the lock",
			Lesson: "Tokens are only as durable as the counter: INCRed in an asynchronously replicated Redis, it goes back on failover and hands out a token twice.",
			Guide:  "implementing-it",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 100, Client: "A", Op: OpWrite, Value: "a1"},
					{AtMS: 500, Op: OpFailover},
					{AtMS: 600, Client: "B", Op: OpAcquire},
					{AtMS: 700, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 800, Client: "A", Op: OpWrite, Value: "a2"},
				},
			},
			Expect: Outcome{Violations: []string{ViolationTokenReuse, ViolationDoubleGrant, ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 3, FinalValue: "a2"},
		},
		{
			ID:     "idempotent-job-reclaimed",
			Title:  "A job claim lapses mid-run and is reclaimed: a double charge",
			Lesson: "A claimed job can be reclaimed while its first owner is stalled, so the second owner charges again; each charge was made under a valid claim, so no guard refuses it: the ledger holds the same charge twice.",
			Guide:  "faq-run-once",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelDatabase},
				Resource: ResourceConfig{Kind: ResourceLedger},
				Clients:  clients("A", "B"),
				Actions:  reclaimedJob(),
			},
			Expect: Outcome{Violations: []string{ViolationDuplicateEffect}, WritesAccepted: 3, WritesRejected: 1, FinalValue: "done job-7"},
		},
		{
			ID:     "idempotency-key-dedup",
			Title:  "The same reclaimed job with an idempotency key",
			Lesson: "With the job id as idempotency key, the ledger applies the charge once: the second owner's charge is acknowledged and not applied, which no lock or fencing token can do for you.",
			Guide:  "optimistic-concurrency",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelDatabase},
				Resource: ResourceConfig{Kind: ResourceLedger, IdempotencyKeys: true},
				Clients:  clients("A", "B"),
				Actions:  reclaimedJob(),
			},
			Expect: Outcome{WritesAccepted: 2, WritesRejected: 2, FinalValue: "done job-7"},
		},
		{
			ID:     "redlock-split-vote",
			Title:  "Redlock split vote: nobody gets a majority",
			Lesson: "With one node down and each client cut off from two others, each gets 2 of 5 nodes: both fail, unlock the nodes that said yes and retry after a random delay, and only when the node is back does one retry win.",
			Guide:  "redlock-operations",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock, Retries: 3},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Op: OpNodeDown, Node: 3},
					{AtMS: 0, Op: OpPartition, Client: "A", Nodes: []int{4, 5}},
					{AtMS: 0, Op: OpPartition, Client: "B", Nodes: []int{1, 2}},
					{AtMS: 100, Client: "A", Op: OpAcquire},
					{AtMS: 100, Client: "B", Op: OpAcquire},
					{AtMS: 250, Op: OpNodeUp, Node: 3},
					{AtMS: 1000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 1500, Op: OpHeal},
				},
			},
			Expect: Outcome{WritesAccepted: 1, FinalValue: "b"},
		},
		{
			ID:     "redlock-two-down",
			Title:  "Redlock survives 2 of 5 nodes down",
			Lesson: "Three of five nodes are still a majority: with two down, one client gets the lock and the other is refused, as the algorithm promises while clocks behave.",
			Guide:  "redlock-operations",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Op: OpNodeDown, Node: 4},
					{AtMS: 0, Op: OpNodeDown, Node: 5},
					{AtMS: 100, Client: "A", Op: OpAcquire},
					{AtMS: 200, Client: "B", Op: OpAcquire},
					{AtMS: 300, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 400, Client: "A", Op: OpRelease},
					{AtMS: 500, Client: "B", Op: OpAcquire},
					{AtMS: 600, Client: "B", Op: OpWrite, Value: "b"},
				},
			},
			Expect: Outcome{WritesAccepted: 2, FinalValue: "b"},
		},
		{
			ID:     "redlock-one-clock-jump",
			Title:  "Redlock and one clock that jumps",
			Lesson: "Kleppmann's case: A holds nodes 1–3, B cannot reach nodes 1–2; one jump of node 3's clock expires A's key there, and B gets 3, 4 and 5, a second majority while A still holds.",
			Guide:  "redlock-operations",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Op: OpPartition, Client: "A", Nodes: []int{4, 5}},
					{AtMS: 0, Op: OpPartition, Client: "B", Nodes: []int{1, 2}},
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 1000, Op: OpClockJump, Node: 3, MS: 15000},
					{AtMS: 2000, Client: "B", Op: OpAcquire},
					{AtMS: 3000, Client: "B", Op: OpWrite, Value: "b"},
					{AtMS: 4000, Client: "A", Op: OpWrite, Value: "a"},
				},
			},
			Expect: Outcome{Violations: []string{ViolationDoubleGrant, ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "redlock-restart-no-persistence",
			Title:  "A Redlock node restarts without persistence",
			Lesson: "A node that restarts empty forgets A's key; B, which cannot reach nodes 1–2, gets a majority with it: a restart breaks Redlock's safety unless the node keeps its keys or stays down.",
			Guide:  "redlock-operations",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock, Persistence: PersistNone},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions:  redlockRestart(0),
			},
			Expect: Outcome{Violations: []string{ViolationDoubleGrant, ViolationUnsafeWrite, ViolationStaleWrite}, WritesAccepted: 2, FinalValue: "a"},
		},
		{
			ID:     "redlock-delayed-restart",
			Title:  "The same restart, delayed longer than the TTL",
			Lesson: "The Redis docs' mitigation: a crashed node stays down longer than the TTL, so every key it forgot has expired anyway; B finds only two nodes and is refused, and gets the lock only once A's lease is over.",
			Guide:  "redlock-operations",
			Scenario: Scenario{
				Lock:     LockConfig{Model: ModelRedlock, Persistence: PersistNone},
				Resource: ResourceConfig{CheckFencing: boolp(false)},
				Clients:  clients("A", "B"),
				Actions: append(redlockRestart(11000)[:5:5],
					Action{AtMS: 4000, Client: "A", Op: OpWrite, Value: "a"},
					Action{AtMS: 12500, Client: "B", Op: OpAcquire},
					Action{AtMS: 13000, Client: "B", Op: OpWrite, Value: "b"}),
			},
			Expect: Outcome{WritesAccepted: 2, FinalValue: "b"},
		},
		{
			ID:     "consensus-minority-partition",
			Title:  "A client cut off with a minority of the cluster",
			Lesson: "A consensus service grants only what a majority commits: member 3 is split from the others, B reaches only member 3 and is refused, while A on the majority side is granted the lock.",
			Guide:  "consensus-clients",
			Scenario: Scenario{
				Lock:    LockConfig{Model: ModelConsensus},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Op: OpPartition, Nodes: []int{3}},
					{AtMS: 0, Op: OpPartition, Client: "B", Nodes: []int{1, 2}},
					{AtMS: 100, Client: "B", Op: OpAcquire},
					{AtMS: 200, Client: "A", Op: OpAcquire},
					{AtMS: 300, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 400, Client: "A", Op: OpRelease},
					{AtMS: 500, Op: OpHeal},
					{AtMS: 600, Client: "B", Op: OpAcquire},
					{AtMS: 700, Client: "B", Op: OpWrite, Value: "b"},
				},
			},
			Expect: Outcome{WritesAccepted: 2, FinalValue: "b"},
		},
		{
			ID:     "consensus-leader-refresh",
			Title:  "A new etcd leader refreshes the lease",
			Lesson: "A new leader cannot know how long the old one counted, so it restarts every lease at its full TTL: the lease of A, which crashed at 1 s, was due to end at 10 s and now lasts until 18 s, so B, asking at 12 s, is refused. (etcd's new leader also adds about an election timeout; the sandbox leaves it out.)",
			Guide:  "consensus-clients",
			Scenario: Scenario{
				Lock:    LockConfig{Model: ModelConsensus},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 1000, Client: "A", Op: OpCrash},
					{AtMS: 8000, Op: OpNodeDown, Node: 1},
					{AtMS: 12000, Client: "B", Op: OpAcquire},
					{AtMS: 19000, Client: "B", Op: OpAcquire},
					{AtMS: 19500, Client: "B", Op: OpWrite, Value: "b"},
				},
			},
			Expect: Outcome{WritesAccepted: 1, FinalValue: "b"},
		},
		{
			ID:     "redis-wait-sync",
			Title:  "WAIT: acknowledged by the replica, still not consensus",
			Lesson: "With WAIT 1 the grant is answered only once the one replica has the key, so this failover, which promotes that replica, still finds the key and B is refused. That is safer, not safe: WAIT is not consensus, and Sentinel knows nothing of single writes. It ranks the replicas by their configured replica-priority, then by replication offset, then by run id, so with more replicas a failover can promote one that never got the write, and nothing guarantees the acknowledged key survives. And WAIT undoes nothing: with the replica down, B's SET still lands on the primary and WAIT gets no acknowledgement, so B must count the attempt as failed and delete the key itself, with the token-checked delete.",
			Guide:  "redis-operations",
			Scenario: Scenario{
				Lock:    LockConfig{TokenSource: TokenIncr, LagMS: int64p(0)},
				Clients: clients("A", "B"),
				Actions: []Action{
					{AtMS: 0, Client: "A", Op: OpAcquire},
					{AtMS: 500, Op: OpFailover},
					{AtMS: 1000, Client: "B", Op: OpAcquire},
					{AtMS: 1500, Client: "A", Op: OpWrite, Value: "a"},
					{AtMS: 2000, Client: "A", Op: OpRelease},
					{AtMS: 3000, Op: OpNodeDown, Node: 2},
					{AtMS: 3500, Client: "B", Op: OpAcquire},
				},
			},
			Expect: Outcome{WritesAccepted: 1, FinalValue: "a"},
		},
	}
	for i := range ps {
		ps[i].Scenario = ps[i].Scenario.WithDefaults()
		if ps[i].Expect.Violations == nil {
			ps[i].Expect.Violations = []string{}
		}
	}
	return ps
}

// pausedHolder is the stop-the-world pause of DESIGN.md: A freezes between
// checking its lease and writing, B acquires after the expiry and writes,
// A wakes and writes.
func pausedHolder() []Action {
	return []Action{
		{AtMS: 0, Client: "A", Op: OpAcquire},
		{AtMS: 1000, Client: "A", Op: OpPause, MS: 15000},
		{AtMS: 12000, Client: "B", Op: OpAcquire},
		{AtMS: 13000, Client: "B", Op: OpWrite, Value: "b"},
		{AtMS: 14000, Client: "A", Op: OpWrite, Value: "a"},
	}
}

// failoverActions: the service fails over 500 ms after A's grant, inside
// the replication lag; B asks, both write.
func failoverActions() []Action {
	return []Action{
		{AtMS: 0, Client: "A", Op: OpAcquire},
		{AtMS: 500, Op: OpFailover},
		{AtMS: 1000, Client: "B", Op: OpAcquire},
		{AtMS: 1500, Client: "B", Op: OpWrite, Value: "b"},
		{AtMS: 2000, Client: "A", Op: OpWrite, Value: "a"},
	}
}

// reclaimedJob: A claims job 7, charges, stalls; its claim lapses, B
// reclaims the job and charges again; A's last write comes too late.
func reclaimedJob() []Action {
	return []Action{
		{AtMS: 0, Client: "A", Op: OpClaim},
		{AtMS: 1000, Client: "A", Op: OpWrite, Value: "charge job-7"},
		{AtMS: 2000, Client: "A", Op: OpPause, MS: 20000},
		{AtMS: 3000, Client: "A", Op: OpWrite, Value: "done job-7"},
		{AtMS: 15000, Client: "B", Op: OpClaim},
		{AtMS: 16000, Client: "B", Op: OpWrite, Value: "charge job-7"},
		{AtMS: 17000, Client: "B", Op: OpWrite, Value: "done job-7"},
	}
}

// redlockRestart: A holds nodes 1–3 (it cannot reach 4–5), node 3
// restarts and stays down for down ms, B (which cannot reach 1–2) asks.
func redlockRestart(down int64) []Action {
	return []Action{
		{AtMS: 0, Op: OpPartition, Client: "A", Nodes: []int{4, 5}},
		{AtMS: 0, Op: OpPartition, Client: "B", Nodes: []int{1, 2}},
		{AtMS: 0, Client: "A", Op: OpAcquire},
		{AtMS: 1000, Op: OpRestart, Node: 3, MS: down},
		{AtMS: 2000, Client: "B", Op: OpAcquire},
		{AtMS: 3000, Client: "B", Op: OpWrite, Value: "b"},
		{AtMS: 4000, Client: "A", Op: OpWrite, Value: "a"},
	}
}

func clients(ids ...string) []Client {
	cs := make([]Client, len(ids))
	for i, id := range ids {
		cs[i] = Client{ID: id}
	}
	return cs
}

func boolp(v bool) *bool { return &v }

// PresetByID returns the preset with the given id.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}
