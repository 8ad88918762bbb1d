package quiz

import "testing"

// TestLocalNegatorExclusions: a flag's exclusion keeps its content words
// sentence-wide and moves its bare negators to "-^" (anywhere but in a
// consequence drawn after the match); "-?", "-," and patterns with no
// negator in an exclusion are left as written.
func TestLocalNegatorExclusions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fresh|new & key & -not|never|same|reus*", "fresh|new & key & -same|reus* & -^not|never"},
		{"a & b & -not|don't|is not|mistake", "a & b & -mistake & -^not|don't|is not"},
		{"a ~6 b ~6 -never", "a ~6 b ~6 -^never"},
		{"a & b & -?not|mistake", "a & b & -?not|mistake"},
		{"a & b & -,not|never", "a & b & -,not|never"},
		{"a & b & -mistake|wrong", "a & b & -mistake|wrong"},
		{"%fencing", "%fencing"},
	} {
		if got := localNegatorExclusions(c.in); got != c.want {
			t.Errorf("localNegatorExclusions(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
