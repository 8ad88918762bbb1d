package content_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"lockdrill/content"
	"lockdrill/quiz"
)

func mustCatalog(t *testing.T) *content.Catalog {
	t.Helper()
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("load content: %v", err)
	}
	return cat
}

func selected(t *testing.T, cat *content.Catalog, question, answer string) []string {
	t.Helper()
	q, ok := cat.Questions.ByID(question)
	if !ok {
		t.Fatalf("no question %q", question)
	}
	r := cat.Questions.Grade(q, quiz.Answer{Text: answer})
	var ids []string
	for _, f := range cat.FollowUps.Select(q, answer, r) {
		ids = append(ids, f.ID)
	}
	return ids
}

// TestFollowUpSelection feeds real answers to main questions and checks
// which follow-ups the interviewer asks, in order.
func TestFollowUpSelection(t *testing.T) {
	cat := mustCatalog(t)
	tests := []struct {
		name, question, answer string
		want                   []string
	}{
		{
			name:     "SET NX with an expiry and no word of pauses asks about the pause, then fencing",
			question: "redis-lock-and-failure",
			answer:   "I would acquire with SET lock:orders <random id> NX PX 10000, so the key and its expiry are set in one command and only if the key is free. To release I run a Lua script that deletes the key only if the value is still my id. If Redis itself goes down we lose the lock, so I'd run it with a replica.",
			want:     []string{"pause-past-expiry", "storage-protects-itself"},
		},
		{
			name:     "SETNX then EXPIRE and a plain DEL asks about the crash between, then the late DEL",
			question: "redis-lock-and-failure",
			answer:   "First call SETNX lock 1. If it returns 1 you have the lock, then call EXPIRE lock 30 so it doesn't stay forever. When the work is done you just DEL lock so the next worker can get it. It can fail if Redis goes down.",
			want:     []string{"crash-between-commands", "late-del"},
		},
		{
			name:     "pauses and fencing covered but no failover asks only about the replica",
			question: "redis-lock-and-failure",
			answer:   "Acquire with SET key token NX PX 30000 where the token is a random value unique to this client, and release with a Lua script that compares the value before deleting it. The classic failure is a holder that stops in a long GC pause past the expiry: the key expires, another client takes the lock, and the first one wakes up and writes anyway. So the storage must check a fencing token that increases with every grant and reject writes with an older one.",
			want:     []string{"failover-replica"},
		},
		{
			name:     "a complete answer gets no follow-up",
			question: "redis-lock-and-failure",
			answer:   "To acquire, I'd run SET lock:invoice-42 <random uuid> NX PX 30000 in one command, so the key and its expiry are created atomically and only if nobody holds it. The value is a random token unique to this client. To release, I run a small Lua script that deletes the key only if its value is still my token, so I can never delete someone else's lock.\nHow it fails: if my process is paused, say a long GC or the VM gets descheduled, for longer than 30 seconds, the key expires, another client acquires it, and when I wake up I carry on writing as if I still held it. Also Redis replication is asynchronous, so if the primary dies before the key reaches the replica, the promoted replica has no lock and a second client gets it. To make that safe the storage has to check a fencing token and reject writes from the older holder.",
			want:     nil,
		},
		{
			name:     "a lock with no lease asks what happens when the holder crashes, first",
			question: "redis-lock-and-failure",
			answer:   "I'd use SETNX on a key like \"job-lock\". Whoever sets it first owns the lock, everyone else spins and retries every 100ms. When the owner finishes it deletes the key with DEL. It's basically a mutex shared over the network. The failure case is mostly contention, lots of clients spinning on the same key.",
			want:     []string{"holder-crashes", "late-del"},
		},
		{
			name:     "a lock where a constraint would do asks whether the database could enforce it",
			question: "avoid-the-lock",
			answer:   "I wouldn't skip it. Any time two services can touch the same data you should take a distributed lock around the update, otherwise you get race conditions. Even for inserts I'd lock on the customer id first to stop duplicates.",
			want:     []string{"constraint-instead"},
		},
		{
			name:     "Redlock claimed correct asks whether the quorum survives a pause",
			question: "redis-vs-consensus",
			answer:   "Redis is faster, but a single node can fail, so use Redlock across five independent masters: because a majority must agree, Redlock guarantees that two clients never hold the lock at once, which makes it as safe as ZooKeeper without the operational cost.",
			want:     []string{"redlock-pause"},
		},
		{
			name:     "a TTL chosen without fencing asks how the storage protects itself",
			question: "choose-ttl",
			answer:   "I'd measure how long the critical section takes in production, look at the p99 and the worst case, and set the TTL a few times above that. Too short and the lease expires while the holder is still working; too long and a crashed holder blocks everyone else for that long. So it is a trade-off between safety margin and how quickly we recover from a crash.",
			want:     []string{"storage-protects-itself"},
		},
		{
			name:     "comparing clocks across machines asks what happens when they disagree",
			question: "two-holders",
			answer:   "I would log the lease expiry timestamp written by the lock server and compare it with the worker's own clock when it writes: if the worker's time is past the expiry written by the server, the worker did not hold the lock any more. That tells me which worker was wrong.",
			want:     []string{"clocks-disagree", "failover-replica"},
		},
		{
			name:     "a debugging answer that names neither pauses nor failover asks about both",
			question: "two-holders",
			answer:   "First I would check the acquire code, to see that the key and its expiry are set in one SET NX PX call. Then I would check the release code, which must compare the token before deleting, so a worker never deletes a lock it lost. I would also compare how long the jobs take with the TTL, since a job that outlives its lease lets a second worker in.",
			want:     []string{"pause-past-expiry", "failover-replica"},
		},
		{
			name:     "a fencing check done by the client asks why the storage must do it",
			question: "fencing-token",
			answer:   "A fencing token is a number from the lock service. Before writing, the client reads the current token from the lock service and compares it with its own; if they still match it goes ahead and writes, otherwise it aborts because it lost the lock.",
			want:     []string{"storage-checks-not-client"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := selected(t, cat, tt.question, tt.answer)
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("follow-ups = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFollowUpAnswersAreGraded checks that a follow-up answer is graded
// against its own key points: a strong answer passes, a vague one fails.
func TestFollowUpAnswersAreGraded(t *testing.T) {
	cat := mustCatalog(t)
	tests := []struct {
		followUp, answer string
		pass             bool
	}{
		{"pause-past-expiry", "The key expires while the holder is frozen in its GC pause, so another client acquires the lock. When the first client wakes up it still believes it holds the lock and writes, so both clients write and one overwrites the other. The fix is a fencing token: every grant gets a higher number and the storage rejects a write whose token is lower than one it has seen.", true},
		{"pause-past-expiry", "It would probably be fine, the pause is short most of the time and Redis is fast.", false},
		{"storage-protects-itself", "With a fencing token. The lock service hands out a number that increases with every grant, the client sends it along with each write, and the storage remembers the highest token it has seen and rejects any write carrying a lower one. That means the storage has to support a conditional write.", true},
		{"storage-protects-itself", "The client should check that it still holds the lock before writing.", false},
		{"constraint-instead", "Yes. A unique constraint on the order id makes the second insert fail, or a guarded update such as UPDATE jobs SET owner = 7 WHERE id = 3 AND owner IS NULL lets only one writer win. The loser sees zero affected rows and backs off. There is no separate lock service that can fail, and the rule lives in the same transaction as the data.", true},
		{"clocks-disagree", "The clocks drift apart and NTP can step one back, so the worker believes its lease is still valid after the server expired it, and two workers write at once. Measure elapsed time on the local monotonic clock instead, and rely on a fencing token that the storage checks and rejects when it is older.", true},
		{"holder-crashes", "Nobody ever releases it, so the lock is stuck forever and every other client keeps waiting until an operator deletes the key. I would give the key an expiry so the lock frees itself after a TTL. But then a holder that stalls in a GC pause can lose it while still working, so the storage also needs a fencing token.", true},
		{"holder-crashes", "It would be released when the process restarts, I think.", false},
		{"crash-between-commands", "The key was created but EXPIRE never ran, so it has no expiry and the lock is held forever. Every other client is refused until someone deletes the key by hand. I'd use a single SET with NX and PX so the key and its expiry are set in one atomic command.", true},
	}
	for _, tt := range tests {
		t.Run(tt.followUp, func(t *testing.T) {
			f, ok := cat.FollowUps.ByID(tt.followUp)
			if !ok {
				t.Fatalf("no follow-up %q", tt.followUp)
			}
			r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: tt.answer})
			if r.Passed != tt.pass {
				t.Fatalf("passed = %v (score %.2f, hits %v, flags %v), want %v", r.Passed, r.Score, r.Hits(), r.FlagIDs(), tt.pass)
			}
		})
	}
}

// TestFollowUpsRequired checks the classics of the interview exist, so a
// content edit cannot silently drop them.
func TestFollowUpsRequired(t *testing.T) {
	cat := mustCatalog(t)
	for _, id := range []string{"pause-past-expiry", "storage-protects-itself", "constraint-instead"} {
		if _, ok := cat.FollowUps.ByID(id); !ok {
			t.Fatalf("follow-up %q missing", id)
		}
	}
	for _, f := range cat.FollowUps.All() {
		if f.Probe.Prompt.HTML == "" || f.Probe.ModelAnswer.HTML == "" {
			t.Fatalf("follow-up %q: prompt or model answer not rendered", f.ID)
		}
		if _, ok := cat.Section(f.Probe.Guide); !ok {
			t.Fatalf("follow-up %q: unknown guide section %q", f.ID, f.Probe.Guide)
		}
	}
}

// TestFollowUpErrorsNameTheField loads broken follow-up files next to the
// real bank and checks the error says what is wrong and where.
func TestFollowUpErrorsNameTheField(t *testing.T) {
	cat := mustCatalog(t)
	base := fstest.MapFS{}
	syn, err := fsRead("questions/synonyms.yaml")
	if err != nil {
		t.Fatalf("read synonyms: %v", err)
	}
	base["questions/synonyms.yaml"] = &fstest.MapFile{Data: syn}
	probe := `
    topic: leases
    title: T
    guide: lease-not-mutex
    prompt: P
    model_answer: M
    explanation: E
    hints: [h]
    points:
      - {id: a, label: A, dimension: failure-modes, match: [expir*]}
      - {id: b, label: B, dimension: failure-modes, match: [paus*]}
      - {id: c, label: C, dimension: trade-offs, match: [ttl]}
      - {id: d, label: D, dimension: safety-mechanisms, match: [fenc*]}
`
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown question", "followups:\n  - id: x\n    question: nope\n    when: {flags: [plain-del]}" + probe, `question: unknown question "nope"`},
		{"unknown point", "followups:\n  - id: x\n    question: redis-lock-and-failure\n    when: {missed: [nope]}" + probe, `when.missed[0]`},
		{"unknown flag", "followups:\n  - id: x\n    question: any\n    when: {flags: [nope]}" + probe, `unknown red flag "nope"`},
		{"no trigger", "followups:\n  - id: x\n    question: any\n    when: {hit: [fencing]}" + probe, `when: needs missed, flags or unsaid`},
		{"bad pattern", "followups:\n  - id: x\n    question: any\n    when: {unsaid: [\"a & \"]}" + probe, `when.unsaid[0]`},
		{"misspelt key", "followups:\n  - id: x\n    question: any\n    wen: {flags: [plain-del]}" + probe, `wen`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range base {
				fsys[k] = v
			}
			fsys["questions/followups.yaml"] = &fstest.MapFile{Data: []byte(tt.yaml)}
			_, err := content.LoadFollowUps(fsys, cat.Questions)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "followups.yaml") {
				t.Fatalf("error = %v, want one naming followups.yaml and %q", err, tt.want)
			}
		})
	}
}

func fsRead(name string) ([]byte, error) { return fs.ReadFile(content.Embedded(), name) }
