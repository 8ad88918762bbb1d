// Package sandbox is lockdrill's deterministic lock-service simulator.
//
// A Scenario configures a lock service (one of four models), the clients
// that use it and a storage register they write to, plus a list of actions
// at virtual milliseconds. Run plays the scenario on a discrete-event loop
// and returns a Timeline: every event in order, a Summary and the
// violations that Check derives from the events alone. The same scenario
// always yields the same timeline (no wall clock, no goroutines, no map
// iteration), so a stored timeline is just (scenario, EngineVersion) and a
// replay is a re-run. Timeline.StateAt gives the world after any step.
//
// What the events leave behind (keys per node, beliefs per client, pauses,
// nodes down, partitions) is replayed in one place, NewLedger
// (Timeline.Ledger), as spans between event indexes; Check and StateAt
// read the ledger, and a new event kind is taught to it once. Event.Touches
// is the one rule for which lock nodes an event acts on.
//
// Rules of the simulation, each pinned by a test:
//   - Actions run at their at_ms; at the same millisecond, actions run in
//     file order and before anything the run itself scheduled. A restart
//     with down time 0 is back at once, before the next action.
//   - A paused client runs nothing: its actions, heartbeats and the answers
//     it receives wait, in order, until the pause ends (a late heartbeat
//     fires once). It does not re-check its lease when it resumes.
//   - A write carries the token and grant of the client's latest grant.
//     A client that knows it holds no lock (never granted, refused,
//     released, or its extend failed) does not write: the write is
//     skipped. One that believes it holds a lapsed lease writes.
//   - With latency 0 (the default) a message and its answer take no time,
//     so cause and effect appear in causal order within one millisecond.
//   - A refused acquire leaves its key on the nodes that said yes; the
//     client unlocks them as soon as it takes in the refusal, and retries
//     (lock.retries) after a delay drawn from lock.seed.
//   - A node that is down, or cut off from a client by a partition, does
//     not answer that client; a consensus cluster answers only through a
//     leader that reaches a majority, and a new leader restarts every
//     lease at its full TTL.
//   - A run stops at MaxEvents events (the events budget).
//
// The package is pure: no I/O beyond an io.Writer for WriteTable, and no
// globals but a pool of scratch buffers that Run reuses and that carries
// nothing from one run to the next. The lockdrill sim command and the web
// UI are thin shells around Parse, Run, Timeline.StateAt and Presets.
package sandbox

// EngineVersion identifies the simulator's semantics. Bump it whenever a
// timeline for the same scenario would change, so that a saved timeline can
// tell that a re-run would no longer match it.
const EngineVersion = "6"
