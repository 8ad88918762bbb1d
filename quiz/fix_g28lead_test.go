package quiz_test

import "testing"

// TestFixG28LeadDeniedConfirmations: a denied verb after a war story's
// belief is a rebuttal only when it says the belief failed ("it didn't
// hold", "it didn't protect us", "it didn't make it safe"); denied verbs
// that confirm the belief ("it didn't stop working", "it didn't have a
// single incident", "it didn't hold us back") leave the wrong claim the
// candidate's own (review rev28qf found 12 such claims hidden by g28qf).
func TestFixG28LeadDeniedConfirmations(t *testing.T) {
	const q, flag = "redis-wait-safe", "wait-makes-safe"
	var cases []flagCase
	for i, s := range []string{
		"We believed WAIT made the lock failover safe, and it didn't stop working once in two years.",
		"We assumed WAIT 1 made the lock survive a failover, and it didn't have a single incident since.",
		"We trusted WAIT to make the lock failover safe, and it didn't keep anyone awake at night.",
		"We thought WAIT made the lock failover safe, and it didn't let us down.",
		"We expected WAIT to make the lock failover safe, and it didn't make us regret it.",
		"We believed WAIT made the lock failover safe, and it didn't hold us back at all.",
	} {
		cases = append(cases, flagCase{"wrong" + string(rune('a'+i)), q, flag, s, true})
	}
	for i, s := range []string{
		"We believed WAIT made the lock failover safe; it didn't hold once a replica without the key was promoted.",
		"We assumed WAIT made the lock survive failover, but it didn't protect us when Sentinel promoted a lagging replica.",
		"We thought WAIT made our lock failover safe, and it didn't make it safe at all: a promoted replica had never seen the key.",
		"We trusted WAIT to keep the lock through a failover; it didn't work, two clients held it after the promotion.",
	} {
		cases = append(cases, flagCase{"story" + string(rune('a'+i)), q, flag, s, false})
	}
	checkFlagCases(t, cases)
}
