package quiz_test

import "testing"

// TestFixG28vRevertedGuards: g28v widened the core point pause-expiry
// of redis-lock-and-failure with two matcher lines (a paused holder acting
// after expiry beside the next owner; the TTL passing while the holder
// still thinks it holds the lock). Its reviewer (rev28v) found 34 false
// credits, each lifting a weak answer from fail to pass: denials ("would
// not act after expiry"), the risk waved away, the holder said to stop,
// questions and arrow lists. The widening was reverted; g28v's own near
// misses stay here, as guards for the next try: none of them may earn
// the point.
func TestFixG28vRevertedGuards(t *testing.T) {
	b := loadBank(t)
	var cases []pointCase
	for _, s := range []string{
		"If SET NX fails, the next client sleeps and retries after expiry of the old key.",
		"After a GC pause the next owner waits until the pause ends and acquires after expiry.",
		"A paused holder cannot act after expiry alongside the new holder, because Redis blocks it.",
		"Redis prevents a paused holder from acting after expiry alongside the new holder.",
		"A paused holder never writes after its TTL alongside the next owner.",
		"With a watchdog, a paused holder can't act after expiry; the renewal keeps it ahead of the next owner.",
		"A GC pause delays the new holder, who acts after expiry of my key.",
		"The new holder works after expiry of the old lease, which is the normal hand-off.",
		"I still think I hold the best design: a GC pause is harmless because the TTL passes cleanly.",
		"I still believe the TTL is long enough that GC never matters.",
		"A GC pause is fine: the TTL passes while I still think I hold it, but nothing bad happens.",
		"The watchdog renews during a GC pause, so the TTL never passes while I still think I hold it.",
		"gc, act after expiry, new holder",
		"pause, ttl passes, still think I hold it",
		"The next client sleeps after expiry and then retries; the new owner gets the key.",
		"Swap the value after expiry so the new owner can take over.",
		"Is it possible that a paused holder acts after expiry alongside the new holder? No, Redis fences it.",
		"Once my time is up I stop, because a GC pause would otherwise let me act alongside the new holder... nothing bad.",
		"After expiry the second client acquires; the paused one is harmless since it stops.",
		"Pause the job, then swap the token after the lease so the next owner starts clean.",
		"Pausing is fine; the holder will work after the TTL only if it renews first, so no second holder appears.",
		"The client sleeps, then it can act after expiry once the new holder releases.",
		"A GC pause means the new owner can work after expiry of my key, that's normal hand-off and it waits for me.",
		"gc pause; ttl passes; I still think",
		"GC pause, TTL elapsed, and still thinks",
		"Does a paused worker still think it holds the lock while the TTL passes? Only if the watchdog stops.",
		"That a paused holder can act after expiry alongside the new holder cannot happen with Redis.",
		"A paused holder won't act after expiry alongside the new holder, since Redis cannot let it.",
		"People claim a frozen holder may act after expiry alongside the next owner, but that never happens in practice.",
		"A paused holder doesn't write after its TTL alongside the next owner because the key cannot expire mid-pause.",
		"The TTL passes while I still think I hold it? That can't happen during a GC pause.",
	} {
		cases = append(cases, pointCase{"redis-lock-and-failure", "pause-expiry", s, false})
	}
	checkPoints(t, b, cases)
}
