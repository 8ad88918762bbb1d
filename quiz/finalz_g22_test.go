package quiz_test

import "testing"

// TestFinalZFalseFlagsG22k: correct sentences that g22's new patterns
// flagged (review22 adversarial-z, MUST FIX 1, items 1-4) raise nothing
// inside an otherwise correct answer, and the close losing claim is still
// flagged. The phenomena: a lock kept only to save duplicate work (a
// repeated notification, report or cache refresh is harmless) makes
// fencing optional; renewal keeps two holders apart only while the holder
// runs, and a pause defeats it; "nothing" or "no protection" as what a
// transaction guarantees denies the guarantee; a resource that asks the
// lock service to verify a sequencer (Chubby) does its own check.
// Sentences are our own.
func TestFinalZFalseFlagsG22k(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// fencing-unneeded: efficiency-only locks
		{"duplicate notification fencing optional", "choose-ttl", "fencing-unneeded", "When an overlap at worst sends customers a duplicate notification, fencing is optional.", false},
		{"duplicate summary report token optional", "fencing-token", "fencing-unneeded", "For a job whose second run just produces a duplicate summary report, token checks are optional.", false},
		{"extra cache rebuild fencing optional", "fencing-token", "fencing-unneeded", "If two holders only cause a redundant cache rebuild, fencing is optional.", false},
		{"duplicate cache refresh token checks optional", "fencing-token", "fencing-unneeded", "For a lock whose only job is to save a duplicate cache refresh, token checks are optional.", false},
		{"lock only avoids duplicate refresh", "fencing-token", "fencing-unneeded", "For a lock that only avoids a duplicate cache refresh, token checks are optional.", false},
		{"lock only prevents a double charge", "fencing-token", "fencing-unneeded", "For a lock that only prevents a double charge, token checks are optional.", true},
		{"fencing optional short ttl", "choose-ttl", "fencing-unneeded", "With a short enough TTL, fencing is optional.", true},
		{"fencing optional ledger", "fencing-token", "fencing-unneeded", "Because the lock service revokes expired leases quickly, fencing is optional for the ledger writes.", true},
		// ttl-as-safety: renewal limited to a running holder, or beaten by a pause
		{"heartbeat only as long as it runs", "extend-lease", "ttl-as-safety", "The heartbeat prevents two holders only so long as the holder keeps running; a stop-the-world pause defeats it.", false},
		{"renewal only while scheduled", "extend-lease", "ttl-as-safety", "Renewing rules out two holders only while the process keeps getting scheduled; a long GC pause beats it.", false},
		{"renewal gc pause can no longer", "extend-lease", "ttl-as-safety", "With renewal every few seconds, a GC pause can no longer produce two holders.", true},
		{"heartbeat prevents two holders pause", "extend-lease", "ttl-as-safety", "Since the heartbeat renews constantly, a stop-the-world pause never leads to two holders.", true},
		// isolation-prevents-race: the guarantee denied by its object
		{"read committed guarantees nothing", "row-lock", "isolation-prevents-race", "Doing the read and the write inside one transaction at READ COMMITTED guarantees nothing against a lost update.", false},
		{"transaction guarantees no protection", "row-lock", "isolation-prevents-race", "A transaction at the default level guarantees no protection against a lost update; lock the row.", false},
		{"default level makes sure of very little", "row-lock", "isolation-prevents-race", "The default isolation level makes sure of very little here: two sessions can still overwrite each other's update.", false},
		{"read committed guarantees no lost update", "row-lock", "isolation-prevents-race", "Doing the read and the write inside one transaction at READ COMMITTED guarantees against a lost update.", true},
		// lock-service-fences: the resource asks the service to verify
		{"file server asks service to check sequencer", "fencing-in-real-systems", "lock-service-fences", "In Chubby a storage server may hand the sequencer to the lock service and ask it to confirm it is current before taking the write.", false},
		{"server verifies sequencer with service", "fencing-in-real-systems", "lock-service-fences", "A Chubby server can verify the sequencer with the lock service before it applies a write.", false},
		{"lock service rejects stale writes", "fencing-in-real-systems", "lock-service-fences", "The lock service checks every write from the old holder and rejects it, so the file server needs nothing.", true},
	})
}
