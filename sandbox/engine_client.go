package sandbox

import (
	"strconv"
	"unsafe"
)

// The clients: their actions, pauses, heartbeats and retries, and the
// messages they exchange with the service.

// msgOp is what a client asks for.
type msgOp uint8

const (
	msgAcquire msgOp = iota // also the database claim
	msgExpire
	msgRelease
	msgExtend
	msgWrite
	msgUnlock // after a refused attempt: delete the keys it left (attempt)
)

// replyKind is what the service answers.
type replyKind uint8

const (
	replyGranted replyKind = iota
	replyDenied
	replyExtended
	replyExtendRefused
)

type message struct {
	op        msgOp
	sentAt    int64
	grant     int
	attempt   int
	token     int64
	heartbeat bool
	// act is the write action whose value and key a write carries. An
	// index rather than the strings keeps queued items free of pointers,
	// which the heap moves around a lot.
	act int
}

// reply is the service's answer. The client keeps no lease end of its own:
// what it believes is recorded in the events (ValidUntil), and it acts
// without consulting it, as the clients of the lessons do.
type reply struct {
	kind  replyKind
	grant int
	token int64
	// attempt and leftover: a refused attempt that left keys on some
	// nodes, for the client to unlock.
	attempt  int
	leftover bool
	// heartbeat: the refused extend was a heartbeat.
	heartbeat bool
}

type client struct {
	id      string
	hb      int64
	paused  bool
	crashed bool
	delay   int64
	grant   int
	token   int64
	holds   bool
	// deferred[dhead:] is the work that fell due while it was paused,
	// in order; the room is reused from one pause to the next.
	deferred []item
	dhead    int
	hbLate   bool // a heartbeat fell due during the pause
	attempt  int  // the latest acquire attempt
	retries  int  // retries left for it
	// lost and lostAt: why (and since when) a client that does not hold
	// the lock believes so, for the write it then does not send.
	lost   lostKind
	lostAt int64
	// extTok is the tokens of the start of its extend.ok's detail (see
	// extend), for an extend and for a heartbeat: written once per run,
	// copied after that.
	extTok [2]tokRun
	// skipTok is the tokens of the start of the detail of a write it
	// does not send (skipWrite), which are the same while it holds no
	// lock for the same reason since the same time: skipLost and
	// skipAt, when skipTok.n > 0.
	skipTok  tokRun
	skipLost lostKind
	skipAt   int64
}

// lostKind is why a client believes it holds no lock.
type lostKind uint8

const (
	lostNever     lostKind = iota // it never asked
	lostPending                   // its acquire has no answer yet
	lostRefused                   // its acquire was refused
	lostReleased                  // it released the lock
	lostExtend                    // the service refused its extend: the lease is gone
	lostHeartbeat                 // the same, for a heartbeat
)

// acquireWord is what the model calls an acquire.
func (m *sim) acquireWord() string {
	if m.model == ModelDatabase {
		return "claim"
	}
	return "acquire"
}

// skipWrite is a write by a client that does not believe it holds the
// lock: a real client checks the result of its acquire, and of its
// extend, and does not touch the resource without a lock.
func (m *sim) skipWrite(ci, idx int) {
	c := &m.clients[ci]
	a := &m.sc.Actions[idx]
	if c.skipTok.n > 0 && c.skipLost == c.lost && c.skipAt == c.lostAt && m.evb.replay(&c.skipTok) {
		m.wq(a.Value)
		m.emitLite(KindActionSkipped, c.id, 0, a.Value, 0, string(a.Op), "")
		return
	}
	c.skipTok.n = 0
	from := m.evb.dn
	m.w(c.id, " holds no lock: ")
	switch c.lost {
	case lostNever:
		m.w("it never acquired one")
	case lostPending:
		m.w("its ", m.acquireWord(), " at ")
		m.wt(c.lostAt)
		m.w(" has no answer yet")
	case lostRefused:
		m.w("its ", m.acquireWord(), " was refused at ")
		m.wt(c.lostAt)
	case lostReleased:
		m.w("it released the lock at ")
		m.wt(c.lostAt)
	case lostExtend, lostHeartbeat:
		if c.lost == lostHeartbeat {
			m.w("its heartbeat")
		} else {
			m.w("its extend")
		}
		m.w(" failed at ")
		m.wt(c.lostAt)
		m.w(", so it no longer counts on its lease")
	}
	m.w("; it does not send the write ")
	m.evb.record(&c.skipTok, from)
	c.skipLost, c.skipAt = c.lost, c.lostAt
	m.wq(a.Value)
	m.emitLite(KindActionSkipped, c.id, 0, a.Value, 0, string(a.Op), "")
}

// skipCrashed is the action.skipped of action idx of crashed client ci.
// After a crash every later action of the client is one of these, the
// same few events again and again but for their time: the first of each
// op is emitted as any event is, its detail written once and shared, and
// the others are copies of its encoding with their own time.
func (m *sim) skipCrashed(ci, idx int) {
	sk := &m.skip[ci*numOpCodes+int(m.actOp[idx])]
	if sk.gen == m.gen {
		b := &m.evb
		if m.nraw >= MaxEvents || b.n == len(b.es.idx) || b.bn+maxEncoded > len(b.es.buf) {
			m.emitEncoded(sk)
			return
		}
		// emitEncoded, with reserve's work in line (there is room).
		b.es.idx[b.n] = evAt{uint32(b.bn), m.now}
		b.n++
		dt := m.now - b.lastT
		b.lastT = m.now
		p := unsafe.Pointer(&b.es.buf[b.bn])
		*(*[len(sk.pre)]byte)(p) = sk.pre
		w := int(sk.npre)
		if z := zig(dt); two(z) {
			put2(p, w, z)
			w += 2
		} else {
			w = putU(p, w, z)
		}
		*(*[len(sk.post)]byte)(unsafe.Add(p, w)) = sk.post
		b.bn += w + int(sk.npost)
		m.mark = b.dn
		m.nraw++
		m.lastT = m.now
		return
	}
	c := &m.clients[ci]
	a := &m.sc.Actions[idx]
	m.w(c.id, " has crashed: ", string(a.Op), " does not happen")
	n, from := m.evb.n, m.evb.bn
	m.emitLite(KindActionSkipped, c.id, 0, "", 0, string(a.Op), "")
	if m.evb.n == n+1 {
		sk.keep(m.evb.es.buf[from:m.evb.bn], m.gen)
	}
}

// skipEnc is an encoded event but for its time (the change since the
// event before): its mask, then (after the time) its fields.
type skipEnc struct {
	// pre and post are copied whole (a few wide moves), of which
	// npre and npost bytes are the event's.
	pre         [4]byte
	post        [24]byte
	gen         uint32
	npre, npost uint8
}

// keep records enc, an encoded event, for gen; an event too long to
// keep is not kept.
func (sk *skipEnc) keep(enc []byte, gen uint32) {
	d := decoder{b: enc}
	d.u()
	pre := d.p
	d.u() // the time
	post := len(enc) - d.p
	if pre > len(sk.pre) || post > len(sk.post) {
		return
	}
	copy(sk.pre[:], enc[:pre])
	copy(sk.post[:], enc[d.p:])
	sk.npre, sk.npost, sk.gen = uint8(pre), uint8(post), gen
}

// emitEncoded is emit of the event sk encodes, at the current time: what
// emit does for an event the checker need not see (action.skipped).
func (m *sim) emitEncoded(sk *skipEnc) {
	m.mark = m.evb.dn
	if m.nraw >= MaxEvents {
		m.stopped = StoppedEventBudget
		return
	}
	b := &m.evb
	dt := b.reserve(m.now)
	// Whole arrays, moved in line (reserve leaves maxEncoded bytes of
	// room): the bytes past npre and npost are overwritten next.
	p := unsafe.Pointer(&b.es.buf[b.bn])
	*(*[len(sk.pre)]byte)(p) = sk.pre
	w := putU(p, int(sk.npre), zig(dt))
	*(*[len(sk.post)]byte)(unsafe.Add(p, w)) = sk.post
	b.bn += w + int(sk.npost)
	m.nraw++
	m.lastT = m.now
}

// clientItem runs client-side work, or defers it while the client is
// paused: a stop-the-world pause freezes actions, timers and the handling
// of answers alike.
func (m *sim) clientItem(it *item) {
	c := &m.clients[it.c]
	if c.crashed {
		if it.kind == itAction {
			m.skipCrashed(it.c, it.idx)
		}
		return
	}
	if c.paused {
		if it.kind == itHeartbeat {
			// A late timer fires once, however many periods it missed.
			if c.hbLate {
				return
			}
			c.hbLate = true
		}
		c.deferred = append(c.deferred, *it)
		return
	}
	switch it.kind {
	case itAction:
		m.clientAction(it.c, it.idx)
	case itHeartbeat:
		c.hbLate = false
		if !c.holds || c.grant != it.grant {
			return
		}
		m.send(it.c, message{op: msgExtend, grant: c.grant, heartbeat: true})
		m.push(&item{t: m.now + c.hb, kind: itHeartbeat, c: it.c, grant: it.grant})
	case itReply:
		m.answer(it.c, it.rep)
	case itSendExpire:
		m.send(it.c, message{op: msgExpire, grant: it.grant})
	case itRetry:
		if c.holds {
			return
		}
		m.attempts++
		c.attempt = m.attempts
		m.send(it.c, message{op: msgAcquire, attempt: c.attempt})
	}
}

func (m *sim) clientAction(ci, idx int) {
	c := &m.clients[ci]
	a := &m.sc.Actions[idx]
	switch m.actOp[idx] {
	case opcAcquire, opcClaim:
		m.attempts++
		c.attempt, c.retries = m.attempts, m.sc.Lock.Retries
		if !c.holds {
			c.lost, c.lostAt = lostPending, m.now
		}
		m.send(ci, message{op: msgAcquire, attempt: c.attempt})
	case opcWrite:
		// A client that knows it holds no lock does not write. One that
		// believes it holds one does not re-check its lease: it writes
		// with the token of its latest grant, as real code between check
		// and write does.
		if !c.holds {
			m.skipWrite(ci, idx)
			return
		}
		m.send(ci, message{op: msgWrite, grant: c.grant, token: c.token, act: idx})
	case opcRelease:
		if c.holds {
			c.lost, c.lostAt = lostReleased, m.now
		}
		c.holds = false
		m.send(ci, message{op: msgRelease, grant: c.grant})
	case opcExtend:
		m.send(ci, message{op: msgExtend, grant: c.grant})
	case opcPause:
		c.paused = true
		m.w(c.id, " freezes for ")
		m.wt(a.MS)
		m.w(" (until ")
		m.wt(m.now + a.MS)
		m.w("): nothing of it runs, heartbeat included")
		m.emitLite(KindPauseStart, c.id, 0, "", a.MS, "", "")
		m.push(&item{t: m.now + a.MS, kind: itPauseEnd, c: ci})
	case opcCrash:
		c.crashed = true
		c.holds = false
		c.deferred, c.dhead = c.deferred[:0], 0 // its room stays for the next run
		m.w(c.id, " crashes")
		if c.grant > 0 {
			m.w("; its key stays at the service until it expires, if it ever does")
		}
		var e Event
		e.Kind, e.Client, e.Grant = KindCrash, c.id, c.grant
		m.emit(&e)
	case opcDelay:
		c.delay = a.MS
		m.w("the next message from ", c.id, " will arrive ")
		m.wt(a.MS)
		m.w(" late")
		m.emitLite(KindDelay, c.id, 0, "", a.MS, "", "")
	}
}

func (m *sim) resume(ci int) {
	c := &m.clients[ci]
	c.paused = false
	m.w(c.id, " resumes")
	if n := len(c.deferred) - c.dhead; n > 0 {
		m.w(" and runs the ")
		m.wn(int64(n))
		if n == 1 {
			m.w(" item")
		} else {
			m.w(" items")
		}
		m.w(" that fell due meanwhile, without re-checking its lease")
	}
	m.emitLite(KindPauseEnd, c.id, 0, "", 0, "", "")
	for c.dhead < len(c.deferred) && !c.paused && !c.crashed {
		it := c.deferred[c.dhead]
		c.dhead++
		m.clientItem(&it)
	}
	if c.dhead == len(c.deferred) {
		c.deferred, c.dhead = c.deferred[:0], 0
	}
}

// send puts a message from client ci on the network.
func (m *sim) send(ci int, msg message) {
	c := &m.clients[ci]
	msg.sentAt = m.now
	d := m.lat + c.delay
	if c.delay > 0 {
		m.w(m.msgName(msg), " from ", c.id, " is held up in the network until ")
		m.wt(m.now + d)
		var e Event
		e.Kind, e.Client, e.Grant, e.Token, e.Value, e.MS, e.ArrivesAt = KindMessageDelayed, c.id, msg.grant, msg.token, m.msgValue(msg), c.delay, m.now+d
		m.emitUnchecked(&e)
		c.delay = 0
	}
	if d == 0 {
		m.arrive(ci, msg)
		return
	}
	m.push(&item{t: m.now + d, kind: itArrive, c: ci, msg: msg})
}

// reply sends the service's answer back to client ci.
func (m *sim) reply(ci int, r reply) {
	if m.lat == 0 {
		if c := &m.clients[ci]; r.kind == replyExtended && !c.paused && !c.crashed {
			// What clientItem would do: answer, which has nothing to do
			// for a granted extend (a heartbeat's, most often).
			return
		}
		m.clientItem(&item{kind: itReply, c: ci, rep: r})
		return
	}
	m.push(&item{t: m.now + m.lat, kind: itReply, c: ci, rep: r})
}

// answer is the client taking in the service's answer.
func (m *sim) answer(ci int, r reply) {
	c := &m.clients[ci]
	switch r.kind {
	case replyGranted:
		c.grant, c.token, c.holds = r.grant, r.token, true
		if c.hb > 0 {
			m.push(&item{t: m.now + c.hb, kind: itHeartbeat, c: ci, grant: r.grant})
		}
		if m.twoStep {
			m.push(&item{t: m.now + 1, kind: itSendExpire, c: ci, grant: r.grant})
		}
	case replyDenied:
		if !c.holds && r.attempt == c.attempt {
			c.lost, c.lostAt = lostRefused, m.now
		}
		// As the Redis docs require: unlock every node after a failed
		// attempt, then retry after a random delay.
		if r.leftover {
			m.send(ci, message{op: msgUnlock, attempt: r.attempt})
		}
		if c.retries > 0 && r.attempt == c.attempt && !c.crashed {
			c.retries--
			d := 1 + int64(m.rand()%uint64(m.retryMax))
			m.emit(&Event{Kind: KindRetry, Client: c.id, MS: d,
				Detail: c.id + " retries in " + ms(d) + " (a random delay of up to " + ms(m.retryMax) + ", seed " + strconv.FormatUint(m.sc.Lock.Seed, 10) + "); " + retriesLeft(c.retries) + " left after that"})
			m.push(&item{t: m.now + d, kind: itRetry, c: ci})
		}
	case replyExtendRefused:
		if c.grant == r.grant {
			if c.holds {
				c.lost, c.lostAt = lostExtend, m.now
				if r.heartbeat {
					c.lost = lostHeartbeat
				}
			}
			c.holds = false
		}
	}
}

// arrive is a message from client ci reaching its destination.
func (m *sim) arrive(ci int, msg message) {
	switch msg.op {
	case msgAcquire:
		m.acquire(ci, msg)
	case msgExpire:
		m.expire(ci, msg)
	case msgRelease:
		m.release(ci, msg)
	case msgUnlock:
		m.unlock(ci, msg)
	case msgExtend:
		m.extend(ci, msg)
	case msgWrite:
		m.write(ci, msg)
	}
}

func (m *sim) latency(msg message) int64 { return m.now - msg.sentAt }

// msgValue is the value a message carries ("" unless a write).
func (m *sim) msgValue(msg message) string {
	if msg.op != msgWrite {
		return ""
	}
	return m.sc.Actions[msg.act].Value
}

func (m *sim) msgName(msg message) string {
	if msg.op == msgWrite {
		return "the write " + strconv.Quote(m.sc.Actions[msg.act].Value)
	}
	return msgName(msg)
}

func msgName(msg message) string {
	switch msg.op {
	case msgAcquire:
		return "the acquire"
	case msgExpire:
		return "the EXPIRE"
	case msgUnlock:
		return "the unlock"
	case msgRelease:
		return "the release"
	case msgExtend:
		if msg.heartbeat {
			return "the heartbeat"
		}
		return "the extend"
	}
	return "the write"
}
