package quiz_test

import (
	"slices"
	"strings"
	"testing"
)

// TestFixG39PausedHolderNeedsTheProblem: the fencing-token point "which
// problem it solves" is made by a sentence about a stale or paused holder,
// not by any sentence that names a client and a write. Until g39 one of
// its patterns ("@stale @holder|owner|writer|client & ...") read as
// "stale holder" OR owner OR writer OR client, so "The client passes it
// along with every write" ticked it and a mechanism-only answer passed.
func TestFixG39PausedHolderNeedsTheProblem(t *testing.T) {
	b := loadBank(t)
	mechanism := "Each acquisition gets a monotonically increasing token.\nThe client passes it along with every write.\nThe database refuses a write whose token is lower than the last one it accepted."
	r := gradeReal(t, b, "fencing-token", mechanism)
	for _, p := range r.Points {
		if p.ID == "paused-holder" && p.Hit {
			t.Errorf("paused-holder ticked by a mechanism-only answer: %+v", p)
		}
	}
	if r.Passed {
		t.Errorf("mechanism-only answer passed (%.2f); it never says which problem fencing solves", r.Score)
	}
	if !strings.Contains(strings.Join(r.Missed(), " "), "paused-holder") {
		t.Errorf("missed points %v, want paused-holder named", r.Missed())
	}
	// The same answer with the problem said passes.
	full := mechanism + "\nThat stops a stale holder, one that paused past its lease, from overwriting the new holder's data."
	if r := gradeReal(t, b, "fencing-token", full); !r.Passed {
		t.Errorf("with the problem said: passed=false (%.2f), missed %v", r.Score, r.Missed())
	}
	// Other sentences that name a client or a writer and a write still
	// make no problem of it.
	for _, s := range []string{
		"The writer attaches the token to each request.",
		"Every client includes its number in the write.",
		"The owner sends the token with its writes.",
	} {
		r := gradeReal(t, b, "fencing-token", s)
		for _, p := range r.Points {
			if p.ID == "paused-holder" && p.Hit {
				t.Errorf("%q ticks paused-holder", s)
			}
		}
	}
}

// TestFixG39TelegraphicTimeline: a timeline told in two-word sentences
// ("Lease expires. Holder paused.") is a claim, as the same steps joined
// by commas are (eventChain): the telegraphic answer makes the
// paused-holder point there, not in the sentence about the client's write.
func TestFixG39TelegraphicTimeline(t *testing.T) {
	b := loadBank(t)
	text := "Token: issued by the lock service, goes up by one per grant. Client attaches it to each write. Storage keeps the max, refuses lower. Lease expires. Holder paused. Storage rejects token 33 < 34."
	r := gradeReal(t, b, "fencing-token", text)
	if !r.Passed {
		t.Fatalf("telegraphic answer failed (%.2f), missed %v", r.Score, r.Missed())
	}
	for _, p := range r.Points {
		if p.ID != "paused-holder" {
			continue
		}
		if !p.Hit || len(p.Spans) == 0 {
			t.Fatalf("paused-holder not made: %+v", p)
		}
		from := strings.Index(text, "Lease expires. Holder paused.")
		to := from + len("Lease expires. Holder paused.")
		for _, sp := range p.Spans {
			if sp.Start < from || sp.End > to {
				t.Errorf("paused-holder made by %q, want the timeline (\"Lease expires. Holder paused.\")", text[sp.Start:sp.End])
			}
		}
	}
	// One two-word sentence alone is no timeline, and a run of bare
	// nouns is no claim.
	for _, list := range []string{
		"Fencing token. Monotonic counter. Storage check. Paused holder.",
		"Lease expiry. GC pause. Token check.",
	} {
		if r := gradeReal(t, b, "fencing-token", list); r.Passed {
			t.Errorf("%q passed", list)
		}
	}
}

// TestQA38Leftovers: two misses QA found on g38 as a new user. A claim
// that Redis keeps the lock "even across failover, because the replica
// already has the key" raised no replication-keeps-lock (the line for a
// replica that has the key excludes "even", as in "even if a replica has
// it"); "That avoids a lost update" did not name the lost update (the
// avoiding verb negates it). Each correct counterpart stays clean.
func TestQA38Leftovers(t *testing.T) {
	b := loadBank(t)
	base := "To acquire, the client runs SET lock <random token> NX PX 30000, which sets the key only if it is absent and gives it a TTL in one atomic command. To release, it runs a Lua script that compares the stored value with its own token and deletes the key only if they match, so it never deletes a lock that someone else now holds. The main failure is a pause: if the holder stalls in GC longer than the TTL, the key expires, another client acquires it, and the first one wakes up and writes anyway, so the storage has to check a fencing token. "
	for _, c := range []struct {
		text string
		flag bool
	}{
		{"Redis is single threaded, so the lock is perfectly safe even across failover, because the replica already has the key.", true},
		{"The lock survives even after a failover, since the replica already holds the key.", true},
		{"A colleague claimed the lock is safe even across failover because the replica already has the key; that is wrong, since replication is asynchronous and the promoted replica may never have received it.", false},
		{"It is not safe even across failover just because a replica has the key: the replica that gets promoted may not have it.", false},
	} {
		r := gradeReal(t, b, "redis-lock-and-failure", base+c.text)
		if got := slices.Contains(r.FlagIDs(), "replication-keeps-lock"); got != c.flag {
			t.Errorf("%q: replication-keeps-lock raised=%v, want %v (flags %v)", c.text, got, c.flag, r.FlagIDs())
		}
	}
	occ := "Give each document a version number. Save with UPDATE docs SET body = :b, version = version + 1 WHERE id = :id AND version = :v. If no row is updated, someone saved first, so show the conflict and let the user merge. "
	for _, c := range []struct {
		text string
		hit  bool
	}{
		{"That avoids a lost update with no lock held while the user edits.", true},
		{"It prevents lost updates without holding a lock during the edit.", true},
		{"Nobody holds a lock while the user edits.", false},
	} {
		r := gradeReal(t, b, "optimistic-concurrency", occ+c.text)
		if got := slices.Contains(r.Hits(), "lost-update"); got != c.hit {
			t.Errorf("%q: lost-update made=%v, want %v (hits %v)", c.text, got, c.hit, r.Hits())
		}
	}
}

// TestQA39ClockClaimOnExtendLease: "clock drift between the nodes cannot
// affect a lease" went unremarked on extend-lease, whose flags did not
// include clocks-irrelevant (QA-39). In a plain answer it is a red flag;
// in QA's long, otherwise clean answer the second reader sets it aside,
// and the page still quotes it as the wording of that mistake.
func TestQA39ClockClaimOnExtendLease(t *testing.T) {
	b := loadBank(t)
	claim := "Since the heartbeat runs on the same clock, clock drift between the nodes cannot affect a lease."
	plain := "The holder renews at a third of the TTL with a script that checks it still owns the key. " + claim
	if r := gradeReal(t, b, "extend-lease", plain); !slices.Contains(r.FlagIDs(), "clocks-irrelevant") {
		t.Errorf("plain answer: flags %v, want clocks-irrelevant", r.FlagIDs())
	}
	long := "Yes, with care. The holder renews the lease before it expires, say at a third of the TTL, and the renewal must be conditional on still owning it: in Redis a Lua script that checks the random token value before PEXPIRE, in etcd a lease KeepAlive. If a renewal fails or the holder cannot confirm it in time, it must stop working immediately and treat the lock as lost. Extension does not help against a pause that outlasts the TTL: the heartbeat thread is frozen with the rest of the process, so the lease can lapse and someone else can take the lock. " + claim + " That is why the writes still need a fencing token that the resource checks."
	r := gradeReal(t, b, "extend-lease", long)
	named := slices.Contains(r.FlagIDs(), "clocks-irrelevant")
	for _, sa := range r.SetAside {
		named = named || slices.Contains(sa.IDs, "clocks-irrelevant")
	}
	if !named {
		t.Errorf("QA's answer: neither a flag nor a set-aside note names clocks-irrelevant (flags %v)", r.FlagIDs())
	}
}

// TestQA39MeasureNeedsTheTail: the choose-ttl point "Base it on the
// measured tail (p99.9 or the worst run; a multiple of the p99 says
// nothing of the rare run that overruns)" was ticked by "Measure the
// job's p99 duration and set the TTL well above it", a figure set off the
// p99 (QA-39). That now earns the partial note instead; the tail still
// earns the point.
func TestQA39MeasureNeedsTheTail(t *testing.T) {
	b := loadBank(t)
	rest := " The TTL is really how long everyone else waits after a holder crashes, so it trades availability against the risk of expiring under a live holder; and since no TTL survives an arbitrarily long GC pause, fence the writes anyway."
	for _, c := range []struct {
		lead string
		hit  bool
	}{
		{"Measure the job's p99 duration and set the TTL well above it, with a heartbeat that renews the lease while work continues.", false},
		{"Take the p95 latency and go comfortably above that.", false},
		{"Measure the job's p99.9 duration and the worst run, add the GC pauses you have seen and a margin.", true},
		{"Look at how long the job really takes in production, the slowest runs included, and add a margin.", true},
	} {
		r := gradeReal(t, b, "choose-ttl", c.lead+rest)
		if got := slices.Contains(r.Hits(), "measure"); got != c.hit {
			t.Errorf("%q: measure made=%v, want %v", c.lead, got, c.hit)
		}
	}
}
