package quiz

import "strings"

// LedReason says why a main answer, as its follow-ups recovered it (see
// Recover), cannot pass its question however well the follow-ups went,
// or "" when it can. An interviewer credits what a candidate says when a
// follow-up nudges them, but does not pass a question whose first answer
// asserted a claim that loses the round and took it back only when asked,
// nor one whose first answer made none of its core points (QA-44: three
// main answers graded 0 % were each lifted past the pass mark by their
// follow-ups, and the round said "3 of 3 main questions passed"), nor
// one whose first answer's losing claim still stands.
func LedReason(r *Result) string {
	if r == nil {
		return ""
	}
	var why []string
	for _, f := range r.Flags {
		if f.Retracted && (f.Severity == SeverityFatal || f.Severity == SeverityMajor) {
			why = append(why, "it asserted a claim that loses the round and took it back only when a follow-up asked")
			break
		}
	}
	// A claim that loses the round and still stands fails the answer in
	// practice (a major flag costs more than the room above the pass
	// mark); the follow-ups' share must not pass the question around it
	// (QA-51b H1: "69 %, passed" and Hire with the flag listed).
	if f, ok := standingLoser(r); ok {
		why = append(why, "it asserted a claim that loses the round, which still stands ("+f.Label+")")
	}
	core, own, recovered := 0, 0, 0
	for _, p := range r.Points {
		if !p.Core {
			continue
		}
		core++
		switch {
		case p.Recovered:
			recovered++
		case p.Hit:
			own++
		}
	}
	if core > 0 && own == 0 && recovered > 0 {
		why = append(why, "it made none of the core points until the follow-ups led to them")
	}
	return strings.Join(why, ", and ")
}

// standingLoser returns the first major or fatal red flag of r that
// stands: not dismissed by the learner nor taken back in a follow-up.
func standingLoser(r *Result) (FlagResult, bool) {
	if r == nil {
		return FlagResult{}, false
	}
	for _, f := range r.Flags {
		if !f.Dismissed && (f.Severity == SeverityFatal || f.Severity == SeverityMajor) {
			return f, true
		}
	}
	return FlagResult{}, false
}
