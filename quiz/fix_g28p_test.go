package quiz_test

import "testing"

// fixG28p: g28p, precision. The review rev27pf found g27pf's rules
// flagging correct sentences (the ttl-as-safety renew line, the filter
// excuse dropped from client-side-fencing, the "things" header that had
// to end at its refused verb, ownsPractice lifting refused bullets); the
// blind writers CY, DE, DF and DB had flags on passing answers. Every
// sentence here is my own: correct sentences sharing each rule's words
// (want false) and wrong claims in varied wording that must still raise
// the flag (want true). Wrong claims the grader already missed before g28p
// are left out (they are recall, not this change's concern).

// g28pAlone: graded alone.
var g28pAlone = []flagCase{
	{"tc1", "choose-ttl", "ttl-as-safety", "We pick a TTL long enough that a normal run never has to renew, and we guarantee nothing with it; the database rejects old tokens.", false},
	{"tc2", "choose-ttl", "ttl-as-safety", "A lease above the p99 runtime means a healthy job never needs to renew, though it won't make a second holder impossible.", false},
	{"tc5", "choose-ttl", "ttl-as-safety", "Size the TTL so a healthy run never needs to renew; should it renew, make the renewal a safe compare-and-set on our token.", false},
	{"tc6", "choose-ttl", "ttl-as-safety", "The lease is sized so work never needs to renew; exclusivity is enforced by the conditional write at the store.", false},
	{"tc7", "choose-ttl", "ttl-as-safety", "TTL must be bigger than the job so the worker never need to renew, and to keep the data safe the DB compares the version.", false},
	{"tc8", "choose-ttl", "ttl-as-safety", "Keep the TTL above the slowest job so normal jobs never renew; the TTL still guarantees nothing about two holders.", false},
	{"tc9", "choose-ttl", "ttl-as-safety", "Healthy jobs never need to renew with a long lease, but a long lease won't stop a paused holder from overlapping.", false},
	{"tc10", "choose-ttl", "ttl-as-safety", "With a ten-minute lease nothing ever needs to renew, and if the worker dies nobody else can take the lock for ten minutes.", false},
	{"tc11", "choose-ttl", "ttl-as-safety", "We tune the TTL so a job never needs to renew; when the holder is dead the others wait out the TTL, which is the cost of a long lease.", false},
	{"tc12", "choose-ttl", "ttl-as-safety", "The TTL is long so runs never need to renew, and mutual exclusion is the storage's job through the fencing check.", false},
	{"tc13", "choose-ttl", "ttl-as-safety", "A TTL that means jobs never have to renew won't guarantee exclusivity; only the token comparison at the resource does.", false},
	{"tc14", "choose-ttl", "ttl-as-safety", "Jobs never need to renew with our lease length, and that promises nothing about safety; the conditional update is the guard.", false},
	{"tw1", "choose-ttl", "ttl-as-safety", "Set the TTL above the longest run so jobs never need to renew, and then the lock is safe.", true},
	{"tw2", "choose-ttl", "ttl-as-safety", "With a lease that long the worker never has to renew, so nobody else can get the lock.", true},
	{"tw3", "choose-ttl", "ttl-as-safety", "Make the lease longer than any job: it never needs to renew and two holders are impossible.", true},
	{"tw5", "choose-ttl", "ttl-as-safety", "The TTL exceeds the job, jobs never need to renew, and so a second holder can't appear.", true},
	{"tw6", "fencing-token", "ttl-as-safety", "Our lock TTL is far above the runtime so a normal job never has to renew and it stays exclusive.", true},
	{"tw8", "choose-ttl", "ttl-as-safety", "A lease past the p99 means workers never need to renew, so two workers won't overlap.", true},
	{"tw9", "choose-ttl", "ttl-as-safety", "If the TTL is above the job, it never needs to renew, and the lock is safe from a second holder.", true},
	{"tw11", "choose-ttl", "ttl-as-safety", "TTL longer than the job, the job never needs to renew, and no one else can get in while it runs.", true},
	{"tw12", "choose-ttl", "ttl-as-safety", "Set a generous lease so healthy jobs never renew; that way two workers can't both hold it.", true},
	{"fc1", "fencing-token", "client-side-fencing", "The worker reads the token before writing only as a filter; the database compares it again in the UPDATE.", false},
	{"fc2", "fencing-token", "client-side-fencing", "The client checks its lease before writing as a filter, and the real guarantee is the conditional write at the store.", false},
	{"fc3", "fencing-token", "client-side-fencing", "It's okay for the holder to check the lock before writing as a filter if the storage does the real check.", false},
	{"fc4", "fencing-token", "client-side-fencing", "The holder checks the lease before sending just as a filter; the resource compares the fencing token on each write.", false},
	{"fc5", "fencing-token", "client-side-fencing", "The worker may read the lock before writing as a filter to skip wasted work; correctness comes from the storage's token comparison.", false},
	{"fc6", "fencing-token", "client-side-fencing", "Our client checks the lock before committing purely as a filter, while the DB compares the epoch in the WHERE clause.", false},
	{"fc7", "unfenceable-resource", "client-side-fencing", "A pause can land after the check: the worker checks the lease, freezes for a minute in GC, then sends the request.", false},
	{"fc8", "unfenceable-resource", "client-side-fencing", "Checking the lease right before the call is just hoping the pause doesn't land after it.", false},
	{"fw1", "fencing-token", "client-side-fencing", "The holder checks the token before each write, acting as a filter for stale writes.", true},
	{"fw2", "fencing-token", "client-side-fencing", "The holder reads the lock before writing as a filter, so stale writes never reach the database.", true},
	{"fw3", "fencing-token", "client-side-fencing", "The client checks the lock before writing as a filter and that keeps stale holders out.", true},
	{"fw5", "fencing-token", "client-side-fencing", "The holder checks that it still owns the lock before writing, so a stale write can't happen.", true},
	{"fw7", "fencing-token", "client-side-fencing", "The worker checks its lease before each update as a filter, which is all the protection we need.", true},
	{"fw8", "fencing-token", "client-side-fencing", "The holder checks the lock before writing as a filter so the storage never sees a stale token.", true},
	{"hc1", "fencing-token", "ttl-as-safety", "Things that don't work here:\n- Make the TTL longer than the longest job so two holders can never happen.", false},
	{"hc2", "fencing-token", "ttl-as-safety", "Things that don't help in practice:\n- Make the TTL longer than the longest job so two holders can never happen.", false},
	{"hc3", "fencing-token", "ttl-as-safety", "Things that don't work, in my experience:\n- Make the TTL longer than the longest job so two holders can never happen.", false},
	{"hc4", "fencing-token", "ttl-as-safety", "Things that won't fix the race:\n- Make the TTL longer than the longest job so two holders can never happen.", false},
	{"hc5", "fencing-token", "ttl-as-safety", "Things that don't work at all:\n- Make the TTL longer than the longest job so two holders can never happen.", false},
	{"hc6", "fencing-token", "ttl-as-safety", "Things that won't help for us:\n- A TTL longer than any job, so two holders never meet.", false},
	{"hc7", "fencing-token", "ttl-as-safety", "Things that don't solve the paused holder problem:\n- Set the lease above the longest job so two holders can never happen.", false},
	{"hc8", "fencing-token", "ttl-as-safety", "Things that do not fix it in production:\n- A long TTL so two holders can never happen.", false},
	{"hc9", "extend-lease", "extend-without-owner", "Things that won't help:\n- A watchdog that calls PEXPIRE every 10 seconds; in code review I run it through a pause test and it fails.", false},
	{"hc10", "fencing-token", "ttl-as-safety", "Bad ideas:\n- Make the TTL longer than the longest job so two holders can never happen; we still use it in one legacy service and it bites us.", false},
	{"hc11", "fencing-token", "ttl-as-safety", "Things that don't work:\n- A TTL longer than the job so two holders never overlap; we still use it in an old cron and it burns us every quarter.", false},
	{"hc12", "extend-lease", "extend-without-owner", "Things that won't help:\n- A background thread that runs PEXPIRE every few seconds; I run it against a GC pause in every review and it breaks.", false},
	{"hw1", "fencing-token", "ttl-as-safety", "Things that don't work out of the box, so we add them:\n- Make the TTL longer than the longest job so two holders can never happen.", true},
	{"hw2", "fencing-token", "ttl-as-safety", "Things I do that don't fix everything but are still worth it:\n- Make the TTL longer than the longest job, so two holders can never happen.", true},
	{"hw3", "fencing-token", "ttl-as-safety", "Things that won't help:\n- a faster network\n- Set the TTL longer than the longest job, so two holders can never happen, and I always do this.", true},
	{"hw4", "fencing-token", "ttl-as-safety", "Things that won't help:\n- a faster network\n- Set the TTL longer than the longest job, so two holders can never happen; we use this everywhere.", true},
	{"hw5", "fencing-token", "ttl-as-safety", "Things that don't help you pass the interview unless you say them:\n- Make the TTL longer than the longest job, so two holders can never happen.", true},
	{"hw6", "fencing-token", "ttl-as-safety", "Things that don't work alone, so we use them together:\n- Make the TTL longer than the longest job so two holders can never happen.", true},
	{"hw7", "fencing-token", "ttl-as-safety", "Things that don't fix it but we need anyway:\n- Make the TTL longer than the longest job so two holders can never happen.", true},
	{"hw8", "fencing-token", "ttl-as-safety", "Things that won't help:\n- a faster network\n- A TTL longer than the job so two holders can never happen, and we still use it and it works great.", true},
	{"ow1", "deadlock-ordering", "lock-order-by-role", "Lock the source account first and then the destination; the order of the two locks doesn't matter otherwise.", true},
	{"ow2", "deadlock-ordering", "lock-order-by-role", "Releasing in reverse order is tidy, and the lock order does not matter for deadlock either.", true},
	{"ow3", "deadlock-ordering", "lock-order-by-role", "The locking order is irrelevant as long as both locks are taken in one transaction.", true},
	{"ow4", "deadlock-ordering", "lock-order-by-role", "Take both locks in whatever order the request names them.", true},
	{"oc1", "deadlock-ordering", "lock-order-by-role", "Unlocking in reverse order is a habit, but the release order does not matter for deadlock.", false},
	{"oc2", "deadlock-ordering", "lock-order-by-role", "The order of release doesn't matter; what matters is acquiring by account id.", false},
	{"wc1", "design-lock-service-q", "wall-clock", "A client whose clock runs slow will believe it still holds an expired lease, so expiry must be a server duration.", false},
	{"wc2", "design-lock-service-q", "wall-clock", "If the client's clock drifts it thinks it still owns the lock after expiry; use server-side monotonic durations.", false},
	{"ww2", "design-lock-service-q", "wall-clock", "Expiry is the client's timestamp plus the TTL, and the server trusts it.", true},
	{"ww3", "design-lock-service-q", "wall-clock", "The client's clock decides expiry: if its clock says the lease is valid it still holds the lock.", true},
	{"rc1", "run-job-once", "run-recorded-after", "Insert the period row before the job starts; the row stays even after the run, so a late starter sees it.", false},
	{"rw1", "run-job-once", "run-recorded-after", "Write the job_runs row after the job finishes so a crash leaves no trace.", true},
	{"rw2", "run-job-once", "run-recorded-after", "Record the run in a row once the job is done; that row keeps other instances from starting.", true},
	{"rw3", "run-job-once", "run-recorded-after", "We insert a marker row at the end of the run, and it stays there even after that.", true},
	{"kc1", "idempotency-keys", "fresh-idempotency-key", "The mobile app creates a key per payment intent and resends it on every retry; the server stores it under a unique constraint.", false},
	{"kc2", "idempotency-keys", "fresh-idempotency-key", "A server-made key is a mistake: every retry would get a new key and nothing would dedupe.", false},
	{"kw1", "idempotency-keys", "fresh-idempotency-key", "The server generates a UUID for each request and uses it as the idempotency key.", true},
	{"kw2", "idempotency-keys", "fresh-idempotency-key", "Give every retry a fresh idempotency key so nothing collides.", true},
	{"kw3", "idempotency-keys", "fresh-idempotency-key", "Each attempt gets a new random key; nothing would dedupe, which is fine because retries are rare.", true},
	{"kw4", "idempotency-keys", "fresh-idempotency-key", "The server creates a uuid idempotency key for each incoming call, even for the payment intent.", true},
	{"dc1", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover Kafka writes only; they do not reach PostgreSQL.", false},
	{"dc2", "outbox-pattern", "dual-write-atomic", "Atomic delivery across the database and Kafka requires that only one of them is written in the request path.", false},
	{"dw1", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the database write too, so the two stay in sync.", true},
	{"dw2", "outbox-pattern", "dual-write-atomic", "Publishing to Kafka inside the DB transaction makes the two writes atomic.", true},
	{"dw3", "outbox-pattern", "dual-write-atomic", "With Kafka's exactly-once transactions, the Postgres write and the publish are atomic.", true},
	{"sc1", "row-lock", "row-lock-scope-wrong", "The row lock is held only until this connection's transaction ends, and any other session waits for it.", false},
	{"sc2", "row-lock", "row-lock-scope-wrong", "A FOR UPDATE lock is released only at commit, so it is bound to one connection's transaction and blocks every other.", false},
	{"sw1", "row-lock", "row-lock-scope-wrong", "A row lock only blocks the same connection; other connections can still update the row.", true},
	{"sw2", "row-lock", "row-lock-scope-wrong", "FOR UPDATE only works within the same session, so another app server is not blocked.", true},
	{"sw3", "row-lock", "row-lock-scope-wrong", "The row lock only applies to this connection, since it is tied to one connection, and others ignore it.", true},
	{"lc1", "redis-vs-consensus", "lock-instead-of-constraint", "etcd only acknowledges once a majority has stored the write, and a future leader is guaranteed to have it.", false},
	{"lw1", "run-job-once", "lock-instead-of-constraint", "A Redis lock guarantees the job runs only once.", true},
	{"lw2", "run-job-once", "lock-instead-of-constraint", "Taking the lock first ensures the report runs exactly once, once a majority of instances agree.", true},
	{"gc1", "row-lock", "redlock-correctness", "Inside one database a row lock is about as safe as exclusion gets, no tokens needed.", false},
	{"gw1", "redis-vs-consensus", "redlock-correctness", "Redlock is as safe as ZooKeeper under any failure.", true},
	{"gw2", "redis-vs-consensus", "redlock-correctness", "Redlock is just as safe as a consensus lock, about as safe as exclusion gets.", true},
	{"nc1", "row-lock", "lock-across-network-call", "If the connection drops mid-call, the rollback undoes nothing outside the database, so the charge stays.", false},
	{"nw2", "row-lock", "lock-across-network-call", "Wrap the Stripe charge in the transaction; a rollback cancels the charge.", true},
	{"ic1", "row-lock", "isolation-prevents-race", "With the row locked, check and write are atomic inside the holder's transaction.", false},
	{"iw1", "avoid-the-lock", "isolation-prevents-race", "Putting the read and write in one transaction makes the check and the write atomic.", true},
	{"iw2", "avoid-the-lock", "isolation-prevents-race", "A single transaction makes check-and-write atomic, no lock involved.", true},
	{"cc1", "skip-locked-queue", "claim-lock-outlives-commit", "If the worker dies mid-job, Postgres rolls back, releasing the row lock, and the job is claimable again.", false},
	{"cw1", "skip-locked-queue", "claim-lock-outlives-commit", "After we commit the claim, if the worker dies the claim rolls back on its own and the job is claimable again.", true},
	{"cw2", "skip-locked-queue", "claim-lock-outlives-commit", "Once the status is committed as running, a dead worker's claim goes back to the queue automatically.", true},
	{"ow7", "deadlock-ordering", "lock-order-by-role", "Honestly the lock order does not matter; the acquisition order matters only for speed.", true},
	{"rw4", "run-job-once", "run-recorded-after", "Add the row at the end of the job; it stays even after it finishes and blocks reruns.", true},
}

// g28pAloneOnly are the wrong claims of g28pAlone that a good answer's own
// counters take down when they are appended to it, as before g28p.
var g28pAloneOnly = map[string]bool{"ww2": true, "ww3": true, "dw1": true, "dw2": true, "dw3": true}

// g28pInserted: the cases of g28pAlone that also hold appended to a good
// answer.
func g28pInserted() []flagCase {
	var in []flagCase
	for _, c := range g28pAlone {
		if !g28pAloneOnly[c.name] {
			in = append(in, c)
		}
	}
	return in
}

// g28pfReverted: g28pf reverted g28p's rules that the review rev28p found
// hiding wrong claims (client-side-fencing's filter line, the header and
// practice readings in claims.go/text.go, ttl-as-safety's renew exclusions,
// the narrow wall-clock, lock-instead-of-constraint, isolation, dual-write,
// network-call, claim-lock, run-recorded and lock-order exclusions) to main's
// behaviour (5bafe83): these correct sentences are flagged again, as on main.
// (g30c: lc1, "etcd only acknowledges once a majority has stored the write",
// is clean again under g30c's narrower exclusion, bound to a verb of answering
// before "once a majority", as rev28p asked; it runs with the kept cases.)
var g28pfReverted = map[string]string{
	"tc1": "ttl-as-safety renew exclusions reverted", "tc2": "ttl-as-safety renew exclusions reverted",
	"tc7": "ttl-as-safety renew exclusions reverted",
	"fc2": "client-side-fencing filter line reverted", "fc3": "client-side-fencing filter line reverted",
	"fc4": "client-side-fencing filter line reverted", "fc6": "client-side-fencing filter line reverted",
	"hc1": "header rule reverted", "hc2": "header rule reverted", "hc3": "header rule reverted",
	"hc4": "header rule reverted", "hc5": "header rule reverted", "hc6": "header rule reverted",
	"hc7": "header rule reverted", "hc8": "header rule reverted",
	"hc10": "practice rule reverted", "hc11": "practice rule reverted",
	// (g30b: wc1 is clean again, not by the reverted belief exclusion but
	// because its clause says the clock runs slow; see fix_g30b_test.go.)
	"dc1": "dual-write exclusion reverted",
	"dc2": "dual-write exclusion reverted",
	"nc1": "undoes-nothing exclusion reverted",
	"tc5": "ttl-as-safety renew exclusions reverted", "tc6": "ttl-as-safety renew exclusions reverted",
	"tc8": "ttl-as-safety renew exclusions reverted",
	"hc9": "practice rule reverted", "hc12": "practice rule reverted",
}

// notReverted drops the cases whose rule was reverted (named in reverted).
func notReverted(cases []flagCase, reverted map[string]string) []flagCase {
	var kept []flagCase
	for _, c := range cases {
		if _, ok := reverted[c.name]; !ok {
			kept = append(kept, c)
		}
	}
	return kept
}

// knownFalseFlags are the reverted cases, held to what the grader does
// now: each is a correct sentence that is flagged, as on main before the
// reverted rule. A change that clears one of them fails here, so it is
// noticed and the case moves back to the cases that must stay clean.
func knownFalseFlags(cases []flagCase, reverted map[string]string) []flagCase {
	var known []flagCase
	for _, c := range cases {
		if _, ok := reverted[c.name]; ok {
			c.want = true
			known = append(known, c)
		}
	}
	return known
}

// checkKnownFalseFlags holds every case reverted names to being flagged,
// alone and inserted into g24bBase, and fails when reverted names a case
// that cases does not hold.
func checkKnownFalseFlags(t *testing.T, cases []flagCase, reverted map[string]string) {
	t.Helper()
	known := knownFalseFlags(cases, reverted)
	if len(known) != len(reverted) {
		t.Fatalf("the reverted map names %d cases, found %d", len(reverted), len(known))
	}
	checkFlagCases(t, known)
	checkInserted(t, g24bBase, false, known)
}

func TestFixG28pAlone(t *testing.T) {
	checkFlagCases(t, notReverted(g28pAlone, g28pfReverted))
}

func TestFixG28pInserted(t *testing.T) {
	checkInserted(t, g24bBase, false, notReverted(g28pInserted(), g28pfReverted))
}

// TestFixG28pKnownFalseFlags: the correct sentences whose g28p rule was
// reverted are flagged when graded alone, as on main before g28p.
func TestFixG28pKnownFalseFlags(t *testing.T) {
	checkFlagCases(t, knownFalseFlags(g28pAlone, g28pfReverted))
}
