package sandbox

import (
	"strconv"
)

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
	e := Event{Kind: KindWriteAccepted, Client: c.id, Grant: msg.grant, Token: msg.token, Value: a.Value, LatencyMS: m.latency(msg)}
	if m.ledger {
		e.Key = a.Key
		if e.Key == "" {
			e.Key = a.Value
		}
	}
	q := strconv.Quote(a.Value)
	if m.model == ModelDatabase {
		row := m.nodes[0].key
		if !m.reach(ci, 0) {
			e.Kind, e.Reason = KindWriteRejected, ReasonUnavailable
			e.Detail = q + " is not stored: " + m.unreachable(ci, 0)
			m.emit(&e)
			return
		}
		if m.checkFenc {
			guard := "UPDATE … WHERE holder = '" + c.id + "'"
			if m.tokenSrc == TokenEpoch {
				guard += " AND epoch = " + itoa(msg.token)
			}
			guard += " AND held_until > now()"
			switch {
			case !row.present || row.client != ci:
				e.Kind, e.Reason = KindWriteRejected, ReasonNotHolder
				e.Detail = guard + ": 0 rows"
				if row.present {
					e.Holder = m.clients[row.client].id
					e.Detail += " (the row names " + e.Holder + ")"
				}
			case m.tokenSrc == TokenEpoch && row.token != msg.token:
				e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
				e.Detail = guard + ": 0 rows (the row is at epoch " + itoa(row.token) + ")"
			case m.expired(0):
				e.Kind, e.Reason = KindWriteRejected, ReasonLapsed
				e.Detail = guard + ": 0 rows (the claim lapsed at " + itoa(row.expAt-m.nodes[0].offset) + ")"
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
			m.w(q, " carries no fencing token")
		case msg.token < m.highest:
			e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
			m.w(q, " with token ")
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
		e.Detail = "idempotency key " + strconv.Quote(e.Key) + " was applied already: acknowledged, not applied again"
		m.emit(&e)
		return
	}
	m.value = a.Value
	m.highest = max(m.highest, msg.token)
	stored := " stored"
	if m.ledger {
		m.applied[e.Key] = true
		m.effects++
		stored = " added to the ledger (effect " + strconv.Itoa(m.effects) + ")"
	}
	switch {
	case m.model == ModelDatabase && m.checkFenc:
		m.w("UPDATE … WHERE holder = '", c.id, "'")
		if m.tokenSrc == TokenEpoch {
			m.w(" AND epoch = ")
			m.wn(msg.token)
		}
		m.w(" AND held_until > now(): 1 row, ", q, stored)
	case msg.token > 0 && m.checkFenc:
		m.w(q, " with token ")
		m.wn(msg.token)
		m.w(stored)
	case msg.token > 0:
		m.w(q, stored, " (token ")
		m.wn(msg.token)
		m.w(" not checked)")
	default:
		m.w(q, stored, ", no questions asked")
	}
	m.emit(&e)
}
