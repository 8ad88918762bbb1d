package quiz_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"lockdrill/quiz"
)

func freeText(t *testing.T) (*quiz.Bank, *quiz.Question) {
	t.Helper()
	syn := quiz.Synonyms{"common": {
		"storage": {"storage", "database", "resource"},
		"release": {"release", "unlock", "delete"},
	}}
	flags := []quiz.RedFlag{
		{ID: "plain-del", Label: "Releases with a plain DEL", Severity: quiz.SeverityMajor, Why: "It deletes the next holder's lock.", Match: []string{"@release & del"}},
		{ID: "ttl-as-safety", Label: "TTL as safety", Severity: quiz.SeverityFatal, Why: "A TTL cannot keep two holders apart.", Match: []string{"ttl & two holders"}},
	}
	q := &quiz.Question{
		ID: "fencing-token", Kind: quiz.KindFreeText, Topic: "fencing", Title: "What is a fencing token?", Guide: "fencing-tokens",
		Prompt: quiz.Text{Markdown: "What is it?"}, ModelAnswer: quiz.Text{Markdown: "A number."}, Explanation: quiz.Text{Markdown: "Because."},
		Hints: []string{"Who checks it?"},
		Points: []quiz.Point{
			{ID: "monotonic", Label: "A number that only grows", Dimension: "safety-mechanisms", Match: []string{"number|token & increas*|grow*|monoton*"}},
			{ID: "storage-checks", Label: "The storage checks it", Dimension: "safety-mechanisms", Match: []string{"@storage & reject|check*"}},
			{ID: "pause", Label: "A paused holder", Dimension: "failure-modes", Match: []string{"paus*|gc"}},
			{ID: "fencing", Label: "Fencing is needed", Dimension: "trade-offs", Match: []string{"fencing & need*|requir*"}},
		},
	}
	b, err := quiz.NewBank([]*quiz.Question{q}, flags, syn)
	if err != nil {
		t.Fatalf("NewBank: %v", err)
	}
	return b, q
}

func TestGradeFreeText(t *testing.T) {
	b, q := freeText(t)
	tests := []struct {
		name      string
		text      string
		wantHits  []string
		wantFlags []string
		wantPass  bool
	}{
		{
			name:     "strong answer",
			text:     "The lock service hands out a number that increases with every grant. The storage rejects any write whose token is lower than one it has seen, so a holder that comes back from a GC pause is refused. Fencing is required because the lease alone cannot stop it.",
			wantHits: []string{"monotonic", "storage-checks", "pause", "fencing"},
			wantPass: true,
		},
		{
			name:     "negation trap",
			text:     "Fencing isn't needed if you pick a good TTL and the database never has to check anything at all.",
			wantPass: false,
		},
		{
			name:     "keyword dump names but does not credit",
			text:     "fencing token, monotonic number, storage rejects, GC pause, fencing required",
			wantPass: false,
		},
		{
			name:      "plain del raises the flag",
			text:      "Release the lock with DEL when the work is done, and the storage checks nothing else at all.",
			wantHits:  []string{"storage-checks"},
			wantFlags: []string{"plain-del"},
		},
		{
			name:     "never a plain del raises nothing",
			text:     "Never release the lock with a plain DEL; the storage checks the token instead.",
			wantHits: []string{"storage-checks"},
		},
		{
			name:      "fatal flag fails a full answer",
			text:      "The token is a number that increases on each grant and the storage rejects older ones after a GC pause, so fencing is required. Also the TTL keeps two holders apart.",
			wantHits:  []string{"monotonic", "storage-checks", "pause", "fencing"},
			wantFlags: []string{"ttl-as-safety"},
			wantPass:  false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := b.Grade(q, quiz.Answer{Text: tt.text})
			if got := r.Hits(); !reflect.DeepEqual(got, tt.wantHits) {
				t.Fatalf("hits: got %v, want %v", got, tt.wantHits)
			}
			if got := r.FlagIDs(); !reflect.DeepEqual(got, tt.wantFlags) {
				t.Fatalf("flags: got %v, want %v", got, tt.wantFlags)
			}
			if r.Passed != tt.wantPass {
				t.Fatalf("passed: got %v (score %.2f), want %v", r.Passed, r.Score, tt.wantPass)
			}
			for _, p := range r.Points {
				if p.Hit && len(p.Spans) == 0 {
					t.Fatalf("point %s hit without a span", p.ID)
				}
				for _, s := range p.Spans {
					if s.Start < 0 || s.End > len(tt.text) || s.Start >= s.End {
						t.Fatalf("point %s: span %v outside the answer", p.ID, s)
					}
				}
			}
		})
	}
}

func TestKeywordDumpIsNamedNotHit(t *testing.T) {
	b, q := freeText(t)
	r := b.Grade(q, quiz.Answer{Text: "- fencing token\n- monotonic number\n- storage rejects\n- GC pause"})
	if r.Score != 0 {
		t.Fatalf("score: got %v, want 0", r.Score)
	}
	named := 0
	for _, p := range r.Points {
		if p.Named {
			named++
		}
	}
	if named < 3 {
		t.Fatalf("named points: got %d, want at least 3 (%+v)", named, r.Points)
	}
	if len(r.Notes) == 0 {
		t.Fatalf("notes: got none, want a remark on the keyword list")
	}
}

func TestSpanCoversMatchedText(t *testing.T) {
	b, q := freeText(t)
	text := "We must release the lock with DEL once the job is finished here."
	r := b.Grade(q, quiz.Answer{Text: text})
	if len(r.Flags) != 1 {
		t.Fatalf("flags: got %v, want plain-del", r.Flags)
	}
	got := text[r.Flags[0].Span.Start:r.Flags[0].Span.End]
	if got != "release the lock with DEL" {
		t.Fatalf("flag span: got %q, want %q", got, "release the lock with DEL")
	}
}

func TestRescore(t *testing.T) {
	b, q := freeText(t)
	r := b.Grade(q, quiz.Answer{Text: "Release the lock with DEL when the work is done, and the storage checks nothing else at all."})
	if r.Passed {
		t.Fatalf("setup: got a pass, want a fail")
	}
	r2 := quiz.Rescore(q, r, map[string]bool{"monotonic": true, "pause": true, "fencing": true, "plain-del": false, "unknown": true})
	if !r2.Passed || r2.Score != 1 || !r2.SelfAssessed {
		t.Fatalf("got passed=%v score=%v self=%v, want a self-assessed full pass", r2.Passed, r2.Score, r2.SelfAssessed)
	}
	if len(r2.FlagIDs()) != 0 {
		t.Fatalf("flags: got %v, want the dismissed flag gone", r2.FlagIDs())
	}
	if r.Points[0].Hit {
		t.Fatalf("Rescore changed its input")
	}
}

func TestGradeChoice(t *testing.T) {
	opts := []quiz.Option{{ID: "a", Text: "A", Correct: true, Why: "yes"}, {ID: "b", Text: "B", Correct: true, Why: "yes"}, {ID: "c", Text: "C", Why: "no"}, {ID: "d", Text: "D", Why: "no"}}
	multi := &quiz.Question{ID: "m", Kind: quiz.KindMultiple, Options: opts}
	single := &quiz.Question{ID: "s", Kind: quiz.KindSingle, Options: []quiz.Option{opts[0], opts[2]}}
	tests := []struct {
		name    string
		q       *quiz.Question
		choices []string
		want    float64
	}{
		{"single right", single, []string{"a"}, 1},
		{"single wrong", single, []string{"c"}, 0},
		{"single with two picks", single, []string{"a", "c"}, 0},
		{"multiple all right", multi, []string{"a", "b"}, 1},
		{"multiple half", multi, []string{"a"}, 0.5},
		{"multiple one right one wrong", multi, []string{"a", "c"}, 0},
		{"multiple every box", multi, []string{"a", "b", "c", "d"}, 0},
		{"multiple unknown id", multi, []string{"zz"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := quiz.Grade(tt.q, quiz.Answer{Choices: tt.choices}, nil)
			if r.Score != tt.want {
				t.Fatalf("score: got %v, want %v", r.Score, tt.want)
			}
			if len(r.Options) != len(tt.q.Options) {
				t.Fatalf("options: got %d, want %d", len(r.Options), len(tt.q.Options))
			}
			for _, o := range r.Options {
				if o.Why == "" {
					t.Fatalf("option %s has no explanation", o.ID)
				}
			}
		})
	}
}

func TestGradeOrdering(t *testing.T) {
	q := &quiz.Question{ID: "o", Kind: quiz.KindOrdering, Steps: []quiz.Step{{ID: "s1", Text: "1"}, {ID: "s2", Text: "2"}, {ID: "s3", Text: "3"}, {ID: "s4", Text: "4"}, {ID: "s5", Text: "5"}}}
	tests := []struct {
		name          string
		order         []string
		wantScore     float64
		wantMisplaced []string
	}{
		{"correct", []string{"s1", "s2", "s3", "s4", "s5"}, 1, nil},
		{"one step moved", []string{"s1", "s4", "s2", "s3", "s5"}, 0.8, []string{"s4"}},
		{"reversed", []string{"s5", "s4", "s3", "s2", "s1"}, 0.2, []string{"s4", "s3", "s2", "s1"}},
		{"step left out", []string{"s1", "s2", "s3", "s4"}, 0.8, []string{"s5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := quiz.Grade(q, quiz.Answer{Order: tt.order}, nil)
			if r.Score != tt.wantScore {
				t.Fatalf("score: got %v, want %v", r.Score, tt.wantScore)
			}
			if !reflect.DeepEqual(r.Misplaced, tt.wantMisplaced) {
				t.Fatalf("misplaced: got %v, want %v", r.Misplaced, tt.wantMisplaced)
			}
		})
	}
}

func TestShuffledIsStableAndNotSorted(t *testing.T) {
	q := &quiz.Question{ID: "obj-order-x", Steps: []quiz.Step{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}}}
	first := q.Shuffled()
	if !reflect.DeepEqual(first, q.Shuffled()) {
		t.Fatalf("two shuffles differ")
	}
	if reflect.DeepEqual(first, q.Steps) {
		t.Fatalf("shuffle kept the correct order")
	}
}

func TestGradeSpotTheBug(t *testing.T) {
	q := &quiz.Question{ID: "b", Kind: quiz.KindSpotTheBug, Code: &quiz.Code{Lines: []string{"x", "y", "z"}, Bug: 2, LinesWhy: map[int]string{1: "fine", 2: "the bug"}}}
	r := quiz.Grade(q, quiz.Answer{Line: 1}, nil)
	if r.Score != 0 || r.Line == nil || r.Line.ChosenWhy != "fine" || r.Line.BugWhy != "the bug" {
		t.Fatalf("wrong pick: got %+v", r)
	}
	r = quiz.Grade(q, quiz.Answer{Line: 2}, nil)
	if r.Score != 1 || !r.Passed {
		t.Fatalf("right pick: got score %v passed %v, want 1 true", r.Score, r.Passed)
	}
}

func TestAnswerValidate(t *testing.T) {
	_, q := freeText(t)
	tests := []struct {
		name string
		a    quiz.Answer
		want string
	}{
		{"empty", quiz.Answer{Text: "  \n"}, "empty"},
		{"too long", quiz.Answer{Text: strings.Repeat("a", quiz.MaxAnswerChars+1)}, "limit"},
		{"accented text at the limit counts characters, not bytes", quiz.Answer{Text: strings.Repeat("é", quiz.MaxAnswerChars)}, ""},
		{"fine", quiz.Answer{Text: "an answer"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.a.Validate(q)
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Fatalf("got %v, want error containing %q", err, tt.want)
			}
		})
	}
}

func TestNewBankErrorsNameTheField(t *testing.T) {
	base := func() *quiz.Question {
		return &quiz.Question{ID: "q", Kind: quiz.KindFreeText, Topic: "fencing", Title: "T", Guide: "g",
			Prompt: quiz.Text{Markdown: "p"}, ModelAnswer: quiz.Text{Markdown: "m"}, Explanation: quiz.Text{Markdown: "e"}, Hints: []string{"h"},
			Points: []quiz.Point{
				{ID: "a", Label: "a", Dimension: "trade-offs", Match: []string{"a"}},
				{ID: "b", Label: "b", Dimension: "trade-offs", Match: []string{"b"}},
				{ID: "c", Label: "c", Dimension: "trade-offs", Match: []string{"c"}},
				{ID: "d", Label: "d", Dimension: "trade-offs", Match: []string{"d"}},
			}}
	}
	tests := []struct {
		name   string
		mutate func(q *quiz.Question)
		want   string
	}{
		{"empty match", func(q *quiz.Question) { q.Points[2].Match = nil }, "points[2].match: empty"},
		{"bad synonym", func(q *quiz.Question) { q.Points[1].Match = []string{"@nope"} }, `points[1].match[0]: pattern "@nope": unknown synonym`},
		{"bad dimension", func(q *quiz.Question) { q.Points[0].Dimension = "vibes" }, "points[0].dimension"},
		{"too few points", func(q *quiz.Question) { q.Points = q.Points[:3] }, "points: 3 key points"},
		{"unknown topic", func(q *quiz.Question) { q.Topic = "x" }, "topic"},
		{"unknown flag", func(q *quiz.Question) { q.Flags = []string{"nope"} }, "flags[0]"},
		{"no model answer", func(q *quiz.Question) { q.ModelAnswer = quiz.Text{} }, "model_answer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := base()
			tt.mutate(q)
			_, err := quiz.NewBank([]*quiz.Question{q}, nil, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestOverlongAnswerIsGradedUpToTheLimit(t *testing.T) {
	b, q := freeText(t)
	tail := " The storage rejects old tokens after a GC pause."
	text := strings.Repeat("é", quiz.MaxAnswerChars) + tail
	r := b.Grade(q, quiz.Answer{Text: text})
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "first") {
		t.Fatalf("notes: got %v, want one saying only the start was graded", r.Notes)
	}
	if len(r.Hits()) != 0 {
		t.Fatalf("hits: got %v, want none from text past the limit", r.Hits())
	}
}

func TestQuestionsRaiseNoFlags(t *testing.T) {
	b, q := freeText(t)
	r := b.Grade(q, quiz.Answer{Text: "Does the release code unlock it with a DEL when the job is done? Check that first."})
	if len(r.FlagIDs()) != 0 {
		t.Fatalf("flags: got %v from a question, want none", r.FlagIDs())
	}
	r = b.Grade(q, quiz.Answer{Text: "The release code unlocks it with a DEL when the job is done."})
	if len(r.FlagIDs()) != 1 {
		t.Fatalf("flags: got %v from the same claim, want plain-del", r.FlagIDs())
	}
}

func TestGradeConcurrently(t *testing.T) {
	b, q := freeText(t)
	done := make(chan quiz.Result)
	for i := 0; i < 8; i++ {
		go func() {
			done <- b.Grade(q, quiz.Answer{Text: "The storage rejects a token that is lower after a GC pause."})
		}()
	}
	first := <-done
	for i := 1; i < 8; i++ {
		if r := <-done; !reflect.DeepEqual(r, first) {
			t.Fatalf("concurrent grades differ: %+v vs %+v", r, first)
		}
	}
}

// TestTerseAnswersRaiseFlags grades short, imperative answers against the
// real bank: their losing claims must be flagged as surely as in long
// prose, and their terse negations must stay unflagged.
func TestTerseAnswersRaiseFlags(t *testing.T) {
	b := loadBank(t)
	tests := []struct {
		name, question, text string
		want                 []string
	}{
		{"setnx then expire, del, redlock", "redis-lock-and-failure", "SETNX the key then EXPIRE it, release with DEL. Redlock makes it safe.", []string{"redlock-correctness", "plain-del", "two-commands"}},
		{"acquire and release imperatives", "redis-lock-and-failure", "Acquire with SETNX lock, then EXPIRE lock 30. Release with DEL lock.", []string{"plain-del", "two-commands"}},
		{"client rejects stale tokens", "fencing-token", "The client checks its token before writing, comparing it against the current one, so the client itself rejects stale tokens.", []string{"client-side-fencing"}},
		{"just a mutex", "redis-lock-and-failure", "It's just a mutex: one process holds it, others wait until it is released with DEL.", []string{"mutex-no-lease", "plain-del"}},
		{"terse negations", "redis-lock-and-failure", "Don't use SETNX then EXPIRE. Never release with a plain DEL. Use SET NX PX and a Lua compare-and-delete.", nil},
		{"redlock denied", "redis-lock-and-failure", "Set the key with NX PX in one command. Redlock does not make it safe: a pause still gives two holders.", nil},
		{"not a mutex", "redis-lock-and-failure", "It is not a mutex: it is a lease that expires after 30 seconds.", nil},
		{"storage rejects", "fencing-token", "Send the token with each write. The storage rejects stale tokens itself.", nil},
		{"keyword list stays unflagged", "redis-lock-and-failure", "SETNX, EXPIRE, DEL, Redlock", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, ok := b.ByID(tt.question)
			if !ok {
				t.Fatalf("no question %q", tt.question)
			}
			got := b.Grade(q, quiz.Answer{Text: tt.text}).FlagIDs()
			sort.Strings(got)
			want := append([]string(nil), tt.want...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("got flags %v, want %v", got, want)
			}
		})
	}
}

// TestStoredResultCarriesNoHTML guards the pages: a result is stored as
// JSON, and HTML read back from storage must not exist to be trusted.
func TestStoredResultCarriesNoHTML(t *testing.T) {
	b := loadBank(t)
	for _, q := range b.All() {
		var a quiz.Answer
		switch q.Kind {
		case quiz.KindFreeText:
			a.Text = "Release with DEL when done. Redlock makes it safe."
		case quiz.KindOrdering:
			for _, s := range q.Steps {
				a.Order = append(a.Order, s.ID)
			}
		case quiz.KindSpotTheBug:
			a.Line = 1
		default:
			a.Choices = []string{q.Options[0].ID}
		}
		raw, err := json.Marshal(b.Grade(q, a))
		if err != nil {
			t.Fatalf("%s: marshal: %v", q.ID, err)
		}
		if s := string(raw); strings.Contains(s, "_html") || strings.Contains(s, "<") {
			t.Fatalf("%s: stored result carries HTML: %s", q.ID, s)
		}
	}
}

// gradeReal grades text for question id against the real bank.
func gradeReal(t *testing.T, b *quiz.Bank, id, text string) quiz.Result {
	t.Helper()
	q, ok := b.ByID(id)
	if !ok {
		t.Fatalf("no question %q", id)
	}
	return b.Grade(q, quiz.Answer{Text: text})
}

func hasFlag(r quiz.Result, id string) bool {
	for _, f := range r.FlagIDs() {
		if f == id {
			return true
		}
	}
	return false
}

func pointHit(t *testing.T, r quiz.Result, id string) bool {
	t.Helper()
	for _, p := range r.Points {
		if p.ID == id {
			return p.Hit
		}
	}
	t.Fatalf("no point %q in %v", id, r.Question)
	return false
}

// TestRejectingAClaimDoesNotRaiseIt: a candidate who names a losing claim
// in order to reject it ("it is not true that ...", a quotation called
// wrong, "some say ...; X showed otherwise", "... is the bug I avoid")
// must not be failed for it, while the same words asserted still are.
func TestRejectingAClaimDoesNotRaiseIt(t *testing.T) {
	b := loadBank(t)
	rvc, _ := b.ByID("redis-vs-consensus")
	full := rvc.ModelAnswer.Markdown
	tests := []struct {
		name, question, text, flag string
		raised                     bool
	}{
		{"not true that", "redis-vs-consensus", "It is not true that Redlock guarantees correctness.", "redlock-correctness", false},
		{"quoted and called wrong", "redis-vs-consensus", `The claim "Redlock gives correctness" is wrong.`, "redlock-correctness", false},
		{"some say, showed otherwise", "redis-vs-consensus", "Some say Redlock makes the lock safe; Kleppmann showed otherwise.", "redlock-correctness", false},
		{"a myth that", "redis-vs-consensus", "It's a myth that Redlock makes a lock correct.", "redlock-correctness", false},
		{"curly quotes called a mistake", "redis-vs-consensus", "“Redlock makes it safe” is a common mistake.", "redlock-correctness", false},
		{"quoted bug I avoid", "redis-lock-and-failure", `"SETNX then EXPIRE" is the bug I avoid.`, "two-commands", false},
		{"unquoted bug", "redis-lock-and-failure", "SETNX followed by a separate EXPIRE is the classic bug.", "two-commands", false},
		{"backticked bug", "redis-lock-and-failure", "`SETNX` then `EXPIRE` is the mistake.", "two-commands", false},
		// Genuine claims are still caught.
		{"asserted", "redis-vs-consensus", "Redlock guarantees correctness for the lock.", "redlock-correctness", true},
		{"some say, but agrees", "redis-vs-consensus", "Some say Redlock is slow, but it makes the lock safe.", "redlock-correctness", true},
		{"quoted and used", "redis-lock-and-failure", `I use "SETNX then EXPIRE" for the lock.`, "two-commands", true},
		{"unclosed quote hides nothing", "redis-lock-and-failure", `"Acquire with SETNX then EXPIRE, it is wrong to worry.`, "two-commands", true},
		{"code in backticks", "redis-lock-and-failure", "Acquire with `SETNX lock 1` then `EXPIRE lock 30`.", "two-commands", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hasFlag(gradeReal(t, b, tt.question, tt.text), tt.flag); got != tt.raised {
				t.Fatalf("%s raised: got %v, want %v", tt.flag, got, tt.raised)
			}
		})
	}
	for _, tt := range tests[:4] {
		t.Run("full answer plus "+tt.name, func(t *testing.T) {
			r := gradeReal(t, b, "redis-vs-consensus", full+"\n\n"+tt.text)
			if r.Score != 1 || !r.Passed || r.Fatal {
				t.Fatalf("got score %v passed %v fatal %v flags %v, want 1, passed, no fatal flag", r.Score, r.Passed, r.Fatal, r.FlagIDs())
			}
		})
	}
}

// TestDressedListEarnsNothing: a list of terms with each item dressed as
// "It is ..." reads as a list, earns no point and says so, but a losing
// claim inside it is still flagged; an honest terse answer keeps its
// points.
func TestDressedListEarnsNothing(t *testing.T) {
	b := loadBank(t)
	tests := []struct{ question, text string }{
		{"redis-vs-consensus", "It is async replication in Redis, failover loses it. It is consensus in etcd, majority commit. It is a revision for fencing. It is still pauses with etcd, fence anyway. It is Redis for efficiency only."},
		{"redis-vs-consensus", "It's Redis with async replication. It's etcd with a Raft quorum. It's the revision as a token. It's pauses everywhere. It's Redis for efficiency."},
		{"fencing-token", "It is a number that grows with each grant. It is sent with every write. It is the storage rejecting lower numbers. It is for a holder paused past its lease. It is the etcd revision or zxid."},
		{"choose-ttl", "It is too short versus too long, a crash blocks others. It is the measured p99 plus a margin. It is no safe value because of pauses. It is a heartbeat for long jobs. It is fencing at the resource for safety."},
	}
	for _, tt := range tests {
		t.Run(tt.question+" "+tt.text[:12], func(t *testing.T) {
			r := gradeReal(t, b, tt.question, tt.text)
			if r.Score != 0 || r.Passed {
				t.Fatalf("got score %v passed %v, want 0 and a fail", r.Score, r.Passed)
			}
			if len(r.Notes) == 0 || !strings.Contains(r.Notes[len(r.Notes)-1], "list of terms") {
				t.Fatalf("notes: got %q, want the list-of-terms remark", r.Notes)
			}
		})
	}
	t.Run("flags still raised", func(t *testing.T) {
		r := gradeReal(t, b, "redis-lock-and-failure", "It is SETNX then EXPIRE for the lock. It is DEL when done. It is Redlock, which makes it safe.")
		for _, f := range []string{"two-commands", "redlock-correctness"} {
			if !hasFlag(r, f) {
				t.Fatalf("flags: got %v, want %s among them", r.FlagIDs(), f)
			}
		}
	})
	t.Run("honest terse answer keeps its points", func(t *testing.T) {
		r := gradeReal(t, b, "redis-lock-and-failure", "Acquire with SET lock <uuid> NX PX 30000. Release with a Lua script that deletes only if the value is still yours. It is a lease, not a mutex.")
		if !pointHit(t, r, "set-nx-px") || !pointHit(t, r, "compare-delete") {
			t.Fatalf("points: got %+v, want set-nx-px and compare-delete hit", r.Points)
		}
	})
}

// TestInterviewerDisagreements: a GET-then-DEL release is the bug, not
// the compare-and-delete; a debugging step that names a suspect does not
// claim it; and Redlock correctness claimed around a negation is caught.
func TestInterviewerDisagreements(t *testing.T) {
	b := loadBank(t)
	t.Run("get then del", func(t *testing.T) {
		r := gradeReal(t, b, "redis-lock-and-failure", "Acquire with SET lock <token> NX PX 30000 in one command. To release, GET the key, compare with my token, then DEL.")
		if pointHit(t, r, "compare-delete") || !hasFlag(r, "get-then-del") {
			t.Fatalf("got compare-delete %v, flags %v; want the point missed and get-then-del raised", pointHit(t, r, "compare-delete"), r.FlagIDs())
		}
	})
	t.Run("atomic compare and delete", func(t *testing.T) {
		r := gradeReal(t, b, "redis-lock-and-failure", "To release, compare the value with my token and delete the key in one Lua script.")
		if !pointHit(t, r, "compare-delete") || hasFlag(r, "get-then-del") {
			t.Fatalf("got compare-delete %v, flags %v; want the point hit and no flag", pointHit(t, r, "compare-delete"), r.FlagIDs())
		}
	})
	probes := []string{
		"Look for SETNX then EXPIRE in the acquire path.",
		"Check whether the acquire is SETNX followed by EXPIRE.",
		"I'd rule out a plain DEL on release and SETNX then EXPIRE on acquire.",
		"I suspect SETNX then EXPIRE, so I'd read the acquire code.",
	}
	for _, text := range probes {
		t.Run("probe "+text, func(t *testing.T) {
			if r := gradeReal(t, b, "two-holders", text); len(r.FlagIDs()) != 0 {
				t.Fatalf("flags: got %v, want none from a diagnosis step", r.FlagIDs())
			}
		})
	}
	claims := []struct{ question, text, flag string }{
		{"two-holders", "We use SETNX then EXPIRE in the acquire path.", "two-commands"},
		{"fencing-token", "The client should check whether its token is current before each write.", "client-side-fencing"},
		{"redis-vs-consensus", "Redlock does not need fencing tokens: it is safe for correctness.", "redlock-correctness"},
		{"redis-vs-consensus", "Redlock isn't free, but it makes the lock correct.", "redlock-correctness"},
	}
	for _, tt := range claims {
		t.Run("claim "+tt.text, func(t *testing.T) {
			if r := gradeReal(t, b, tt.question, tt.text); !hasFlag(r, tt.flag) {
				t.Fatalf("flags: got %v, want %s", r.FlagIDs(), tt.flag)
			}
		})
	}
	t.Run("redlock negated stays down", func(t *testing.T) {
		for _, text := range []string{"Redlock isn't enough, but it reduces the odds.", "Redlock does not remove the need for fencing tokens.", "Redlock is slow, but it isn't safe either."} {
			if r := gradeReal(t, b, "redis-vs-consensus", text); hasFlag(r, "redlock-correctness") {
				t.Fatalf("%q: flags %v, want no redlock-correctness", text, r.FlagIDs())
			}
		}
	})
}

// TestSeniorAnswersQA2 replays the second QA pass, answered as a senior
// candidate would: a TTL or heartbeat stated as *not* the guarantee must
// not be flagged, one sold as the guarantee must be, and the good answers'
// sentences must earn the points they state.
func TestSeniorAnswersQA2(t *testing.T) {
	b := loadBank(t)
	tests := []struct {
		name, question, text string
		flags                []string // exactly these are raised
		hits                 []string // at least these are hit
	}{
		{"ttl no guarantee then fencing", "choose-ttl", "And whatever I pick, the TTL doesn't guarantee mutual exclusion, so for correctness I need fencing at the resource.", nil, []string{"no-safe-value", "fencing"}},
		{"some say, that's wrong", "fencing-token", "Some say fencing isn't needed with a good TTL; that's wrong, the resource must reject lower tokens.", nil, []string{"resource-rejects"}},
		{"bare expire heartbeat sold as safety", "extend-lease", "Yes, just call EXPIRE key 30 every 10 seconds from a background thread… nobody else can get it while I'm working.", []string{"ttl-as-safety", "extend-without-owner"}, nil},
		{"watchdog sold as safety", "redis-lock-and-failure", "Redisson's watchdog keeps extending the lock while the holder is alive, so two holders can't happen.", []string{"ttl-as-safety"}, nil},
		{"watchdog sold as safety, choose-ttl", "choose-ttl", "Redisson's watchdog keeps extending the lock while the holder is alive, so two holders can't happen.", []string{"ttl-as-safety"}, nil},
		{"owner-checked extend", "extend-lease", "I extend with a Lua script that checks the key still holds my token and only then calls PEXPIRE, from a heartbeat thread.", nil, []string{"check-ownership"}},
		{"run twice if a worker pauses", "run-job-once", "With a lease the job could still run twice if a worker pauses.", nil, []string{"lock-not-enough"}},
		{"longer ttl only bounds a crash", "choose-ttl", "A longer TTL won't prevent two holders; it only bounds how long a crashed holder blocks others.", nil, []string{"tradeoff", "no-safe-value"}},
		{"set nx ex", "redis-lock-and-failure", "Take the lock with SET key token NX EX 10, then do the work.", nil, []string{"set-nx-px"}},
		// QA-3 D12: a heartbeat sentence next to "no TTL prevents two
		// holders" raised the fatal flag on a correct answer.
		{"heartbeat beside no ttl prevents", "choose-ttl", "Choose the TTL longer than the longest expected run of the protected job plus clock drift, but short enough that a crashed holder blocks others only briefly; a heartbeat extends it. No TTL prevents two holders during a long pause, so the resource must check a fencing token.", nil, []string{"tradeoff", "no-safe-value"}},
		{"ttl sold as safety, heartbeat", "choose-ttl", "The TTL just needs to be longer than the job; with a heartbeat extending it, two holders can't happen.", []string{"ttl-as-safety"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gradeReal(t, b, tt.question, tt.text)
			got := r.FlagIDs()
			sort.Strings(got)
			want := append([]string(nil), tt.flags...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("got flags %v, want %v", got, want)
			}
			for _, id := range tt.hits {
				if !pointHit(t, r, id) {
					t.Fatalf("point %s: got missed, want hit", id)
				}
			}
		})
	}
	t.Run("watchdog claim earns no heartbeat point", func(t *testing.T) {
		r := gradeReal(t, b, "choose-ttl", "Redisson's watchdog keeps extending the lock while the holder is alive, so two holders can't happen.")
		if pointHit(t, r, "heartbeat") {
			t.Fatalf("point heartbeat: got hit, want missed")
		}
	})
	t.Run("textbook answer ending with the ttl sentence passes", func(t *testing.T) {
		text := "I'd measure the p99 of the work done under the lock and add a margin, say three times that. A short TTL means a slow holder loses the lease while it is still working; a long one means a crashed holder blocks everyone until it expires. There is no safe TTL, because a GC pause can outlast any value. And whatever I pick, the TTL doesn't guarantee mutual exclusion, so for correctness I need fencing at the resource."
		if r := gradeReal(t, b, "choose-ttl", text); !r.Passed || r.Fatal {
			t.Fatalf("got passed %v fatal %v score %v flags %v, want a pass", r.Passed, r.Fatal, r.Score, r.FlagIDs())
		}
	})
}

// TestContestUpdatesFullerNote: the note on what a fuller answer would add
// follows the corrected ticks, so a point the learner contests as made
// leaves it and the page does not contradict the correction (QA-4 E1).
func TestContestUpdatesFullerNote(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("redis-vs-consensus")
	if !ok {
		t.Fatal("no redis-vs-consensus question")
	}
	res := b.Grade(q, quiz.Answer{Text: "Redis replicates asynchronously, so a failover can lose a lock it granted. ZooKeeper and etcd commit every grant through a majority, so it survives a node failure, and they hand out a monotonic number, the zxid or the revision, that the storage can check as a fencing token."})
	note := func(r quiz.Result) string {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, "You made the core points.") {
				return n
			}
		}
		return ""
	}
	before := note(res)
	if !strings.Contains(before, "Even with consensus a lease can expire") {
		t.Fatalf("note before the dispute = %q, want it to name the missed pause point", before)
	}
	after, _, err := quiz.Contest(q, res, "still-pauses")
	if err != nil {
		t.Fatal(err)
	}
	if n := note(after); strings.Contains(n, "Even with consensus a lease can expire") || !strings.Contains(n, "Redlock depends on timing") {
		t.Fatalf("note after contesting the pause point as made = %q, want only the points still missed", n)
	}
	if c := strings.Count(strings.Join(after.Notes, "\n"), "You made the core points."); c != 1 {
		t.Fatalf("%d fuller-answer notes after the dispute, want one", c)
	}
}

// TestWhoeverHoldsItNowIsNoClockComparison: a complete Redis-lock answer
// that says a plain DEL "would delete whoever holds it now" passes with no
// "compares wall clocks" flag (QA-4: it failed at 55 % on that word).
func TestWhoeverHoldsItNowIsNoClockComparison(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("redis-lock-and-failure")
	if !ok {
		t.Fatal("no redis-lock-and-failure question")
	}
	r := b.Grade(q, quiz.Answer{Text: "Acquire with SET lock:job <random-token> NX PX 30000, one atomic command. Release with a Lua script that deletes the key only if its value is still my token: a plain DEL would delete whoever holds it now if my lease already ran out. How it fails: it's a lease, so if I pause in GC past the 30 s the lock expires and someone else takes it; the resource must check a fencing token. And Redis replicates asynchronously, so a failover can lose the key. Eviction under maxmemory can drop it too."})
	if slices.Contains(r.FlagIDs(), "wall-clock") || !r.Passed {
		t.Fatalf("passed %v, flags %v; want a pass with no wall-clock flag", r.Passed, r.FlagIDs())
	}
}
