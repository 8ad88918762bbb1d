package quiz

import "strings"

// markCodeReadParentheticals sets aside, for the red flags, what a
// debugging step lists in parentheses right after the piece of code it
// reads: "read the acquire (one SET NX PX or SETNX then EXPIRE, and is the
// value unique per worker)" names what to look for, as "read the acquire
// for SETNX then EXPIRE" does (markCodeReadSuspects); QA-45: the
// parenthetical raised two-commands as a major flag. A parenthetical that
// gives its own verdict ("read the release (a plain DEL, which is fine)")
// is the speaker's claim and stays. As with markCodeReadSuspects, the
// second reader reads these words as it learned them: they are only set
// aside.
func markCodeReadParentheticals(d *doc) {
	toks := d.toks
	for k := range toks {
		if !codeReadVerbs[toks[k].raw] && toks[k].raw != "review" && toks[k].raw != "inspect" && toks[k].raw != "audit" && toks[k].raw != "check" {
			continue
		}
		if toks[k].probe || toks[k].readerProbe || toks[k].negBy >= 0 || k > 0 && toks[k-1].sent == toks[k].sent && toks[k-1].cls&clsNegator != 0 {
			continue
		}
		// the object: "the acquire", "the lock client's release path", up
		// to five words, then an opening parenthesis
		open := -1
		for j := k + 1; j < len(toks) && j <= k+6 && toks[j].sent == toks[k].sent; j++ {
			if toks[j].clause {
				if toks[j].brk == '(' && readableCode[toks[j-1].raw] {
					open = j
				}
				break
			}
		}
		if open < 0 {
			continue
		}
		// the parenthetical runs to its closing parenthesis
		closeAt := strings.IndexByte(d.text[toks[open].start:], ')')
		if closeAt < 0 {
			continue
		}
		closeAt += toks[open].start
		end := open
		for end < len(toks) && toks[end].sent == toks[k].sent && toks[end].end <= closeAt {
			end++
		}
		if ownVerdict(toks, open-1, end) >= 0 {
			continue
		}
		for j := open; j < end; j++ {
			toks[j].setAside = true
		}
	}
}
