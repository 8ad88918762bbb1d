package quiz_test

import (
	"testing"
)

// g20bBases are short correct answers of our own, by question, that the
// claims of TestRecallG20b are appended to.
var g20bBases = map[string]string{
	"etcd-revision-guard":     "The worker writes with a transaction whose compare checks that its lock key still has the create revision it got, so a stale holder's put fails.",
	"fencing-token":           "A fencing token is a number that grows with every grant of the lock. The storage remembers the highest token it accepted and turns away a write with a smaller one.",
	"unfenceable-resource":    "The provider cannot check a token, so every call carries an idempotency key derived from our payment id, and a nightly reconciliation refunds any duplicate.",
	"session-suspended":       "On SUSPENDED I stop the protected work at once, on LOST I give the lock up and acquire it again, and the writes carry the lock node's sequence number as a fencing token that the store compares.",
	"fencing-in-real-systems": "Kafka's producer epoch, Raft's term and HDFS's journal epochs all hand a growing number to each new owner, and the receiver refuses a request with an older one.",
}

// TestRecallG20b: a plainly asserted claim of each kind g20e covers
// raises its red flag when added to a correct answer, and its correct
// counterpart, or the claim rejected, questioned or made conditional,
// raises none.
func TestRecallG20b(t *testing.T) {
	checkInserted(t, func(q string) string { return g20bBases[q] }, false, []flagCase{
		// The renewal said to go on through a pause on a thread of its own.
		{"renewer keeps refreshing while paused", "etcd-revision-guard", "ttl-as-safety", "A pause is no worry here: the renewer lives on its own goroutine and keeps refreshing the lease even while the handlers are paused.", true},
		{"gc does not stop the renewal goroutine", "etcd-revision-guard", "ttl-as-safety", "The lease survives any pause, since renewal happens on a separate goroutine that the garbage collector does not stop.", true},
		{"heartbeat continues during gc", "etcd-revision-guard", "ttl-as-safety", "Our heartbeat thread keeps sending during a GC pause, so the session stays up.", true},
		{"renewer frozen with the rest", "etcd-revision-guard", "ttl-as-safety", "A stop-the-world pause freezes every goroutine, the renewer's too, so the lease can lapse while the worker sleeps.", false},
		{"renewer claim questioned", "etcd-revision-guard", "ttl-as-safety", "Does a renewer on its own goroutine keep refreshing the lease while the handlers are paused?", false},
		{"renewer claim rejected", "etcd-revision-guard", "ttl-as-safety", "Some people think the renewer keeps refreshing the lease while the process is paused, but that is a myth.", false},
		// A check told after its colon, guarding the write.
		{"check header guarding the write", "fencing-token", "client-side-fencing", "So the client adds a check: before each write it asks the lock service whether its token is still the latest, and then writes.", true},
		{"storage check after a colon", "fencing-token", "client-side-fencing", "The storage does the check: before each write it compares the token with the highest it accepted.", false},
		{"suspects after a check header", "fencing-in-real-systems", "client-side-fencing", "Things to check: the epoch on the wire, the receiver's stored epoch, the clocks.", false},
		// Each worker minting its own idempotency key.
		{"each worker mints its own key", "unfenceable-resource", "fresh-idempotency-key", "To be extra safe, every worker generates its own random idempotency key when it makes the call.", true},
		{"lock value as the key", "unfenceable-resource", "fresh-idempotency-key", "The lock value works as the idempotency key too, since nobody else has it.", true},
		{"a new key after a timeout", "unfenceable-resource", "fresh-idempotency-key", "When the provider times out, the holder retries with a brand new idempotency key.", true},
		{"both holders send the same key", "unfenceable-resource", "fresh-idempotency-key", "Both holders send the same key, taken from the payment id, so the provider charges once.", false},
		{"per-worker key rejected", "unfenceable-resource", "fresh-idempotency-key", "Letting each worker generate a fresh UUID as the idempotency key would be a mistake: the two holders' calls would not match.", false},
		// RECONNECTED said always to bring back the same session.
		{"reconnected keeps the session", "session-suspended", "work-through-suspended", "On RECONNECTED it is always the same session, so the lock node is still mine and I carry on.", true},
		{"reconnected means zookeeper kept the session", "session-suspended", "work-through-suspended", "A RECONNECTED event means ZooKeeper kept our session, so the lock is still held.", true},
		{"reconnected after lost is a new session", "session-suspended", "work-through-suspended", "RECONNECTED can follow LOST with a new session, so I check that my lock node still exists before resuming.", false},
		{"reconnected only if no lost", "session-suspended", "work-through-suspended", "The lock node is still there only if no LOST came before RECONNECTED, so I verify it.", false},
	})
}
