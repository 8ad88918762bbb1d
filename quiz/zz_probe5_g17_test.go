package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

func TestZZProbe5G17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip()
	}
	b := loadBank(t)
	A := vetoRule{0.15, 0, 50, false, false}.bank(b)
	D := vetoRule{0.10, 0, 50, true, false}.bank(b)
	for _, c := range []struct{ q, text string }{
		{"fencing-token", "A fencing token is a monotonically increasing number handed out with every lock grant. The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows. The resource does the check, not the client or the lock service. If the renewal fails, the worker keeps writing as before."},
		{"fencing-token", "A fencing token is a monotonically increasing number handed out with every lock grant. The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows. The resource does the check, not the client or the lock service.\n\nIf the renewal fails, the worker keeps writing as before."},
		{"fencing-token", "A fencing token is a monotonically increasing number handed out with every lock grant. The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows. The resource does the check, not the client or the lock service. If a renewal fails, the job just carries on with its writes."},
		{"fencing-token", "A fencing token is a monotonically increasing number handed out with every lock grant. The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows. The resource does the check, not the client or the lock service. When the lease is lost mid-job, the worker can simply finish its writes. Nothing bad happens, since it still has the lock in its own view."},
		{"fencing-token", "A fencing token is a monotonically increasing number handed out with every lock grant. The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows. The resource does the check, not the client or the lock service. After its lease expires, a worker can safely finish its writes. It still holds the lock as far as it knows, so finishing is fine."},
		{"two-holders", "I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each. Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs. I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker. A longer TTL makes the lock safe. Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen."},
		{"two-holders", "I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each. Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs. A longer TTL makes the lock safe. I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker. Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen."},
		{"two-holders", "I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each. Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs. I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker. Redis's single thread makes GET then DEL safe. Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen."},
	} {
		q, _ := b.ByID(c.q)
		_, pf, _ := quiz.ReaderProbs(c.text, c.q)
		rn := vetoRule{}.bank(b).Grade(q, quiz.Answer{Text: c.text})
		ra := A.Grade(q, quiz.Answer{Text: c.text})
		rd := D.Grade(q, quiz.Answer{Text: c.text})
		t.Logf("%s pf %.3f noveto %v A %v(pass %v) D %v(pass %v)", c.q, pf, rn.FlagIDs(), ra.FlagIDs(), ra.Passed, rd.FlagIDs(), rd.Passed)
		for _, fr := range b.PatternFlagReadings(q, c.text) {
			t.Logf("   %s lean %+.2f next %+.2f words %d", fr.ID, fr.Lean, fr.NextLean, fr.Words)
		}
	}
}
