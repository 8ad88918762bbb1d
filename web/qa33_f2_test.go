package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// QA-33 #4: the follow-up asked when a queue answer missed the attempt
// guard states the visibility timeout it builds on, rather than presuming
// the candidate's design had one: this answer holds the row lock in the
// transaction and never mentions a timeout.
func TestQueueFollowUpStatesItsOwnSetup(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 3, Questions: []string{"skip-locked-queue", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	answer := "Each worker opens a transaction and runs SELECT ... FROM jobs WHERE status = 'ready' FOR UPDATE SKIP LOCKED LIMIT 1, so two workers never take the same row. It keeps the transaction, and so the row lock, open while it works, and commits with status = 'done'. If the worker dies, the connection drops, the transaction rolls back and the row is unlocked for the next worker."
	var prompt string
	for i := 0; i < 4 && prompt == ""; i++ {
		rec, seq, q, f := current(t, cl, roundURL)
		if f == "queue-visibility-too-short" {
			prompt = strings.Join(strings.Fields(mustDoc(t, rec).Find(`[data-testid=round-question]`).Text()), " ")
			break
		}
		text := "I am not sure."
		if q == "skip-locked-queue" && f == "" {
			text = answer
		}
		env.clock.Advance(time.Minute)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("answer %s/%s: status %d", q, f, r.Code)
		}
	}
	if prompt == "" {
		t.Fatalf("an answer without the attempt guard did not draw queue-visibility-too-short")
	}
	if strings.Contains(prompt, "its five-minute visibility timeout") {
		t.Fatalf("the follow-up presumes the candidate's visibility timeout: %q", prompt)
	}
	if !strings.Contains(prompt, "Suppose the queue hands out each job with a five-minute visibility timeout") || !strings.Contains(prompt, "how do you guard against it?") {
		t.Fatalf("the follow-up does not state its setup and keep its question: %q", prompt)
	}
}

// QA-33 #4: no follow-up that fires on what an answer left out opens by
// attributing a design to the candidate ("Your ...", "In your design ...",
// "You agree ..."); one that fires on a red flag or on words the answer
// used builds on what the candidate said, and may.
func TestGapFollowUpsPutNoWordsInTheCandidatesMouth(t *testing.T) {
	cat := mustCatalog(t)
	for _, f := range cat.FollowUps.All() {
		t.Run(f.ID, func(t *testing.T) {
			flagged := true
			for _, tr := range f.When {
				if len(tr.Flags) == 0 && len(tr.Said) == 0 {
					flagged = false
				}
			}
			if flagged {
				return
			}
			p := strings.TrimSpace(f.Probe.Prompt.Markdown)
			for _, bad := range []string{"Your ", "You agree", "In your design", "The same "} {
				if strings.HasPrefix(p, bad) {
					t.Fatalf("prompt opens with %q on a gap trigger: %q", bad, p)
				}
			}
		})
	}
}

// QA-33 #3: the interviewer's "Rounds you interviewed" row says when the
// verdict rests on the candidate's own corrected ticks, with the grader's
// own score, as the candidate's history does.
func TestInterviewedRowSaysSelfAssessed(t *testing.T) {
	env := &peerEnv{roundEnv: newRoundEnv(t, "", nil)}
	env.alice, env.bob = newClient(t, env.srv), newClient(t, env.srv)
	// The questions are fixed, so the contested point moves the score.
	id, err := env.st.CreatePeerRound(context.Background(), learnerOf(t, env.alice), store.NewRound{Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 3, Questions: []string{"fencing-token", "avoid-the-lock", "row-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	env.roundURL = "/rounds/" + id
	rec := join(t, env.bob, issueInvite(t, env.alice, env.roundURL))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("join: status %d", rec.Code)
	}
	env.peerURL = rec.Header().Get("Location")
	rec, seq, _, _ := current(t, env.alice, env.roundURL)
	env.clock.Advance(time.Minute)
	weak := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	if r := answerTurn(t, env.alice, env.roundURL, rec.Body.String(), seq, weak); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	row := func() string {
		list := mustDoc(t, env.bob.get("/rounds"))
		return strings.Join(strings.Fields(list.Find(`a[href="`+env.peerURL+`/scorecard"]`).Closest(`[data-testid=interviewed-row]`).Text()), " ")
	}
	if got := row(); got == "" || strings.Contains(got, "self-assessed") {
		t.Fatalf("before any correction the interviewed row = %q, want it listed and not self-assessed", got)
	}
	card := mustDoc(t, env.alice.get(env.roundURL+"/scorecard"))
	graderPct := card.Find(`[data-testid=round-score]`).Text()
	missed := card.Find(`[data-testid=scored-question]`).Eq(0).Find(`[data-testid=points-missed] li[data-point]`).First()
	item, _ := missed.Attr("data-point")
	action, _ := missed.Find(`[data-testid=contest-form]`).Attr("action")
	tok, _ := missed.Find(`input[name=_csrf]`).Attr("value")
	if item == "" || action == "" {
		t.Fatalf("the candidate's scorecard has no missed point to contest")
	}
	if r := env.alice.postForm(action, url.Values{"_csrf": {tok}, "item": {item}, "back": {"scorecard"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d", r.Code)
	}
	if after := mustDoc(t, env.alice.get(env.roundURL+"/scorecard")).Find(`[data-testid=round-score]`).Text(); after == graderPct {
		t.Fatalf("the contest did not change the round score (%s): the test proves nothing", graderPct)
	}
	if got := row(); !strings.Contains(got, "self-assessed") || !strings.Contains(got, "grader's own: "+graderPct) {
		t.Fatalf("interviewed row = %q, want self-assessed with the grader's own %s", got, graderPct)
	}
}

// QA-33 #2: a delete refused for a wrong confirmation keeps what was typed
// in the confirmation field and says beside it, naming it, what is wrong.
func TestWrongDeleteConfirmationKeepsTheField(t *testing.T) {
	srv, st := newTestServer(t)
	me := newClient(t, srv)
	practised(t, me)
	id := me.cookies["lockdrill_learner"].Value
	for _, tc := range []struct{ name, typed, want string }{
		{"a wrong word", "delet", "the field holds “delet”, not the word delete"},
		{"nothing", "", "the field is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := me.postForm("/account/delete", url.Values{"_csrf": {csrfFrom(t, me.get("/account"))}, "confirm": {tc.typed}})
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", rec.Code)
			}
			if ok, _ := st.LearnerExists(context.Background(), id); !ok {
				t.Fatalf("an unconfirmed delete deleted")
			}
			doc := mustDoc(t, rec)
			in := doc.Find(`[data-testid=delete-form] input[name=confirm]`)
			if got, _ := in.Attr("value"); got != tc.typed {
				t.Fatalf("confirmation field = %q, want %q kept", got, tc.typed)
			}
			if d, _ := in.Attr("aria-describedby"); d != "error-confirm" {
				t.Fatalf("the field is not described by its error (aria-describedby=%q)", d)
			}
			msg := strings.Join(strings.Fields(doc.Find(`[data-testid=delete-form] #error-confirm`).Text()), " ")
			if !strings.HasPrefix(msg, "Type delete to confirm:") || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "Nothing was deleted") {
				t.Fatalf("error beside the field = %q, want it to name the field and say %q", msg, tc.want)
			}
		})
	}
}

// QA-33 #1: the blank form says beside the fields, before it is sent, what
// a resource check without tokens and a heartbeat longer than the TTL will
// do, and still accepts them: they are experiments worth running. The
// timeline it starts says so again.
func TestBlankFormSaysWhatSurprisingSettingsDo(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	form := mustDoc(t, cl.get("/sandbox")).Find(`[data-testid=blank-form]`)
	for _, tc := range []struct {
		field string
		want  []string
	}{
		{"check_fencing", []string{"redis or redlock grant carries none", "nothing to compare", "refuses every write"}},
		{"heartbeat_ms", []string{"as long as the TTL or longer", "lapse between renewals"}},
	} {
		hint := strings.Join(strings.Fields(form.Find(`[data-testid=blank-hint-`+tc.field+`]`).Text()), " ")
		for _, w := range tc.want {
			if !strings.Contains(hint, w) {
				t.Errorf("the note beside %s = %q, want it to say %q", tc.field, hint, w)
			}
		}
		if d, _ := form.Find(`[name=` + tc.field + `]`).Attr("aria-describedby"); !strings.Contains(d, "hint-"+tc.field) {
			t.Errorf("%s is not described by its note (aria-describedby=%q)", tc.field, d)
		}
	}
	plain := cl.postForm("/sandbox", blankForm(t, cl, nil))
	if plain.Code != http.StatusSeeOther {
		t.Fatalf("the default form: status %d, want 303", plain.Code)
	}
	if flash := mustDoc(t, cl.get(plain.Header().Get("Location"))).Find(`[data-testid=flash]`).Text(); strings.Contains(flash, "Note") {
		t.Errorf("the default settings drew a note: %q", flash)
	}
	rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"model": {"redis"}, "token_source": {"none"}, "check_fencing": {"1"}, "ttl_ms": {"10000"}, "heartbeat_ms": {"15000"}}))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status %d, want 303: the form must accept these settings", rec.Code)
	}
	flash := strings.Join(strings.Fields(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=flash]`).Text()), " ")
	for _, w := range []string{"redis grants carry none here", "refuse every write", "longer than the TTL", "lapse between renewals"} {
		if !strings.Contains(flash, w) {
			t.Errorf("the new timeline's notice = %q, want it to say %q", flash, w)
		}
	}
}

// QA-33 run 3 #5: a heartbeat equal to the TTL lets the lease lapse too
// (the renewal is due at the moment it runs out): the timeline's notice
// says so, as it does for a longer one.
func TestBlankHeartbeatEqualToTTLIsNoted(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"model": {"redis"}, "ttl_ms": {"2000"}, "heartbeat_ms": {"2000"}}))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status %d, want 303: the form must accept these settings", rec.Code)
	}
	flash := strings.Join(strings.Fields(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=flash]`).Text()), " ")
	for _, w := range []string{"as long as the TTL", "lapse between renewals"} {
		if !strings.Contains(flash, w) {
			t.Errorf("the new timeline's notice = %q, want it to say %q", flash, w)
		}
	}
}
