package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestWhoPerformsTheActG37b: candidates who know the correct mechanism
// tell it in the words of the mistake it corrects, and what sets the two
// apart is who performs the act or which act the words name (g37b). A
// check of what the write returned ("checks Succeeded") comes after the
// write; a refusal told as what follows from a guard's condition failing
// is the guard's; "goes through fine" says the store accepts the write;
// a token dropped into a folder is put there. Each case keeps its losing
// neighbours flagged: a check of anything else's success, a guard conceded,
// denied or made optional, a client refusing its own write, a consequence
// or a verdict beside the passage, a client that drops stale writes.
func TestWhoPerformsTheActG37b(t *testing.T) {
	b := loadBank(t)
	raised := func(id, text string) []string {
		q, ok := b.ByID(id)
		if !ok {
			t.Fatalf("no question %s", id)
		}
		return b.Grade(q, quiz.Answer{Text: text}).FlagIDs()
	}
	for _, c := range []struct {
		name, q, text, flag string
		want                bool
	}{
		// a check of the act's outcome
		{"checks Succeeded after the write", "etcd-revision-guard", "etcd evaluates that at commit, so a deposed leader's write fails; the code checks Succeeded and stops leading.", "check-then-act-safe", false},
		{"checks the renewal's success before the write", "etcd-revision-guard", "The leader checks that its last renewal succeeded and then does a plain Put, so the write is safe.", "ttl-as-safety", true},
		{"checks the session and stops", "etcd-revision-guard", "The old leader checks the session before each write and stops, so a deposed leader never writes.", "check-then-act-safe", true},
		{"Succeeded waved off, the session checked", "etcd-revision-guard", "No need to check Succeeded: the leader checks session.Done() and stops before it writes, which is safe.", "client-side-fencing", true},
		// a refusal that follows from a guard failing
		{"rejected once the comparison fails", "etcd-revision-guard", "Do the write as an etcd transaction that compares the lock key's create revision with the one I got when I acquired, and check resp.Succeeded. If my session lease expired, etcd has deleted my key, the comparison fails inside the same atomic operation, and the deposed leader's write is rejected by etcd itself, whatever its GC did.", "etcd-refuses-expired", false},
		{"rejected whether or not the comparison fails", "etcd-revision-guard", "Whether or not the comparison fails, etcd rejects the deposed leader's write itself, whatever its GC did.", "etcd-refuses-expired", true},
		{"the comparison's failure not needed", "etcd-revision-guard", "We don't need the comparison to fail: etcd rejects the deposed leader's write itself, whatever its GC did.", "etcd-refuses-expired", true},
		{"the comparison optional", "etcd-revision-guard", "The comparison is optional; etcd rejects the deposed leader's write by itself, whatever the revision.", "etcd-refuses-expired", true},
		{"the client rejects when its comparison fails", "fencing-token", "The client compares its token with the lock key, and when the comparison fails the client rejects the write itself.", "client-side-fencing", true},
		{"the comparison fails, so the Txn is optional", "etcd-revision-guard", "The comparison fails, and etcd rejects the old leader's writes anyway once its session expired, whatever the revision, so the Txn is optional.", "etcd-refuses-expired", true},
		{"the comparison fails, so a plain Put is as good", "etcd-revision-guard", "I'd rely on etcd here: the comparison fails and the deposed leader's write is rejected by etcd itself, whatever it does, so a plain Put is just as good.", "etcd-refuses-expired", true},
		{"rejected whatever the revision, a plain Put", "etcd-revision-guard", "etcd rejects the deposed leader's write by itself, whatever the revision, so a plain Put is fine.", "etcd-refuses-expired", true},
		// a write let through
		{"a plain Put goes through fine", "etcd-revision-guard", "A lease expiring deletes the keys attached to that lease. It doesn't blacklist the client. A plain `Put(\"/config/routes\")` from the zombie leader, with no lease attached, goes through fine.", "etcd-refuses-expired", false},
		{"goes through fine, so no Txn", "etcd-revision-guard", "A plain Put goes through fine, so we don't need the Txn.", "etcd-refuses-expired", true},
		{"goes through fine and is safe enough", "etcd-revision-guard", "Just do a plain Put: it goes through fine and that's safe enough.", "etcd-refuses-expired", true},
		{"goes through fine, which means", "etcd-revision-guard", "A plain Put from the leader goes through fine, which means the Txn is optional.", "etcd-refuses-expired", true},
		{"a plain Put is fine, it goes through", "etcd-revision-guard", "The plain Put is fine here; it goes through.", "etcd-refuses-expired", true},
		{"skip the Txn, because it goes through fine", "etcd-revision-guard", "My recommendation: skip the Txn, because a plain Put from the old leader goes through fine and etcd sorts it out.", "etcd-refuses-expired", true},
		// a token dropped into a place
		{"a token dropped into the lock folder", "zookeeper-lock-recipe", "Think of a numbered-token queue at a bank. Each client drops a token into the lock folder: a node that ZooKeeper numbers for it automatically and that disappears by itself if the client's session dies.", "client-side-fencing", false},
		{"the client drops stale tokens", "zookeeper-lock-recipe", "The client drops stale tokens itself before writing.", "client-side-fencing", true},
		{"the client drops lower writes", "fencing-token", "The client drops any write whose token is lower than the one it holds.", "client-side-fencing", true},
		{"dropped into the folder, and stale writes dropped", "zookeeper-lock-recipe", "Each client drops a token into the folder, and the client itself drops writes with a stale token.", "client-side-fencing", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := raised(c.q, c.text)
			if slices.Contains(got, c.flag) != c.want {
				t.Errorf("flags %v; want %s raised=%v", got, c.flag, c.want)
			}
		})
	}
}

// TestLossWordsInAnotherSenseG37b: "safe to run a second time" said of
// the job names its idempotency, and "nobody else can take over until it
// runs out" said to size how long a crashed holder orphans the job names
// a delay, not a guarantee (g37b). The lease given the credit ("makes it
// safe to run twice"), a consequence drawn ("so the job is safe to run
// again", "so two runs can never overlap") or a verdict beside the words
// ("guarantees", "protects", "safe") keep ttl-as-safety up.
func TestLossWordsInAnotherSenseG37b(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		name, q, text string
		want          bool
	}{
		{"the job safe to run a second time", "run-job-once", "If the winner dies, the entry needs a lease with a heartbeat so someone can adopt it later, and the job itself should be safe to run a second time, because takeovers happen.", false},
		{"heartbeat makes it safe, never twice", "run-job-once", "The heartbeat makes the job safe to run, so it never runs twice.", true},
		{"so the job is safe to run again", "run-job-once", "Keep the heartbeat going, so the job is safe to run again.", true},
		{"makes it safe to run a second instance", "run-job-once", "A lease with a heartbeat makes it safe to run a second instance alongside.", true},
		{"thanks to the lease, safe to run a second time", "run-job-once", "Renew the lease with a heartbeat; thanks to it the job is safe to run a second time without harm.", true},
		{"safe from running a second time", "run-job-once", "With the heartbeat the job is safe from running a second time.", true},
		{"nobody else until it runs out, sizing the orphan time", "choose-ttl", "First, how long can we afford the job to be orphaned if the holder crashes? That's roughly the TTL, because nobody else can take over until it runs out.", false},
		{"how long stuck, until the lease expires", "choose-ttl", "If the holder dies, how long is the job stuck? Roughly one TTL, since no one else can take over until the lease expires.", false},
		{"until it runs out guarantees a single runner", "choose-ttl", "Nobody else can take over until the TTL runs out, which guarantees a single runner.", true},
		{"until it expires, a longer TTL is safe", "choose-ttl", "Because nobody else can take over until it expires, a TTL longer than the job is safe.", true},
		{"until the lease expires, so never overlap", "choose-ttl", "Pick a TTL longer than the job; no one else can take over until the lease expires, so two runs can never overlap.", true},
		{"the TTL protects us until it expires", "choose-ttl", "The TTL protects us: no other worker can grab the lock until it expires.", true},
		{"until it runs out in a list that drops fencing", "choose-ttl", "- TTL above the p99 runtime: nobody else can take over until it runs out\n- no fencing needed", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, ok := b.ByID(c.q)
			if !ok {
				t.Fatalf("no question %s", c.q)
			}
			got := b.Grade(q, quiz.Answer{Text: c.text}).FlagIDs()
			if slices.Contains(got, "ttl-as-safety") != c.want {
				t.Errorf("flags %v; want ttl-as-safety raised=%v", got, c.want)
			}
		})
	}
}

// TestRequirementIsNoClaimOfTheParty: "the numbers must stay monotonic
// across failover of the lock service" says what any lock service must
// provide, not that Redis's replication provides it (g37b). A sentence
// that names the party, answers the requirement with a claim ("and the
// standby keeps it", "so that is covered") or is followed by one naming
// the party keeps replication-keeps-lock up.
func TestRequirementIsNoClaimOfTheParty(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("fencing-token")
	if !ok {
		t.Fatal("no question fencing-token")
	}
	for _, c := range []struct {
		name, text string
		want       bool
	}{
		{"the numbers must stay monotonic", "The check must be atomic with the write, like a conditional UPDATE, and the numbers must stay monotonic across failover of the lock service.", false},
		{"Sentinel named beside the requirement", "The lock must survive failover, and Sentinel's replication makes sure it does.", true},
		{"the requirement answered by the standby", "The lock has to survive failover, and the standby keeps it.", true},
		{"the requirement said to be covered", "Locks must survive failover; the promoted node already has every key, so that is covered.", true},
		{"Sentinel in the next sentence", "The lock must survive failover. Sentinel makes sure it does.", true},
		{"the requirement met, because of the replica", "The lock must survive failover, and it does, because the replica has it.", true},
		{"a plain claim of the state", "The lock stays intact across failover of the lock service, so the numbers stay monotonic too.", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := b.Grade(q, quiz.Answer{Text: c.text}).FlagIDs()
			if slices.Contains(got, "replication-keeps-lock") != c.want {
				t.Errorf("flags %v; want replication-keeps-lock raised=%v", got, c.want)
			}
		})
	}
}
