package timelineview

import (
	"strconv"

	"lockdrill/sandbox"
)

// The short labels the picture prints beside its marks, so that it says
// why on its own: the comparison a fencing check made, who was granted
// what, whose lease ran out, what a failover kept. The tooltip and the
// event table keep the full sentences.

// RejectionLabel is the label of a rejected write: who wrote and why the
// resource refused, as the check saw it ("✗ A · token 1 < 2: refused").
// highest is the highest token the resource had accepted before the write.
func RejectionLabel(e sandbox.Event, highest int64) string {
	why := e.Reason
	switch e.Reason {
	case sandbox.ReasonStaleToken:
		why = "token " + strconv.FormatInt(e.Token, 10) + " < " + strconv.FormatInt(highest, 10)
	case sandbox.ReasonNoToken:
		why = "no token"
	case sandbox.ReasonNotHolder:
		if e.Holder != "" {
			why = "row names " + e.Holder
		} else {
			why = "row has no holder"
		}
	}
	return "✗ " + e.Client + " · " + why + ": refused"
}

// GrantLabel is the label of a granted acquire: "A granted · token 1", or
// "A granted" where the model issues no token.
func GrantLabel(e sandbox.Event) string {
	if e.Token > 0 {
		return e.Client + " granted · token " + strconv.FormatInt(e.Token, 10)
	}
	return e.Client + " granted"
}

// ExpiryLabel is the label of an expired lease: "◷ A's lease ends".
func ExpiryLabel(e sandbox.Event) string {
	if e.Client == "" {
		return "◷ expired"
	}
	return "◷ " + e.Client + "'s lease ends"
}

// FailoverLabel is the label of a failover: whether the promoted replica
// still has a key, and whose ("⇄ failover: key lost").
func FailoverLabel(e sandbox.Event) string {
	if e.Holder == "" {
		return "⇄ failover: no key"
	}
	return "⇄ failover: " + e.Holder + "'s key kept"
}
