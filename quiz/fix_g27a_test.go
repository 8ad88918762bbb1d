package quiz_test

import (
	"slices"
	"testing"
)

// Sentences of our own for grader g27a's five exclusions (audit aud27,
// families A, B, D, F, H), beside the auditor's own false flags (cases
// named "-aud27"): each family's correct sentences must end clean and its
// plain wrong claims, worded near the exclusion, must still raise the flag.

// fixG27aCases are the sentences of g27a's families, correct and wrong.
var fixG27aCases = []flagCase{
	// A (redlock-correctness, fatal): correctness handed to the resource in
	// the claim's own clause is clean; Redlock called correct, or correctness
	// denied a check at the resource, still flags.
	{"a-claim-1", "redlock-operations-q", "redlock-correctness", "Redlock guarantees correctness, so correctness needs no check at the resource.", true},
	{"a-claim-2", "redlock-operations-q", "redlock-correctness", "Redlock is correct on its own, and correctness doesn't need a check at the resource.", true},
	{"a-claim-3", "redlock-operations-q", "redlock-correctness", "With Redlock, correctness comes from the majority of nodes.", true},
	{"a-claim-4", "redlock-operations-q", "redlock-correctness", "Redlock's correctness comes from its five independent masters.", true},
	{"a-claim-5", "redlock-operations-q", "redlock-correctness", "Redlock is safe, so the resource needs no check at all.", true},
	{"a-claim-6", "redlock-operations-q", "redlock-correctness", "Redlock is safe; correctness needs a check at the resource only with a single Redis.", true},
	{"a-claim-7", "redis-vs-consensus", "redlock-correctness", "Redlock gives you correctness, and correctness needs nothing from the storage.", true},
	{"a-claim-8", "redis-vs-consensus", "redlock-correctness", "Redlock is as correct as etcd, no fencing needed.", true},
	{"a-claim-9", "redis-vs-consensus", "redlock-correctness", "Redlock solves correctness, so we skip the check at the storage.", true},
	{"a-claim-10", "fencing-token", "redlock-correctness", "Redlock guarantees mutual exclusion, so correctness never has to come from the resource.", true},
	{"a-claim-11", "fencing-token", "redlock-correctness", "Redlock makes the lock correct; correctness does not need a token at the storage.", true},
	{"a-claim-12", "redlock-operations-q", "redlock-correctness", "Redlock is reliable enough that correctness needs no fence at the resource.", true},
	{"a-claim-13", "redlock-operations-q", "redlock-correctness", "Because a majority must agree, Redlock is correct and the database can trust every write.", true},
	{"a-claim-14", "redlock-operations-q", "redlock-correctness", "Redlock is bulletproof, correctness is built into the algorithm.", true},
	{"a-claim-15", "redlock-operations-q", "redlock-correctness", "Once you have Redlock, correctness is guaranteed without any check at the resource.", true},
	{"a-claim-16", "redis-vs-consensus", "redlock-correctness", "Redlock is correct, so correctness does not rest with the storage.", true},
	{"a-claim-17", "redis-vs-consensus", "redlock-correctness", "Redlock's quorum gives correctness, which means the resource doesn't have to check anything.", true},
	{"a-claim-18", "redlock-operations-q", "redlock-correctness", "Redlock is the correct choice for correctness, no token needed at the store.", true},
	{"a-claim-19", "redlock-operations-q", "redlock-correctness", "Use Redlock: it's correct, and correctness then never depends on the resource.", true},
	{"a-claim-20", "fencing-token", "redlock-correctness", "Redlock is safe for correctness, so correctness needs no token at the storage.", true},
	{"a-claim-21", "redlock-operations-q", "redlock-correctness", "Redlock is correct, so we never leave correctness to the resource.", true},
	{"a-claim-22", "redis-vs-consensus", "redlock-correctness", "Redlock is correct by design, so nothing has to come from the storage.", true},
	{"a-claim-23", "redlock-operations-q", "redlock-correctness", "Redlock solves it, correctness doesn't require fencing.", true},
	{"a-claim-24", "redlock-operations-q", "redlock-correctness", "Redlock guarantees correctness, and the storage can accept any write.", true},
	{"a-claim-25", "redis-vs-consensus", "redlock-correctness", "With five masters Redlock is correct and correctness is not up to the resource.", true},
	{"a-claim-26", "redlock-operations-q", "redlock-correctness", "Redlock is correct; the storage need not check tokens.", true},
	{"a-claim-27", "redlock-operations-q", "redlock-correctness", "Redlock gives correctness out of the box, correctness doesn't come from elsewhere.", true},
	{"a-claim-28", "fencing-token", "redlock-correctness", "Redlock makes correctness a non-issue, no need to push correctness to the storage.", true},
	{"a-claim-29", "redlock-operations-q", "redlock-correctness", "Redlock is correct, its correctness needs five servers and nothing else.", true},
	{"a-claim-30", "redis-vs-consensus", "redlock-correctness", "With Redlock, correctness comes from the random tokens each node stores.", true},
	{"a-claim-31", "redlock-operations-q", "redlock-correctness", "Redlock's correctness comes from the store majority agreeing.", true},
	{"a-correct-1-aud27", "redlock-operations-q", "redlock-correctness", "And Redlock still gives no ordered token, so correctness needs a check at the resource.", false},
	{"a-correct-2-aud27", "redlock-operations-q", "redlock-correctness", "Redlock gives no fencing token, so correctness has to come from the resource.", false},
	{"a-correct-3-aud27", "redlock-operations-q", "redlock-correctness", "Whatever rules we write, Redlock leaves correctness to a check at the resource.", false},
	{"a-correct-4-aud27", "redis-vs-consensus", "redlock-correctness", "Redlock gives no ordered token, so correctness needs a check at the resource.", false},
	{"a-correct-5-aud27", "fencing-token", "redlock-correctness", "Redlock hands out no ordered token, so correctness needs the storage to check a number from elsewhere.", false},
	{"a-correct-6", "redlock-operations-q", "redlock-correctness", "Redlock only narrows the window, correctness has to come from a fence at the storage.", false},
	{"a-correct-7", "redlock-operations-q", "redlock-correctness", "Even with five nodes, Redlock leaves correctness to the resource.", false},
	{"a-correct-8", "redis-vs-consensus", "redlock-correctness", "Redlock has no monotonic counter, so correctness must come from the database checking a token.", false},
	{"a-correct-9", "fencing-token", "redlock-correctness", "Since Redlock's values are random, correctness requires fencing tokens from somewhere else.", false},
	{"a-correct-10", "redlock-operations-q", "redlock-correctness", "Redlock values are random strings, so correctness rests with the storage and its token check.", false},
	{"a-correct-11", "redlock-operations-q", "redlock-correctness", "Run Redlock for efficiency if you like, but correctness needs fencing at the resource.", false},
	{"a-correct-12", "redis-vs-consensus", "redlock-correctness", "With Redlock, correctness is up to the resource, which has to reject stale tokens.", false},
	{"a-correct-13", "redlock-operations-q", "redlock-correctness", "My advice: treat Redlock as a hint and push correctness to the storage's token check.", false},
	{"a-correct-14", "fencing-token", "redlock-correctness", "Redlock doesn't order its holders, so correctness comes from a token the database checks.", false},
	// B (mutex-no-lease, fatal): a network mutex rejected, named as the
	// mistake, or the deadlock cycle told in mutex words is clean; a mutex
	// design, a hold until release, a mutual wait with no deadlock in sight
	// still flags.
	{"b-claim-1", "avoid-the-lock", "mutex-no-lease", "A mutex over the network is what I'd reach for here.", true},
	{"b-claim-2", "avoid-the-lock", "mutex-no-lease", "I'd put a shared mutex in Redis around the job, and that's all it needs.", true},
	{"b-claim-3", "avoid-the-lock", "mutex-no-lease", "A distributed mutex is the first thing I'd reach for, not a constraint.", true},
	{"b-claim-4", "avoid-the-lock", "mutex-no-lease", "Just take a mutex over Redis, whoever gets it runs and the rest wait.", true},
	{"b-claim-5", "avoid-the-lock", "mutex-no-lease", "A mutex across the services is the right tool here.", true},
	{"b-claim-6", "avoid-the-lock", "mutex-no-lease", "A Redis mutex is simple: one worker holds it and the others wait until it is released.", true},
	{"b-claim-7", "avoid-the-lock", "mutex-no-lease", "Use a shared mutex; avoiding it would be the mistake.", true},
	{"b-claim-8", "avoid-the-lock", "mutex-no-lease", "A mutex over Redis is the way, and I'd avoid a unique constraint.", true},
	{"b-claim-9", "avoid-the-lock", "mutex-no-lease", "The wrong tool is the constraint; a shared mutex across instances is the right one.", true},
	{"b-claim-10", "avoid-the-lock", "mutex-no-lease", "We keep a distributed mutex, held until the worker unlocks it.", true},
	{"b-claim-11", "deadlock-ordering", "mutex-no-lease", "Each account gets a mutex in Redis, the transfer holds both until it finishes.", true},
	{"b-claim-12", "deadlock-ordering", "mutex-no-lease", "Lock each account with a shared mutex and release it when the transfer completes.", true},
	{"b-claim-13", "deadlock-ordering", "mutex-no-lease", "One transfer holds the mutex and the others wait until it is released.", true},
	{"b-claim-14", "deadlock-ordering", "mutex-no-lease", "It's just a mutex per account: whoever acquires it owns it until unlock.", true},
	{"b-claim-15", "deadlock-ordering", "mutex-no-lease", "A mutex over the network per account, acquired in sorted order, solves it.", true},
	{"b-claim-16", "deadlock-ordering", "mutex-no-lease", "Take a distributed mutex on both accounts, smaller id first, and hold it until done.", true},
	{"b-claim-17", "deadlock-ordering", "mutex-no-lease", "The transfer waits for the other mutex until it's released, then proceeds.", true},
	{"b-claim-18", "avoid-the-lock", "mutex-no-lease", "Think of the Redis lock as a shared mutex, that's the right picture.", true},
	{"b-claim-19", "run-job-once", "mutex-no-lease", "A shared mutex in Redis makes the job run once; others wait for release.", true},
	{"b-claim-20", "run-job-once", "mutex-no-lease", "I'd wrap the job in a mutex across all the instances.", true},
	{"b-claim-21", "avoid-the-lock", "mutex-no-lease", "A network mutex never has a downside, so that's what I'd use.", true},
	{"b-claim-22", "avoid-the-lock", "mutex-no-lease", "Holding a distributed mutex is the last step, after the constraint check.", true},
	{"b-claim-23", "avoid-the-lock", "mutex-no-lease", "Grab a mutex over the network first; skipping that is a mistake.", true},
	{"b-claim-24", "two-holders", "mutex-no-lease", "The lock is a mutex shared by all workers, held until the worker releases it.", true},
	{"b-claim-25", "deadlock-ordering", "mutex-no-lease", "Each transfer acquires one mutex over Redis and holds it until commit.", true},
	{"b-claim-26", "avoid-the-lock", "mutex-no-lease", "The right model is a mutex over the network, so a constraint would be a mistake.", true},
	{"b-claim-27", "avoid-the-lock", "mutex-no-lease", "A Redis lock is a shared mutex, and people who complicate it are making a mistake.", true},
	{"b-claim-28", "deadlock-ordering", "mutex-no-lease", "A transfer waits for the other mutex until the first transfer unlocks it.", true},
	{"b-claim-29", "run-job-once", "mutex-no-lease", "Put a mutex over Redis around the job; the last thing you want is two runs.", true},
	{"b-claim-30", "idempotency-keys", "mutex-no-lease", "I'd take a shared mutex per customer in Redis, the last thing we want is a double charge.", true},
	{"b-claim-31", "idempotency-keys", "mutex-no-lease", "A mutex across the API servers stops duplicates, and people who avoid it make a mistake.", true},
	{"b-claim-32", "optimistic-concurrency", "mutex-no-lease", "Simplest is a shared mutex in Redis around the edit, which is what I'd reach for.", true},
	{"b-claim-33", "outbox-pattern", "mutex-no-lease", "Wrap the commit and the publish in a distributed mutex so they happen together.", true},
	{"b-claim-34", "run-job-once", "mutex-no-lease", "Each instance waits for the shared mutex until the holder unlocks it, then checks the flag.", true},
	{"b-claim-35", "avoid-the-lock", "mutex-no-lease", "Avoiding a constraint is smart, a mutex over the network handles it.", true},
	{"b-claim-36", "run-job-once", "mutex-no-lease", "Instances wait on each other through a Redis mutex held until the run is done.", true},
	{"b-claim-37", "run-job-once", "mutex-no-lease", "Instances wait on each other through a mutex.", true},
	{"b-claim-38", "run-job-once", "mutex-no-lease", "The workers wait for each other on one mutex, one runs at a time.", true},
	{"b-claim-39", "run-job-once", "mutex-no-lease", "Workers take turns: they wait for one another on a mutex.", true},
	{"b-correct-1-aud27", "avoid-the-lock", "mutex-no-lease", "Honestly a mutex over the network is the last thing I'd reach for here, a unique constraint already does the job.", false},
	{"b-correct-2-aud27", "avoid-the-lock", "mutex-no-lease", "A mutex over the network is the last thing I'd want here.", false},
	{"b-correct-3-aud27", "avoid-the-lock", "mutex-no-lease", "People treat a Redis lock like a shared mutex, and that's the mistake, so I'd use a unique constraint.", false},
	{"b-correct-4-aud27", "deadlock-ordering", "mutex-no-lease", "Each transfer holds one mutex and waits for the other, that's the deadlock; I'd acquire them in sorted order.", false},
	{"b-correct-5", "avoid-the-lock", "mutex-no-lease", "A distributed mutex is the wrong tool here, a conditional update is enough.", false},
	{"b-correct-6", "avoid-the-lock", "mutex-no-lease", "I'd avoid a shared mutex entirely and let the unique index reject the duplicate.", false},
	{"b-correct-7", "avoid-the-lock", "mutex-no-lease", "The last thing this needs is a mutex across services; an atomic increment does it.", false},
	{"b-correct-8", "avoid-the-lock", "mutex-no-lease", "Many teams reach for a Redis mutex by reflex, which is a mistake when a constraint does the job.", false},
	{"b-correct-9", "avoid-the-lock", "mutex-no-lease", "Thinking of the Redis lock as a shared mutex is the wrong mental model; the database can enforce this itself.", false},
	{"b-correct-11", "deadlock-ordering", "mutex-no-lease", "It's the classic hold-and-wait: each side holds a mutex and waits on the other.", false},
	{"b-correct-12", "deadlock-ordering", "mutex-no-lease", "Two transfers each hold one account's mutex and wait on one another; sort the ids to break the cycle.", false},
	{"b-correct-13", "avoid-the-lock", "mutex-no-lease", "Steer clear of a distributed mutex here, a unique constraint gives the same guarantee.", false},
	{"b-correct-14", "deadlock-ordering", "mutex-no-lease", "Both transfers hold a mutex and wait for each other, a textbook deadlock.", false},
	{"b-correct-15", "deadlock-ordering", "mutex-no-lease", "Each holds one mutex and waits on the other, which is a circular wait; lock order fixes it.", false},
	// D (two-commands): SETNX then EXPIRE named as a cause in its own clause
	// is clean; the pair used, or called sound beside a cause named
	// elsewhere, still flags.
	{"d-claim-1", "two-holders", "two-commands", "We acquire with SETNX and then set the TTL with EXPIRE.", true},
	{"d-claim-2", "two-holders", "two-commands", "SETNX then EXPIRE is fine; the cause is a GC pause.", true},
	{"d-claim-3", "two-holders", "two-commands", "SETNX then EXPIRE is fine, GC is the likely culprit.", true},
	{"d-claim-4", "two-holders", "two-commands", "Our acquire is SETNX followed by EXPIRE, and the culprit must be elsewhere.", true},
	{"d-claim-5", "two-holders", "two-commands", "Do SETNX, then EXPIRE right after, that's how we lock.", true},
	{"d-claim-6", "redis-lock-and-failure", "two-commands", "Acquire with SETNX and then call EXPIRE to add the TTL.", true},
	{"d-claim-7", "redis-lock-and-failure", "two-commands", "SETNX then EXPIRE is the standard way, so the classic cause of double holders is elsewhere.", true},
	{"d-claim-8", "redis-lock-and-failure", "two-commands", "I'd use SETNX and follow it with EXPIRE 30.", true},
	{"d-claim-9", "redis-lock-and-failure", "two-commands", "Set the key with SETNX, then set its expiry separately with EXPIRE.", true},
	{"d-claim-10", "two-holders", "two-commands", "SETNX and EXPIRE in two commands is a common pattern, and it works.", true},
	{"d-claim-11", "two-holders", "two-commands", "The likely culprit is the network; SETNX then EXPIRE is how it should be done.", true},
	{"d-claim-12", "choose-ttl", "two-commands", "We SETNX the key and then EXPIRE it with the chosen TTL.", true},
	{"d-claim-13", "choose-ttl", "two-commands", "Write the key with SETNX then put the TTL on it with EXPIRE.", true},
	{"d-claim-14", "fencing-token", "two-commands", "The lock is taken with SETNX, then EXPIRE sets the lease.", true},
	{"d-claim-15", "redis-vs-consensus", "two-commands", "With Redis you SETNX and then EXPIRE, which is all the lock needs.", true},
	{"d-claim-16", "two-holders", "two-commands", "The classic cause is a GC pause, so we keep SETNX then EXPIRE.", true},
	{"d-claim-17", "extend-lease", "two-commands", "Acquire with SETNX then EXPIRE, and extend with another EXPIRE.", true},
	{"d-claim-18", "redis-wait-safe", "two-commands", "SETNX, then EXPIRE, then WAIT 1 for the replica.", true},
	{"d-claim-19", "redlock-operations-q", "two-commands", "On each node run SETNX then EXPIRE with the validity time.", true},
	{"d-claim-20", "redis-early-expiry", "two-commands", "We set the key with SETNX and afterwards EXPIRE it for 30 seconds.", true},
	{"d-claim-21", "two-holders", "two-commands", "Typical cause of two holders is pauses, while our SETNX then EXPIRE acquire is correct.", true},
	{"d-claim-22", "two-holders", "two-commands", "It's SETNX followed by EXPIRE, the usual way, nothing suspect there.", true},
	{"d-claim-23", "two-holders", "two-commands", "We use SETNX then EXPIRE, so pauses are the likely causes.", true},
	{"d-claim-24", "two-holders", "two-commands", "SETNX then EXPIRE works; a pause or a failover, those are the classic causes.", true},
	{"d-claim-25", "two-holders", "two-commands", "Acquire is SETNX then EXPIRE, which is correct, and clock jumps are known culprits.", true},
	{"d-claim-26", "two-holders", "two-commands", "SETNX then EXPIRE is our acquire and it is a sound one.", true},
	{"d-claim-27", "two-holders", "two-commands", "Keep the SETNX followed by EXPIRE; the culprit is the client.", true},
	{"d-claim-28", "redis-lock-and-failure", "two-commands", "First SETNX, afterwards EXPIRE in a second call.", true},
	{"d-claim-29", "two-holders", "two-commands", "We acquire with SETNX then EXPIRE; GC pauses and failovers are the classic causes.", true},
	{"d-correct-1-aud27", "two-holders", "two-commands", "SETNX then EXPIRE in two calls is one classic cause.", false},
	{"d-correct-3-aud27", "two-holders", "two-commands", "GC pause vs TTL; plain DEL; failover; SETNX+EXPIRE; fencing at resource", false},
	{"d-correct-4", "two-holders", "two-commands", "A likely culprit is SETNX followed by a separate EXPIRE.", false},
	{"d-correct-5", "two-holders", "two-commands", "SETNX then EXPIRE as two commands could be the culprit if a client died in between.", false},
	{"d-correct-6", "two-holders", "two-commands", "I'd check whether acquire is SETNX and then EXPIRE; that's a common cause.", false},
	{"d-correct-7", "two-holders", "two-commands", "Setting the key and its expiry in two calls is a known cause of stuck locks.", false},
	{"d-correct-8", "two-holders", "two-commands", "The usual suspects are a GC pause longer than the TTL and SETNX then EXPIRE.", false},
	{"d-correct-9", "two-holders", "two-commands", "Another possible cause is SETNX followed by EXPIRE in separate round trips.", false},
	{"d-correct-10", "two-holders", "two-commands", "SETNX then EXPIRE was the cause in one incident I debugged.", false},
	{"d-correct-11", "two-holders", "two-commands", "SETNX plus EXPIRE in two steps is a typical culprit.", false},
	{"d-correct-12", "two-holders", "two-commands", "Look at the acquire code: SETNX then EXPIRE are a classic suspect.", false},
	// F (work-through-suspended): the harm of working through SUSPENDED told as
	// a past event is clean; the advice, and harm denied, still flag.
	{"f-claim-1", "session-suspended", "work-through-suspended", "Keep writing through SUSPENDED; you only need to stop on LOST.", true},
	{"f-claim-2", "session-suspended", "work-through-suspended", "Just carry on working during SUSPENDED, the session usually comes back.", true},
	{"f-claim-3", "session-suspended", "work-through-suspended", "Continue processing while suspended and stop only when LOST arrives.", true},
	{"f-claim-4", "session-suspended", "work-through-suspended", "Keep the job running through SUSPENDED, two writers can't happen before LOST.", true},
	{"f-claim-5", "session-suspended", "work-through-suspended", "On SUSPENDED we keep writing as usual, no harm done.", true},
	{"f-claim-6", "session-suspended", "work-through-suspended", "We continue writing through SUSPENDED, and nobody got burned so far.", true},
	{"f-claim-7", "session-suspended", "work-through-suspended", "Proceed as normal on SUSPENDED, it's just a transient blip.", true},
	{"f-claim-8", "session-suspended", "work-through-suspended", "Keep going through SUSPENDED until LOST, that's what we do in production.", true},
	{"f-claim-9", "session-suspended", "work-through-suspended", "The worker should carry on writing through SUSPENDED.", true},
	{"f-claim-10", "session-suspended", "work-through-suspended", "Keep processing on SUSPENDED; double writes are handled elsewhere.", true},
	{"f-claim-11", "session-suspended", "work-through-suspended", "Keep working through suspended, you won't get two writers.", true},
	{"f-claim-12", "session-suspended", "work-through-suspended", "Continue working on SUSPENDED, since a reconnect almost always follows.", true},
	{"f-claim-13", "session-suspended", "work-through-suspended", "We keep writing through SUSPENDED because it hasn't caused an outage yet.", true},
	{"f-claim-14", "session-suspended", "work-through-suspended", "Keep writing until LOST; SUSPENDED is just a blip and nobody got two writers.", true},
	{"f-claim-15", "session-suspended", "work-through-suspended", "Let it keep working through SUSPENDED and only react to LOST.", true},
	{"f-claim-16", "session-suspended", "work-through-suspended", "I'd keep the job running while suspended, there is no real risk of two owners.", true},
	{"f-claim-17", "session-suspended", "work-through-suspended", "Keep writing through SUSPENDED, LOST will tell you in time.", true},
	{"f-claim-18", "session-suspended", "work-through-suspended", "Continue writing through a SUSPENDED blip, it resolves itself.", true},
	{"f-claim-19", "session-suspended", "work-through-suspended", "Keep writing through SUSPENDED, it's fine.", true},
	{"f-claim-20", "session-suspended", "work-through-suspended", "We keep writing through SUSPENDED, and so far it has worked fine for us.", true},
	{"f-claim-21", "session-suspended", "work-through-suspended", "Keep writing through SUSPENDED; two writers would only show up after LOST anyway.", true},
	{"f-claim-22", "session-suspended", "work-through-suspended", "We kept writing through SUSPENDED at my last job and it was fine.", true},
	{"f-claim-23", "session-suspended", "work-through-suspended", "Keep working through SUSPENDED, the chance of two holders is tiny.", true},
	{"f-claim-24", "session-suspended", "work-through-suspended", "Our services keep processing while suspended, and the on-call got burned zero times.", true},
	{"f-claim-25", "session-suspended", "work-through-suspended", "Carry on writing through SUSPENDED; the worst case is a brief duplicate.", true},
	{"f-claim-26", "session-suspended", "work-through-suspended", "Keep the work going during SUSPENDED, Curator will report LOST if it matters.", true},
	{"f-claim-27", "session-suspended", "work-through-suspended", "We keep writing through SUSPENDED in production, there were zero double writes.", true},
	{"f-correct-1-aud27", "session-suspended", "work-through-suspended", "We kept writing through SUSPENDED once and got two writers when the session expired on the server side.", false},
	{"f-correct-3", "session-suspended", "work-through-suspended", "Our consumer kept processing through SUSPENDED and we ended up with two writers after the session expired.", false},
	{"f-correct-4", "session-suspended", "work-through-suspended", "We used to keep working through SUSPENDED until LOST, and it burned us during a network partition.", false},
	{"f-correct-5", "session-suspended", "work-through-suspended", "The old worker kept writing through SUSPENDED and saw two holders for a few seconds when ZooKeeper expired the session.", false},
	{"f-correct-6", "session-suspended", "work-through-suspended", "Years ago we continued writing through SUSPENDED and got bitten: the lock had already moved on.", false},
	{"f-correct-9", "session-suspended", "work-through-suspended", "A team I was on kept working through SUSPENDED and had two writers after a long GC pause.", false},
	{"f-correct-10", "session-suspended", "work-through-suspended", "In one incident we kept writing through SUSPENDED and it clobbered the new holder's rows.", false},
	// H (retry-overwrites): a retry refused for the edit it would overwrite is
	// clean; the retry made, with or without "would", still flags.
	{"h-claim-1", "optimistic-concurrency", "retry-overwrites", "On a conflict the client automatically retries the save with the new version.", true},
	{"h-claim-2", "optimistic-concurrency", "retry-overwrites", "The server automatically retries the save against the latest version, so the user never sees an error.", true},
	{"h-claim-3", "optimistic-concurrency", "retry-overwrites", "If zero rows update, the app retries the same update with the current version.", true},
	{"h-claim-4", "optimistic-concurrency", "retry-overwrites", "It retries the save with the new version, and that overwrites the old value, which is what we want.", true},
	{"h-claim-5", "optimistic-concurrency", "retry-overwrites", "The client retries the save with the new number and it goes through.", true},
	{"h-claim-6", "optimistic-concurrency", "retry-overwrites", "Our backend automatically retries with the latest version, which would make conflicts invisible.", true},
	{"h-claim-7", "optimistic-concurrency", "retry-overwrites", "On 412 the SDK automatically retries with the current version, no user involvement.", true},
	{"h-claim-8", "optimistic-concurrency", "retry-overwrites", "The handler retries the save with the latest version until it succeeds.", true},
	{"h-claim-9", "optimistic-concurrency", "retry-overwrites", "Simply retry the save with the new version; it would work every time.", true},
	{"h-claim-10", "optimistic-concurrency", "retry-overwrites", "The job automatically retries it with the new version number.", true},
	{"h-claim-11", "optimistic-concurrency", "retry-overwrites", "When the version check fails, the service retries the save using the current version.", true},
	{"h-claim-12", "optimistic-concurrency", "retry-overwrites", "The client automatically retries the save with the new version, which would keep things simple.", true},
	{"h-claim-13", "optimistic-concurrency", "retry-overwrites", "The frontend retries the save with the latest version in the background.", true},
	{"h-claim-14", "optimistic-concurrency", "retry-overwrites", "A conflict is fine: the API retries the same update with the new version.", true},
	{"h-claim-15", "optimistic-concurrency", "retry-overwrites", "The save handler automatically retries with the current version three times.", true},
	{"h-claim-16", "optimistic-concurrency", "retry-overwrites", "After a 409 the worker retries the save with the latest version it read.", true},
	{"h-claim-17", "optimistic-concurrency", "retry-overwrites", "It automatically retries the save against the new version, blind retries are fine here.", true},
	{"h-claim-18", "optimistic-concurrency", "retry-overwrites", "The client retries the save with the new version, so no edit is ever rejected.", true},
	{"h-claim-19", "optimistic-concurrency", "retry-overwrites", "Our ORM retries the same update with the latest version automatically.", true},
	{"h-claim-20", "optimistic-concurrency", "retry-overwrites", "Retry the save with the new version; nothing would be lost.", true},
	{"h-claim-21", "optimistic-concurrency", "retry-overwrites", "We retry the save with the current version, which would overwrite nothing important.", true},
	{"h-claim-22", "optimistic-concurrency", "retry-overwrites", "The mobile app automatically retries the save with the new version on reconnect.", true},
	{"h-claim-23", "optimistic-concurrency", "retry-overwrites", "The server retries it with the new version and returns 200.", true},
	{"h-claim-24", "optimistic-concurrency", "retry-overwrites", "When the update count is zero, retry the save with the latest version.", true},
	{"h-claim-25", "optimistic-concurrency", "retry-overwrites", "The save retries the same update against the current version, so users never see conflicts.", true},
	{"h-claim-26", "optimistic-concurrency", "retry-overwrites", "After a version mismatch the client retries the save with the current version and carries on.", true},
	{"h-correct-1-aud27", "optimistic-concurrency", "retry-overwrites", "Automatically retrying the save against the new version would just overwrite the other edit again, so no blind retry.", false},
	{"h-correct-2", "optimistic-concurrency", "retry-overwrites", "If the client automatically retries the save with the latest version, it would clobber the other user's change.", false},
	{"h-correct-3", "optimistic-concurrency", "retry-overwrites", "A loop that retries the save with the current version would silently lose their edit.", false},
	{"h-correct-4", "optimistic-concurrency", "retry-overwrites", "No automatic retry: resending the save with the new version would overwrite the first writer.", false},
	{"h-correct-5", "optimistic-concurrency", "retry-overwrites", "The code retries the same update with the new version? That would erase the other person's work.", false},
	{"h-correct-6", "optimistic-concurrency", "retry-overwrites", "Don't let the client retry the save with the latest version, it would discard the other edit.", false},
	{"h-correct-7", "optimistic-concurrency", "retry-overwrites", "Retrying the save with the new number would simply overwrite what the other user wrote, so we show a conflict.", false},
	{"h-correct-8", "optimistic-concurrency", "retry-overwrites", "A naive SDK automatically retries the save with the new version, which would overwrite the concurrent edit.", false},
	{"h-correct-9", "optimistic-concurrency", "retry-overwrites", "We do not blindly retry the save with the latest version; the user decides.", false},
	{"h-correct-10", "optimistic-concurrency", "retry-overwrites", "Retrying the save with the current version would lose the other change, so there is no silent retry.", false},
	{"h-correct-11", "optimistic-concurrency", "retry-overwrites", "An automatic retry of the save with the new version would just clobber the other edit.", false},
}

// fixG27aAloneOnly names the cases TestFixG27aInserted leaves out:
// mutex-no-lease is cleared answer-wide by a lease word, so its wrong
// claims on questions whose base answer names a lease are held alone only,
// and the bare list of causes (d-correct-3-aud27) still flags inside a
// full answer (a list-reading rule would be needed to tell it apart).
var fixG27aAloneOnly = []string{"b-claim-11", "b-claim-12", "b-claim-13", "b-claim-14", "b-claim-15", "b-claim-16", "b-claim-17", "b-claim-24", "b-claim-25", "b-claim-28", "b-claim-39", "d-correct-3-aud27"}

// TestFixG27aAlone grades each sentence as the whole answer.
func TestFixG27aAlone(t *testing.T) {
	checkFlagCases(t, fixG27aCases)
}

// TestFixG27aInserted appends each sentence to a clean answer to its
// question, but for fixG27aAloneOnly.
func TestFixG27aInserted(t *testing.T) {
	var cases []flagCase
	for _, c := range fixG27aCases {
		if !slices.Contains(fixG27aAloneOnly, c.name) {
			cases = append(cases, c)
		}
	}
	checkInserted(t, g24bBase, false, cases)
}

// Known false flags (g27af, review rev27a): correct war stories that
// work-through-suspended flags again since g27af ties the excuse to the
// clause of the practice (a pointer closing the sentence, "..., and it
// bit us", counts; one followed by more, a harm told before the practice
// or in a "which" clause going on does not). Not asserted:
//   {"f-correct-2-aud27", "session-suspended", "work-through-suspended", "A service I worked on kept writing through SUSPENDED, and it bit us: two writers when the session expired.", false},
//   {"f-correct-7", "session-suspended", "work-through-suspended", "Our batch job kept running through SUSPENDED, which caused a double write when the session was gone.", false},
//   {"f-correct-8", "session-suspended", "work-through-suspended", "We carried on writing during SUSPENDED once, and it corrupted a ledger when another client took over.", false},
//   {"f-correct-11", "session-suspended", "work-through-suspended", "That bit us: we kept processing while suspended and the session expired underneath us.", false},
