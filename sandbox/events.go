package sandbox

import (
	"bytes"
	"encoding/json"
	"iter"
	"slices"
	"strconv"
	"sync"
	"unsafe"
)

// Events are a timeline's events. They are stored compactly, with no
// pointer per event: each event is a few bytes of variable-length
// integers in one buffer (the fields it has, its strings as indexes into
// one table of the timeline's strings), its detail in one buffer of text
// and its Nodes in one slice, so that a run writes a fraction of what a
// slice of Event took and the garbage collector has nothing in them to
// trace. At gives an event as an Event, which is what the Event's fields
// say; the JSON is that of a slice of Event, byte for byte.
//
// The zero Events is empty. Events are immutable once Run (or EventsOf,
// or UnmarshalJSON) returns them; copies share their storage.
type Events struct {
	n     int      // the number of events
	idx   []evAt   // where event i starts in buf, and its time: the builder's, nil once built (the events are decoded in order)
	buf   []byte   // the events, encoded (see add)
	det   []byte   // the details, as tokens (see Detail tokens); never written again once an event points into it
	strs  []string // strs[0] is ""
	nodes []int    // the events' Nodes, back to back
	// all is the events as Events, made the first time they are read
	// (by At, All, Slice or JSON) and then shared: a page reads them over
	// and over, the engine never. Nil in the builder's view.
	all *decoded
}

// decoded is a timeline's events decoded once, from src.
type decoded struct {
	once   sync.Once
	src    Events
	events []Event
}

// list is every event as an Event, decoded once.
func (d *decoded) list() []Event {
	d.once.Do(func() {
		es := d.src
		out := make([]Event, es.n)
		// The details written as text are rendered into one buffer; a
		// detail shared by several events (a crashed client's, the
		// same sentence again and again) is rendered once.
		var text []byte
		type span struct{ from, to int }
		var spans []span // per event whose detail is in text
		var at []int32   // those events
		var memo map[uint64]int32
		p, t := 0, int64(0)
		for i := range out {
			e, off, n, next := es.decodeAt(p, t)
			p, t = next, e.T
			if n > 0 {
				if s, ok := es.oneString(off, n); ok {
					e.Detail = s
				} else {
					k := uint64(off)<<32 | uint64(n)
					j, seen := memo[k]
					if !seen {
						from := len(text)
						text = es.appendDetail(text, off, n)
						j = int32(len(spans))
						spans = append(spans, span{from, len(text)})
						if memo == nil {
							memo = map[uint64]int32{}
						}
						memo[k] = j
					}
					at = append(at, int32(i), j)
				}
			}
			out[i] = e
		}
		for k := 0; k < len(at); k += 2 {
			if sp := spans[at[k+1]]; sp.to > sp.from {
				out[at[k]].Detail = unsafe.String(&text[sp.from], sp.to-sp.from)
			}
		}
		d.events = out
	})
	return d.events
}

// The fields an encoded event has, in the order they follow its mask and
// its time (strings as table indexes, numbers zigzag-encoded, nodes and
// detail as offset and length).
// The fields most events have come first, so that their mask takes one
// byte.
const (
	hasKind = 1 << iota
	hasClient
	hasReason
	hasDetail
	hasGrant
	hasToken
	hasHolder
	hasValidUntil
	hasExpiresAt
	hasLatency
	hasMS
	hasValue
	hasKey
	hasNode
	hasNodes
	hasArrivesAt
	hasRef
)

// maxEncoded is the most bytes one event takes: its mask, its time and
// every field, each at most 10 bytes (nodes and detail two numbers).
const maxEncoded = 10 * 20

// Len is the number of events.
func (es Events) Len() int { return es.n }

// At returns event i (0 <= i < Len).
func (es Events) At(i int) Event {
	if es.all != nil {
		return es.all.list()[:es.n][i]
	}
	return es.decode(i)
}

// fields is event i, its Detail left out unless the events are decoded
// already (the text of a detail is made only for those who read it).
func (es Events) fields(i int) Event {
	if es.all != nil {
		return es.all.list()[:es.n][i]
	}
	e, _, _ := es.decodeFields(i)
	return e
}

// decode decodes event i.
func (es Events) decode(i int) Event {
	e, off, n := es.decodeFields(i)
	if n > 0 {
		if s, ok := es.oneString(off, n); ok {
			e.Detail = s
		} else if b := es.appendDetail(nil, off, n); len(b) > 0 {
			e.Detail = unsafe.String(&b[0], len(b))
		}
	}
	return e
}

// decodeFields decodes event i but for its detail, which is det[off:][:n]
// (n 0: none). It needs the builder's index.
func (es Events) decodeFields(i int) (e Event, off, n int) {
	e, off, n, _ = es.decodeAt(int(es.idx[i].off), 0)
	e.T = es.idx[i].t
	return e, off, n
}

// decodeAt decodes the event encoded at buf[p:], the event before it
// at time prevT, but for its detail, which is det[off:][:n] (n 0: none);
// next is where the next event starts.
func (es Events) decodeAt(p int, prevT int64) (e Event, off, n, next int) {
	d := decoder{b: es.buf, p: p}
	mask := d.u()
	e.T = prevT + d.i()
	if mask&hasKind != 0 {
		e.Kind = Kind(es.strs[d.u()])
	}
	if mask&hasClient != 0 {
		e.Client = es.strs[d.u()]
	}
	if mask&hasNode != 0 {
		e.Node = int(d.i())
	}
	if mask&hasNodes != 0 {
		off := d.u()
		n := d.u()
		e.Nodes = es.nodes[off : off+n : off+n]
		if e.Nodes == nil {
			e.Nodes = []int{}
		}
	}
	if mask&hasGrant != 0 {
		e.Grant = int(d.i())
	}
	if mask&hasToken != 0 {
		e.Token = d.i()
	}
	if mask&hasHolder != 0 {
		e.Holder = es.strs[d.u()]
	}
	if mask&hasValidUntil != 0 {
		e.ValidUntil = d.i()
	}
	if mask&hasExpiresAt != 0 {
		e.ExpiresAt = d.i()
	}
	if mask&hasValue != 0 {
		e.Value = es.strs[d.u()]
	}
	if mask&hasKey != 0 {
		e.Key = es.strs[d.u()]
	}
	if mask&hasMS != 0 {
		e.MS = d.i()
	}
	if mask&hasReason != 0 {
		e.Reason = es.strs[d.u()]
	}
	if mask&hasLatency != 0 {
		e.LatencyMS = d.i()
	}
	if mask&hasArrivesAt != 0 {
		e.ArrivesAt = d.i()
	}
	if mask&hasRef != 0 {
		e.Ref = int(d.i())
	}
	if mask&hasDetail != 0 {
		off = int(d.u())
		n = int(d.u())
	}
	return e, off, n, d.p
}

// Detail tokens. A detail is stored as the pieces it was written in,
// each a variable-length integer: a string of the table (its index
// shifted by one: the low bit 0), a number (zigzag-encoded, shifted by
// two, low bits 01), a string of the table quoted as strconv.Quote
// quotes it (shifted by three, low bits 011) or a time or duration in
// milliseconds, not below 0 (shifted by three, low bits 111), which
// reads as the pages write one: grouped, with its unit ("16 000 ms",
// AppendMillis). The engine writes a sentence as its parts, most of
// them the same few strings again and again, so a detail takes a few
// bytes instead of its text, and the text is made only when something
// reads the events: the engine never formats a time. Strings, the most
// of the pieces, have the shortest kind: the first 64 take one byte.
const (
	tokInt   = 1
	tokQuote = 3
	tokMS    = 7
)

// tokString is the token of string x of the table.
func tokString(x uint64) uint64 { return x << 1 }

// oneString reports whether the detail at det[off:][:n] is a single
// string of the table (a detail given whole, as EventsOf's are), and
// which.
func (es *Events) oneString(off, n int) (string, bool) {
	d := decoder{b: es.det, p: off}
	v := d.u()
	if d.p != off+n || v&1 != 0 {
		return "", false
	}
	return es.strs[v>>1], true
}

// appendDetail appends the text of the detail at det[off:][:n] to dst.
func (es *Events) appendDetail(dst []byte, off, n int) []byte {
	d := decoder{b: es.det, p: off}
	for d.p < off+n {
		v := d.u()
		switch {
		case v&1 == 0:
			dst = append(dst, es.strs[v>>1]...)
		case v&3 == tokInt:
			x := v >> 2
			dst = strconv.AppendInt(dst, int64(x>>1)^-int64(x&1), 10)
		case v&7 == tokMS:
			dst = AppendMillis(dst, int64(v>>3))
		default:
			dst = strconv.AppendQuote(dst, es.strs[v>>3])
		}
	}
	return dst
}

// decoder reads the variable-length integers of an encoded event.
type decoder struct {
	b []byte
	p int
}

// u reads an unsigned number.
func (d *decoder) u() uint64 {
	var v uint64
	for s := uint(0); ; s += 7 {
		c := d.b[d.p]
		d.p++
		v |= uint64(c&0x7f) << s
		if c < 0x80 {
			return v
		}
	}
}

// i reads a signed number.
func (d *decoder) i() int64 {
	u := d.u()
	return int64(u>>1) ^ -int64(u&1)
}

// All yields each event with its index, in order.
func (es Events) All() iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		for i := range es.n {
			if !yield(i, es.At(i)) {
				return
			}
		}
	}
}

// Slice returns the events as a slice of Event, freshly made.
func (es Events) Slice() []Event {
	if es.all != nil {
		return slices.Clone(es.all.list()[:es.n:es.n])
	}
	out := make([]Event, es.n)
	for i := range es.n {
		out[i] = es.At(i)
	}
	return out
}

// Head returns the first n events (n clamped to 0..Len), sharing the
// storage.
func (es Events) Head(n int) Events {
	es.n = min(max(n, 0), es.n)
	if es.idx != nil {
		es.idx = es.idx[:es.n]
	}
	return es
}

// EventsOf stores events as Events.
func EventsOf(events []Event) Events {
	var b eventsBuilder
	seen := strTables.Get().(*strTable)
	b.init(len(events), 0, seen)
	for i := range events {
		b.add(&events[i], events[i].Detail)
	}
	b.unsee()
	strTables.Put(seen)
	b.seen = nil
	return b.done()
}

// MarshalJSON writes the events as encoding/json writes a slice of Event.
// It does not escape <, > and &: encoding/json escapes what a Marshaler
// returns when the caller asks it to, as it does its own strings.
func (es Events) MarshalJSON() ([]byte, error) {
	if es.all == nil && es.idx == nil {
		return []byte("null"), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	events := es.Slice
	if es.all != nil {
		events = func() []Event { return es.all.list()[:es.n] }
	}
	if err := enc.Encode(events()); err != nil {
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
// While it builds, es.idx, es.buf and es.det are buffers of their full
// length, of which the first n events, bn bytes of them and dn bytes of
// detail are written: adding an event or writing a detail changes only
// the counts, and so stores no pointer (which would cost a write barrier
// whenever the garbage collector marks); done cuts them to what was
// written.
type eventsBuilder struct {
	es        Events
	n, bn, dn int
	lastT     int64 // the time of the latest event
	// seen finds the strings of the table (emptied when the builder
	// starts).
	seen *strTable
	// pooled: the buffers are Run's, reused from run to run, and done
	// copies the events out of them.
	pooled bool
}

// strSlot is a string of the table: where its bytes are (an address,
// not a pointer, so that the slots are nothing for the garbage collector
// to trace: the table keeps the strings), its length and its index. An
// empty slot has address 0, which no string looked up has.
type strSlot struct {
	p     uintptr
	n, id uint32
}

// strTable is the slots that find the strings of a table, by a hash of
// their address (strSlots, a power of two, of them). A slot is taken
// from a string by another of the same hash, which is then stored again
// when it is written next: with 512 slots, two strings of one slot (a
// client's id and a sentence, say) took it from each other all run, and
// a redis run's table of 316 strings held about 110. 2048 slots make that
// rare, and they are emptied by clearing only the slots the table's
// strings took (unsee), not all 32 KB.
type strTable struct {
	slots [strSlots]strSlot
	// inUse: a builder finds strings through the slots, which are
	// not all empty until it is done with them.
	inUse bool
}

const (
	strSlots     = 2048
	strSlotShift = 64 - 11 // the hash's top 11 bits pick the slot
)

// strSlotOf is the slot of a string whose bytes are at p.
func strSlotOf(p uintptr) uint64 { return uint64(p) * 0x9e3779b97f4a7c15 >> strSlotShift }

// strTables are the tables of EventsOf, reused.
var strTables = sync.Pool{New: func() any { return new(strTable) }}

// init readies b for about n events and det bytes of detail, finding
// strings through seen (which it empties).
func (b *eventsBuilder) init(n, det int, seen *strTable) {
	b.setSeen(seen)
	n = max(n, 1)
	b.es = Events{idx: make([]evAt, n), buf: make([]byte, n*24+maxEncoded), det: make([]byte, max(det, 64)), strs: make([]string, 1, 32+n/2)}
}

// initPooled is init with buffers to reuse (of any length: they grow as
// needed), which done copies out of. Nothing in them is read before it
// is written.
func (b *eventsBuilder) initPooled(idx []evAt, buf, det []byte, strs []string, seen *strTable) {
	b.setSeen(seen)
	b.pooled = true
	b.es = Events{idx: idx[:cap(idx)], buf: buf[:cap(buf)], det: det[:cap(det)], strs: append(strs[:0], "")}
	if len(b.es.buf) < maxEncoded {
		b.es.buf = make([]byte, 4096)
	}
	if len(b.es.idx) == 0 {
		b.es.idx = make([]evAt, 64)
	}
}

// setSeen finds strings through seen, which unsee left empty (or, if a
// builder never got that far, is emptied now).
func (b *eventsBuilder) setSeen(seen *strTable) {
	if seen.inUse {
		clear(seen.slots[:])
	}
	seen.inUse = true
	b.seen = seen
}

// unsee empties the slots of b's table, ready for the next builder: the
// slot of every string it holds (a string added again, its slot taken,
// was added again to the table, so every slot taken has its string
// there).
func (b *eventsBuilder) unsee() {
	for _, s := range b.es.strs[1:] {
		b.seen.slots[strSlotOf(uintptr(unsafe.Pointer(unsafe.StringData(s))))] = strSlot{}
	}
	b.seen.inUse = false
}

// view is the events built so far, in b's buffers.
func (b *eventsBuilder) view() Events {
	es := b.es
	es.n = b.n
	es.idx, es.buf, es.det = es.idx[:b.n], es.buf[:b.bn], es.det[:b.dn]
	return es
}

// done returns the events built, copied out of pooled buffers.
func (b *eventsBuilder) done() Events {
	es := b.view()
	// The events are decoded in order from now on: no index.
	es.idx = nil
	if b.pooled {
		// One allocation for the events and the details.
		all := make([]byte, len(es.buf)+len(es.det))
		copy(all, es.buf)
		copy(all[len(es.buf):], es.det)
		es.buf = all[:len(es.buf):len(es.buf)]
		es.det = all[len(es.buf):]
		es.strs = slices.Clone(es.strs)
	}
	es.all = &decoded{src: es}
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

// str is the index of s (not empty) in the table.
func (b *eventsBuilder) str(s string) uint64 {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	// The slot by a multiplicative hash of the address: the strings of
	// a run are often a few bytes apart (literals, the one-letter ids),
	// so every bit of it counts.
	sl := &b.seen.slots[strSlotOf(p)]
	if sl.p == p && sl.n == uint32(len(s)) {
		return uint64(sl.id)
	}
	return b.newStr(s, sl)
}

// newStr adds s to the table, found from now on through slot sl.
func (b *eventsBuilder) newStr(s string, sl *strSlot) uint64 {
	id := uint32(len(b.es.strs))
	b.es.strs = append(b.es.strs, s)
	*sl = strSlot{uintptr(unsafe.Pointer(unsafe.StringData(s))), uint32(len(s)), id}
	return uint64(id)
}

// tok writes detail token v.
func (b *eventsBuilder) tok(v uint64) {
	if v < 0x80 && b.dn < len(b.es.det) {
		b.es.det[b.dn] = byte(v)
		b.dn++
		return
	}
	b.tokLong(v)
}

// tokLong is tok of any token.
func (b *eventsBuilder) tokLong(v uint64) {
	if b.dn+10 > len(b.es.det) {
		b.room(10)
	}
	if v >= 1<<7 && v < 1<<14 {
		// Two bytes (one is tok's): a string past the table's first 64,
		// a number past 31.
		d := b.es.det[b.dn : b.dn+2]
		d[0], d[1] = byte(v)|0x80, byte(v>>7)
		b.dn += 2
		return
	}
	w := encoder{b: b.es.det, p: b.dn}
	w.u(v)
	b.dn = w.p
}

// wstr writes s into the pending detail.
func (b *eventsBuilder) wstr(s string) { b.wstrs([]string{s}) }

// wstrs is wstr of each of parts, in one call: a detail is most often
// a few strings in a row, each a one-byte token.
//
// Room for two bytes a part is made once, before the parts: the tokens
// of strings, even past the table's first 64 (up to 8192), are written
// in line, with the place kept in a local (b.dn is stored once).
func (b *eventsBuilder) wstrs(parts []string) {
	if b.dn+2*len(parts) > len(b.es.det) {
		b.room(2 * len(parts))
	}
	det, dn := b.es.det, b.dn
	for _, s := range parts {
		if s == "" {
			continue
		}
		v := tokString(b.str(s))
		if v < 1<<7 {
			det[dn] = byte(v)
			dn++
			continue
		}
		if v < 1<<14 {
			det[dn+1] = byte(v >> 7)
			det[dn] = byte(v) | 0x80
			dn += 2
			continue
		}
		// A table of more than 8192 strings.
		b.dn = dn
		b.tokLong(v)
		det, dn = b.es.det, b.dn
	}
	b.dn = dn
}

// tokRun is a few detail tokens, as written: the same strings written
// again in one run have the same tokens (a string's index in the table
// never changes), and copying them costs less than finding each string.
// n is 0 until they are recorded.
type tokRun struct {
	n uint8
	b [15]byte
}

// replay writes the tokens of t, if it holds any, and reports whether it
// did.
func (b *eventsBuilder) replay(t *tokRun) bool {
	if t.n == 0 || b.dn+len(t.b) > len(b.es.det) {
		return false
	}
	// All of t.b: the bytes past t.n are beyond what is written.
	*(*[15]byte)(b.es.det[b.dn:]) = t.b
	b.dn += int(t.n)
	return true
}

// record keeps in t the tokens written since from, if they fit.
func (b *eventsBuilder) record(t *tokRun, from int) {
	if n := b.dn - from; n > 0 && n <= len(t.b) {
		t.n = uint8(n)
		copy(t.b[:], b.es.det[from:b.dn])
	}
}

// wint writes n into the pending detail.
func (b *eventsBuilder) wint(n int64) {
	if n >= 1<<60 || n <= -1<<60 {
		// No room for the token's kind: as text.
		b.wstr(strconv.FormatInt(n, 10))
		return
	}
	// A number's token is most often of two or three bytes (a time in
	// ms): written in line, not through tok and tokLong.
	v := (uint64(n<<1)^uint64(n>>63))<<2 | tokInt
	if dn := b.dn; dn+3 <= len(b.es.det) {
		d := b.es.det[dn : dn+3]
		switch {
		case v < 1<<7:
			d[0] = byte(v)
			b.dn = dn + 1
			return
		case v < 1<<14:
			d[0], d[1] = byte(v)|0x80, byte(v>>7)
			b.dn = dn + 2
			return
		case v < 1<<21:
			d[0], d[1], d[2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
			b.dn = dn + 3
			return
		}
	}
	b.tokLong(v)
}

// wms writes n, a time or a duration in ms, into the pending detail: a
// number as wint writes one, of another kind, which reads as
// AppendMillis writes it.
func (b *eventsBuilder) wms(n int64) {
	if uint64(n) >= 1<<60 {
		// Below 0 (a time is not) or no room for the token's kind: as
		// text.
		b.wstr(Millis(n))
		return
	}
	// Most often of three bytes (a time of the first four minutes), or
	// four (up to the ten minutes a run may last): written in line, not
	// through tok and tokLong.
	v := uint64(n)<<3 | tokMS
	if dn := b.dn; dn+4 <= len(b.es.det) {
		d := b.es.det[dn : dn+4]
		switch {
		case v < 1<<7:
			d[0] = byte(v)
			b.dn = dn + 1
			return
		case v < 1<<14:
			d[0], d[1] = byte(v)|0x80, byte(v>>7)
			b.dn = dn + 2
			return
		case v < 1<<21:
			d[0], d[1], d[2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
			b.dn = dn + 3
			return
		case v < 1<<28:
			d[0], d[1], d[2], d[3] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)
			b.dn = dn + 4
			return
		}
	}
	b.tokLong(v)
}

// wquote writes s, quoted, into the pending detail.
func (b *eventsBuilder) wquote(s string) {
	v := b.str(s)<<3 | tokQuote
	if dn := b.dn; dn+2 <= len(b.es.det) && v < 1<<14 {
		d := b.es.det[dn : dn+2]
		if v < 1<<7 {
			d[0] = byte(v)
			b.dn = dn + 1
			return
		}
		d[0], d[1] = byte(v)|0x80, byte(v>>7)
		b.dn = dn + 2
		return
	}
	b.tokLong(v)
}

// detail is where detail d is in the buffer: in place when it lies in
// the buffer already (the tokens Run writes), else written there as one
// string of the table.
func (b *eventsBuilder) detail(d string) (off, n uint64) {
	if b.dn > 0 {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(b.es.det)))
		p := uintptr(unsafe.Pointer(unsafe.StringData(d)))
		if p >= base && p+uintptr(len(d)) <= base+uintptr(b.dn) {
			return uint64(p - base), uint64(len(d))
		}
	}
	from := b.dn
	b.tok(tokString(b.str(d)))
	return uint64(from), uint64(b.dn - from)
}

// encoder writes the variable-length integers of an event into buf
// from p on (the caller has made room for maxEncoded bytes).
type encoder struct {
	b []byte
	p int
}

func (w *encoder) u(v uint64) {
	if v < 1<<7 {
		w.b[w.p] = byte(v)
		w.p++
		return
	}
	w.long(v)
}

// long is u of a number of more than one byte.
func (w *encoder) long(v uint64) {
	if v < 1<<14 {
		b := w.b[w.p : w.p+2]
		b[0], b[1] = byte(v)|0x80, byte(v>>7)
		w.p += 2
		return
	}
	if v < 1<<21 {
		b := w.b[w.p : w.p+3]
		b[0], b[1], b[2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
		w.p += 3
		return
	}
	for v >= 0x80 {
		w.b[w.p] = byte(v) | 0x80
		w.p++
		v >>= 7
	}
	w.b[w.p] = byte(v)
	w.p++
}

// zig is v zigzag-encoded (small magnitudes small), for u. (A method i
// doing both would be too big to inline, and most of what add writes are
// numbers of one byte.)
func zig(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// putU writes v at p+n, where the caller has made room for it, and
// returns the place after it. The place is a value, not a field of
// something passed by address (as encoder's is, to long), so that a run
// of putU keeps it in a register; one byte, the most of what an event
// holds, is written in line.
func putU(p unsafe.Pointer, n int, v uint64) int {
	if v < 1<<7 {
		*(*byte)(unsafe.Add(p, n)) = byte(v)
		return n + 1
	}
	return putLong(p, n, v)
}

// two reports whether v takes two bytes (putU writes those through
// putLong; where they are common, they are written in line: see put2).
func two(v uint64) bool { return v-1<<7 < 1<<14-1<<7 }

// put2 writes v, which takes two bytes, at p+n.
func put2(p unsafe.Pointer, n int, v uint64) {
	q := (*[2]byte)(unsafe.Add(p, n))
	q[0], q[1] = byte(v)|0x80, byte(v>>7)
}

// putLong is putU of a number of more than one byte.
func putLong(p unsafe.Pointer, n int, v uint64) int {
	b := (*[10]byte)(unsafe.Add(p, n))
	if v < 1<<14 {
		b[0], b[1] = byte(v)|0x80, byte(v>>7)
		return n + 2
	}
	if v < 1<<21 {
		b[0], b[1], b[2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
		return n + 3
	}
	k := 0
	for v >= 0x80 {
		b[k] = byte(v) | 0x80
		k++
		v >>= 7
	}
	b[k] = byte(v)
	return n + k + 1
}

// reserve starts an event at time t: room for it, its index. It returns
// what is encoded of the time: the change since the event before.
func (b *eventsBuilder) reserve(t int64) (dt int64) {
	if b.n == len(b.es.idx) {
		b.es.idx = append(b.es.idx, make([]evAt, max(b.n/4, 64))...)
	}
	if b.bn+maxEncoded > len(b.es.buf) {
		nb := make([]byte, len(b.es.buf)+len(b.es.buf)/2+maxEncoded)
		copy(nb, b.es.buf[:b.bn])
		b.es.buf = nb
	}
	b.es.idx[b.n] = evAt{uint32(b.bn), t}
	b.n++
	dt, b.lastT = t-b.lastT, t
	return dt
}

// evAt is where an event starts in the builder's buffer, and its time
// (which the buffer holds as the change since the event before).
type evAt struct {
	off uint32
	t   int64
}

// add appends e with detail d (e.Detail is not read).
func (b *eventsBuilder) add(e *Event, d string) {
	dt := b.reserve(e.T)
	var mask uint64
	if e.Kind != "" {
		mask |= hasKind
	}
	if e.Client != "" {
		mask |= hasClient
	}
	if e.Node != 0 {
		mask |= hasNode
	}
	if e.Nodes != nil {
		mask |= hasNodes
	}
	if e.Grant != 0 {
		mask |= hasGrant
	}
	if e.Token != 0 {
		mask |= hasToken
	}
	if e.Holder != "" {
		mask |= hasHolder
	}
	if e.ValidUntil != 0 {
		mask |= hasValidUntil
	}
	if e.ExpiresAt != 0 {
		mask |= hasExpiresAt
	}
	if e.Value != "" {
		mask |= hasValue
	}
	if e.Key != "" {
		mask |= hasKey
	}
	if e.MS != 0 {
		mask |= hasMS
	}
	if e.Reason != "" {
		mask |= hasReason
	}
	if e.LatencyMS != 0 {
		mask |= hasLatency
	}
	if e.ArrivesAt != 0 {
		mask |= hasArrivesAt
	}
	if e.Ref != 0 {
		mask |= hasRef
	}
	if d != "" {
		mask |= hasDetail
	}
	// reserve has made room for maxEncoded bytes from bn on.
	p, w := unsafe.Pointer(&b.es.buf[b.bn]), 0
	w = putU(p, w, mask)
	if z := zig(dt); two(z) {
		put2(p, w, z)
		w += 2
	} else {
		w = putU(p, w, z)
	}
	if mask&hasKind != 0 {
		w = putU(p, w, b.str(string(e.Kind)))
	}
	if mask&hasClient != 0 {
		w = putU(p, w, b.str(e.Client))
	}
	if mask&hasNode != 0 {
		w = putU(p, w, zig(int64(e.Node)))
	}
	if mask&hasNodes != 0 {
		w = putU(p, w, uint64(len(b.es.nodes)))
		w = putU(p, w, uint64(len(e.Nodes)))
		if len(e.Nodes) > 0 {
			b.es.nodes = append(b.es.nodes, e.Nodes...)
		}
	}
	if mask&hasGrant != 0 {
		w = putU(p, w, zig(int64(e.Grant)))
	}
	if mask&hasToken != 0 {
		w = putU(p, w, zig(e.Token))
	}
	if mask&hasHolder != 0 {
		w = putU(p, w, b.str(e.Holder))
	}
	if mask&hasValidUntil != 0 {
		w = putU(p, w, zig(e.ValidUntil))
	}
	if mask&hasExpiresAt != 0 {
		w = putU(p, w, zig(e.ExpiresAt))
	}
	if mask&hasValue != 0 {
		w = putU(p, w, b.str(e.Value))
	}
	if mask&hasKey != 0 {
		w = putU(p, w, b.str(e.Key))
	}
	if mask&hasMS != 0 {
		w = putU(p, w, zig(e.MS))
	}
	if mask&hasReason != 0 {
		w = putU(p, w, b.str(e.Reason))
	}
	if mask&hasLatency != 0 {
		w = putU(p, w, zig(e.LatencyMS))
	}
	if mask&hasArrivesAt != 0 {
		w = putU(p, w, zig(e.ArrivesAt))
	}
	if mask&hasRef != 0 {
		w = putU(p, w, zig(int64(e.Ref)))
	}
	if mask&hasDetail != 0 {
		off, n := b.detail(d)
		if two(off) {
			put2(p, w, off)
			w += 2
		} else {
			w = putU(p, w, off)
		}
		w = putU(p, w, n)
	}
	b.bn += w
}

// addLite is add of an event at time t with only these fields (emitLite
// says which kinds have no others): the same encoding, the fields in
// add's order.
func (b *eventsBuilder) addLite(t int64, kind Kind, client string, node int, value string, ms int64, reason string, d string) {
	dt := b.reserve(t)
	mask := uint64(hasKind)
	if client != "" {
		mask |= hasClient
	}
	if node != 0 {
		mask |= hasNode
	}
	if value != "" {
		mask |= hasValue
	}
	if ms != 0 {
		mask |= hasMS
	}
	if reason != "" {
		mask |= hasReason
	}
	if d != "" {
		mask |= hasDetail
	}
	p, w := unsafe.Pointer(&b.es.buf[b.bn]), 0
	w = putU(p, w, mask)
	if z := zig(dt); two(z) {
		put2(p, w, z)
		w += 2
	} else {
		w = putU(p, w, z)
	}
	w = putU(p, w, b.str(string(kind)))
	if mask&hasClient != 0 {
		w = putU(p, w, b.str(client))
	}
	if mask&hasNode != 0 {
		w = putU(p, w, zig(int64(node)))
	}
	if mask&hasValue != 0 {
		w = putU(p, w, b.str(value))
	}
	if mask&hasMS != 0 {
		w = putU(p, w, zig(ms))
	}
	if mask&hasReason != 0 {
		w = putU(p, w, b.str(reason))
	}
	if mask&hasDetail != 0 {
		off, n := b.detail(d)
		if two(off) {
			put2(p, w, off)
			w += 2
		} else {
			w = putU(p, w, off)
		}
		w = putU(p, w, n)
	}
	b.bn += w
}

// truncate drops the events from n on (their details and nodes stay,
// unreferenced).
func (b *eventsBuilder) truncate(n int) {
	if n < b.n {
		b.bn = int(b.es.idx[n].off)
		b.n = n
		b.lastT = 0
		if n > 0 {
			b.lastT = b.es.idx[n-1].t
		}
	}
}

// Equal reports whether es and o hold the same events (go-cmp calls it).
func (es Events) Equal(o Events) bool {
	if es.Len() != o.Len() {
		return false
	}
	for i := range es.n {
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
