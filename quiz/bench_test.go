package quiz_test

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"lockdrill/quiz"
)

// answer300 is a 300-word answer of the kind a thorough candidate writes:
// prose with commas, negations, a quoted claim and code, so every stage of
// the grader (sentences, negation scopes, frames, patterns) has work to do.
const answer300 = `To acquire the lock I run SET lock:job my-random-token NX PX 30000, so the key and its expiry are created in one atomic command; I would not use SETNX then EXPIRE as two calls, because a crash between them leaves a key that never expires. To release, a short Lua script compares the stored value with my token and deletes the key only if they match, since a plain DEL could remove a lock that another client acquired after mine expired.
Then the ways it fails. A colleague once said "a longer TTL makes it safe", but that is wrong: a stop-the-world GC pause, a VM migration or a slow network can stall the holder past its lease, the key expires, a second worker acquires the lock and both of them write. The TTL only bounds how long a crashed holder blocks everyone else. Replication is asynchronous, so when the primary fails over to a replica that never received the key, a second client can be granted the same lock while the first still believes it holds it. Redlock spreads the lock over five independent nodes, but its safety rests on bounded pauses, bounded clock drift and bounded network delay, which real systems do not promise.
So for correctness I want fencing: the lock service hands out a monotonically increasing token with every grant, the holder sends it with every write, and the storage keeps the highest token it has seen and rejects any write with a lower one, comparing atomically with the write. The token must come from something that survives failover, like an etcd revision or a ZooKeeper zxid, not INCR on a single Redis node. If the work only needs to be efficient rather than correct, a single Redis node with a sensible TTL is fine, and I would say so.`

func TestAnswer300IsAbout300Words(t *testing.T) {
	if n := len(strings.Fields(answer300)); n < 280 || n > 340 {
		t.Fatalf("answer300 has %d words, want about 300", n)
	}
}

// BenchmarkGrade300Words grades a 300-word answer to each free-text
// question; the target is well under 200 µs per answer.
func BenchmarkGrade300Words(b *testing.B) {
	bank, err := loadBankForFuzz()
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range []string{"redis-lock-and-failure", "fencing-token", "two-holders"} {
		q, ok := bank.ByID(id)
		if !ok {
			b.Fatalf("no question %s", id)
		}
		b.Run(id, func(b *testing.B) {
			// The first grading of a process decodes the second reader's
			// model (about 60 ms of CPU, once per server start); graded
			// here, it is not charged to whichever question runs first.
			bank.Grade(q, quiz.Answer{Text: answer300})
			cpu0 := cpuTime()
			for b.Loop() {
				bank.Grade(q, quiz.Answer{Text: answer300})
			}
			// The machine is shared: CPU time per answer is the figure to
			// compare, wall time varies with the load.
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
