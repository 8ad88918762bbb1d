package quiz_test

import "testing"

// TestWeakSkimsWithheldG24c: g24c withholds a core point from three kinds
// of skim that earned it on main (review23, adversarial-z, "weak skims
// credited"): a claim's expiry the writer only speculates about (the
// hedge rule "some kind of timeout" already applies to the noun; here it
// is said of the verb: "kind of lapses", "I guess", "maybe"); an etcd
// transaction said to compare with nothing named as compared ("they
// compare things"); and the TTL conceded to be a guess with a number then
// settled on anyway. Each point still hits when the same idea is said
// plainly.
func TestWeakSkimsWithheldG24c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// visibility-timeout: a lapse told as fact still earns it ...
		{"skip-locked-queue", "visibility-timeout", "Each claim stamps the row, and once that stamp expires the job is available again to the next worker.", true},
		{"skip-locked-queue", "visibility-timeout", "If the worker dies, its reservation expires after five minutes and the row is claimable again.", true},
		// ... a speculated one does not.
		{"skip-locked-queue", "visibility-timeout", "Maybe the claim expires eventually and then the row comes back again.", false},
		{"skip-locked-queue", "visibility-timeout", "The reservation sort of expires and the job is available again, I suppose.", false},
		{"skip-locked-queue", "visibility-timeout", "I guess a stale claim expires somehow and the job goes back.", false},
		{"skip-locked-queue", "visibility-timeout", "At some point the mark expires and the work is back in line.", false},

		// txn-compare: the condition named still earns it ...
		{"etcd-revision-guard", "txn-compare", "Do the Put inside a txn whose condition is that our lock key still has the create revision we were given.", true},
		{"etcd-revision-guard", "txn-compare", "The write goes in an etcd transaction that compares the mutex key's create revision with ours first.", true},
		// ... a comparison of nothing in particular does not.
		{"etcd-revision-guard", "txn-compare", "An etcd transaction compares stuff before writing, so that is enough.", false},
		{"etcd-revision-guard", "txn-compare", "Put it in a transaction; transactions check things.", false},
		{"etcd-revision-guard", "txn-compare", "The txn compares something and then writes the config.", false},

		// no-safe-value: the guess as the point still earns it ...
		{"choose-ttl", "no-safe-value", "Every TTL is a guess about timing that a long enough pause will beat.", true},
		{"choose-ttl", "no-safe-value", "Picking the lease length is a gamble on timing, never a guarantee.", true},
		// ... the guess conceded and a number settled on anyway does not.
		{"choose-ttl", "no-safe-value", "The lease length is a guess in the end, so go with ten seconds.", false},
		{"choose-ttl", "no-safe-value", "It's all a guess on timing; I'd settle on a minute and move on.", false},
		{"choose-ttl", "no-safe-value", "The TTL is a bet either way, so pick 45 seconds.", false},
	})
}

// TestExpiryDuringWorkG24c: the paused-holder failure told as the lease
// ending while the holder is still at its work, with a second client in
// beside it, earns pause-expiry (g24c). The holder waiting rather than
// working, a second client denied, an expiry a renewal heads off, and a
// list of the same words do not.
func TestExpiryDuringWorkG24c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "My lease can lapse while I am working on the order, and then another client grabs the key and both of us write.", true},
		{"redis-lock-and-failure", "pause-expiry", "The key expires while the worker is still working, so someone else acquires it and now two write at once.", true},
		{"redis-lock-and-failure", "pause-expiry", "The lease expires while I wait in line, and then a second client acquires it.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease never expires while I work, so a second client cannot acquire it.", false},
		{"redis-lock-and-failure", "pause-expiry", "If the lease expires while I work, the renewer catches it and no second client acquires anything.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease expires while the holder is working, but the renewal thread extends it before another client can acquire it.", false},
		{"redis-lock-and-failure", "pause-expiry", "lease expires while working, second client acquires, both write, redis, ttl, lua", false},
	})
}

// TestHighestTokenByItsNameG24c: the resource keeping the highest token,
// told by the name of the variable or column that holds it
// ("max_token_seen", "highest_token"), earns resource-rejects (g24c). The
// client keeping it, a maximum of something else, a value kept and never
// consulted, and a bare list do not.
func TestHighestTokenByItsNameG24c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// (g24cf: "max_token_seen" still earns it alone; a looser name,
		// "max_token", "max_seen", "highest_token", has to be put to use in
		// the sentence, compared or a lower one refused: "max_token" is
		// also a token bucket, an LLM limit or a count)
		{"fencing-token", "resource-rejects", "The storage node keeps a `max_token_seen` for every key it guards.", false}, // g24zf: the bare name no longer earns it; the use must be told in the same sentence (review24 adversarial-z P07, P08)
		{"fencing-token", "resource-rejects", "The storage node keeps a `highest_token` for every key it guards and refuses a write whose token is lower.", true},
		{"fencing-token", "resource-rejects", "Our database records max_token per account in the accounts row itself.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_connections at 200 and tokens are checked by the client.", false},
		{"fencing-token", "resource-rejects", "The client keeps max_token_seen and the database trusts it.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_token_seen but never looks at it.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_token_seen, but it doesn't check it on writes.", false},
		{"fencing-token", "resource-rejects", "database, max_token_seen, fencing, token, reject", false},
	})
}

// TestStopDeferredToLostG24c: the stop put off until the state turns
// LOST ("once it becomes LOST, halt the writes") does not earn stop-work,
// whose point is stopping on SUSPENDED (g24c, CJ's weak answer passed on
// it). The stop on SUSPENDED still earns it, with LOST denied as the
// trigger or handled after it.
func TestStopDeferredToLostG24c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// (g24cf: the deferral counts only in the stop's own clause and a
		// qualifying clause after it, so a deferral fronted in a clause of
		// its own, "Once the state becomes LOST, halt all writes", is no
		// longer withheld; see fix_g24c_test.go)
		{"session-suspended", "stop-work", "I stop the work only once it is LOST.", false},
		{"session-suspended", "stop-work", "I halt the writes if the session turns into LOST.", false},
		{"session-suspended", "stop-work", "When it goes to LOST the worker freezes its processing.", false},
		{"session-suspended", "stop-work", "I halt the protected work as soon as SUSPENDED fires; I do not wait until LOST.", true},
		{"session-suspended", "stop-work", "Freeze the writes on SUSPENDED, not once LOST shows up.", true},
		{"session-suspended", "stop-work", "On SUSPENDED I stop the work at once, and if it turns into LOST I also give up the lock.", true},
	})
}
