package sandbox

// ServiceLedger is the ledger of t's events over every node of its
// service (Model.ServiceNodes): the lock nodes and, on redis, the replica,
// which a fault can take down as well. The diagram reads it; the checker
// and StateAt read Ledger, over the lock nodes alone.
func (t *Timeline) ServiceLedger() *Ledger {
	l := ledgerOf(t.Events, t.Model.ServiceNodes(t.Nodes))
	l.lanes = t.Clients
	return l
}

// Event returns the event at index i of the events the ledger was built
// from (the From, To and Event of its spans).
func (l *Ledger) Event(i int) *Event {
	if l.evs == nil {
		return &l.events[i]
	}
	e := l.evs.At(i)
	return &e
}

// Len is the number of events the ledger was built from.
func (l *Ledger) Len() int { return l.n }

// At reports whether the node is down after the first step events.
func (d DownSpan) At(step int) bool { return in(d.From, d.To, step) }

// At reports whether the partition is in force after the first step
// events.
func (c CutSpan) At(step int) bool { return in(c.From, c.To, step) }
