package web_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"
)

// TestImportedPeerRoundWithoutNotesSaysNoneWereLeft: the interviewer
// joined a peer round and ended it without writing a note. Exported and
// imported into a new browser, its scorecard says the interviewer left no
// notes, not that they were deleted (QA-35 F2 #1: an imported round has no
// interviewer, and the page took that for one who deleted their data).
func TestImportedPeerRoundWithoutNotesSaysNoneWereLeft(t *testing.T) {
	env := newPeerEnv(t)
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	const none, gone = "The interviewer left no notes", "deleted"
	card := func(cl *client, link string) string {
		t.Helper()
		return strings.Join(strings.Fields(mustDoc(t, cl.get(link)).Find(`[data-testid=peer-card]`).Text()), " ")
	}
	if text := card(env.alice, env.roundURL+"/scorecard"); !strings.Contains(text, none) || strings.Contains(text, gone) {
		t.Fatalf("before the export the peer card says %q", text)
	}
	_, raw := exportOf(t, env.alice)
	fresh := newClient(t, env.srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	link, ok := mustDoc(t, fresh.get("/rounds")).Find(`a[href$="/scorecard"]`).First().Attr("href")
	if !ok {
		t.Fatal("the imported round has no scorecard link on /rounds")
	}
	if text := card(fresh, link); !strings.Contains(text, none) || strings.Contains(text, gone) {
		t.Errorf("the imported peer card says %q, want %q and nothing deleted", text, none)
	}
	md := fresh.get(link + ".md").Body.String()
	if !strings.Contains(md, none) || strings.Contains(md, gone) {
		t.Errorf("the imported scorecard's Markdown does not say %q, or says %q:\n%s", none, gone, md)
	}

	// Re-exported from the new browser and imported again, it still says
	// so: the file carries what became of the notes.
	_, again := exportOf(t, fresh)
	third := newClient(t, env.srv)
	if rec := postFile(t, third, again); rec.Code != http.StatusSeeOther {
		t.Fatalf("second import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	link, _ = mustDoc(t, third.get("/rounds")).Find(`a[href$="/scorecard"]`).First().Attr("href")
	if text := card(third, link); !strings.Contains(text, none) || strings.Contains(text, gone) {
		t.Errorf("imported twice, the peer card says %q", text)
	}

	// The interviewer who deletes their data: the candidate's card says
	// the notes were deleted, and so does the card of an import of that.
	if r := post(t, env.bob, "/account", "/account/delete", url.Values{"confirm": {"delete"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("delete: status %d", r.Code)
	}
	if text := card(env.alice, env.roundURL+"/scorecard"); !strings.Contains(text, "deleted with their data") || strings.Contains(text, none) {
		t.Errorf("after the interviewer deleted their data the peer card says %q", text)
	}
	_, raw = exportOf(t, env.alice)
	fourth := newClient(t, env.srv)
	if rec := postFile(t, fourth, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import after the delete = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	link, _ = mustDoc(t, fourth.get("/rounds")).Find(`a[href$="/scorecard"]`).First().Attr("href")
	if text := card(fourth, link); !strings.Contains(text, "deleted with their data") || strings.Contains(text, none) {
		t.Errorf("imported after the interviewer deleted their data, the peer card says %q", text)
	}
}

// TestRoundStoredTheOldWayShowsOneScore: a round ended before session 34
// stored a score that counted a follow-up never asked as 0; its scorecard
// leaves that follow-up out. The rounds list shows the scorecard's score
// and verdict, not the stored one (QA-35 F2 #2).
func TestRoundStoredTheOldWayShowsOneScore(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	// Question 1 draws follow-ups; the first is answered in part, and the
	// round ends with the next on screen and the rest never asked.
	rec, seq, q, _ := current(t, cl, roundURL)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers[q]); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	rec, seq, _, f := current(t, cl, roundURL)
	if f == "" {
		t.Fatal("the partial answer drew no follow-up")
	}
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "The key expires while the holder is frozen in its GC pause, so another client acquires the lock. When the first client wakes up it still believes it holds the lock and writes, so both clients write."); r.Code != http.StatusSeeOther {
		t.Fatalf("follow-up answer: status %d", r.Code)
	}
	// Ended before the next page is loaded, so the follow-ups still
	// queued were never shown.
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	r, err := env.st.Round(context.Background(), learnerOf(t, cl), id)
	if err != nil {
		t.Fatal(err)
	}
	// The old score: every turn counted, the never-asked follow-up as 0,
	// as Score counts the turns of a round still in progress.
	old := *r
	old.Finished = time.Time{}
	was := quiz.Score(env.cat.Questions, env.cat.FollowUps, old.QuizTurns(), r.Limit)
	now := quiz.Score(env.cat.Questions, env.cat.FollowUps, r.QuizTurns(), r.Limit)
	if views.Pct(was.Score) == views.Pct(now.Score) {
		t.Fatalf("the old way scores %v, as the new; the test needs them apart", was.Score)
	}
	db, err := sql.Open("sqlite3", "file:"+env.path+"?_txlock=immediate&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE rounds SET score = ?, verdict = ? WHERE id = ?`, was.Score, string(was.Verdict), id); err != nil {
		t.Fatal(err)
	}

	score := strings.TrimSpace(mustDoc(t, cl.get(roundURL+"/scorecard")).Find(`[data-testid=round-score]`).Text())
	row := mustDoc(t, cl.get("/rounds")).Find(`[data-testid=history-row]`).FilterFunction(func(_ int, s *goquery.Selection) bool {
		href, _ := s.Find(`a[href$="/scorecard"]`).Attr("href")
		return href == roundURL+"/scorecard"
	})
	if row.Length() != 1 {
		t.Fatalf("the round is %d times on /rounds", row.Length())
	}
	if got := strings.Join(strings.Fields(row.Text()), " "); !strings.Contains(got, score) || !strings.Contains(got, now.Verdict.Label()) {
		t.Errorf("the rounds list shows %q; its scorecard says %s, %s", got, score, now.Verdict.Label())
	}
}

// TestInterviewerMovingBrowsersKeepsTheirNotes: the interviewer of a peer
// round enters, on the browser they interviewed from, the transfer code
// of their other browser and merges the two. Their notes and scores stay
// on the candidate's scorecard, which does not say they were deleted, and
// the round is among the ones they interviewed (QA-35 F2, found with #1:
// the merge deleted the browser's learner, which blanked their notes as
// if they had deleted their data).
func TestInterviewerMovingBrowsersKeepsTheirNotes(t *testing.T) {
	env := newPeerEnv(t)
	notes := "Named the expiry race but not the fencing token."
	form := url.Values{"notes": {notes}, "score-failure-modes": {"3"}}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", form); r.Code != http.StatusSeeOther {
		t.Fatalf("notes: status %d", r.Code)
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	laptop := newClient(t, env.srv)
	learnerOf(t, laptop)
	code := issueCode(t, laptop)
	rec := env.bob.postForm("/account/transfer/redeem", url.Values{"_csrf": {csrfFrom(t, env.bob.get("/account"))}, "code": {code}, "merge": {"yes"}})
	if rec.Code != http.StatusSeeOther || env.bob.cookies["lockdrill_learner"].Value != laptop.cookies["lockdrill_learner"].Value {
		t.Fatalf("merge = %d; the interviewer's browser is not the laptop's learner", rec.Code)
	}
	text := strings.Join(strings.Fields(mustDoc(t, env.alice.get(env.roundURL+"/scorecard")).Find(`[data-testid=peer-card]`).Text()), " ")
	if !strings.Contains(text, notes) || strings.Contains(text, "deleted") {
		t.Errorf("after the interviewer merged browsers the candidate's peer card says %q", text)
	}
	if n := mustDoc(t, laptop.get("/rounds")).Find(`[data-testid=interviewed-row]`).Length(); n != 1 {
		t.Errorf("the merged learner lists %d rounds interviewed, want 1", n)
	}
}
