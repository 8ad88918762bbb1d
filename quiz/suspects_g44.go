package quiz

// markCodeReadSuspects sets aside, for the red flags, the suspects a
// debugging step reads a piece of code for when the code is named by
// more than one word: "read the acquire and release code for
// SETNX-then-EXPIRE or an unconditional DEL", "review the lock client's
// release path for a plain DEL" (QA-44: the suspects raised two major
// flags, while "read the release for a plain DEL" raised none). What
// follows "for", up to the next break, is named, not claimed. The reading
// rules of isProbe stay as the second reader learned them: these tokens
// are only set aside.
func markCodeReadSuspects(d *doc) {
	toks := d.toks
	for k := range toks {
		switch toks[k].raw {
		case "read", "reading", "reread", "review", "reviewing", "audit", "auditing", "inspect", "inspecting", "check", "checking", "grep", "search":
		default:
			continue
		}
		if toks[k].probe || toks[k].readerProbe || toks[k].negBy >= 0 || k > 0 && toks[k-1].sent == toks[k].sent && (toks[k-1].cls&clsNegator != 0 || attributiveDets[toks[k-1].raw]) {
			continue
		}
		// the object: up to six words, no break, naming a piece of code
		// and followed by "for"
		forAt := -1
		named := false
		for j := k + 1; j < len(toks) && j <= k+7 && toks[j].sent == toks[k].sent; j++ {
			if j > k+1 && toks[j].clause {
				break
			}
			if readableCode[toks[j].raw] {
				named = true
			}
			if toks[j].raw == "for" {
				if named && readableCode[toks[j-1].raw] {
					forAt = j
				}
				break
			}
		}
		if forAt < 0 || forAt+1 >= len(toks) || toks[forAt+1].sent != toks[k].sent {
			continue
		}
		if w := toks[forAt+1].raw; w == "nothing" || w == "no" {
			continue
		}
		end := forAt + 1
		for end < len(toks) && toks[end].sent == toks[k].sent && !(end > forAt+1 && toks[end].clause) {
			end++
		}
		if ownVerdict(toks, forAt, end) >= 0 {
			continue
		}
		for j := forAt + 1; j < end; j++ {
			toks[j].setAside = true
		}
		// g53 (QA-53b #010): a second piece of code the same step reads,
		// "check the release path for a plain DEL and the acquire for
		// SETNX followed by EXPIRE", lists its suspects too.
		for end < len(toks) && toks[end].sent == toks[k].sent && toks[end].raw == "and" {
			next := -1
			for j := end + 1; j < len(toks) && j <= end+5 && toks[j].sent == toks[k].sent; j++ {
				if j > end+1 && toks[j].clause {
					break
				}
				if toks[j].raw == "for" {
					if readableCode[toks[j-1].raw] {
						next = j
					}
					break
				}
			}
			if next < 0 || next+1 >= len(toks) || toks[next+1].sent != toks[k].sent {
				break
			}
			e := next + 1
			for e < len(toks) && toks[e].sent == toks[k].sent && !(e > next+1 && toks[e].clause) {
				e++
			}
			if ownVerdict(toks, next, e) >= 0 {
				break
			}
			for j := next + 1; j < e; j++ {
				toks[j].setAside = true
			}
			end = e
		}
	}
}
