package quiz_test

import "testing"

// TestPausedHolderNeedsAStaleHolder: the fencing-token point "it stops a
// holder that paused past its lease" had a line written as "@stale
// @holder|owner|writer|client & ...", which reads as "a stale holder, or
// owner, or writer, or client" and so credited any sentence naming a
// client and a write: "The client sends its token along with every write"
// ticked the core point with no pause or late holder in it (F1's QA find,
// session 38). The line now asks for the stale holder it meant; the stale
// holder's refused write keeps the point.
func TestPausedHolderNeedsAStaleHolder(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "paused-holder", "The client sends its token along with every write.", false},
		{"fencing-token", "paused-holder", "Every writer attaches the number to each write it makes.", false},
		{"fencing-token", "paused-holder", "The owner includes the token when it writes.", false},
		{"fencing-token", "paused-holder", "An old client's write is rejected by the storage.", true},
		{"fencing-token", "paused-holder", "The zombie holder's late write is refused.", true},
		{"fencing-token", "paused-holder", "A stale writer that comes back late has its writes rejected.", true},
	})
}
