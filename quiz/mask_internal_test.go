package quiz

import "testing"

// TestAlternativesThatOnlyStartAreNeverTried: a list of alternatives
// whose phrases start in a sentence but whose later words are nowhere in
// it rules that sentence out by its mask, before any phrase is tried,
// while the sentence that holds a whole phrase still matches.
func TestAlternativesThatOnlyStartAreNeverTried(t *testing.T) {
	const text = "Two workers took the lock. Both clients then wrote. Two clients hold the lock at once."
	d, ps := markedDoc(t, text,
		"two clients|both holders & lock",   // "clients" and "lock" meet only in the third sentence
		"two holders|both holders & lock",   // no "holders" anywhere
		"two clients hold|both owners & at", // the third sentence again, by every later word
	)
	for _, c := range []struct {
		p      *Pattern
		absent bool
		sents  uint64 // bit si: the sentences left to try
	}{{ps[0], false, 1 << 2}, {ps[1], true, 0}, {ps[2], false, 1 << 2}} {
		if got := c.p.absent(d); got != c.absent {
			t.Errorf("%s: absent = %v, want %v", c.p, got, c.absent)
		}
		if m, ok := d.evalFor(c.p).sentMask(); !ok || m != c.sents {
			t.Errorf("%s: mask %03b (ok %v), want %03b", c.p, m, ok, c.sents)
		}
		for si := range d.sents {
			_, found := c.p.find(d, si)
			if want := c.sents>>uint(si)&1 != 0; found != want {
				t.Errorf("%s: found in sentence %d = %v, want %v", c.p, si, found, want)
			}
		}
	}
}
