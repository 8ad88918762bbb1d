package quiz

// markCalledThenRebutted sets aside, for the red flags only, what others
// are said to call something when the speaker answers it in the same
// sentence: "Some people call fencing overkill, but no TTL covers every
// pause, so the resource must check the token" (g54, from QA-54: the
// verdict "overkill" raised fencing-unneeded). The rule that refutes what
// others say reads "say" and "think" but not "call", and the second
// reader, trained on that reading, reads it as before: the words are set
// aside, not refuted. Only a reporter ("people", "a colleague", "they")
// that calls, followed in its sentence by a contrast ("but", "however",
// "yet"), qualifies; "I call that overkill" is the speaker's verdict.
func markCalledThenRebutted(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			if r := toks[k].raw; r != "call" && r != "calls" && r != "called" {
				continue
			}
			if toks[k-1].cls&clsReporter == 0 || toks[k-1].negBy >= 0 {
				continue
			}
			end := -1
			for j := k + 1; j < s.to; j++ {
				if toks[j].clause && contrastWords[toks[j].raw] {
					end = j
					break
				}
			}
			if end < 0 {
				continue
			}
			for j := k; j < end; j++ {
				toks[j].setAside = true
			}
		}
	}
}
