package quiz_test

import "testing"

// Tests for g31a: recall of two claim families on unfenceable-resource
// and idempotency-keys. Every sentence is our own.
//   - client-side-fencing: a lease re-check (margin, time left) right
//     before the call sold as removing the late-call risk;
//   - timeout-bounds-call: a TTL above the API timeout sold as removing it;
//   - redlock-correctness: a quorum or consensus lock sold as making the
//     holder's pauses stop mattering (a Redis node's own pause is fine);
//   - fresh-idempotency-key: the server or gateway minting the key per
//     request.
// g31aClaims must raise the flag named, alone and inside a clean answer;
// g31aCorrect share their words (the counterpart, negated, refuted,
// asked, diagnosed) and must stay clean of it.

var g31aClaims = []flagCase{
	{"claim-01", "unfenceable-resource", "client-side-fencing", "Re-check the lease with a 3-second margin right before calling the provider, and that eliminates the risk of a late charge.", true},
	{"claim-02", "unfenceable-resource", "client-side-fencing", "Confirm the remaining lease before calling, and the call is guaranteed to finish while the lock is held.", true},
	{"claim-04", "unfenceable-resource", "timeout-bounds-call", "Put the TTL well above the HTTP timeout, which eliminates the pause risk.", true},
	{"claim-05", "unfenceable-resource", "timeout-bounds-call", "Set the TTL longer than the client timeout and the risk is removed completely.", true},
	{"claim-06", "unfenceable-resource", "redlock-correctness", "The pause problem goes away once the lock lives in ZooKeeper.", true},
	{"claim-07", "unfenceable-resource", "redlock-correctness", "With etcd consensus behind the lock, a holder that froze can't make the call late.", true},
	{"claim-08", "unfenceable-resource", "redlock-correctness", "Taking the lock on a quorum of five Redis nodes makes the holder immune to process pauses.", true},
	{"claim-09", "idempotency-keys", "fresh-idempotency-key", "The server generates an idempotency key for each incoming POST and stores it under a unique index.", true},
	{"claim-10", "idempotency-keys", "fresh-idempotency-key", "Our gateway mints a UUID per request as the idempotency key, so the app needs no update.", true},
	{"claim-11", "idempotency-keys", "fresh-idempotency-key", "The backend issues the key when it receives the payment call and saves it with the payment row.", true},
}

var g31aCorrect = []flagCase{
	{"correct-01", "unfenceable-resource", "client-side-fencing", "Re-checking the lease right before the call with a margin narrows the window but cannot close it.", false},
	{"correct-02", "unfenceable-resource", "client-side-fencing", "A check right before calling does not eliminate the risk: the process can pause after the check.", false},
	{"correct-03", "unfenceable-resource", "client-side-fencing", "Checking the remaining lease before the call reduces the risk of a late call; it never removes it.", false},
	{"correct-04", "unfenceable-resource", "client-side-fencing", "Some people think a lease check right before the call eliminates the risk, which is a myth.", false},
	{"correct-05", "unfenceable-resource", "client-side-fencing", "The tempting answer is that re-checking with a margin removes the risk, but a GC pause after the check still lets the call through.", false},
	{"correct-06", "unfenceable-resource", "client-side-fencing", "Does a margin check right before the call eliminate the risk? No, it only shrinks the window.", false},
	{"correct-07", "unfenceable-resource", "client-side-fencing", "Verifying the lease left before calling is a best effort; the idempotency key is what removes the risk of a double charge.", false},
	{"correct-08", "unfenceable-resource", "client-side-fencing", "A check with a margin is not guaranteed to finish the call while the lock is still held, since a pause can land after the check.", false},
	{"correct-09", "unfenceable-resource", "client-side-fencing", "Confirm the time left before the call, but treat it as narrowing the gap, not as fencing.", false},
	{"correct-10", "unfenceable-resource", "client-side-fencing", "The margin check before the call makes a late call rarer; only the provider's dedupe by key removes the risk.", false},
	{"correct-11", "unfenceable-resource", "client-side-fencing", "I'd check the remaining lease right before calling as a cheap filter, knowing it cannot remove the risk entirely.", false},
	{"correct-12", "unfenceable-resource", "client-side-fencing", "\"Check the lease right before the call and the risk is gone\" is the classic mistake: the check and the call are two steps.", false},
	{"correct-13", "unfenceable-resource", "client-side-fencing", "The gatekeeper removes the risk for calls that go through it; the lease check before calling only narrows the gap.", false},
	{"correct-14", "unfenceable-resource", "client-side-fencing", "Re-checking before the call with a safety margin won't eliminate the risk, because nothing bounds how long the process freezes.", false},
	{"correct-15", "unfenceable-resource", "client-side-fencing", "Even a check immediately before the call leaves a window; it is a timing assumption, not a guarantee.", false},
	{"correct-16", "unfenceable-resource", "client-side-fencing", "A check right before the call can't be guaranteed to finish while the lease holds, as a stall can happen in between.", false},
	{"correct-17", "unfenceable-resource", "client-side-fencing", "Candidates often claim that verifying the lease right before the call eliminates the risk, and that claim is false.", false},
	{"correct-18", "unfenceable-resource", "client-side-fencing", "A margin check before calling helps, although it never removes the risk on its own.", false},
	{"correct-19", "unfenceable-resource", "timeout-bounds-call", "Checking the remaining TTL before the call mostly removes the risk, yet a long pause still gets through.", false},
	{"correct-20", "unfenceable-resource", "client-side-fencing", "The only thing that removes the risk is a check at the resource; a check right before the call in the client does not.", false},
	{"correct-21", "unfenceable-resource", "client-side-fencing", "Check the lease before the call if you like, but the conditional write is what removes the risk.", false},
	{"correct-22", "unfenceable-resource", "client-side-fencing", "Would a check right before the call eliminate the risk? Only if pauses were bounded, and they are not.", false},
	{"correct-23", "unfenceable-resource", "client-side-fencing", "The diagnosis: the team believed a re-check with a margin eliminated the risk, and a 40-second GC pause proved otherwise.", false},
	{"correct-24", "unfenceable-resource", "client-side-fencing", "Confirming the lease right before the call shrinks the exposure; it is no fence and does not remove the risk.", false},
	{"correct-25", "unfenceable-resource", "client-side-fencing", "A check before the call assumes the pause is shorter than the margin, so it narrows the risk rather than removing it.", false},
	{"correct-26", "unfenceable-resource", "client-side-fencing", "We re-check the lease with a margin right before the call to reduce stale calls, and use an idempotency key derived from the payment to remove the risk of a double charge.", false},
	{"correct-27", "unfenceable-resource", "timeout-bounds-call", "A TTL longer than the API timeout does not remove the pause risk; the process can freeze after the timeout fires.", false},
	{"correct-28", "unfenceable-resource", "timeout-bounds-call", "Making the TTL bigger than the timeout narrows the window but cannot remove the risk completely.", false},
	{"correct-29", "unfenceable-resource", "timeout-bounds-call", "People think a TTL longer than the HTTP timeout removes the risk; the request may already be on the wire.", false},
	{"correct-30", "unfenceable-resource", "timeout-bounds-call", "A lease longer than the timeout makes a late call less likely, not impossible.", false},
	{"correct-31", "unfenceable-resource", "timeout-bounds-call", "Is a TTL longer than the timeout fully safe? No: a pause after the timeout still lets the old holder act.", false},
	{"correct-32", "unfenceable-resource", "timeout-bounds-call", "The mistake is believing a TTL greater than the timeout removes the risk completely.", false},
	{"correct-33", "unfenceable-resource", "timeout-bounds-call", "A TTL above the timeout only narrows the gap; the idempotency key removes the risk of a second charge.", false},
	{"correct-34", "unfenceable-resource", "timeout-bounds-call", "Even a TTL ten times longer than the timeout isn't fully safe, since a stalled process ignores its own timer.", false},
	{"correct-35", "unfenceable-resource", "timeout-bounds-call", "The lease should exceed the timeout, but that assumes pauses are short, so it reduces the risk rather than eliminating it.", false},
	{"correct-36", "unfenceable-resource", "timeout-bounds-call", "A TTL larger than the API timeout would remove the risk only if the process could never pause.", false},
	{"correct-37", "unfenceable-resource", "timeout-bounds-call", "Keep the TTL longer than the timeout as a mitigation; fencing at a gatekeeper is what makes it completely safe.", false},
	{"correct-38", "unfenceable-resource", "timeout-bounds-call", "\"A TTL bigger than the timeout removes the pause risk\" is a myth I hear a lot.", false},
	{"correct-39", "unfenceable-resource", "timeout-bounds-call", "The TTL exceeds the timeout, which mostly avoids expiry mid-call, but it does not make the call fully safe.", false},
	{"correct-40", "unfenceable-resource", "timeout-bounds-call", "A timeout shorter than the TTL is a timing assumption and never removes the risk entirely.", false},
	{"correct-41", "unfenceable-resource", "redlock-correctness", "Redlock does not make the pause problem go away: a paused holder still acts after its lease.", false},
	{"correct-42", "unfenceable-resource", "redlock-correctness", "The pause problem doesn't disappear with a quorum; five nodes cannot stop a frozen client.", false},
	{"correct-43", "unfenceable-resource", "redlock-correctness", "People think the pause problem goes away with Redlock, but the holder can still make the call late.", false},
	{"correct-44", "unfenceable-resource", "redlock-correctness", "Moving the lock to ZooKeeper is not immune to pauses: the session expires while the holder is frozen.", false},
	{"correct-45", "unfenceable-resource", "redlock-correctness", "Is the pause problem gone with a majority of five nodes? No, a paused client can still act late.", false},
	{"correct-46", "unfenceable-resource", "redlock-correctness", "Even with etcd consensus, a holder paused past its lease can still make the call late.", false},
	{"correct-47", "unfenceable-resource", "redlock-correctness", "A common myth is that Redlock makes processes immune to pauses.", false},
	{"correct-48", "unfenceable-resource", "redlock-correctness", "Redlock helps when a Redis node fails, but pauses are still a problem because nothing stops the old holder.", false},
	{"correct-49", "unfenceable-resource", "redlock-correctness", "The quorum decides who holds the lock; the pause problem never goes away without a check at the resource.", false},
	{"correct-50", "unfenceable-resource", "redlock-correctness", "Switching to ZooKeeper won't remove the pause problem, since the session can lapse during a GC pause.", false},
	{"correct-51", "unfenceable-resource", "redlock-correctness", "Consensus gives a correct lock table, although a frozen holder can still write after expiry.", false},
	{"correct-52", "unfenceable-resource", "redlock-correctness", "With Redlock a paused client can still make the call late, which is why the provider needs an idempotency key.", false},
	{"correct-53", "unfenceable-resource", "redlock-correctness", "I used to believe the pause problem disappears with a quorum lock, until a GC pause doubled a payout.", false},
	{"correct-54", "unfenceable-resource", "redlock-correctness", "Does Redlock remove the pause problem? It does not; only a token check at the resource does.", false},
	{"correct-55", "unfenceable-resource", "redlock-correctness", "A majority of five nodes can't make a frozen process immune to pauses.", false},
	{"correct-56", "unfenceable-resource", "redlock-correctness", "The candidate claimed the pause problem goes away with Redlock, which is the mistake to flag.", false},
	{"correct-57", "unfenceable-resource", "redlock-correctness", "Neither etcd nor ZooKeeper is immune to process pauses; the lease ends while the holder sleeps.", false},
	{"correct-58", "unfenceable-resource", "redlock-correctness", "Redlock's validity time tells a holder how long it may act, yet a holder paused after computing it can still make the call late.", false},
	{"correct-59", "unfenceable-resource", "redlock-correctness", "Consensus solves agreement, not pauses: the pause problem is still there.", false},
	{"correct-60", "unfenceable-resource", "redlock-correctness", "Assuming the pause problem goes away with a quorum lock is naive.", false},
	{"correct-61", "unfenceable-resource", "redlock-correctness", "Even on five nodes the pause problem would go away only if clocks and pauses were bounded.", false},
	{"correct-62", "unfenceable-resource", "redlock-correctness", "ZooKeeper's sessions don't remove the pause problem: when the session expires, the paused client doesn't know yet.", false},
	{"correct-63", "unfenceable-resource", "redlock-correctness", "A quorum makes the lock survive a node crash; it is not what removes the pause problem, fencing is.", false},
	{"correct-64", "unfenceable-resource", "redlock-correctness", "The pause problem remains with Redlock, because the quorum can't reach into the paused process.", false},
	{"correct-65", "unfenceable-resource", "redlock-correctness", "Redlock across five nodes is tempting, but the pause problem doesn't go away.", false},
	{"correct-66", "idempotency-keys", "fresh-idempotency-key", "The client generates the key once per payment and reuses it on every retry; the server never generates it per request.", false},
	{"correct-67", "idempotency-keys", "fresh-idempotency-key", "If the server generated a new key when each request arrived, every retry would look like a new payment.", false},
	{"correct-68", "idempotency-keys", "fresh-idempotency-key", "A server-generated key per incoming request is the classic mistake: the retry gets a different key.", false},
	{"correct-69", "idempotency-keys", "fresh-idempotency-key", "Don't let the server mint the key when the request arrives; the key must come from the client.", false},
	{"correct-70", "idempotency-keys", "fresh-idempotency-key", "The server generates the payment id when the request arrives, but the idempotency key comes from the client.", false},
	{"correct-71", "idempotency-keys", "fresh-idempotency-key", "Should the server create the key for each incoming request? No, because a retry would never match.", false},
	{"correct-72", "idempotency-keys", "fresh-idempotency-key", "The gateway must not generate a UUID per request, as that makes every retry look new.", false},
	{"correct-73", "idempotency-keys", "fresh-idempotency-key", "When the server receives a key from the client, it stores it with a unique constraint.", false},
	{"correct-74", "idempotency-keys", "fresh-idempotency-key", "The server stores the client's key when the request arrives and returns the saved response on a repeat.", false},
	{"correct-75", "idempotency-keys", "fresh-idempotency-key", "A backend that creates a fresh key for every request breaks deduplication, which is why the client supplies it.", false},
	{"correct-76", "idempotency-keys", "fresh-idempotency-key", "People assume the server can generate the key when the request arrives; that is wrong for retries.", false},
	{"correct-77", "idempotency-keys", "fresh-idempotency-key", "The API never generates the idempotency key; it receives the client-generated key on each request.", false},
	{"correct-78", "idempotency-keys", "fresh-idempotency-key", "Server-generated keys per request are useless here, since a retry is a new request.", false},
	{"correct-79", "idempotency-keys", "fresh-idempotency-key", "The server issues the payment intent id up front, and the client then sends it as the key on every retry.", false},
	{"correct-80", "idempotency-keys", "fresh-idempotency-key", "If the gateway assigned a UUID to each incoming POST, two retries of one tap would get two keys.", false},
	{"correct-81", "idempotency-keys", "fresh-idempotency-key", "The key is created by the client when the user taps Pay, not by the server when the request arrives.", false},
	{"correct-82", "idempotency-keys", "fresh-idempotency-key", "A naive design has the server generate the key per request; the retry then slips through.", false},
	{"correct-83", "idempotency-keys", "fresh-idempotency-key", "The server receives the key in a header and inserts it in the same transaction as the payment.", false},
	{"correct-84", "idempotency-keys", "fresh-idempotency-key", "Generating the key on the backend when each request arrives would defeat the purpose.", false},
	{"correct-85", "idempotency-keys", "fresh-idempotency-key", "Never let the API mint the key per request; the client sends the same key on every retry.", false},
	{"correct-86", "idempotency-keys", "fresh-idempotency-key", "Having the server generate a UUID for every incoming request is the bug that double-charges.", false},
	{"correct-87", "idempotency-keys", "fresh-idempotency-key", "The server cannot generate the key on arrival, because it cannot tell a retry from a new payment.", false},
	{"correct-88", "idempotency-keys", "fresh-idempotency-key", "Why not have the server generate the key when the request arrives? Because the retry would carry another key.", false},
	{"correct-89", "redlock-operations-q", "redlock-correctness", "With Redlock on five masters, one master freezing in a GC pause stops being a problem since the other four still form a majority.", false},
	{"correct-90", "redlock-operations-q", "redlock-correctness", "A single node's pause is no longer a problem with a quorum of five, though a paused client is another story.", false},
	{"correct-91", "redis-vs-consensus", "redlock-correctness", "Under etcd consensus a replica's pause is no longer a problem, because the remaining members keep the quorum.", false},
	{"correct-92", "unfenceable-resource", "redlock-correctness", "Redlock makes one Redis node's crash or pause stop being a problem, not the holder's pause.", false},
	{"correct-93", "unfenceable-resource", "redlock-correctness", "On five masters a master's stall stops being a problem; a client's stall still is.", false},
	{"correct-94", "unfenceable-resource", "timeout-bounds-call", "A lease longer than the timeout does not make the call fully safe, because the timeout only stops the waiting.", false},
	{"correct-95", "unfenceable-resource", "timeout-bounds-call", "Making the TTL exceed the timeout reduces how often the lease expires mid-call; it never removes the pause risk.", false},
	{"correct-96", "unfenceable-resource", "timeout-bounds-call", "Why isn't a TTL above the timeout fully safe? The request may already be at the provider when the process freezes.", false},
	{"correct-97", "unfenceable-resource", "timeout-bounds-call", "Even a TTL twenty times longer than the timeout cannot eliminate the risk of a late call.", false},
	{"correct-98", "unfenceable-resource", "timeout-bounds-call", "A TTL bigger than the timeout is a sensible default, but the provider's dedupe key is what removes the risk of a double charge.", false},
	{"correct-99", "unfenceable-resource", "timeout-bounds-call", "I'd keep the lease longer than the timeout, knowing it narrows the gap rather than closing it.", false},
	{"correct-100", "unfenceable-resource", "timeout-bounds-call", "A longer TTL than the timeout makes the call safe only as long as no pause exceeds the slack.", false},
	{"correct-101", "unfenceable-resource", "timeout-bounds-call", "The belief that a TTL longer than the timeout removes the risk completely is the trap here.", false},
	{"correct-102", "unfenceable-resource", "timeout-bounds-call", "Nobody can make a TTL longer than the timeout fully safe against a frozen process.", false},
	{"correct-103", "unfenceable-resource", "timeout-bounds-call", "Sizing the TTL above the timeout is a timing assumption, and it doesn't remove the pause risk.", false},
	{"correct-104", "unfenceable-resource", "timeout-bounds-call", "Our postmortem: we had a TTL longer than the timeout, thought it removed the risk, and a 90-second stall charged twice.", false},
	{"correct-105", "unfenceable-resource", "timeout-bounds-call", "A TTL greater than the timeout helps availability; fencing at a gatekeeper is what removes the risk.", false},
}

func TestFixG31aClaims(t *testing.T) {
	checkFlagCases(t, g31aClaims)
	checkInserted(t, g24bBase, false, g31aClaims)
}

func TestFixG31aCorrect(t *testing.T) {
	checkFlagCasesBothWays(t, g31aCorrect)
	checkInserted(t, g24bBase, false, g31aCorrect)
}
