package quiz_test

import "testing"

// fixG26pf1: g26pf1, the g26p exclusions on ttl-as-safety and
// redlock-correctness made to count only where the excusing words belong
// to the clause that would be the claim (review rev26p1, MUST FIX (2)).
//
// fixG26pf1Review holds the review's 69 plain wrong claims that g26p's
// exclusions hid; each must flag again, appended to a good answer where
// the review found main-27d0b75 flagged it there, alone otherwise.
var fixG26pf1Review = []flagCase{
	{"F2-W02", "extend-lease", "ttl-as-safety", "Renewal guarantees that no one else holds the lock until it is free again.", true},
	{"F2-W03", "extend-lease", "ttl-as-safety", "A heartbeat keeps the lease alive, so the job is protected, and if we crash the TTL avoids a deadlock.", true},
	{"F2-W06", "extend-lease", "ttl-as-safety", "The watchdog extends the key every ten seconds, which guarantees mutual exclusion until we give it up.", true},
	{"F2-W07", "extend-lease", "ttl-as-safety", "Keep renewing and the job is safe; it's not safety theater, it's how the lock works.", true},
	{"F2-W10", "extend-lease", "ttl-as-safety", "The renewal thread keeps the lease alive, slowly but safely, so no one else gets the lock.", true},
	{"F2-W11", "extend-lease", "ttl-as-safety", "Renewal guarantees exclusivity and it also prevents deadlocks.", true},
	{"F2-W14", "extend-lease", "ttl-as-safety", "The extension guarantees nobody else takes over, and it is safe only with a watchdog running.", true},
	{"F2-W15", "extend-lease", "ttl-as-safety", "Renewing is about liveness and safety: it guarantees no one else gets the lock.", true},
	{"F2-W19", "extend-lease", "ttl-as-safety", "The lease is for liveness, the renewal is what keeps it safe.", true},
	{"F2-W23", "choose-ttl", "ttl-as-safety", "Pick any TTL and renew it with a heartbeat, which guarantees no one else gets the lock until the holder gives it up.", true},
	{"F2-W24", "redis-lock-and-failure", "ttl-as-safety", "A watchdog thread extends the PX every few seconds, so the lock is safe and we never deadlock.", true},
	{"F2-W28", "extend-lease", "ttl-as-safety", "Extending the lease guarantees we still own it, and the heartbeat is not a safety net, it is the safety.", true},
	{"F3-W03", "choose-ttl", "ttl-as-safety", "I set the lease well above the job's runtime, which keeps two workers apart; in normal runs it never lapses.", true},
	{"F3-W04", "choose-ttl", "ttl-as-safety", "Size it above the longest job so another worker never gets the lock while we work, as in a typical run.", true},
	{"F3-W10", "choose-ttl", "ttl-as-safety", "The TTL must exceed the job so it is unlikely to expire, and that is what keeps two holders from ever overlapping.", true},
	{"F3-W13", "choose-ttl", "ttl-as-safety", "Set it longer than the job plus the failover grace period and you are safe from two holders.", true},
	{"BA-W01", "run-job-once", "ttl-as-safety", "The lease makes sure the holder finishes before anyone else can get the lock; if the holder dies, the key simply expires.", true},
	{"BA-W02", "extend-lease", "ttl-as-safety", "With renewal the job is always finished before anyone else can take over, and if the holder crashes the TTL frees it.", true},
	{"BA-W04", "run-job-once", "ttl-as-safety", "The TTL guarantees no way for a second instance to run while the first holds it; if the holder crashes, the job is blocked for a minute.", true},
	{"BA-W05", "choose-ttl", "ttl-as-safety", "The lease ensures the job is done before anyone else could take it, and it stays blocked only if the holder died.", true},
	{"DL-W01", "deadlock-ordering", "ttl-as-safety", "Because every lock has a TTL there is no deadlock risk: if a holder crashes or two transfers wait for each other, the leases just expire.", true},
	{"DL-W02", "deadlock-ordering", "ttl-as-safety", "With lease-based locks there are no deadlocks, since a crashed holder's lease expires and two waiting transfers time out too.", true},
	{"DL-W03", "deadlock-ordering", "ttl-as-safety", "Leases make the transfer deadlock-free, whether a holder dies or two transfers block each other.", true},
	{"DL-W04", "deadlock-ordering", "ttl-as-safety", "With TTL locks you never deadlock, even if a holder crashes mid-transfer.", true},
	{"DL-W05", "deadlock-ordering", "ttl-as-safety", "Lease-based locks have no real deadlock risk; a dead holder or a waiting one is cleared by expiry.", true},
	{"DL-W06", "deadlock-ordering", "ttl-as-safety", "Since the locks expire, there is no risk of deadlock here: even a holder that dies releases after the TTL.", true},
	{"DL-W07", "deadlock-ordering", "ttl-as-safety", "There's no deadlock problem with Redis leases at all, because a crashed holder's key expires and a stuck pair also times out.", true},
	{"DL-W08", "deadlock-ordering", "ttl-as-safety", "we use TTL so no deadlocks, holder crash or cycle both resolve by expiry", true},
	{"RL-W02", "redis-vs-consensus", "redlock-correctness", "A single Redis instance isn't safe, but Redlock is correct because it needs a majority.", true},
	{"RL-W04", "redlock-operations-q", "redlock-correctness", "We run Redlock for availability and for correctness: with five masters it is safe.", true},
	{"RL-W05", "redlock-operations-q", "redlock-correctness", "Redlock is correct, so fencing for correctness is only something you add with a single node.", true},
	{"RL-W07", "redlock-operations-q", "redlock-correctness", "Redlock is bulletproof, and fencing tokens are no help because it already ensures one holder.", true},
	{"RL-W09", "redis-vs-consensus", "redlock-correctness", "Redlock's majority vote makes it correct; single-instance locks are not correct when the master dies.", true},
	{"RL-W10", "redis-vs-consensus", "redlock-correctness", "Redlock is reliable, and a single instance isn't safe.", true},
	{"RL-W11", "redlock-operations-q", "redlock-correctness", "Redlock makes the lock safe; the only thing left unsolved is latency.", true},
	{"RL-W12", "redlock-operations-q", "redlock-correctness", "Redlock is correct: even if a client stalls, the others can't get a majority, so a freeze breaks nothing.", true},
	{"RL-W14", "redlock-operations-q", "redlock-correctness", "Redlock is correct even with a stalled client, because a stall breaks a single lock but not Redlock.", true},
	{"RL-W17", "redis-vs-consensus", "redlock-correctness", "Because a majority of Redis nodes must agree, the lock is correct; a single node is unreliable.", true},
	{"RL-W18", "redlock-operations-q", "redlock-correctness", "Use Redlock for availability; it is also correct, since a paused client cannot win two majorities.", true},
	{"RL-W20", "redis-lock-and-failure", "redlock-correctness", "To survive failover I'd switch to Redlock, which is correct, unlike a replicated master that is unsafe.", true},
	{"RL-W21", "redlock-operations-q", "redlock-correctness", "Redlock solves the correctness problem, and fencing tokens for correctness are redundant with it.", true},
	{"RL-W22", "redlock-operations-q", "redlock-correctness", "Redlock is safe; people who say it is unsafe mean old versions.", true},
	{"RL-W23", "redis-vs-consensus", "redlock-correctness", "redlock is safe, single redis is not safe, so redlock is fine as consensus", true},
	{"RL-W24", "two-holders", "redlock-correctness", "Moving to Redlock fixes it: Redlock is correct, and the single Redis we had was unreliable.", true},
	{"RL-W26", "redlock-operations-q", "redlock-correctness", "Redlock is correct, and the clock rules are not correctness rules, just hygiene.", true},
	{"RL-W27", "redlock-operations-q", "redlock-correctness", "Redlock is safe, it isn't safe only if you misconfigure it.", true},
	{"RL-W28", "run-job-once", "redlock-correctness", "With Redlock the job is safe, since a lone Redis is unsafe and Redlock needs a majority.", true},
	{"RL-W29", "redis-vs-consensus", "redlock-correctness", "Redlock is correct; a single Redis master is blind to its replica's lag.", true},
	{"RL-W30", "redlock-operations-q", "redlock-correctness", "Redlock is correct and safe; the paper's objections are not safety issues in practice.", true},
	{"F2-W32", "two-holders", "ttl-as-safety", "The heartbeat guarantees exclusivity, so the two holders must come from a deadlock in the renewal thread.", true},
	{"F2-W34", "run-job-once", "ttl-as-safety", "With a renewed lease the job is protected from other instances; it's safe to run only with the watchdog on.", true},
	{"F2-W38", "redis-vs-consensus", "ttl-as-safety", "In ZooKeeper the session heartbeat guarantees the lock stays ours; it's only free again once the session has gone.", true},
	{"F2-W41", "choose-ttl", "ttl-as-safety", "The TTL doesn't matter much, since the heartbeat keeps it alive and guarantees no one else can get it; if the holder never comes back it just expires.", true},
	{"F2-W42", "extend-lease", "ttl-as-safety", "Renewal guarantees we keep the lock during the job, and with a claim counter takeover is safe anyway.", true},
	{"F2-W47", "extend-lease", "ttl-as-safety", "Extending is safe and keeps others out; what safe means here is that no one else can acquire it.", true},
	{"F2-W48", "extend-lease", "ttl-as-safety", "Short answer: yes, renewal guarantees mutual exclusion, and the TTL just makes it free again after a crash.", true},
	{"RL-W31", "redis-vs-consensus", "redlock-correctness", "Honestly Redlock is correct enough: a single Redis isn't safe, five independent masters are.", true},
	{"RL-W32", "redis-lock-and-failure", "redlock-correctness", "Failover is the one weakness of a single instance, which is not safe; Redlock guarantees the lock survives and stays exclusive.", true},
	{"RL-W33", "redis-vs-consensus", "redlock-correctness", "\"Is Redlock safe?\" Yes, Redlock is safe, unlike one master that is unreliable under failover.", true},
	{"RL-W35", "redlock-operations-q", "redlock-correctness", "With these rules Redlock is safe; fencing for correctness is overkill.", true},
	{"RL-W36", "redis-vs-consensus", "redlock-correctness", "Redlock solves it: a majority means one node that is not safe can't break the lock.", true},
	{"RL-W37", "two-holders", "redlock-correctness", "Redlock would have fixed this, since a lone master that is unsafe on failover was the cause and Redlock is correct.", true},
	{"RL-W38", "redis-vs-consensus", "redlock-correctness", "Redlock is reliable and correct, which matters for availability as well.", true},
	{"RL-W40", "redis-vs-consensus", "redlock-correctness", "A majority of Redis instances is safe, and it's still breaks-proof compared to a single one that still breaks.", true},
	{"F2-W52", "choose-ttl", "ttl-as-safety", "The TTL only matters for liveness; the heartbeat guarantees the lock stays ours, so the number hardly matters.", true},
	{"F2-W53", "run-job-once", "ttl-as-safety", "A renewed lease is the safety guarantee here; the expiry is the liveness guarantee.", true},
	{"F2-W55", "extend-lease", "ttl-as-safety", "Yes, a heartbeat makes it safe, it gives it up only when the job ends.", true},
	{"BA-W06", "two-holders", "ttl-as-safety", "With a correctly sized lease the job is done before anyone else can get the lock, so two holders must mean a holder crashed.", true},
	{"DL-W10", "deadlock-ordering", "ttl-as-safety", "Distributed leases are deadlock-free, since a dead holder's key expires and the waiting transfer goes on.", true},
}

// fixG26pf1ReviewAlone: review probes main-27d0b75 flagged alone only.
// Also alone only: six probes our g24b base answers for their question
// already deny in another sentence (answer-level reading), so appended
// there they show nothing (F2-W14, BA-W01, DL-W07, RL-W22, RL-W27, RL-W40).
var fixG26pf1ReviewAlone = map[string]bool{"F2-W14": true, "BA-W01": true, "DL-W07": true, "RL-W22": true, "RL-W27": true, "RL-W40": true, "BA-W05": true, "DL-W03": true, "RL-W09": true}

// fixG26pf1Own: sentences of our own. Wrong claims (want true) whose
// excusing words sit in another clause, or are the reason given for the
// claim; correct sentences (want false) where the words are said of
// expiry, of a crashed holder, of Redlock itself, as g26p meant.
var fixG26pf1Own = []flagCase{
	{"O-W1", "extend-lease", "ttl-as-safety", "The keepalive extends the key on schedule, which guarantees no rival can take it until it is free again.", true},
	{"O-W2", "extend-lease", "ttl-as-safety", "Our renewal thread guarantees the lock is ours; expiry is for liveness only.", true},
	{"O-W3", "extend-lease", "ttl-as-safety", "Renewal is what keeps the job safe, and the TTL is for liveness.", true},
	{"O-W4", "extend-lease", "ttl-as-safety", "A watchdog renewing the lease makes the job safe and also means no deadlocks.", true},
	{"O-W5", "run-job-once", "ttl-as-safety", "The heartbeat guarantees that no other instance runs the job, and a crash can never deadlock us.", true},
	{"O-W6", "extend-lease", "ttl-as-safety", "Keeping the lease renewed guarantees exclusive access until the holder gives it up.", true},
	{"O-W7", "choose-ttl", "ttl-as-safety", "Any TTL works because the renewal guarantees the lock stays ours; the expiry is only about liveness.", true},
	{"O-W8", "choose-ttl", "ttl-as-safety", "Make the TTL longer than the job plus the failover grace period, so two workers never overlap.", true},
	{"O-W9", "choose-ttl", "ttl-as-safety", "Choose a TTL above the longest job; then expiry is unlikely and nobody else can take the lock mid-run.", true},
	{"O-W10", "choose-ttl", "ttl-as-safety", "Keep the lease longer than any run and above the election time, which guarantees a single holder.", true},
	{"O-W11", "run-job-once", "ttl-as-safety", "The lease guarantees the job ends before anyone else can grab the lock; if the holder crashes we just wait.", true},
	{"O-W12", "choose-ttl", "ttl-as-safety", "With the TTL sized right the work is done before anyone else gets the lock, and the job is blocked only if the holder dies.", true},
	{"O-W13", "deadlock-ordering", "ttl-as-safety", "Every account lock carries a TTL, so there is no deadlock risk, because a crashed holder's key expires.", true},
	{"O-W14", "deadlock-ordering", "ttl-as-safety", "With leases the transfers are deadlock-free, even if a holder dies midway.", true},
	{"O-W15", "deadlock-ordering", "ttl-as-safety", "No need to order the locks: leases mean no deadlocks, whether a holder crashes or two transfers wait on each other.", true},
	{"O-W16", "redis-vs-consensus", "redlock-correctness", "One Redis box is unreliable, so we use Redlock, which is correct.", true},
	{"O-W17", "redlock-operations-q", "redlock-correctness", "Redlock guarantees one holder, and a long freeze breaks nothing.", true},
	{"O-W18", "redlock-operations-q", "redlock-correctness", "Redlock is safe, and fencing tokens for correctness are unnecessary with it.", true},
	{"O-W19", "redis-vs-consensus", "redlock-correctness", "Redlock is bulletproof; a plain SET NX is not safe.", true},
	{"O-W20", "two-holders", "redlock-correctness", "Switch to Redlock: it is correct because a majority must agree, and the single node was unsafe.", true},
	{"O-W21", "redlock-operations-q", "redlock-correctness", "We chose Redlock for availability and it is also correct.", true},

	{"O-C1", "extend-lease", "ttl-as-safety", "Expiry guarantees liveness, not safety.", false},
	{"O-C2", "choose-ttl", "ttl-as-safety", "I'd set the lease longer than the usual job so a typical run doesn't lapse.", false},
	{"O-C3", "choose-ttl", "ttl-as-safety", "Keep the TTL above the lock service's failover grace period too.", false},
	{"O-C4", "run-job-once", "ttl-as-safety", "A long TTL has a cost: if the holder dies, the job is blocked for that long before anyone else can take over.", false},
	{"O-C5", "choose-ttl", "ttl-as-safety", "The expiry guarantees no deadlock if the holder dies.", false},
	{"O-C6", "extend-lease", "ttl-as-safety", "Once the holder dies, expiry guarantees the key becomes free again.", false},
	{"O-C7", "redis-vs-consensus", "redlock-correctness", "Redlock is reliable when a master dies, unreliable when the client stalls.", false},
	{"O-C8", "redlock-operations-q", "redlock-correctness", "Use Redlock for availability and fencing tokens for correctness.", false},
	{"O-C9", "redlock-operations-q", "redlock-correctness", "Redlock handles node failure; only fencing handles stale writes.", false},
	{"O-C10", "redis-vs-consensus", "redlock-correctness", "Redlock is correct about crashed nodes and blind to client freezes.", false},
	{"O-C11", "redlock-operations-q", "redlock-correctness", "Redlock survives a node crash, but a client freeze breaks it.", false},
}

// TestFixG26pf1ReviewAlone: every review probe flags graded alone.
func TestFixG26pf1ReviewAlone(t *testing.T) {
	checkFlagCases(t, fixG26pf1Review)
}

// TestFixG26pf1ReviewInserted: the review probes main-27d0b75 flagged in a
// good answer flag there again.
func TestFixG26pf1ReviewInserted(t *testing.T) {
	var cases []flagCase
	for _, c := range fixG26pf1Review {
		if !fixG26pf1ReviewAlone[c.name] {
			cases = append(cases, c)
		}
	}
	checkInserted(t, g24bBase, true, cases)
}

// TestFixG26pf1Own: our own probes, alone and in a good answer.
func TestFixG26pf1Own(t *testing.T) {
	checkFlagCases(t, fixG26pf1Own)
	// appended: the correct ones, and the wrong ones whose base answer
	// does not already deny them (O-W2, O-W9: see fixG26pf1ReviewAlone)
	var cases []flagCase
	for _, c := range fixG26pf1Own {
		if c.name != "O-W2" && c.name != "O-W9" {
			cases = append(cases, c)
		}
	}
	checkInserted(t, g24bBase, true, cases)
}

// fixG26pf1Crash: a dead holder that gives the lock up in the end is
// expiry's liveness told, also on deadlock-ordering's no-deadlock line.
var fixG26pf1Crash = []flagCase{
	{"X-C1", "choose-ttl", "ttl-as-safety", "The TTL guarantees that a crashed worker gives it up eventually, so no deadlock.", false},
	{"X-W1", "deadlock-ordering", "ttl-as-safety", "Leases mean no deadlocks, since a holder gives it up once its key expires.", true},
}

// TestFixG26pf1Crash: alone and in a good answer.
func TestFixG26pf1Crash(t *testing.T) {
	checkFlagCases(t, fixG26pf1Crash)
	checkInserted(t, g24bBase, true, fixG26pf1Crash)
}

// fixG26pf1Probes: more of our own, on the sizing hedges (a TTL above the
// job, "unlikely", "failover time", "in a normal run"), the crash words of
// the before-anyone-else line and the no-deadlock line: wrong claims flag
// graded alone, correct ones stay clean alone and in a good answer.
var fixG26pf1Probes = []flagCase{
	{"P-W1", "choose-ttl", "ttl-as-safety", "Pick a TTL longer than the job so expiry is unlikely, which means two workers can't both hold it.", true},
	{"P-W2", "choose-ttl", "ttl-as-safety", "Make the lease exceed the longest job plus the election time and you'll never have a second holder.", true},
	{"P-W3", "choose-ttl", "ttl-as-safety", "A TTL above any run means no other worker can get the lock during a normal run.", true},
	{"P-W4", "choose-ttl", "ttl-as-safety", "Set it longer than the job, then a lapse is unlikely and the lock is exclusive.", true},
	{"P-W5", "choose-ttl", "ttl-as-safety", "Keep the lease above the job and the failover time, which guarantees only one holder.", true},
	{"P-W6", "choose-ttl", "ttl-as-safety", "Size it above the job's p50 so in a typical run nobody else gets in.", true},
	{"P-W7", "choose-ttl", "ttl-as-safety", "With a TTL longer than the work, a second holder is unlikely, so mutual exclusion holds.", true},
	{"P-W8", "choose-ttl", "ttl-as-safety", "If the TTL is more than the job takes, in normal runs it never lapses and two holders never overlap.", true},
	{"P-W9", "run-job-once", "ttl-as-safety", "Give the lease more than the job's runtime plus the grace period and another instance won't start it.", true},
	{"P-W10", "choose-ttl", "ttl-as-safety", "The TTL should exceed the work, then expiry mid-run is unlikely and the job runs exactly once.", true},
	{"P-W11", "run-job-once", "ttl-as-safety", "The lease ends only after the job is finished, before anyone else can start it; if the holder dies we wait a minute.", true},
	{"P-W12", "run-job-once", "ttl-as-safety", "With a lease the first instance finishes before anyone else gets the lock; a crashed holder just blocks it for a while.", true},
	{"P-W13", "choose-ttl", "ttl-as-safety", "A long enough lease lets the holder finish before anyone else could take it; when the holder crashes, the job is blocked for that long.", true},
	{"P-W14", "extend-lease", "ttl-as-safety", "With the watchdog, the job always completes before anyone else can get the lock, and if the holder died it frees itself.", true},
	{"P-W15", "two-holders", "ttl-as-safety", "Our lease guarantees the worker is done before anyone else can grab it, so two holders mean the holder crashed and came back.", true},
	{"P-W16", "deadlock-ordering", "ttl-as-safety", "There's no risk of deadlock with TTLs: a holder crashes, the lease expires, and the other transfer goes on.", true},
	{"P-W17", "deadlock-ordering", "ttl-as-safety", "TTL locks are deadlock-free, because whether a holder dies or waits, expiry clears it.", true},
	{"P-W18", "deadlock-ordering", "ttl-as-safety", "With leases we never deadlock, even when a holder crashes holding one account.", true},
	{"P-W19", "deadlock-ordering", "ttl-as-safety", "Because of the TTL there's no deadlock problem at all; crashed holders and stuck pairs both time out.", true},
	{"P-W20", "deadlock-ordering", "ttl-as-safety", "We don't need lock ordering: the leases mean no deadlocks, since a crashed holder's key is deleted by expiry.", true},
	{"P-W21", "deadlock-ordering", "ttl-as-safety", "Leases make it deadlock-free, and that covers a holder that crashes too.", true},
	{"P-C1", "choose-ttl", "ttl-as-safety", "Set the TTL above the job's normal run so a healthy run doesn't lapse, and fence the writes anyway.", false},
	{"P-C2", "choose-ttl", "ttl-as-safety", "Keep the lease longer than the job so expiry in an ordinary run is unlikely.", false},
	{"P-C3", "choose-ttl", "ttl-as-safety", "Size the TTL above the lock service's failover time as well.", false},
	{"P-C4", "choose-ttl", "ttl-as-safety", "I'd make it longer than a typical run of the job so a normal run never needs extending.", false},
	{"P-C5", "choose-ttl", "ttl-as-safety", "The TTL should be above the election time, or a failover alone ends every lease.", false},
	{"P-C6", "run-job-once", "ttl-as-safety", "The cost of a long TTL is that if the holder crashes, the job is blocked for that long before anyone else can run it.", false},
	{"P-C7", "choose-ttl", "ttl-as-safety", "A long lease means a dead holder keeps the job blocked for up to the TTL before anyone else can take over.", false},
	{"P-C8", "deadlock-ordering", "ttl-as-safety", "Expiry means no deadlock when a holder crashes, but two live transfers still need a lock order.", false},
	{"P-C9", "deadlock-ordering", "ttl-as-safety", "The TTL gives no deadlock if the holder dies; for the cycle we sort the account ids.", false},
	{"P-C10", "choose-ttl", "ttl-as-safety", "The TTL guarantees no deadlock if a client crashes.", false},
	{"P-C11", "extend-lease", "ttl-as-safety", "Expiry guarantees liveness, not safety: the key is free again after a crash.", false},
	{"P-C12", "redis-vs-consensus", "redlock-correctness", "Redlock survives a node crash, but it is not safe against a stop-the-world GC.", false},
	{"P-C13", "redlock-operations-q", "redlock-correctness", "Use Redlock for availability and fencing for correctness.", false},
	{"P-C14", "redlock-operations-q", "redlock-correctness", "Redlock is correct about node failures, unreliable when a client freezes.", false},
}

// TestFixG26pf1Probes: as above.
func TestFixG26pf1Probes(t *testing.T) {
	checkFlagCases(t, fixG26pf1Probes)
	var clean []flagCase
	for _, c := range fixG26pf1Probes {
		if !c.want {
			clean = append(clean, c)
		}
	}
	checkInserted(t, g24bBase, true, clean)
}
