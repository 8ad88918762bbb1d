package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// qa54Answers are answers a helper wrote while using the app as a new
// learner (QA-54, g54), verbatim.
var qa54Answers = map[string]string{
	"b048": "Let me do the arithmetic. TTL 30 s. Acquiring across the nodes took 2 s and we allow 200 ms of clock drift, so validity = TTL - elapsed - drift = 30 - 2 - 0.2 = 27.8 s. Our job's p99 is 20 s and its worst case in the last month was 24 s, so it always finishes inside its 27.8 s validity, and therefore a second holder can't appear while the first is still working. If it ever ran longer we'd see it in the metrics and raise the TTL. A shorter TTL would free the lock faster after a crash, but 30 s is an acceptable wait.",
	"b054": "It isn't that I'd never use a lock, but often I don't. If the data lives in a database, a unique constraint or a guarded UPDATE makes the decision without one. If the handler is idempotent, duplicates are harmless. And when two updates colliding needs them to land within the same few milliseconds, as with our admin settings page that gets a handful of saves a day, I'd deliberately not coordinate at all, because the race is too rare to happen in practice.",
	"085":  "Workers claim jobs in a short transaction:\n\n    UPDATE jobs SET status = 'running', worker = $1\n     WHERE id = (SELECT id FROM jobs WHERE status = 'queued'\n                  ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)\n    RETURNING id, payload;\n\nSKIP LOCKED makes concurrent workers skip rows another transaction is claiming instead of blocking or taking the same one. The claim commits right away and the worker processes the job outside the transaction; if the worker dies Postgres puts the row back because its connection closes, so we never lose a job. The handler must be idempotent since a job can be retried, and we index (status, id).",
	"b014": "It isn't that WAIT can't help at all. If WAIT 1 100 returns 1, the key is on at least one replica before we start work, and if it times out Redis rolls back the SET, so we never act on a lock that exists only on the master. What it doesn't cover is a failover that promotes a different replica than the one that acknowledged, and it doesn't help a client that pauses past the TTL; that still needs a fencing token checked by the resource.",
	"089":  "Before writing, the leader reads /config/routes and remembers its ModRevision. Then it writes in a transaction:\n\n    cli.Txn(ctx).\n        If(clientv3.Compare(clientv3.ModRevision(\"/config/routes\"), \"=\", seenRev)).\n        Then(clientv3.OpPut(\"/config/routes\", routes)).\n        Commit()\n\nIf the ModRevision is unchanged, nobody else has written since we read it, which proves we are still the leader and hold the lock, so the write is safe. If it changed, the new leader has written and our Put is rejected.",
	"073":  "I think the TTL is a trade-off: too long and everyone waits after a crash, too short and a slow holder loses it. I'd measure the job's duration and set the TTL a few times above the p99. I'm not 100% sure, but I believe that if the TTL is longer than the longest GC pause we've ever observed, a pause can't cause two holders, so fencing is only for the paranoid. I'd renew it with a heartbeat at a third of the TTL as well.",
	"083":  "The TTL is a trade-off: too long and everyone waits after a crash, too short and a slow holder loses it. I'd measure the job's duration and set the TTL a few times above the p99. If the TTL is longer than the longest GC pause we've ever observed, a pause can't cause two holders, so fencing is only for the paranoid. I'd renew it with a heartbeat at a third of the TTL as well.",
	"084":  "The TTL is a trade-off: too long and everyone waits after a crash, too short and a slow holder loses it. I'd measure the job's duration and set the TTL a few times above the p99. I'm not 100% sure, but I believe a TTL longer than the longest GC pause we've ever observed means a pause can't cause two holders, so fencing is only for the paranoid. I'd renew it with a heartbeat at a third of the TTL as well.",
	"088":  "quick design notes:\n- API: acquire(name, ttl) -> lease + fencing token (raft index), renew, release, watch\n- storage: 3/5 node raft, grants committed by majority\n- expiry: the client writes its own wall-clock timestamp into the lock record, and the server considers the lock expired when server_now - client_timestamp > ttl\n- failover: new leader resumes lease timers\n- clients send the token to the resource, which rejects older ones, since a paused client can outlive its lease\n- scaling: shard lock names over several raft groups",
	"107":  "A lock doesn't help here: the two steps are in two systems that can't commit together, so I'd use a transactional outbox.\n\n    BEGIN;\n    UPDATE orders SET status = 'SHIPPED' WHERE id = $1;\n    INSERT INTO outbox (order_id, type, payload) VALUES ($1, 'OrderShipped', $2);\n    COMMIT;\n\nBoth rows commit or neither does. A relay then publishes the outbox to Kafka: it remembers the last outbox id it published and reads the next batch with SELECT * FROM outbox WHERE id > $last ORDER BY id LIMIT 500, which never skips a row. After Kafka acks, it saves the new last id. If it crashes between publishing and saving, it republishes that batch, so delivery is at-least-once and consumers dedupe on the event id.",
	"004":  "Restating it: what is the token, what does it fix, who checks it. It's a counter the lock service bumps on every grant (an etcd revision, a ZooKeeper zxid), so later holders always carry bigger numbers. It fixes the holder that was frozen past its lease and writes after the next holder. The check belongs in the storage, in the same statement as the write:\n\n    -- $2 is the fencing token we got with the lock\n    UPDATE inventory\n       SET qty = $1, last_token = $2\n     WHERE sku = $3 AND last_token <= $2;\n    -- 0 rows updated => a newer holder has written, we are fenced off, abort\n\nThe client checking \"do I still hold the lock?\" before writing does not work, because it can pause right after the check. The price is that the storage has to be able to do this conditional write.",
	"019":  "A lock per customer doesn't fix a retry: the retry comes after the first request finished or timed out. What you want is an idempotency key. The client generates a UUID when the user taps Pay, and sends the same key on every retry of that payment. On the server, record the key first with a DynamoDB conditional write, so two concurrent retries can't both proceed:\n\n    table.put_item(\n        Item={\"pk\": f\"idem#{key}\", \"status\": \"IN_PROGRESS\", \"request_hash\": h},\n        ConditionExpression=\"attribute_not_exists(pk)\",\n    )\n    # ConditionalCheckFailedException -> it's a retry: return the stored\n    # result, or 409 if still IN_PROGRESS, or 422 if the request_hash differs\n\nThen call the PSP passing the same key as its idempotency key, and store the response under the key. A retry returns the stored response instead of charging again. Keys need to live in a durable store for at least the retry window, and a record stuck IN_PROGRESS after a crash is resolved by asking the PSP with that key rather than charging blindly.",
}

// TestQA54Claims: five losing claims of QA-54 raised no flag; three of
// those answers passed, one as "A strong answer, 90 %" on the topic's
// central misconception, hedged ("I'm not 100% sure, but I believe ...
// so fencing is only for the paranoid"). Each now fails on a flag that
// names it.
func TestQA54Claims(t *testing.T) {
	checkTesterClaims(t, []testerCase{
		{"073", "choose-ttl", "fencing-unneeded", "a hedged, conditional 'fencing is only for the paranoid'"},
		{"083", "choose-ttl", "fencing-unneeded", "'if the TTL is longer than the longest GC pause ..., so fencing is only for the paranoid'"},
		{"084", "choose-ttl", "fencing-unneeded", "'I believe a TTL longer than the longest GC pause means ..., so fencing is only for the paranoid'"},
		{"088", "design-lock-service-q", "wall-clock", "a Slack-style bullet: 'the client writes its own wall-clock timestamp into the lock record'"},
		{"107", "outbox-pattern", "sequence-commit-order", "'WHERE id > $last ORDER BY id LIMIT 500, which never skips a row'"},
	}, qa54Answers)
}

// TestQA54CorrectAnswersPassClean: two strong answers of QA-54 that carry
// their key point in code failed for it: the fencing check as an UPDATE
// whose WHERE compares the token, with "The check belongs in the storage,
// in the same statement as the write" and "0 rows updated => ... fenced
// off"; and the idempotency key recorded first "with a DynamoDB
// conditional write". Each now passes with no flag.
func TestQA54CorrectAnswersPassClean(t *testing.T) {
	checkTesterPasses(t, []testerCase{
		{"004", "fencing-token", "", "the fencing check in the storage's UPDATE"},
		{"019", "idempotency-keys", "", "the key recorded with a DynamoDB conditional write"},
	}, qa54Answers)
}

// TestQA54RejectionsStayClean: the same words, rejected or told as a
// warning, raise none of the flags TestQA54Claims added.
func TestQA54RejectionsStayClean(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"others call it overkill", "choose-ttl", "fencing-unneeded", "Some people call fencing overkill, but no TTL covers every pause, so the resource must check the token.", false},
		{"not a luxury", "choose-ttl", "fencing-unneeded", "Fencing is not a luxury: a paused holder outlives any TTL.", false},
		{"never the client's clock", "design-lock-service-q", "wall-clock", "Never let the client write its own wall-clock timestamp for the expiry: clocks drift, so the server times the lease on its own monotonic clock.", false},
		{"paging can skip", "outbox-pattern", "sequence-commit-order", "Paging by id > $last can skip a row whose id was handed out before a slower transaction committed, so the relay re-reads a window behind the last id.", false},
	})
}

// TestQA54SpeakerCallsItOverkill: what others call a thing, answered with
// "but", is set aside; the speaker's own verdict is not.
func TestQA54SpeakerCallsItOverkill(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the speaker's own verdict", "choose-ttl", "fencing-unneeded", "I call fencing overkill, but it is cheap to add.", true},
	})
}

// TestQA54KeptAliveIsNotTheSignal: a lease "kept alive" names the lease,
// not the Session.Done() signal watched (QA-54 M2: a follow-up's "It's
// held only while the session's lease is kept alive" credited the main
// question with it, 60 % to 90 %); keepalive failures watched still count.
func TestQA54KeptAliveIsNotTheSignal(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("etcd-revision-guard")
	if pointHit(t, b.Grade(q, quiz.Answer{Text: "The lock is a lease. It's held only while the session's lease is kept alive, and the client that holds it runs outside etcd."}), "session-done") {
		t.Errorf("a lease kept alive ticked session-done")
	}
	if !pointHit(t, b.Grade(q, quiz.Answer{Text: "I also watch for keepalive failures and stop work at once, knowing that signal arrives late."}), "session-done") {
		t.Errorf("keepalive failures watched did not tick session-done")
	}
}

// TestQA54ReadBeforeWriteIsNoClientCheck: reading the data and remembering
// its ModRevision before a transaction that compares it is no token
// checked in the client (QA-54 H3 #089: a fatal client-side-fencing flag on
// "Before writing, the leader reads /config/routes and remembers its
// ModRevision"); the answer fails on its real mistake, the revision taken
// as proof of leadership.
func TestQA54ReadBeforeWriteIsNoClientCheck(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("etcd-revision-guard")
	r := b.Grade(q, quiz.Answer{Text: qa54Answers["089"]})
	if slices.Contains(r.FlagIDs(), "client-side-fencing") || !slices.Contains(r.FlagIDs(), "data-revision-as-lock") || r.Passed {
		t.Errorf("#089: passed=%v flags %v, want a fail on data-revision-as-lock without client-side-fencing", r.Passed, r.FlagIDs())
	}
}

// TestQA54ConditionWithoutComma: a condition written without its comma
// ends where a system named in capitals takes its verb, so the claim after
// it is the speaker's ("if the worker dies Postgres puts the row back",
// QA-54 #085; "if it times out Redis rolls back the SET", QA-54b #014);
// the second reader reads the condition as before (readerHypo).
func TestQA54ConditionWithoutComma(t *testing.T) {
	checkTesterClaims(t, []testerCase{
		{"085", "skip-locked-queue", "claim-lock-outlives-commit", "after the claim commits, 'if the worker dies Postgres puts the row back'"},
		{"b014", "redis-wait-safe", "wait-makes-safe", "'if it times out Redis rolls back the SET'"},
	}, qa54Answers)
	checkFlagCases(t, []flagCase{
		{"the correct consequent", "redis-wait-safe", "wait-makes-safe", "If WAIT times out Redis keeps the SET on the primary, so check the count WAIT returns and treat 0 as not acquired.", false},
	})
}

// TestQA54bClaims: two losing claims QA-54b wrote passed unflagged: the
// speaker's own choice not to coordinate, because the race is "too rare
// to happen in practice" (60 %), and a TTL argued safe by arithmetic
// ("it always finishes inside its 27.8 s validity, and therefore a second
// holder can't appear"). Each now fails on its flag.
func TestQA54bClaims(t *testing.T) {
	checkTesterClaims(t, []testerCase{
		{"b054", "avoid-the-lock", "race-odds-dismissed", "'I'd deliberately not coordinate at all, because the race is too rare to happen in practice'"},
		{"b048", "choose-ttl", "ttl-as-safety", "timing arithmetic: 'it always finishes inside its 27.8 s validity, and therefore a second holder can't appear'"},
	}, qa54Answers)
}
