package quiz_test

import "testing"

// Grader g10, points: the general ways of saying (or denying) an idea that
// the matchers misread on validation writers AA and AB, each as sentences
// of our own over several questions, next to near-misses.

// TestOptionalPartsRespectDeniedNeed: a "?" part (or a pattern opened by
// "?") matches whether or not it is negated, because the negation is often
// the point itself ("you can't prove it is dead", "the herd never forms").
// A sentence that says the thing is not needed ("X is not needed", "you
// don't need X", "no need for X", "X is unnecessary") dismisses it: that is
// no way of making a point about X.
func TestOptionalPartsRespectDeniedNeed(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// denied need: no point
		{"redis-lock-and-failure", "fencing", "You don't need fencing at the storage layer if the lock itself is solid.", false},
		{"redis-lock-and-failure", "fencing", "Fencing tokens checked by the database are not needed once you run Redlock.", false},
		{"redis-vs-consensus", "consensus-quorum", "etcd has no need for a majority before it answers a lock request.", false},
		{"zookeeper-lock-recipe", "herd-effect", "There is no need to worry about a thundering herd with this recipe.", false},
		{"unfenceable-resource", "timing-caveat", "With a short delay in place you don't need to assume pauses are bounded.", false},
		{"extend-lease", "bound", "Capping how long a holder may keep extending is unnecessary.", false},
		{"fencing-token", "resource-cooperates", "The external API doesn't need to know about any token.", false},
		// the negation is the point, or the need asserted: still made
		{"redis-lock-and-failure", "fencing", "You can't skip fencing: the storage has to reject the older token.", true},
		{"redis-vs-consensus", "consensus-quorum", "etcd needs a majority to accept the write before it answers.", true},
		{"zookeeper-lock-recipe", "herd-effect", "If every waiter watched the holder's node, each release would wake them all, the thundering herd.", true},
		{"unfenceable-resource", "timing-caveat", "Without a token you have to assume pauses are bounded, and they are not.", true},
		{"extend-lease", "bound", "Capping how long a holder may keep extending is necessary, or a stuck worker holds it forever.", true},
		{"fencing-token", "resource-cooperates", "An external API that can't compare a token cannot be fenced this way.", true},
	})
}

// TestVerdictHedgeDecidesAYesPoint: a point whose label answers the
// question "Yes ..." (row-lock: "Yes in effect - it coordinates every
// client, but only inside that database") is not made by an answer that
// opens by saying no, however hedged ("Not in the usual sense.", "Not
// really.", "No, ..."), even when its later words match the point; an
// opening hedge that grants it ("In a sense, yes", "Yes, in effect",
// "Technically yes", "Sort of", "Not in the usual sense, but in effect
// yes") leaves the point to its matchers.
func TestVerdictHedgeDecidesAYesPoint(t *testing.T) {
	b := loadBank(t)
	const more = " It coordinates writers on every app server, but only for data inside that one database."
	checkPoints(t, b, []pointCase{
		{"row-lock", "yes-within-db", "Not in the usual sense." + more, false},
		{"row-lock", "yes-within-db", "Not really." + more, false},
		{"row-lock", "yes-within-db", "No, it's a local thing." + more, false},
		{"row-lock", "yes-within-db", "Not quite: a row lock lives in the same database as the data it guards.", false},
		{"row-lock", "yes-within-db", "Nope." + more, false},
		// granted, hedged or not
		{"row-lock", "yes-within-db", "In a sense, yes." + more, true},
		{"row-lock", "yes-within-db", "Yes, in effect." + more, true},
		{"row-lock", "yes-within-db", "Technically yes." + more, true},
		{"row-lock", "yes-within-db", "Sort of." + more, true},
		{"row-lock", "yes-within-db", "Not in the usual sense, but in effect yes." + more, true},
		{"row-lock", "yes-within-db", "No and yes." + more, true},
		// no verdict at all: the matchers decide
		{"row-lock", "yes-within-db", "A row lock lives in the same database as the data it guards.", true},
		{"row-lock", "yes-within-db", "No lease, no TTL: the lock lives in the same database as the data it guards.", true},
	})
}
