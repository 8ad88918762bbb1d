package quiz_test

import "testing"

// TestFixG27sfSpokenLines: correct answers written one item a line that
// g27s read as notes: labels heading a clause or a long claim, numbered
// orders, plural subjects with a base verb, second-language bare verbs,
// and a code snippet with the sentence that explains it. They are no
// list, and they pass.
func TestFixG27sfSpokenLines(t *testing.T) {
	b := loadBank(t)
	cases := []struct{ q, text string }{
		// the lost credits of review rev27s (C13, C16, C18, C25, A51, B28,
		// B30, B47, A34, A24, A64), as the reviewer wrote them
		{"fencing-token", "Token: a number from the lock service, strictly increasing with each grant.\nCheck: at the storage, against the highest token seen; lower ones rejected.\nPurpose: a holder paused past its lease writes late and gets refused."},
		{"outbox-pattern", "Issue: commit to Postgres and publish to Kafka can't be atomic; a crash in between loses one.\nOutbox: event row in the same transaction as the status update.\nRelay: poller or CDC publishing rows, marking them sent."},
		{"optimistic-concurrency", "Idea: version column, conditional UPDATE on the version read.\nConflict: zero rows updated, re-read and merge or retry.\nHTTP: ETag with If-Match."},
		{"holder-id-guard", "Problem: same owner id across two claims, old claim's delayed write passes the guard.\nFix: epoch bumped on every claim, every write guarded by it.\nAlso: restarts keep the same id."},
		{"holder-id-guard", "- same owner claims twice -> WHERE owner = me matches both claims\n- restarted pods keep their ids\n- fix: attempt/epoch column bumped per claim, writes check it"},
		{"idempotency-keys", "Client: one key per payment, same key on retries.\nServer: unique constraint on the key, insert in the charge's transaction.\nRepeat: return stored response."},
		{"deadlock-ordering", "Problem: A->B and B->A transfers each hold one lock and wait for the other.\nFix: always lock the lower account id first.\nFallback: lock timeout, release all, retry with jitter."},
		{"etcd-revision-guard", "txn := cli.Txn(ctx).\n  If(clientv3.Compare(clientv3.CreateRevision(m.Key()), \"=\", m.Header().Revision)).\n  Then(clientv3.OpPut(\"/config/routes\", v))\nThe compare and the put are atomic in etcd, so a deposed leader whose lease lapsed writes nothing."},
		{"zookeeper-lock-recipe", "1. Create an ephemeral sequential node under the lock path.\n2. List children; lowest number owns the lock.\n3. Otherwise watch the predecessor node only.\n4. On its deletion, re-check."},
		{"run-job-once", "Lock not enough: instance pause, lease expire, other instance run job again.\nJob must be idempotent with key per run.\nDatabase unique row for job plus period, only first insert win."},
		{"choose-ttl", "Too short => lease expires under slow holder\nToo long => crash blocks everyone\nNo TTL is safe\nFencing => storage"},
		// the same families in our own words
		{"fencing-token", "Token: a counter the lock service issues, bigger with every grant.\nCheck: the storage compares it with the highest it has seen and drops lower ones.\nPurpose: a holder that stalled past its lease comes back and its write is bounced."},
		{"outbox-pattern", "Issue: the database commit and the broker publish can't be one atomic step; a crash between them drops one.\nOutbox: the event row written in the same transaction as the state change.\nRelay: a poller or CDC publishing the rows, then marking them sent."},
		{"optimistic-concurrency", "Idea: a version column, and an UPDATE conditional on the version we read.\nConflict: zero rows updated, then re-read and merge or retry.\nHTTP: an ETag with If-Match."},
		{"holder-id-guard", "Problem: the same owner id on two claims, so a late write from the first claim passes the guard.\nFix: an epoch bumped on every claim, and every write guarded by it.\nAlso: restarts keep the same id."},
		{"holder-id-guard", "- one owner claims twice -> WHERE owner = me matches both claims\n- rescheduled workers keep their names\n- fix: a claim counter bumped per claim, writes check it"},
		{"idempotency-keys", "Client: a single key per payment, sent again on every retry.\nServer: a unique constraint on the key, inserted inside the charge's transaction.\nRepeat: return the saved response."},
		{"deadlock-ordering", "Problem: opposite transfers each hold one lock and wait for the other.\nFix: always lock the smaller account id first.\nFallback: a lock timeout, then release everything and retry with jitter."},
		{"etcd-revision-guard", "txn := client.Txn(ctx).\n  If(clientv3.Compare(clientv3.CreateRevision(myKey), \"=\", myRev)).\n  Then(clientv3.OpPut(\"/cfg/leader-data\", val))\nThe compare and the put commit atomically, so an old leader whose lease has lapsed writes nothing."},
		{"zookeeper-lock-recipe", "1. Create an ephemeral sequential znode under the lock directory.\n2. List children; the lowest number holds the lock.\n3. Otherwise watch only the node right before yours.\n4. When it goes away, check again."},
		{"run-job-once", "Lock not enough: worker pause, lease expire, second worker run job again.\nJob must be idempotent with key per run.\nDatabase unique row for job and period, only first insert win."},
	}
	for _, c := range cases {
		if r := gradeReal(t, b, c.q, c.text); r.List || !r.Passed {
			t.Errorf("%s: %q list=%v passed=%v (score %.2f), want no list and a pass", c.q, c.text, r.List, r.Passed, r.Score)
		}
	}
}

// TestFixG27sfStillNotes: the near misses: a label with a short fragment
// after it, a label with a long noun phrase and no comma, article-led
// plural noun phrases, plurals before a bare word, and notes with one
// code line still read as a failing list.
func TestFixG27sfStillNotes(t *testing.T) {
	b := loadBank(t)
	cases := []struct{ q, text string }{
		{"choose-ttl", "too short: lapses under slow holder\ntoo long: crash stalls all\nsafe value: none\nfix: tokens"},
		{"choose-ttl", "short: expiry mid-job\nlong: outage after crash\nno safe TTL\nstorage: fencing"},
		{"two-holders", "The GC pauses beyond the TTL\nThe plain DELs of another holder's key\nThe failovers dropping keys\nThe fencing tokens as the remedy"},
		{"fencing-token", "Token: a monotonic number per grant from the lock service\nCheck: storage side\nResult: stale writes refused"},
		{"outbox-pattern", "- consumers dedupe\n- relays poll\n- outbox rows in one txn\n- at-least-once delivery"},
		{"idempotency-keys", "Key: one per payment\nStore: unique index\nRetry: stored answer\nmigrations: none"},
		{"run-job-once", "1. lock alone not enough\n2. key per run\n3. unique row per period"},
		{"redis-lock-and-failure", "acquire: `SET k v NX PX 30000`\nrelease: compare and delete\npause: expiry\nfix: tokens"},
	}
	for _, c := range cases {
		if r := gradeReal(t, b, c.q, c.text); r.Passed || !r.List {
			t.Errorf("%s: %q passed=%v list=%v, want a failing list", c.q, c.text, r.Passed, r.List)
		}
	}
}
