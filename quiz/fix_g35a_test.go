package quiz_test

import "testing"

// Tests for g35a: a check described together with its gap. The red flags
// whose claim is a check the holder makes before acting, said to make the
// act safe (client-side-fencing, check-then-act-safe), declare that shape
// (claim: check-before-act). Candidates who know why such a check fails
// describe it to take it apart: "any check I make before the call can be
// invalidated by a pause right after it", "that is check-then-act and it
// has a gap", "it helps a bit but it just assumes pauses are short". A
// match whose sentence, or the next one speaking of the check, states the
// gap raises nothing (quiz/diagnosed.go). g35aCorrect must stay clean of
// both flags, alone and inserted into a clean answer; several raised
// client-side-fencing on main. g35aClaims are the same check asserted:
// plainly, with the gap denied ("there is no gap"), closed ("that closes
// the race"), waved off ("a pause after the check never matters", "too
// rare to matter", "so it is safe"), with another gap named beside it ("the
// only gap left is clock drift"), in a list, as a recommendation; they must
// stay flagged. Every sentence is our own.

var g35aCorrect = []flagCase{
	{"correct-01", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "First accept the limit: any check I make before the call — lease still valid, token still newest — can be invalidated by a pause right after it.", false},
	{"correct-02", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "A holder can pass every check and then pause before the request hits the wire.", false},
	{"correct-03", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Checking the lease right before the call helps a bit but it just assumes pauses are short, which is the whole problem.", false},
	{"correct-04", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "A typical attempt is: before each Put, check that the session is still alive (select on session.Done()) or call an \"am I leader\" query, then Put. That is check-then-act and it has a gap: the GC pause can come exactly after the check.", false},
	{"correct-05", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Check remaining lease time before calling, with a margin. Assumes bounded pauses and clock drift, so it is probabilistic only.", false},
	{"correct-06", "fencing-token", "client-side-fencing|check-then-act-safe", "The client can check that it still holds the lock before each write, but that is a time-of-check to time-of-use race: the lease can expire right after the check.", false},
	{"correct-07", "fencing-token", "client-side-fencing|check-then-act-safe", "Verifying the token in the client before the write is not enough, because the process can stall between the check and the write.", false},
	{"correct-08", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "You could have the worker confirm it is still the leader right before the call. The problem is the window between that check and the call, where a pause lets another leader in.", false},
	{"correct-09", "fencing-token", "client-side-fencing|check-then-act-safe", "Checking the lease before each write only narrows the race; it does not close it.", false},
	{"correct-10", "fencing-token", "client-side-fencing|check-then-act-safe", "The client checks its lease before writing, yet by the time the write lands the check is stale.", false},
	{"correct-11", "fencing-token", "client-side-fencing|check-then-act-safe", "Before each write the worker can ask whether its lease is still valid. That check is racy: a pause after it defeats it.", false},
	{"correct-12", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "A check of the TTL left right before the call is probabilistic: it assumes the pause is shorter than the margin.", false},
	{"correct-13", "fencing-token", "client-side-fencing|check-then-act-safe", "Checking that the lock is still held just before the write leaves a window in which the lease can expire.", false},
	{"correct-14", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Re-checking ownership right before the call narrows the gap but cannot close it.", false},
	{"correct-15", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Checking the lease right before each call is a check-then-act: the holder can pause right after the check.", false},
	{"correct-16", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Before each Put the client checks that its session is still alive and that it is still the leader. This is check-then-act: the session can expire right after the check, so the Put must carry the revision compare.", false},
	{"correct-17", "fencing-token", "client-side-fencing|check-then-act-safe", "The worker verifies it still holds the lock right before writing. A GC pause can land right after that check, so it guarantees nothing.", false},
	{"correct-18", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Checking that the lease is still valid just before the call is a TOCTOU race.", false},
	{"correct-19", "fencing-token", "client-side-fencing|check-then-act-safe", "The client could verify it still holds the lock right before each write, but the lease can expire in the window between that check and the write.", false},
	{"correct-20", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "A pre-call lease check is a cheap extra filter, but it assumes bounded pauses.", false},
	{"correct-21", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Checking session.Done() before each Put is racy: the lease can expire right after the check, so use the Txn compare instead.", false},
	{"correct-22", "fencing-token", "client-side-fencing|check-then-act-safe", "Re-reading the lock key right before the write is a time-of-check to time-of-use race, which is why the storage must compare the token.", false},
	{"correct-23", "fencing-token", "client-side-fencing|check-then-act-safe", "Before each write the client checks its lease is still valid. That is not enough on its own: a pause right after the check lets the stale write land, so the storage must compare the token.", false},
	{"correct-24", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Some teams re-check the lease right before the call; it is still check-then-act, and a GC pause can land after the check.", false},
}

var g35aClaims = []flagCase{
	{"claim-01", "fencing-token", "client-side-fencing|check-then-act-safe", "Before each write the client checks its lease is still valid, so a stale holder never writes.", true},
	{"claim-02", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "The client verifies it still holds the lock right before the call — that closes the race.", true},
	{"claim-03", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "A check before the Put is enough because etcd is fast.", true},
	{"claim-04", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "The worker confirms it is still the leader right before the call, and that removes the race.", true},
	{"claim-05", "fencing-token", "client-side-fencing|check-then-act-safe", "I recommend checking that the lease is still valid right before each write; that makes overlap impossible.", true},
	{"claim-06", "fencing-token", "client-side-fencing|check-then-act-safe", "There is no gap: the client checks it still holds the lock immediately before the write.", true},
	{"claim-07", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Check that the session is still alive before each Put; with that check in place a paused holder can no longer write.", true},
	{"claim-08", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "GC pauses are the real gap. Checking that the lease is still valid right before each call removes the race.", true},
	{"claim-09", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Instead of fencing tokens, the client checks the lock is still held right before each call, and the race is gone.", true},
	{"claim-10", "fencing-token", "client-side-fencing|check-then-act-safe", "The client checks its lease right before each write, so the race is gone. The only gap left is clock drift.", true},
	{"claim-11", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Before every Put, check that the session is still alive and that we are still the leader. Etcd is fast, so a pause after the check never matters.", true},
	{"claim-12", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Check the lease is still valid right before each call. A pause after the check is theoretically possible but too rare to matter, so the race is gone.", true},
	{"claim-13", "fencing-token", "client-side-fencing|check-then-act-safe", "The client checks its lease is still valid immediately before the write, which eliminates the race, although clock drift is a separate problem.", true},
	{"claim-14", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "To be safe, the worker asks the lock service whether it still holds the lock right before each call, and that closes the race entirely.", true},
	{"claim-15", "fencing-token", "client-side-fencing|check-then-act-safe", "Before each write the client checks that its lease is still valid, which avoids the race.", true},
	{"claim-16", "fencing-token", "client-side-fencing|check-then-act-safe", "Right before each write the worker confirms it is still the leader; this shrinks the window to zero.", true},
	{"claim-17", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "The lease check right before each call is good enough; the race is theoretical.", true},
	{"claim-18", "fencing-token", "client-side-fencing|check-then-act-safe", "Before every write the worker checks it still holds the lock. That check is cheap and it closes the gap.", true},
	{"claim-19", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Before every Put, check session.Done() with a non-blocking select. Etcd is strongly consistent, so after this check no other leader can exist, and a paused leader sees Done when it wakes.", true},
	{"claim-20", "optimistic-concurrency", "client-side-fencing|check-then-act-safe", "The server can SELECT the version, compare it in code and then run a plain UPDATE, since the window between them is only a few milliseconds.", true},
	{"claim-21", "fencing-token", "client-side-fencing|check-then-act-safe", "The client checks its lease right before each write, which is check-then-act, and that is exactly what makes it safe.", true},
	{"claim-22", "fencing-token", "client-side-fencing|check-then-act-safe", "The listener isn't enough on its own, so the worker checks that it still holds the lock right before each write, and that makes the write safe.", true},
	{"claim-23", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Some call it check-then-act, but if the worker verifies it still holds the lock right before the call, nothing can go wrong.", true},
	{"claim-24", "fencing-token", "client-side-fencing|check-then-act-safe", "Before each write the client checks that its lease is still valid. The race people mention is overblown.", true},
	{"claim-25", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Right before each call the worker checks it still holds the lock. That leaves clock drift as the only gap.", true},
	{"claim-26", "etcd-revision-guard", "client-side-fencing|check-then-act-safe", "Before each Put the leader confirms it is still the leader, so the race is gone; a GC pause right after the check is not a concern.", true},
}

func TestFixG35aCorrect(t *testing.T) {
	checkFlagCases(t, g35aCorrect)
	checkInserted(t, g24bBase, false, g35aCorrect)
}

func TestFixG35aClaims(t *testing.T) {
	checkFlagCases(t, g35aClaims)
}
