package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestQA50bVerdicts: QA-50b's answers the grader got wrong, as written. It
// wrote wrong claims into otherwise strong answers, mid-paragraph, and
// correct answers in non-native or casual wording. A passing answer
// passes with no flag; a losing one fails on the flag that names its
// claim.
func TestQA50bVerdicts(t *testing.T) {
	b := loadBank(t)
	for _, c := range []qaVerdict{
		{24, false, "single-node-keeps-keys", false, "with RDB snapshots you're fine ... a restart never loses a lock (H1)"},
		{26, false, "clocks-irrelevant", false, "Clock jumps can't matter here since the TTL is enforced by Redis (H1)"},
		{27, false, "server-waits-for-client", false, "the ZooKeeper servers hold my session open until my client reconnects (H1)"},
		{34, false, "extend-without-owner", false, "The renewal is just EXPIRE lock 30 on the key (H1)"},
		{79, false, "steps-clocks", false, "I'd run ntpdate from cron every minute (H1)"},
		{81, false, "isolation-prevents-race", false, "the default READ COMMITTED isolation already stops a separate read and then write from racing (H1)"},
		{82, false, "lock-service-fences", false, "the API server itself rejects writes from a controller whose Lease object was taken over (H1)"},
		{69, false, "fencing-unneeded", true, "Do we need fencing tokens with etcd? No, etcd's lease takes care of that (H3)"},
		{70, false, "race-odds-dismissed", false, "Don't let the race scare you ...: the window is so tiny that skipping coordination is fine (M1)"},
		{71, false, "ttl-as-safety", true, "a usual suspect's bullet: the fix there is a longer TTL, which keeps the two holders apart (M1)"},
		{86, false, "server-waits-for-client", false, "the servers keep my session for me, so nobody else can hold the lock yet (H5)"},
		{86, false, "session-expiry-notified-first", false, "LOST ... always comes before anyone else is allowed to take the lock (H5)"},
		{88, true, "", false, "session.Done() is only nice to have, the transaction is the real protection (H4)"},
		{109, true, "", false, "the same, without its first sentence (H4)"},
		{105, true, "", false, "the servers expire the session on their own clock without asking me (H4)"},
		{5, true, "", false, "the counter has to survive failover of the lock service (H4)"},
		{37, true, "", false, "Redis lock per customer is not solving this (H4)"},
		{83, false, "unaware-resource-fenced", false, "a custom X-Fencing-Token header, so the payment API can drop the stale holder's requests (M3)"},
	} {
		checkQAVerdict(t, b, qa50bAnswers[c.entry], c)
	}
}

// TestQA50bNotFatal: #083's custom-header claim is the major "an unaware
// resource rejects stale tokens", not the fatal "fencing not needed" that
// "can drop" raised (M3: in a round, fatal ends the round).
func TestQA50bNotFatal(t *testing.T) {
	b := loadBank(t)
	a := qa50bAnswers[83]
	q, _ := b.ByID(a.question)
	if r := b.Grade(q, quiz.Answer{Text: a.text}); r.Fatal || slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("#083: fatal=%v flags %v, want unaware-resource-fenced alone, major", r.Fatal, r.FlagIDs())
	}
}

// TestQA50bPoints: points QA-50b's answers made in a war story and were not
// credited (M6): #017's core point, told as the incident ("the lock
// expired, a second pod took it and we sent every customer two
// invoices"), and #093's "every incident with it was the lock itself".
func TestQA50bPoints(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		entry int
		point string
	}{{17, "lock-not-enough"}, {93, "lock-cost"}} {
		a := qa50bAnswers[c.entry]
		q, _ := b.ByID(a.question)
		r := b.Grade(q, quiz.Answer{Text: a.text})
		if !slices.Contains(r.Hits(), c.point) {
			t.Errorf("#%03d %s: %s not credited (hits %v)", c.entry, a.question, c.point, r.Hits())
		}
	}
	// #017 failed at 30 % for the core point; it now passes.
	a := qa50bAnswers[17]
	q, _ := b.ByID(a.question)
	if r := b.Grade(q, quiz.Answer{Text: a.text}); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("#017: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
}
