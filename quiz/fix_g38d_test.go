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
