package quiz

import "testing"

// TestEnumeratedMistakes: the items of a numbered list run on in the
// paragraph after a heading that announces mistakes are set aside, each
// item's opening sentence only; the fix told after it, a list with no
// such heading and a list after "Steps." stay the speaker's own.
func TestEnumeratedMistakes(t *testing.T) {
	for _, c := range []struct {
		text  string
		aside map[string]bool // first word of a sentence → set aside
	}{
		{"Two mistakes. 1) Every waiter watches the holder's node. Watch only your predecessor. 2) Assuming you hold the lock when the watch fires. Always re-read the children.",
			map[string]bool{"every": true, "watch": false, "assuming": true, "always": false}},
		{"Common pitfalls: 1) every waiter watches the parent. 2) holding the lock when the watch fires. Then re-read.",
			map[string]bool{"every": true, "holding": true, "then": false}},
		{"Two steps. 1) Every client creates a sequential node. 2) The lowest one holds the lock.",
			map[string]bool{"every": false, "the": false}},
		{"Two mistakes. Nobody counts them. 1) Every waiter watches the parent.",
			map[string]bool{"every": false}},
	} {
		d := analyse(c.text)
		for k := range d.toks {
			tk := &d.toks[k]
			want, ok := c.aside[tk.raw]
			if !ok || k == 0 || !(d.toks[k-1].raw >= "1" && d.toks[k-1].raw <= "9" || d.sents[tk.sent].from == k) {
				continue
			}
			if tk.setAside != want {
				t.Errorf("%q: %q set aside = %v, want %v", c.text, tk.raw, tk.setAside, want)
			}
		}
	}
}
