package sandbox

import (
	"bytes"
	"encoding/json"
	"iter"
	"slices"
	"unsafe"
)

// Events are a timeline's events. They are stored compactly, with no
// pointer per event: the strings of all events (kinds, clients, reasons,
// values) in one table, their details in one buffer and their Nodes lists
// in one slice, so that a run writes a tenth of what a slice of Event
// took and the garbage collector has nothing in them to trace. At gives
// an event as an Event, which is what the Event's fields say; the JSON is
// that of a slice of Event, byte for byte.
//
// The zero Events is empty. Events are immutable once Run (or EventsOf,
// or UnmarshalJSON) returns them; copies share their storage.
type Events struct {
	ev    []cev
	det   []byte   // the details; never written again once an event points into it
	strs  []string // strs[0] is ""
	nodes []int    // the events' Nodes, back to back
}

// cev is one event: Event's fields, the strings as indexes into the
// table, the detail and the nodes as places in their buffers.
type cev struct {
	t, validUntil, expiresAt, ms, latency, arrivesAt, token int64
	node, grant, ref                                        int64
	detOff, detLen                                          uint32
	nodesOff, nodesLen                                      uint32 // nodesLen nilNodes: Nodes is nil
	kind, client, holder, value, key, reason                uint32
}

// nilNodes is the nodesLen of an event whose Nodes is nil (rather than
// empty).
const nilNodes = ^uint32(0)

// Len is the number of events.
func (es Events) Len() int { return len(es.ev) }

// At returns event i (0 <= i < Len).
func (es Events) At(i int) Event {
	c := &es.ev[i]
	e := Event{T: c.t, Kind: Kind(es.strs[c.kind]), Client: es.strs[c.client], Node: int(c.node), Grant: int(c.grant),
		Token: c.token, Holder: es.strs[c.holder], ValidUntil: c.validUntil, ExpiresAt: c.expiresAt,
		Value: es.strs[c.value], Key: es.strs[c.key], MS: c.ms, Reason: es.strs[c.reason], LatencyMS: c.latency,
		ArrivesAt: c.arrivesAt, Ref: int(c.ref)}
	if c.nodesLen != nilNodes {
		e.Nodes = es.nodes[c.nodesOff : c.nodesOff+c.nodesLen : c.nodesOff+c.nodesLen]
		if e.Nodes == nil {
			e.Nodes = []int{}
		}
	}
	if c.detLen > 0 {
		e.Detail = unsafe.String(&es.det[c.detOff], c.detLen)
	}
	return e
}

// All yields each event with its index, in order.
func (es Events) All() iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		for i := range es.ev {
			if !yield(i, es.At(i)) {
				return
			}
		}
	}
}

// Slice returns the events as a slice of Event, freshly made.
func (es Events) Slice() []Event {
	out := make([]Event, len(es.ev))
	for i := range es.ev {
		out[i] = es.At(i)
	}
	return out
}

// Head returns the first n events (n clamped to 0..Len), sharing the
// storage.
func (es Events) Head(n int) Events {
	es.ev = es.ev[:min(max(n, 0), len(es.ev))]
	return es
}

// EventsOf stores events as Events.
func EventsOf(events []Event) Events {
	var b eventsBuilder
	b.init(len(events), 0)
	for i := range events {
		b.add(&events[i], events[i].Detail)
	}
	return b.done()
}

// MarshalJSON writes the events as encoding/json writes a slice of Event.
// It does not escape <, > and &: encoding/json escapes what a Marshaler
// returns when the caller asks it to, as it does its own strings.
func (es Events) MarshalJSON() ([]byte, error) {
	if es.ev == nil {
		return []byte("null"), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(es.Slice()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads what MarshalJSON writes (a JSON array of events).
func (es *Events) UnmarshalJSON(data []byte) error {
	var events []Event
	if err := json.Unmarshal(data, &events); err != nil {
		return err
	}
	if events == nil {
		*es = Events{}
		return nil
	}
	*es = EventsOf(events)
	return nil
}

// eventsBuilder appends events to its Events. Strings are found in the
// table by where their bytes are (the same string, passed again, is
// found again without comparing it); a string it does not find is added,
// so the table may hold a string twice, which changes nothing At returns.
//
// While it builds, es.ev and es.det are buffers of their full length, of
// which the first n events and dn bytes are written: adding an event or
// writing a detail changes only the counts, and so stores no pointer
// (which would cost a write barrier whenever the garbage collector
// marks); done cuts them to what was written.
type eventsBuilder struct {
	es    Events
	n, dn int
	seen  [128]strSlot
}

// strSlot is a string of the table: where its bytes are (an address,
// not a pointer, so that the slots are nothing for the garbage collector
// to trace: the table keeps the strings), its length and its index.
type strSlot struct {
	p     uintptr
	n, id uint32
}

// init readies b for about n events and det bytes of detail.
func (b *eventsBuilder) init(n, det int) {
	b.es = Events{ev: make([]cev, max(n, 1)), det: make([]byte, max(det, 64)), strs: make([]string, 1, 32+n/2)}
}

// done returns the events built.
func (b *eventsBuilder) done() Events {
	es := b.es
	es.ev, es.det = es.ev[:b.n], es.det[:b.dn]
	return es
}

// room makes room for n more bytes of detail. The details written so far
// stay where they are, and so do the strings already cut from them.
func (b *eventsBuilder) room(n int) {
	if b.dn+n > len(b.es.det) {
		d := make([]byte, max(len(b.es.det)+len(b.es.det)/2, b.dn+n))
		copy(d, b.es.det[:b.dn])
		b.es.det = d
	}
}

// str is the index of s in the table.
func (b *eventsBuilder) str(s string) uint32 {
	if s == "" {
		return 0
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	sl := &b.seen[(p>>3^p>>10^uintptr(len(s))*31)%uintptr(len(b.seen))]
	if sl.p == p && sl.n == uint32(len(s)) {
		return sl.id
	}
	id := uint32(len(b.es.strs))
	b.es.strs = append(b.es.strs, s)
	*sl = strSlot{p, uint32(len(s)), id}
	return id
}

// detail is where detail d is in the buffer: in place when it lies in
// the buffer already (Run writes most details there directly), else
// appended.
func (b *eventsBuilder) detail(d string) (off, n uint32) {
	if d == "" {
		return 0, 0
	}
	if b.dn > 0 {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(b.es.det)))
		p := uintptr(unsafe.Pointer(unsafe.StringData(d)))
		if p >= base && p+uintptr(len(d)) <= base+uintptr(b.dn) {
			return uint32(p - base), uint32(len(d))
		}
	}
	b.room(len(d))
	off = uint32(b.dn)
	b.dn += copy(b.es.det[b.dn:], d)
	return off, uint32(len(d))
}

// set stores e, with detail d (e.Detail is not read), in c.
func (b *eventsBuilder) set(c *cev, e *Event, d string) {
	*c = cev{t: e.T, validUntil: e.ValidUntil, expiresAt: e.ExpiresAt, ms: e.MS, latency: e.LatencyMS, arrivesAt: e.ArrivesAt,
		token: e.Token, node: int64(e.Node), grant: int64(e.Grant), ref: int64(e.Ref),
		kind: b.str(string(e.Kind)), client: b.str(e.Client), holder: b.str(e.Holder), value: b.str(e.Value),
		key: b.str(e.Key), reason: b.str(e.Reason)}
	c.detOff, c.detLen = b.detail(d)
	switch {
	case e.Nodes == nil:
		c.nodesLen = nilNodes
	case len(e.Nodes) > 0:
		c.nodesOff, c.nodesLen = uint32(len(b.es.nodes)), uint32(len(e.Nodes))
		b.es.nodes = append(b.es.nodes, e.Nodes...)
	}
}

// add appends e with detail d.
func (b *eventsBuilder) add(e *Event, d string) {
	if b.n == len(b.es.ev) {
		b.es.ev = append(b.es.ev, make([]cev, max(b.n/4, 64))...)
	}
	b.set(&b.es.ev[b.n], e, d)
	b.n++
}

// Equal reports whether es and o hold the same events (go-cmp calls it).
func (es Events) Equal(o Events) bool {
	if es.Len() != o.Len() {
		return false
	}
	for i := range es.ev {
		a, b := es.At(i), o.At(i)
		if !slices.Equal(a.Nodes, b.Nodes) || (a.Nodes == nil) != (b.Nodes == nil) {
			return false
		}
		if a.T != b.T || a.Kind != b.Kind || a.Client != b.Client || a.Node != b.Node || a.Grant != b.Grant || a.Token != b.Token ||
			a.Holder != b.Holder || a.ValidUntil != b.ValidUntil || a.ExpiresAt != b.ExpiresAt || a.Value != b.Value || a.Key != b.Key ||
			a.MS != b.MS || a.Reason != b.Reason || a.LatencyMS != b.LatencyMS || a.ArrivesAt != b.ArrivesAt || a.Ref != b.Ref || a.Detail != b.Detail {
			return false
		}
	}
	return true
}
