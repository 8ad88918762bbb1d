package quiz_test

import "testing"

// TestFixG23a: the claims a non-author reviewer found lost by the g23a
// reading rules (and variants of our own), each put into a correct answer
// and asserted flagged again, with the sentences each rule was made to
// clear asserted clean:
//   - rule 1: a negation reaches back over code only to deny it a noun
//     ("is not a fencing token"), not in a judgement that the practice is
//     harmless ("is not a problem", "isn't risky");
//   - rule 2: a bracket that denies the header's word ("not really
//     pitfalls", "none") stops the header;
//   - rule 3: a denial right after a fault header's dash (em or en), or
//     the candidate's own "we/I" practice after it, keeps what follows
//     asserted;
//   - rule 4: "It replaces X" ends at as/since/because/so/which;
//   - rule 5: "read X for Y" needs X to be code one reads (not "the
//     client", "the renewal"), and not "for nothing";
//   - rule 6: the ACL exception needs every verb after "can" to be an
//     admin command (not "or acquire/steal/set/take over");
//   - rule 7: "both feel" is harm only beside two holders or a lapsed
//     lease.
func TestFixG23a(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		{"R1 claim: SETNX then EXPIRE not a problem", "redis-lock-and-failure", "two-commands", "`SETNX` then `EXPIRE` is not a problem for us, we send them one after the other.", true},
		{"R1 claim: plain DEL isn't risky", "two-holders", "plain-del", "A bare `DEL` isn't risky at all, so our release just deletes the key.", true},
		{"R1 claim: GET then DEL not racy", "redis-lock-and-failure", "get-then-del", "Honestly `GET` then `DEL` is not racy enough to matter, that's how we release.", true},
		{"R1 claim: DEL lock not dangerous", "two-holders", "plain-del", "`DEL lock` is not dangerous if the TTL is long, we release with it.", true},
		{"R1 claim: watchdog isn't something that can fail", "extend-lease", "ttl-as-safety", "The `watchdog` isn't something that can fail, so two holders can't happen.", true},
		{"R1 clear: SET NX value not a fencing token", "fencing-token", "mutex-no-lease", "The random value from `SET NX` is not a fencing token, because nothing orders it.", false},
		{"R2 claim: bracket denies pitfalls", "redis-lock-and-failure", "two-commands", "\n\nPitfalls (not really pitfalls in my opinion, we do all of these):\n- SETNX then EXPIRE as two commands\n- plain DEL on release", true},
		{"R2 clear: bracketed header of mistakes", "redis-lock-and-failure", "two-commands", "\n\nClassic mistakes (I've seen all of these in prod):\n- SETNX then EXPIRE as two commands\n- GET then DEL on release", false},
		{"R2 clear: bracket refusing what it lists", "extend-lease", "extend-without-owner", "\n\n**Mistakes (never do these):**\n- renew with a blind `PEXPIRE`\n- keep working after a failed renewal", false},
		{"R3 claim: bugs — none really", "redis-lock-and-failure", "plain-del", "Bugs — none really, we SETNX then EXPIRE and DEL the key on release.", true},
		{"R3 claim: pitfalls — that's what we do", "two-holders", "get-then-del|plain-del", "Pitfalls — people worry about GET then DEL but it is fine, that's what we do.", true},
		{"R3 claim: mistakes — overthinking", "choose-ttl", "ttl-as-safety", "Mistakes — overthinking it; set the TTL above the p99 and two holders can never happen.", true},
		{"R3 claim: culprits — not an issue", "redis-early-expiry", "ttl-as-safety", "Common culprits — not an issue for us, with the TTL set nobody else can take the lock.", true},
		{"R3 claim: suspects — all handled", "extend-lease", "ttl-as-safety", "The usual suspects — all handled, the watchdog keeps extending so two holders can't happen.", true},
		{"R3 claim: bugs — there are none", "fencing-token", "random-fencing-token", "Bugs with a random token — there are none, a random uuid works as a fencing token just fine.", true},
		{"R3 claim: suspects — I trust the lock", "unfenceable-resource", "ttl-as-safety", "Suspects — I trust the lock, so no fencing or idempotency is needed when the TTL is long.", true},
		{"R3 claim: culprits — none", "two-holders", "plain-del|get-then-del", "Culprits — none, GET then DEL is atomic enough for us.", true},
		{"R3 claim: bugs — overblown", "fencing-token", "random-fencing-token", "The bugs people mention — overblown; a random uuid as token is fine.", true},
		{"R3 claim: en-dash nah", "two-holders", "plain-del|get-then-del", "Bugs – nah, we GET the value then DEL the key and it works.", true},
		{"R3 clear: pitfalls — a list", "two-holders", "get-then-del|plain-del", "Classic pitfalls — a GET then DEL release, a TTL shorter than the job.", false},
		{"R3 clear: en-dash list", "two-holders", "get-then-del|plain-del", "Typical bugs – a GET then DEL release that can delete the next holder's key.", false},
		{"R4 claim: replaces owner check as", "extend-lease", "ttl-as-safety", "Blind renew every 5s. It replaces the owner check as the watchdog ensures only one holder.", true},
		{"R4 clear: replaces SETNX then EXPIRE", "redis-lock-and-failure", "two-commands", "Acquire with one SET NX PX. This replaces SETNX then EXPIRE, which could leave a lock with no TTL.", false},
		{"R5 claim: read the renewal for nothing", "extend-lease", "ttl-as-safety", "The renewal: read the renewal for nothing, it just calls EXPIRE blindly and that's safe.", true},
		{"R5 claim: read the client for the token", "two-holders", "get-then-del", "Read the client for the token then DEL the key, that's the release.", true},
		{"R5 clear: read the release for a DEL", "two-holders", "get-then-del|plain-del", "Then read the release for a plain DEL.", false},
		{"R5 clear: read the library", "two-holders", "get-then-del|plain-del", "Next, read the library for a GET then DEL release.", false},
		{"R6 claim: DEL it or acquire it", "redis-early-expiry", "ttl-as-safety", "The lease plus ACLs means nobody else can DEL it or acquire it, so only one worker runs the job.", true},
		{"R6 claim: DEL the key or set it", "redis-early-expiry", "ttl-as-safety", "While the TTL runs, no other client can DEL the key or set it, so the lock is safe.", true},
		{"R6 claim: flushall or steal", "redis-early-expiry", "ttl-as-safety", "Pick a long TTL and nobody else can flushall or steal the lock during the job.", true},
		{"R6 claim: DEL, nobody else can hold it", "redis-early-expiry", "ttl-as-safety", "ACLs + TTL: nobody else can DEL, nobody else can hold it, it's exclusive.", true},
		{"R6 claim: DEL or steal by renewal", "extend-lease", "ttl-as-safety", "The renewal keeps the TTL alive so no other client can DEL or steal the lock.", true},
		{"R6 claim: take over or flushall", "redis-early-expiry", "ttl-as-safety", "With a long TTL no other client can take over or flushall, only one is ever running.", true},
		{"R6 claim: flushall or grab it", "redis-early-expiry", "ttl-as-safety", "While the lease lasts nobody else can FLUSHALL or grab the lock, so we are alone.", true},
		{"R6 clear: ACLs stop FLUSHALL", "redis-lock-and-failure", "ttl-as-safety", "Give the lock keys their own ACL user so nobody else can flushall them; the TTL still isn't safety.", false},
		{"R6 clear: ACLs so nobody else can DEL", "redis-early-expiry", "ttl-as-safety", "Keep the max TTL short, and set ACLs so nobody else can DEL or FLUSHALL the lock keys.", false},
		{"R7 claim: protected and both feel safe", "extend-lease", "ttl-as-safety", "The heartbeat keeps extending the lease, so the job is protected and both feel safe about it.", true},
		{"R7 claim: team and on-call both feel good", "extend-lease", "ttl-as-safety", "With the watchdog renewing, the writer is protected; the team and on-call both feel good.", true},
		{"R7 claim: guaranteed alone, both feel", "extend-lease", "ttl-as-safety", "Renew the TTL every few seconds and the job is guaranteed to finish alone, both feel confident.", true},
		{"R7 claim: both workers feel, and they are", "extend-lease", "ttl-as-safety", "Both workers feel protected because the renewal extends the lease, and they are: only one holds it.", true},
		{"R7 claim: ops and dev both felt", "extend-lease", "ttl-as-safety", "Extending the expiry keeps my write protected, and ops and dev both felt the lock was solid.", true},
		{"R7 claim: devs and SREs each feels", "extend-lease", "ttl-as-safety", "With renewals the job is protected; devs and SREs each feels sure about it.", true},
		{"R7 clear: both of us feel protected", "extend-lease", "ttl-as-safety", "A blind EXPIRE after my lease lapsed extends the new holder's lock while I carry on, and both of us feel protected.", false},
		{"R7 clear: same extended lease", "extend-lease", "ttl-as-safety", "With a heartbeat that doesn't check ownership, both workers feel protected by the same extended lease.", false},
	})
}

// TestFixG23aAlone: a lost claim the second reader clears once a correct
// answer surrounds it (on the build before g23a too), asserted on its own.
func TestFixG23aAlone(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"R1 claim: PEXPIRE isn't unsafe", "extend-lease", "extend-without-owner", "Calling `PEXPIRE` isn't unsafe, just extend the key blindly on a timer without checking who owns it.", true},
	})
}
