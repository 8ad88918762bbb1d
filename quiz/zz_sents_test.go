package quiz

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// zz debug: SENTS_T="text" prints sentences after claim marking, with set-aside tokens in [brackets].
func TestZZSents(t *testing.T) {
	text := os.Getenv("SENTS_T")
	if text == "" {
		t.Skip()
	}
	d := analyse(text)
	for i, s := range d.sents {
		out := ""
		for k := s.from; k < s.to; k++ {
			w := d.toks[k].raw
			if d.toks[k].setAside {
				w = "[" + w + "]"
			}
			if d.toks[k].refuted {
				w = "{" + w + "}"
			}
			if d.toks[k].clause && d.toks[k].brk != 0 {
				w = "|" + string(d.toks[k].brk) + w
			} else if d.toks[k].clause {
				w = "|" + w
			}
			if d.toks[k].hypo {
				w += "^h"
			}
			out += w + " "
			_ = k
		}
		fmt.Printf("%d-%d S%d prose=%v claim=%v q=%v bul=%v: %s\n", s.from, s.to, i, s.prose, s.claim, s.question, bulleted(d, s), strings.ReplaceAll(out, "\n", "N"))
	}
}
