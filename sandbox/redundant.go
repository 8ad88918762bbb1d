package sandbox

// Redundant reports whether fault action a, added to the scenario of t at
// a.AtMS (after the actions already there, as an appended action runs),
// would find nothing to act on, and why: a node_down on a node that is
// down already, a node_up on one that is up, a heal with no partition in
// force. It reads t's ledger just before a.AtMS, then the events at that
// very moment that actions before it caused. The engine runs such an
// action as a skipped one; a form can refuse it instead. Other ops are
// never redundant here.
func (t *Timeline) Redundant(a Action) (why string, ok bool) {
	switch a.Op {
	case OpNodeDown, OpNodeUp, OpHeal:
	default:
		return "", false
	}
	before := 0
	n := t.Events.Len()
	for before < n && t.Events.At(before).T < a.AtMS {
		before++
	}
	l := t.ServiceLedger()
	cut, down := false, false
	for _, c := range l.Cuts {
		cut = cut || c.At(before)
	}
	for _, d := range l.Downs {
		down = down || d.Node == a.Node && d.At(before)
	}
	// The events at the very moment of a: those of the actions before it
	// count. A restart's end counts only when the restart began at that
	// moment too (0 ms down, back before the next action); one that began
	// earlier ends on a timer, which runs after the actions of its moment.
	restarted := false
	for i := before; i < n && t.Events.At(i).T == a.AtMS; i++ {
		e := t.Events.At(i)
		switch {
		case e.Kind == KindPartition:
			cut = true
		case e.Kind == KindHeal:
			cut = false
		case e.Node != a.Node:
		case e.Kind == KindNodeDown:
			down, restarted = true, e.Reason != ""
		case e.Kind == KindRestart, e.Kind == KindNodeUp && e.Reason == ReasonDurableRestart:
			down = down && !restarted
		case e.Kind == KindNodeUp:
			down = false
		}
	}
	name := t.Model.NodeName(a.Node)
	switch {
	case a.Op == OpHeal && !cut:
		return "no partition is in force", true
	case a.Op == OpNodeDown && down:
		return name + " is down already", true
	case a.Op == OpNodeUp && !down:
		return name + " is up", true
	}
	return "", false
}
