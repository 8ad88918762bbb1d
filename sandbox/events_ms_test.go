package sandbox

import (
	"testing"
	"unsafe"
)

// TestTimeTokensRead: a time written into a detail as a token (wms) reads
// as Millis writes it, at every size of token and past the numbers a
// token can hold, among the other kinds of token.
func TestTimeTokensRead(t *testing.T) {
	for _, n := range []int64{0, 1, -1, 7, 15, 16, 999, 1000, 16000, 262143, 262144, 600000, -600000, 1<<60 - 1, 1 << 60, -1 << 60, 1<<63 - 1, -1 << 63} {
		var b eventsBuilder
		seen := new(strTable)
		b.init(1, 0, seen)
		b.wstr("at ")
		b.wms(n)
		b.wstr(", token ")
		b.wint(n)
		b.wstr(", value ")
		b.wquote("v")
		d := unsafe.String(&b.es.det[0], b.dn)
		b.add(&Event{Kind: KindDelay}, d)
		b.unsee()
		got := b.done().At(0).Detail
		want := "at " + Millis(n) + ", token " + itoa(n) + `, value "v"`
		if got != want {
			t.Errorf("%d reads %q, want %q", n, got, want)
		}
	}
}
