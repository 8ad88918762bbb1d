package quiz_test

import (
	"slices"
	"testing"
)

// g38a: an act identified with the failure it leads to. A candidate who
// argues for the fix says what the wrong approach amounts to ("so
// continuing to write is exactly the two-holder scenario"), draws that a
// repeat is new work ("so the retry is a new payment"), or says a measure
// can be defeated by a threat that comes after it ("even a check just
// before writing can be followed by another pause"): the blind
// session-suspended, idempotency-keys and fencing-token answers of EP, and
// wordings invented in other words for the same three shapes. The same
// words asserted (plainly, with the failure denied, played down, guarded
// against or approved, as a protection or a guard, with the design after
// the work, with the threat denied) stay flagged.
func TestG38aActsIdentifiedWithTheirFailure(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ name, q, text string }{
		{"read-two-holder", "session-suspended", "During SUSPENDED the session can expire on the server and someone else can get the lock, so continuing to write is exactly the two-holder scenario."},
		{"read-new-payment", "idempotency-keys", "The phone sends the request, the server charges, the response is lost, and 10 seconds later the phone retries. By then the lock is free, so the retry is a new payment."},
		{"read-followed-by-pause", "fencing-token", "The lock alone cannot prevent this, because client 1 has no chance to check anything during the pause, and even a check just before writing can be followed by another pause."},
		{"overlap-fencing-is-for", "session-suspended", "The lock node may be gone on the server before the client hears anything, so continuing to process during SUSPENDED is exactly the overlap fencing is for."},
		{"double-charge-scenario", "idempotency-keys", "The provider may have captured the first charge already, so holding the Redis lock across the payment call is exactly the double-charge scenario."},
		{"becomes-two-worker-race", "row-lock", "The connection can drop mid-call and the row lock go with it, so keeping SELECT FOR UPDATE open across the HTTP call becomes the two-worker race."},
		{"resend-brand-new-payment", "idempotency-keys", "Our lock lives only as long as the request, then the lock is free, so the resend is a brand new payment."},
		{"overtaken-by-freeze", "fencing-token", "Because the client cannot run any code while frozen, and even a validity check immediately before the write can be overtaken by another freeze, the store must compare the tokens."},
		{"even-followed-by-pause", "fencing-token", "Even a token check in the client just before writing can be followed by a pause."},
		{"interrupted-by-pause", "fencing-token", "Checking the token in the client right before each write can still be interrupted by a long pause."},
		{"followed-by-vm-freeze", "two-holders", "Even the holder's own check of its lease just before writing can be followed by a VM freeze."},
		{"outlived-by-gc", "fencing-in-real-systems", "A client-side comparison of the token right before the write can be outlived by a GC pause."},
		{"followed-by-crash", "fencing-token", "The client's check before writing might be followed by a crash-restart of the JVM, and then the old write lands."},
	} {
		t.Run("clean/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); len(ids) > 0 {
				t.Errorf("%q: flags=%v, want none", c.text, ids)
			}
		})
	}
	for _, c := range []struct{ name, q, text, want string }{
		{"plain-check-enough", "fencing-token", "The client checks its token before writing, that is enough.", "client-side-fencing"},
		{"plain-hold-across", "idempotency-keys", "Hold the Redis lock across the payment call so the retry waits.", "lock-across-network-call"},
		{"so-keep-writing", "session-suspended", "The session is probably still alive on the server, so we can keep writing during SUSPENDED.", "work-through-suspended"},
		{"so-fine", "session-suspended", "SUSPENDED is only a blip, so continuing to write is fine.", "work-through-suspended"},
		{"after-but-right-call", "session-suspended", "The session outlives short blips, but continuing to write through SUSPENDED is exactly the right call.", "work-through-suspended"},
		{"list-outage-avoided", "session-suspended", "Two things I'd do: 1. keep the worker writing through SUSPENDED, it's just a blip; 2. react only to LOST, so pausing is just the outage we want to avoid.", "work-through-suspended"},
		{"failure-denied-not", "session-suspended", "Keep writing during SUSPENDED, it's just a blip, so continuing to write is not the split-brain case.", "work-through-suspended"},
		{"failure-hardly", "session-suspended", "Continuing to write through SUSPENDED is hardly a race.", "work-through-suspended"},
		{"failure-guarded", "session-suspended", "Continuing to write through SUSPENDED is a race that Curator prevents for you.", "work-through-suspended"},
		{"failure-approved", "session-suspended", "So continuing to write through SUSPENDED is exactly the two-holder scenario, which is fine because the token catches it.", "work-through-suspended"},
		{"failure-as-guard", "idempotency-keys", "So holding the Redis lock across the payment call is exactly the two-holder guard.", "lock-across-network-call"},
		{"failure-free", "idempotency-keys", "Holding the Redis lock across the payment call is a race-free design.", "lock-across-network-call"},
		{"failure-after-head", "fencing-token", "A check just before writing is the way the race disappears.", "client-side-fencing"},
		{"recommendation-fix", "idempotency-keys", "Holding the Redis lock across the payment call is exactly the fix, so the retry waits for the first charge.", "lock-across-network-call"},
		{"new-payment-denied", "idempotency-keys", "Hold the Redis lock across the payment call, so a retry is never a new payment.", "lock-across-network-call"},
		{"new-payment-wanted", "idempotency-keys", "Hold the Redis lock across the payment call; then the lock is free and the retry is a new payment, which is what we want.", "lock-across-network-call"},
		{"new-payment-then-design", "idempotency-keys", "Generate a new key for each retry, so the retry is a new payment that waits its turn behind the lock.", "fresh-idempotency-key"},
		{"new-payment-per-request-key", "idempotency-keys", "We generate the key on the server per request, so the retry is a new payment.", "fresh-idempotency-key"},
		{"new-payment-as-premise", "idempotency-keys", "Each retry is a new payment, so generate a new idempotency key.", "fresh-idempotency-key"},
		{"even-enough", "fencing-token", "Even a check just before writing is enough, because the client is the one holding the lock.", "client-side-fencing"},
		{"even-closes-race", "fencing-token", "Even a check in the client right before the write closes the race.", "client-side-fencing"},
		{"followed-by-nothing", "fencing-token", "Even a check just before writing can be followed by nothing harmful, so the client check is enough.", "client-side-fencing"},
		{"pause-cannot-follow", "fencing-token", "The client checks its token just before writing, and a pause can't be followed by a stale write.", "client-side-fencing"},
		{"no-chance-of-pause", "fencing-token", "The client has no chance to be paused after its check, so checking the token in the client before writing is enough.", "client-side-fencing"},
		{"no-way-then-client", "fencing-token", "The database has no way to compare tokens, so check the token in the client just before writing.", "client-side-fencing"},
	} {
		t.Run("flag/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); !slices.Contains(ids, c.want) {
				t.Errorf("%q: flags=%v, want %s", c.text, ids, c.want)
			}
		})
	}
}
