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
