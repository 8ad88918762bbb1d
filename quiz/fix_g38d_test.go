package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// gradeG38d grades text as an answer to question id.
func gradeG38d(t *testing.T, b *quiz.Bank, id, text string) quiz.Result {
	t.Helper()
	q, ok := b.ByID(id)
	if !ok {
		t.Fatalf("no question %q", id)
	}
	return b.Grade(q, quiz.Answer{Text: text})
}

// TestDashCutNotesDoNotPass: a line of notes cut by dashes ("--", " - ",
// "—") names the mechanisms one after another and says what none of them
// does; it earns nothing, whatever the dash (writer EQ's extend-lease
// salad passed at 0.8). The shape is tested on wordings of other
// questions too.
func TestDashCutNotesDoNotPass(t *testing.T) {
	b := loadBank(t)
	for _, tc := range []struct{ name, id, text string }{
		{"double hyphens", "extend-lease", "keepalive thread -- renew at a third of the lease -- compare-and-extend script on owner value -- local monotonic timer -- stop work when renewal fails -- stop-the-world pause stalls renewer too -- fencing tokens at storage -- cap total hold time"},
		{"spaced hyphens", "extend-lease", "renewal - conditional on my token - early, ttl/3 - own deadline on monotonic clock - give up when refused - frozen JVM can't renew - fence the writes anyway - max hold time"},
		{"em dashes", "extend-lease", "Heartbeat — owner-checked PEXPIRE via Lua — every third of TTL — abort when renewal lost — paused process renews nothing — fencing still required — ceiling on total extension"},
		{"redis", "redis-lock-and-failure", "SET key random NX PX 30000 -- Lua compare-and-delete release -- GC pause past TTL: two holders -- async replication loses key on failover -- eviction, restart, clock jump -- no fencing token"},
		{"run once", "run-job-once", "lock != once per period -- job_runs table, unique (job, period) -- insert to claim -- idempotent job -- sweeper for stuck runs -- crash midway -> retry -- leader election alternative"},
		{"avoid", "avoid-the-lock", "conditional update — unique constraint — idempotency key — one consumer per partition — duplicates harmless — lock adds a dependency, no correctness without fencing"},
		{"ttl", "choose-ttl", "TTL -- longer than worst-case job -- plus GC and network margin -- short enough for fast recovery after crash -- renew for long jobs -- fencing still needed"},
		{"labels and dashes", "redis-lock-and-failure", "acquire — SET NX PX, random value — release — Lua check, then DEL — failure — pause past TTL, failover without replication, eviction — missing — fencing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := gradeG38d(t, b, tc.id, tc.text); r.Passed {
				t.Errorf("Passed=true (score %.3f), want a line of notes to fail", r.Score)
			}
		})
	}
}

// TestDashProseStillPasses: prose that sets off asides with dashes, even
// three or four in a sentence, and notes whose dashes are minus signs or
// set off an item's remedy among semicolons, still read as sentences.
func TestDashProseStillPasses(t *testing.T) {
	b := loadBank(t)
	for _, tc := range []struct{ name, id, text string }{
		{"asides", "extend-lease", "Yes — with care. We renew early — at a third of the TTL — and if a renewal fails — the script returns 0 — the worker stops at once. The renewal is a Lua compare-and-extend that checks my token before PEXPIRE, so I never extend someone else's lock, and I cap the total hold time. But a paused process can't renew — it freezes with its heartbeat — so the writes still carry a fencing token that the storage checks."},
		{"typed dashes", "extend-lease", "Extending is fine if three things hold -- the renewal checks atomically that the key still has my token before it calls PEXPIRE -- it happens well before expiry, at a third of the TTL -- and a failed renewal makes the worker stop immediately. I'd also cap the total holding time. Still, a process frozen by a long GC pause can't renew, the lease expires under it, so fencing at the storage is what makes it safe."},
		{"numbers in an aside", "fencing-token", "The lock service gives each new holder a number — 33, then 34, then 35 — that is higher than every earlier one, and the holder sends it with each write; the storage keeps the highest number it has accepted — and this is the key part — it rejects any write that carries a lower one. That stops a client that was paused by GC past its lease from writing late, because its old number is refused by the storage itself."},
		{"hyphens", "run-job-once", "A lock is the wrong tool here - it only prevents overlap - and a second instance that fires after the first finished will simply take the free lock and run the period again - which is exactly the duplicate we wanted to avoid. Instead each instance inserts a row keyed by (job, period) into a table with a unique constraint, and only the one whose insert succeeds runs the job. The job is idempotent per period, and a sweeper retries runs whose owner crashed midway."},
		{"remedies among semicolons", "redis-early-expiry", "The key can vanish before its TTL for several reasons. Eviction: a shared instance with an LRU policy drops keys that carry a TTL — run lock keys on a dedicated node with noeviction; a restart from a stale snapshot — fsync every write or keep the node down longer than the longest TTL; a wall-clock jump on the server — slew the clock instead of stepping it. Any of these lets a second client acquire while the first still works, so fence the writes."},
		{"minus signs", "redlock-operations-q", "run five independent masters with no replicas, noeviction and fsync always, keep a crashed node out longer than the max ttl, slew clocks only, acquire in parallel with short timeouts, count validity = ttl - elapsed - drift, need 3 of 5, release on all five with a compare-and-delete script. and be clear: there's no fencing token, so a pause longer than the validity still gives two holders; it's for efficiency, not correctness."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := gradeG38d(t, b, tc.id, tc.text); !r.Passed {
				t.Errorf("Passed=false (score %.3f, flags %+v), want prose with dashes to pass", r.Score, r.Flags)
			}
		})
	}
}

// TestQuotedQuestionWithItsList: a fragment hung by a dash on a quoted
// question ('my first question is "can the db just do it?" — conditional
// update, unique constraint, version column') lists what the question
// asks about and is read with its sentence (writer EP's avoid-the-lock
// failed at 0.29); a dash that opens an answer to the question is a
// sentence of its own, and its wrong claim is still flagged.
func TestQuotedQuestionWithItsList(t *testing.T) {
	b := loadBank(t)
	casual := "tbh my first question is always \"can the db just do it?\" — conditional update, unique constraint, version column. if yes then no lock, bc the lock is one more thing that can go down and w/o fencing it doesn't really protect you anyway. also if you can route each account or truck to one consumer you have a single writer and nobody fights. and if doing it twice is harmless (cache refresh etc) just let both run imo."
	if r := gradeG38d(t, b, "avoid-the-lock", casual); !r.Passed {
		t.Errorf("casual answer: Passed=false (score %.3f), want it to pass", r.Score)
	}
	for _, tc := range []struct{ name, id, text, flag string }{
		{"lock always", "avoid-the-lock", "the intern asked \"can the db just do it?\" — no: a unique constraint or a conditional update can't help across services, so you always need a distributed lock.", "lock-instead-of-constraint"},
		{"extend blindly", "extend-lease", "the watchdog never asks \"is it still mine?\" — it just calls EXPIRE every 10 seconds, no need to check the value.", "extend-without-owner"},
		{"client checks", "fencing-token", "people ask \"who checks the token?\" — the client does: before each write it checks the lock key still holds its token, and then the write is safe.", "client-side-fencing"},
		{"answered by a dash", "extend-lease", "my colleague asked \"do we need to check the value?\" — no, just call EXPIRE lock 30 every 10 seconds from a background thread, nobody else knows the key.", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := gradeG38d(t, b, tc.id, tc.text)
			if r.Passed {
				t.Errorf("Passed=true (score %.3f), want the wrong answer to fail", r.Score)
			}
			var got []string
			for _, f := range r.Flags {
				if !f.Dismissed {
					got = append(got, f.ID)
				}
			}
			if len(got) == 0 {
				t.Fatalf("no red flag, want one")
			}
			if tc.flag == "" {
				return
			}
			for _, id := range got {
				if id == tc.flag {
					return
				}
			}
			t.Errorf("flags %v, want %s", got, tc.flag)
		})
	}
}

// hitG38d reports whether r credits point id.
func hitG38d(r quiz.Result, id string) bool {
	for _, p := range r.Points {
		if p.ID == id {
			return p.Hit
		}
	}
	return false
}

// TestMeaningCreditsItsPoint: a point is credited for what the sentence
// says, in the words people use: the write made conditional (a QA run on
// unfenceable-resource), the store that allows only one row per key and
// period, a repeat whose effect is denied ("twice doesn't double
// anything"; writer ER's ledger answer to run-job-once failed at 0.285).
// The same words in a sentence that says something else earn nothing: a
// condition on the lock, a lock row deleted on release, a lock that
// stops the repeat, a repeat that doubles.
func TestMeaningCreditsItsPoint(t *testing.T) {
	b := loadBank(t)
	for _, tc := range []struct {
		name, id, point, text string
		want                  bool
	}{
		{"write made conditional", "unfenceable-resource", "conditional-write", "make the write itself conditional or idempotent", true},
		{"upload made conditional", "unfenceable-resource", "conditional-write", "If the storage supports it, I make each upload conditional on the object's current generation, so a late upload from a paused holder is refused.", true},
		{"request made conditional", "unfenceable-resource", "conditional-write", "Ask whether the provider can make the request conditional, for example on a version it hands back.", true},
		{"no way to make it conditional", "unfenceable-resource", "conditional-write", "the provider offers no way to make the write conditional, so that's out.", false},
		{"conditional on the lock", "unfenceable-resource", "conditional-write", "Making the write conditional on the lock being held in Redis is enough.", false},
		{"never made conditional", "unfenceable-resource", "conditional-write", "We never make the upload conditional; the provider has no versions.", false},
		{"one row per job and period", "run-job-once", "claim-row", "each instance tries to write a row saying \"this slot is mine\" into a table that allows only one such row per job and period", true},
		{"a single row for every job", "run-job-once", "claim-row", "The schedule store permits a single row for every job and date, and whoever writes it first owns that run.", true},
		{"one instance per job", "run-job-once", "claim-row", "The lock allows only one instance per job at a time.", false},
		{"any number of rows", "run-job-once", "claim-row", "Our table allows any number of rows per job and period, so duplicates are possible.", false},
		{"a lock row deleted", "run-job-once", "claim-row", "The lock table allows only one row per job, and the row is deleted when the lock is released.", false},
		{"twice doubles nothing", "run-job-once", "idempotent", "The job's effects are written so that doing the period twice doesn't double anything.", true},
		{"again multiplies nothing", "run-job-once", "idempotent", "The import upserts by natural key, so running it again doesn't multiply the rows.", true},
		{"nothing counted twice", "run-job-once", "idempotent", "If the job fires twice for one day, nothing gets counted twice, because every effect is stored under the day's key.", true},
		{"a lock that does not stop it", "run-job-once", "idempotent", "A lock doesn't stop the job from running twice and doubling the invoices.", false},
		{"twice doubles", "run-job-once", "idempotent", "Running it twice doubles every invoice, so it must never run twice.", false},
		{"the lock stops the rerun", "run-job-once", "idempotent", "With the lock, the second run never happens, so nothing is doubled.", false},
		{"not idempotent", "run-job-once", "idempotent", "It isn't idempotent: running it twice doubles the payouts.", false},
		{"can't run twice without doubling", "run-job-once", "idempotent", "You can't run it twice without doubling the charge, so a lock has to stop the second run.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := hitG38d(gradeG38d(t, b, tc.id, tc.text), tc.point); got != tc.want {
				t.Errorf("%s hit=%v, want %v", tc.point, got, tc.want)
			}
		})
	}
	ledger := "I wouldn't reach for a lock; I'd reach for a ledger. The question isn't \"is someone running this right now?\" but \"has 10:00 already been taken care of?\" So each instance, when its timer fires, tries to write a row saying \"10:00 belongs to me\" into a table that allows only one such row per job and period. Whoever gets the row does the work and marks it finished; everyone else sees the row and goes back to sleep, whether they woke a second later or five minutes later. If the owner dies midway, a sweeper notices the row stuck in \"running\", hands it to someone else with a bumped attempt number, and the job's effects are written so that doing the period twice doesn't double anything."
	if r := gradeG38d(t, b, "run-job-once", ledger); !r.Passed {
		t.Errorf("ledger answer: Passed=false (score %.3f), want it to pass", r.Score)
	}
	wrong := "Use a table that allows only one row per job and period; that guarantees exactly one run per period even if the winner crashes halfway, so nothing else is needed."
	if r := gradeG38d(t, b, "run-job-once", wrong); r.Passed {
		t.Errorf("exactly-once claim: Passed=true (score %.3f), want it to fail", r.Score)
	}
}
