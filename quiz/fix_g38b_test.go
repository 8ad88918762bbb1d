package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// g38b: fencing-unneeded read where the candidate says fencing is needed
// or scopes it correctly, and its short forms heard where they are the
// claim. Six shapes, each in wordings that share none of the read
// answers' words:
//
//   - a need in a contact relative clause of a negated word's complement
//     is asserted ("doesn't give fencing tokens, so it's not safe in the
//     sense we need", blind EP); "fencing isn't something we need", "not a
//     case we need fencing for" and "doesn't give anything we need" stay
//     the claim;
//   - the "skip" of SQL's SKIP LOCKED omits nothing ("SKIP LOCKED queues;
//     something else, with fencing, for the rest", blind EQ); "skip
//     fencing" beside it stays the claim;
//   - the lock and the data in one store, with the store's transaction
//     doing the check, scope the claim for any store ("the lock and the
//     resource are in the same linearizable store, so we don't need an
//     external fencing check; etcd can do it in one transaction", blind
//     ER); co-location with no check, a lock beside a lease, all locks in
//     one cluster, or a write outside the store stay the claim;
//   - the fence said to go away is the claim ("so fencing goes away", QA
//     g38), and a denied verb of vanishing keeps its subject ("the need
//     for fencing does not disappear");
//   - "an academic idea that no real system needs" is a relative clause
//     describing the idea, asserted, not a belief reported (QA g38).

func TestG38bFencingNeedReadWhereItIsSaid(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ name, q, text string }{
		{"relative-1", "redis-vs-consensus", "Consul sessions don't hand out fencing tokens, so they aren't safe in the sense we need for ledger writes."},
		{"relative-2", "redis-vs-consensus", "A plain Redis lock never returns a fencing token, so it is not correct in the way we need here."},
		{"relative-3", "redis-vs-consensus", "The DynamoDB lock client didn't expose a fencing token, so it wasn't safe enough for what we needed."},
		{"relative-4", "redis-vs-consensus", "Since that library never surfaces a fencing token, it falls short of what we need for exactly-once billing."},
		{"relative-5", "redis-vs-consensus", "Our homegrown mutex has no fencing tokens, so it does not offer the kind of safety we need for money."},
		{"relative-6", "redis-vs-consensus", "A MySQL GET_LOCK call gives no fencing token, so it is not the tool we need when a stale worker can still write."},
		{"skip-locked-1", "row-lock", "So row locks for short work on DB data and SKIP LOCKED for queues; a lease service, with fencing, for anything outside the database."},
		{"skip-locked-2", "row-lock", "FOR UPDATE SKIP LOCKED for the job table; a lease with fencing tokens for the external calls."},
		{"skip-locked-3", "row-lock", "Workers pull jobs with SKIP LOCKED; uploads to S3 go through a lease with fencing."},
		{"skip-locked-4", "row-lock", "SKIP LOCKED handles the queue, and the payment calls need a separate lock with fencing."},
		{"skip-locked-5", "row-lock", "Keep SKIP LOCKED for claiming rows; for the file store, a ZooKeeper lock plus fencing tokens."},
		{"skip-locked-6", "row-lock", "Row locks and SKIP LOCKED inside Postgres; everything else gets a lease and a fencing token checked by the target."},
		{"skip-locked-7", "row-lock", "Claim rows with SKIP LOCKED, and guard the webhook sender with a fenced lease."},
		{"skip-locked-8", "row-lock", "SKIP LOCKED batches for the mailer; the ledger service, with fencing, for money movements."},
		{"same-store-1", "etcd-revision-guard", "The lock and the resource are in the same linearizable store, so we don't need an external fencing check; etcd can do it in one transaction."},
		{"same-store-2", "etcd-revision-guard", "The lock key and the data are in the same linearizable store, so we don't need an external fencing check: the Txn compares the lock key first."},
		{"same-store-3", "etcd-revision-guard", "Since the lease and the guarded key sit in one Consul KV, there is no need for a separate fencing token; a check-and-set transaction does it."},
		{"same-store-4", "etcd-revision-guard", "Because the ownership key and the routes share one etcd cluster, an outside fencing step isn't needed, as every put is a conditional write on the ownership key."},
		{"same-store-5", "etcd-revision-guard", "The election key and the leader's state share a single store, so an external fencing check is unnecessary when every write is a transaction guarded by the key."},
		{"same-store-6", "etcd-revision-guard", "As the leader marker and the settings are kept in the same ZooKeeper ensemble, a downstream fencing token is not necessary; a multi-op checks the marker's version with each write."},
		{"same-store-7", "etcd-revision-guard", "The mutex and the inventory record are in one etcd cluster, so no extra fencing token is required: the transaction compares the mutex key's revision before the put."},
		{"same-store-8", "etcd-revision-guard", "The lock and the job state live in the same store, so we do not need an external fencing check, since both are updated in one transaction."},
		{"goes-away-1", "redis-vs-consensus", "The risk of a stale write only goes away with fencing at the resource."},
		{"goes-away-2", "redis-vs-consensus", "Once the storage rejects older tokens, the zombie-writer problem goes away."},
		{"goes-away-3", "redis-vs-consensus", "Consensus makes the grant survive failover, but a paused holder still needs fencing."},
		{"goes-away-4", "redis-vs-consensus", "etcd never grants the lock to two clients at once, yet a paused client can still act late, so we need fencing."},
		{"goes-away-5", "redis-vs-consensus", "With fencing in place the late write goes away because the resource refuses it."},
		{"goes-away-6", "redis-vs-consensus", "Switching to etcd does not make fencing go away; it gives us the revision to use as the token."},
		{"goes-away-7", "redis-vs-consensus", "Even with etcd's single holder, fencing does not go away: a GC pause outlives the lease."},
		{"goes-away-8", "redis-vs-consensus", "A quorum stops split-brain in the lock service, but the need for fencing does not disappear."},
		{"goes-away-9", "redis-vs-consensus", "It is a myth that fencing goes away once you use consensus."},
		{"goes-away-10", "redis-vs-consensus", "Fencing never goes away: every lease can run out under a paused holder."},
		{"goes-away-11", "redis-vs-consensus", "If anyone tells you fencing goes away with ZooKeeper, they are wrong."},
		{"goes-away-12", "redis-vs-consensus", "Nothing about consensus makes fencing go away."},
		{"goes-away-13", "redis-vs-consensus", "People say fencing goes away with etcd, but a paused holder still writes late."},
		{"vanish-denied-1", "redis-vs-consensus", "The need for fencing doesn't go away with etcd."},
		{"vanish-denied-2", "redis-vs-consensus", "Moving the lock to ZooKeeper is good, but the need for a fencing token does not vanish."},
		{"vanish-denied-3", "redis-vs-consensus", "Consul fixes failover, yet the requirement for fencing doesn't disappear."},
		{"vanish-denied-4", "redis-vs-consensus", "A quorum stops split-brain in the lock service, but the need for fencing does not disappear."},
		{"vanish-denied-5", "redis-vs-consensus", "The stale-writer risk does not go away with Raft, so keep fencing tokens at the resource."},
		{"vanish-denied-6", "redis-vs-consensus", "Fencing does not simply go away because the lock service uses consensus."},
		{"vanish-denied-7", "redis-vs-consensus", "Even with Chubby the need for fencing tokens won't vanish."},
		{"vanish-denied-8", "redis-vs-consensus", "The need to fence late writes never goes away, whatever the lock service."},
		{"academic-1", "fencing-token", "Some people call fencing tokens an academic idea, but Kafka epochs and HDFS are real systems that need them."},
		{"academic-2", "fencing-token", "Fencing tokens are not an academic idea: every real system that writes under a lease needs them."},
		{"academic-3", "fencing-token", "It's a myth that fencing tokens are an academic idea no real system needs."},
	} {
		t.Run("clean/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); len(ids) > 0 {
				t.Errorf("%q: flags=%v, want none", c.text, ids)
			}
		})
	}
}

func TestG38bFencingUnneededStillFlagged(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ name, q, text string }{
		{"relative-1", "redis-vs-consensus", "Redlock doesn't give fencing tokens, but we don't need them anyway."},
		{"relative-2", "redis-vs-consensus", "Redlock doesn't give fencing tokens, and that's fine, we don't need fencing."},
		{"relative-3", "redis-vs-consensus", "It doesn't give fencing tokens, so it's not safe in theory, but in practice we don't need fencing."},
		{"relative-4", "redis-vs-consensus", "Redis doesn't give fencing tokens; we don't need them since the TTL is long."},
		{"relative-5", "redis-vs-consensus", "We don't need fencing tokens, so Redlock is safe in the sense we need."},
		{"relative-6", "redis-vs-consensus", "Fencing is not needed here."},
		{"relative-7", "redis-vs-consensus", "Redlock is safe without fencing tokens."},
		{"relative-8", "redis-vs-consensus", "With a single Redis, no fencing required."},
		{"relative-9", "redis-vs-consensus", "Fencing tokens are overkill."},
		{"relative-10", "redis-vs-consensus", "You don't need a token if the TTL is long."},
		{"relative-11", "redis-vs-consensus", "We don't need fencing since the lock is in etcd."},
		{"relative-12", "redis-vs-consensus", "My recommendation: use etcd and don't bother with fencing tokens."},
		{"relative-13", "redis-vs-consensus", "Pros of etcd: quorum writes, watches, and no need for fencing."},
		{"relative-14", "redis-vs-consensus", "Fencing isn't something we need."},
		{"relative-15", "redis-vs-consensus", "Fencing tokens aren't what we need here."},
		{"relative-16", "redis-vs-consensus", "Fencing is not the protection we need; the TTL handles it."},
		{"relative-17", "redis-vs-consensus", "Fencing doesn't give anything we need."},
		{"relative-18", "redis-vs-consensus", "That's not the kind of failure we need fencing for."},
		{"relative-19", "redis-vs-consensus", "A GC pause is not a case we need fencing tokens for."},
		{"relative-20", "redis-vs-consensus", "I don't think we need fencing tokens."},
		{"relative-21", "redis-vs-consensus", "It doesn't mean we need fencing tokens; etcd is enough."},
		{"relative-22", "redis-vs-consensus", "Fencing tokens don't add any safety we need."},
		{"relative-23", "redis-vs-consensus", "With etcd, fencing tokens are not the kind of thing we need."},
		{"relative-24", "redis-vs-consensus", "Redlock isn't perfect, but fencing is not something you need in practice."},
		{"skip-locked-1", "row-lock", "Use SKIP LOCKED queues and skip fencing for the rest."},
		{"skip-locked-2", "row-lock", "With SKIP LOCKED you can skip fencing tokens entirely."},
		{"skip-locked-3", "row-lock", "Row locks for DB data, SKIP LOCKED for queues, and for the rest just skip the fencing."},
		{"skip-locked-4", "row-lock", "For the external calls we can drop fencing, since the row lock already serialises the workers."},
		{"skip-locked-5", "row-lock", "Skip the fencing tokens; the row lock covers the external calls too."},
		{"skip-locked-6", "row-lock", "We leave out fencing for S3 writes because the row is locked."},
		{"skip-locked-7", "row-lock", "So row locks for everything, including the external API, and no fencing needed."},
		{"same-store-1", "etcd-revision-guard", "The lock is in etcd, so we don't need fencing."},
		{"same-store-2", "etcd-revision-guard", "The lock lives in a linearizable store, so we don't need fencing tokens for the MySQL writes."},
		{"same-store-3", "etcd-revision-guard", "etcd is a linearizable store, so we don't need an external fencing check for the S3 upload."},
		{"same-store-4", "etcd-revision-guard", "All our locks are in the same etcd cluster, so we don't need fencing tokens."},
		{"same-store-5", "etcd-revision-guard", "Every service keeps its locks in the same linearizable store, so fencing is unnecessary."},
		{"same-store-6", "etcd-revision-guard", "The lock sits in the same Redis as the cache, so no fencing is needed for the payment API."},
		{"same-store-7", "etcd-revision-guard", "Because etcd is linearizable, we don't need an external fencing check at all."},
		{"same-store-8", "etcd-revision-guard", "The lock and the resource are in the same data center, so we don't need fencing."},
		{"same-store-9", "etcd-revision-guard", "The lock and the lease are in the same store, so fencing tokens aren't needed."},
		{"same-store-10", "etcd-revision-guard", "The lock key and the data are in the same linearizable store, so we don't need an external fencing check."},
		{"same-store-11", "etcd-revision-guard", "Since the lease and the guarded key sit in one Consul KV, there is no need for a separate fencing token."},
		{"same-store-12", "etcd-revision-guard", "Because the ownership key and the routes share one etcd cluster, an outside fencing step isn't needed."},
		{"same-store-13", "etcd-revision-guard", "Our lock and the counter it guards both live in the same FoundationDB cluster, so we don't need fencing tokens there."},
		{"same-store-14", "etcd-revision-guard", "When the protected value is stored in the same etcd as the lock, you don't need an extra fencing token for that write."},
		{"same-store-15", "etcd-revision-guard", "Here the election key and the leader's state share a single store, so an external fencing check is unnecessary."},
		{"goes-away-1", "redis-vs-consensus", "With etcd two clients can never act as holder at once, so fencing goes away."},
		{"goes-away-2", "redis-vs-consensus", "etcd guarantees a single holder, so fencing tokens are unnecessary."},
		{"goes-away-3", "redis-vs-consensus", "Consensus means no two holders, hence no need for fencing."},
		{"goes-away-4", "redis-vs-consensus", "With ZooKeeper two sessions can never hold the lock together, so the need for fencing disappears."},
		{"goes-away-5", "redis-vs-consensus", "Raft gives us one leader at a time, so fencing is no longer a concern."},
		{"goes-away-6", "redis-vs-consensus", "Since consensus rules out two holders, the fencing problem goes away."},
		{"goes-away-7", "redis-vs-consensus", "With Consul only one client can be the holder at a time, so fencing tokens become unnecessary."},
		{"goes-away-8", "redis-vs-consensus", "Since ZooKeeper keeps one holder at a time, fencing tokens go away."},
		{"goes-away-9", "redis-vs-consensus", "My advice: pick etcd, and the fencing problem disappears."},
		{"goes-away-10", "redis-vs-consensus", "etcd is slower, but with it fencing goes away."},
		{"vanish-denied-1", "redis-vs-consensus", "The need for fencing goes away with etcd."},
		{"vanish-denied-2", "redis-vs-consensus", "With ZooKeeper the need for fencing tokens vanishes."},
		{"vanish-denied-3", "redis-vs-consensus", "The stale-writer risk goes away with Raft, so no fencing tokens are needed."},
		{"vanish-denied-4", "redis-vs-consensus", "Consul doesn't lose locks, so the need for fencing disappears."},
		{"vanish-denied-5", "redis-vs-consensus", "The lock doesn't go away during a pause, so fencing is not needed."},
		{"vanish-denied-6", "redis-vs-consensus", "Failover doesn't lose the lock in etcd, so you don't need fencing."},
		{"academic-1", "fencing-token", "Fencing tokens are an academic idea that no real system needs. Since the key has a TTL, a paused client simply loses it cleanly, and the lock service checks the token, so the storage never has to."},
		{"academic-2", "fencing-token", "Fencing tokens are an academic idea that no real system needs."},
		{"academic-3", "fencing-token", "Fencing tokens are a textbook idea no production system needs."},
		{"academic-4", "fencing-token", "No real system needs fencing tokens; they are an academic idea."},
	} {
		t.Run("flag/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); len(ids) == 0 {
				t.Errorf("%q: no flag, want the claim flagged", c.text)
			}
		})
	}
}

// The confidently wrong answer from QA g38: its flag quotes the sentence
// that calls fencing needless, not the consequence drawn after a TTL.
func TestG38bAcademicClaimQuoted(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := "Fencing tokens are an academic idea that no real system needs. Since the key has a TTL, a paused client simply loses it cleanly, and the lock service checks the token, so the storage never has to."
	r := b.Grade(q, quiz.Answer{Text: text})
	for _, f := range r.Flags {
		if f.ID != "fencing-unneeded" {
			continue
		}
		if got := text[f.Span.Start:f.Span.End]; !strings.HasPrefix(got, "Fencing tokens are an academic idea") {
			t.Errorf("fencing-unneeded quotes %q, want the academic-idea sentence", got)
		}
		return
	}
	t.Errorf("flags=%v, want fencing-unneeded", r.Flags)
}
