package quiz_test

import "testing"

// TestFixG26cDeadlockHug: g26c credits the deadlock cycle told as a hug
// ("the two transfers hug each other and nobody moves", "a deadly
// embrace"), but only when the hug stalls someone: a hug of data, a
// denied or questioned hug, and a list of the words earn nothing.
func TestFixG26cDeadlockHug(t *testing.T) {
	b := loadBank(t)
	const q, p = "deadlock-ordering", "deadlock-cycle"
	checkPoints(t, b, []pointCase{
		{q, p, "Transfers going A to B and B to A end up hugging each other, frozen.", true},
		{q, p, "It is the classic deadly embrace: each transfer sits on one account.", true},
		{q, p, "The pair of transfers grip each other and neither finishes.", true},
		{q, p, "They clutch each other's account and stall.", true},
		{q, p, "The reverse transfers grip each other's lock and everything halts.", true},

		{q, p, "With ordering the transfers never hug each other.", false},
		{q, p, "Do the two transfers hug each other? Not if they are ordered.", false},
		{q, p, "The accounts hug each other in the same table, which is nice for locality.", false},
		{q, p, "Hug each other, lock, sorted, TTL, deadly embrace.", false},
		{q, p, "Nodes grip each other's heartbeat to stay in the cluster.", false},
		{q, p, "The deadly embrace is a myth for distributed locks.", false},
		{q, p, "Replicas hug each other's data when syncing and nothing is ever stuck.", false},
		{q, p, "The accounts hug each other in one table, so a query never stalls.", false},
		{q, p, "Workers grip each other's heartbeats, so nobody is frozen out.", false},
	})
}
