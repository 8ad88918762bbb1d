package quiz_test

import "testing"

// TestCasualSentencesAreNoListG24e: a casual answer written in short
// lowercase clauses is speech, not a keyword list (g24e). Two readings
// made such answers lists: a past tense after a subject pronoun the verb
// table does not know ("someone DEL'ed the key", "it expired") was no
// finite verb, so an answer whose other verbs are ambiguous read as
// verbless; and a run of examples with a clause inside it ("hdfs epochs
// so a stale namenode can't write") between two spoken sentences weighed
// as a full list. Keyword lists in several shapes still fail, including
// ones with such a past tense or clause slipped in.
func TestCasualSentencesAreNoListG24e(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		// casual speech passes
		{"fencing-in-real-systems", "honestly you see them all over, they just go by epoch or term. raft terms, zookeeper zxids, kafka producer epochs so a zombie producer can't commit, hdfs journal epochs, etcd revisions in a txn compare. same idea each time: a number that goes up on every change of owner, and the storage side refuses anything older, not the client.", true},
		{"two-holders", "step one: a timeline. logs from both workers with the lock value they held, when each write hit the db, what redis did then (failover? restart? eviction?), gc pauses on the hosts. likely causes: the lease expired during a long pause, the key got lost in a failover, or someone deleted it without checking the value. fix: a fencing token the db checks, not a longer ttl.", true},
		// keyword lists in several shapes do not
		{"fencing-in-real-systems", "raft term, kafka epoch, hdfs qjm, chubby sequencer, etcd revision, monotonic number, storage rejects", false},
		{"fencing-in-real-systems", "raft term\nkafka producer epoch\nhdfs qjm epoch\nchubby sequencer\nmonotonic number\nstale rejected", false},
		{"fencing-in-real-systems", "- raft terms\n- kafka epochs\n- hdfs qjm\n- chubby sequencers\n- zombie leader\n- storage side", false},
		{"fencing-in-real-systems", "they're everywhere. raft term, kafka epoch, hdfs qjm so a namenode can't write, chubby sequencer, zookeeper zxid.", false},
		{"two-holders", "timeline, logs, lock value, gc pause, failover, eviction, someone deleted, fencing token, bigger ttl", false},
		{"two-holders", "- timeline\n- logs\n- it expired\n- failover\n- eviction\n- fencing token", false},
	})
}

// TestCommandWithBareQualifierG24e: a notes line that gives the acquire
// command and closes it with one bare word qualifying it ("Take it:
// `SET ...`, atomic.") says the command, as "..., which is atomic" does,
// and earns set-nx-px (g24e). A bare pair of terms, a command split in
// two steps, a command without the expiry, and the same line in a keyword
// list do not.
func TestCommandWithBareQualifierG24e(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "Take it: `SET lock:order42 <uuid> NX PX 15000`, atomic.", true},
		{"redis-lock-and-failure", "set-nx-px", "Lock: `SET res:7 my-random-id NX PX 8000`, single.", true},
		{"redis-lock-and-failure", "set-nx-px", "Take it: `SET NX PX`, atomic.", false},
		{"redis-lock-and-failure", "set-nx-px", "Take it: `SETNX lock:order42 <uuid>` then `PEXPIRE lock:order42 15000`, atomic.", false},
		{"redis-lock-and-failure", "set-nx-px", "Take it: `SET lock:order42 <uuid> NX GET`, atomic.", false},
		{"redis-lock-and-failure", "set-nx-px", "SET NX PX, atomic, Lua, DEL, fencing, failover", false},
	})
}

// TestAtomicTwoStepAcquireG24e: "atomic" said of an acquire whose expiry
// is set in a second step ("SETNX then PEXPIRE, atomic") is the bug, not
// the point (g24e tightens the atomic reading of set-nx-px); the one-call
// acquire said to be atomic still earns it.
func TestAtomicTwoStepAcquireG24e(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "Acquiring sets the key and its expiry in one atomic call.", true},
		{"redis-lock-and-failure", "set-nx-px", "I set the lock key, then pexpire it, and that is atomic enough.", false},
		{"redis-lock-and-failure", "set-nx-px", "The lock key is set, followed by an expire, all atomic.", false},
	})
}
