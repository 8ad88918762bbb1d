package sandbox

// The resource: what it does with a write (register or ledger, fencing
// check, the database guard).

// write is a write reaching the resource.
func (m *sim) write(ci int, msg message) {
	c := &m.clients[ci]
	// A key due at this very millisecond is gone before the write lands,
	// so the timeline shows the lease state the write really met.
	for i := range m.nodes {
		m.expireIfDue(i)
	}
	a := &m.sc.Actions[msg.act]
	var e Event
	e.Kind, e.Client, e.Grant, e.Token, e.Value, e.LatencyMS = KindWriteAccepted, c.id, msg.grant, msg.token, a.Value, m.latency(msg)
	if m.ledger {
		e.Key = a.Key
		if e.Key == "" {
			e.Key = a.Value
		}
	}
	if m.model == ModelDatabase {
		row := m.nodes[0].key
		if !m.reach(ci, 0) {
			e.Kind, e.Reason = KindWriteRejected, ReasonUnavailable
			m.wq(a.Value)
			m.w(" is not stored: ", m.unreachable(ci, 0))
			m.emit(&e)
			return
		}
		if m.checkFenc {
			switch {
			case !row.present || row.client != ci:
				e.Kind, e.Reason = KindWriteRejected, ReasonNotHolder
				m.guard(c.id, msg.token)
				m.w(": 0 rows")
				if row.present {
					e.Holder = m.clients[row.client].id
					m.w(" (the row names ", e.Holder, ")")
				}
			case m.tokenSrc == TokenEpoch && row.token != msg.token:
				e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
				m.guard(c.id, msg.token)
				m.w(": 0 rows (the row is at epoch ")
				m.wn(row.token)
				m.w(")")
			case m.expired(0):
				e.Kind, e.Reason = KindWriteRejected, ReasonLapsed
				m.guard(c.id, msg.token)
				m.w(": 0 rows (the claim lapsed at ")
				m.wt(row.expAt - m.nodes[0].offset)
				m.w(")")
			}
			if e.Kind == KindWriteRejected {
				m.emit(&e)
				return
			}
		}
	} else if m.checkFenc {
		switch {
		case msg.token == 0:
			e.Kind, e.Reason = KindWriteRejected, ReasonNoToken
			m.wq(a.Value)
			m.w(" carries no fencing token")
		case msg.token < m.highest:
			e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
			m.wq(a.Value)
			m.w(" with token ")
			m.wn(msg.token)
			m.w(" < highest accepted ")
			m.wn(m.highest)
			m.w(": refused")
		}
		if e.Kind == KindWriteRejected {
			m.emit(&e)
			return
		}
	}
	if m.ledger && m.idem && m.applied[e.Key] {
		e.Kind, e.Reason = KindWriteRejected, ReasonDuplicateKey
		m.w("idempotency key ")
		m.wq(e.Key)
		m.w(" was applied already: acknowledged, not applied again")
		m.emit(&e)
		return
	}
	m.value = a.Value
	m.highest = max(m.highest, msg.token)
	if m.ledger {
		m.applied[e.Key] = true
		m.effects++
	}
	switch {
	case m.model == ModelDatabase && m.checkFenc:
		m.guard(c.id, msg.token)
		m.w(": 1 row, ")
		m.wq(a.Value)
		m.stored()
	case msg.token > 0 && m.checkFenc:
		m.wq(a.Value)
		m.w(" with token ")
		m.wn(msg.token)
		m.stored()
	case msg.token > 0:
		m.wq(a.Value)
		m.stored()
		m.w(" (token ")
		m.wn(msg.token)
		m.w(" not checked)")
	default:
		m.wq(a.Value)
		m.stored()
		m.w(", no questions asked")
	}
	m.emit(&e)
}

// guard writes the WHERE of the database model's guarded write.
func (m *sim) guard(id string, token int64) {
	m.w("UPDATE … WHERE holder = '", id, "'")
	if m.tokenSrc == TokenEpoch {
		m.w(" AND epoch = ")
		m.wn(token)
	}
	m.w(" AND held_until > now()")
}

// stored writes what became of an accepted write.
func (m *sim) stored() {
	if !m.ledger {
		m.w(" stored")
		return
	}
	m.w(" added to the ledger (effect ")
	m.wn(int64(m.effects))
	m.w(")")
}
