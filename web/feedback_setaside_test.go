package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
)

// longFencingAnswer is a long strong answer of our own to fencing-token
// (over 170 words); a sentence that names a mistake is appended to it,
// then fencingFix, which says what catches the late write.
const longFencingAnswer = "A fencing token is a number that grows by one with every grant of the lock, so whoever holds the lock later always carries a bigger number than whoever held it before. " +
	"Each write the holder sends to the protected store carries that number along with it. " +
	"The store remembers the biggest number it has accepted so far and refuses any write whose number is smaller, in the same atomic step as the write. " +
	"What this protects against is a holder that stalls: a long collector pause or a frozen virtual machine lets its lease run out, another process is granted the lock, and then the stalled one resumes believing it still owns it. " +
	"Without the number its delayed write would overwrite the newer holder's data; with it, the store sees a stale number and rejects the write. " +
	"The check has to live in the store, because only the store sees every write in the order they arrive. " +
	"A lease alone cannot give this guarantee, since no timeout can bound how long a process might be paused. "

const fencingFix = " The store turns the late write away, because its number is lower than one it has already accepted."

// TestSetAsideFlagIsNotCalledNoRedFlagFound: a long answer that names a
// mistake in its words, which the second reader sets aside, passes, but
// its feedback does not say "No red flag found" or plainly "A strong
// answer" next to a note saying the sentence has a mistake's wording: it
// says no red flag was counted, one sentence was set aside, and links to
// that sentence's note, shown once, beside the flags.
func TestSetAsideFlagIsNotCalledNoRedFlagFound(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("fencing-token", url.Values{"answer": {longFencingAnswer + "Renewal failing while the holder keeps on writing regardless is the situation the token is built for." + fencingFix}})
	if doc.Find(`[data-testid=flag]`).Length() != 0 {
		t.Fatal("the answer raised a red flag: this test is about one set aside")
	}
	notice := spaces(doc.Find(`[data-testid=no-flags]`).Text())
	if strings.Contains(notice, "No red flag found") || !strings.Contains(notice, "No red flag counted — 1 sentence") || !strings.Contains(notice, "set aside by the second reader") {
		t.Fatalf("notice = %q, want it to say no red flag was counted and one sentence was set aside", notice)
	}
	if verdict := spaces(doc.Find(`[data-testid=verdict]`).Text()); !strings.Contains(verdict, "set aside") {
		t.Errorf("verdict = %q, want it qualified by the sentence set aside", verdict)
	}
	href, _ := doc.Find(`[data-testid=set-aside-link]`).Attr("href")
	target := doc.Find(`[id="` + strings.TrimPrefix(href, "#") + `"]`)
	if !strings.HasPrefix(href, "#") || target.Length() != 1 || !strings.Contains(target.Text(), "Not counted as a red flag") {
		t.Fatalf("the notice links to %q, want the set-aside sentence's note", href)
	}
	if got := strings.Count(doc.Text(), "Not counted as a red flag"); got != 1 {
		t.Errorf("the set-aside note is on the page %d times, want once", got)
	}
}

// TestTwoMistakesInOneSentenceGetOneNote: a sentence whose words match two
// mistakes, both set aside, gets one note naming both, not two notes of a
// hundred words that differ in one phrase.
func TestTwoMistakesInOneSentenceGetOneNote(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("fencing-token", url.Values{"answer": {longFencingAnswer + "Renewal failing while the holder keeps on writing regardless, and checking ownership right before each write, is the situation the token is built for." + fencingFix}})
	items := doc.Find(`[data-testid=set-aside-item]`)
	if items.Length() != 1 {
		t.Fatalf("%d set-aside items, want one for the sentence", items.Length())
	}
	if got := strings.Count(doc.Text(), "Not counted as a red flag"); got != 1 {
		t.Fatalf("%d notes say a flag was not counted, want one", got)
	}
	note := spaces(items.Find(`[data-testid=set-aside-note]`).Text())
	if !strings.Contains(note, "two known mistakes") || !strings.Contains(note, "Keeps writing after a renewal failed") || !strings.Contains(note, "Checks the fencing token (or ownership) in the client") {
		t.Fatalf("note = %q, want it to name both mistakes", note)
	}
}

// TestReaderFlagIsSpokenOnce: the second reader's own flag covers a whole
// sentence, which holds key points of its own; a screen reader hears
// "[Red flag: …]" once, after the sentence, not once per piece the
// points cut it into, and each point is still named after its words.
func TestReaderFlagIsSpokenOnce(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("idempotency-keys", url.Values{"answer": {readerFlaggedAnswer}})
	if doc.Find(`[data-testid=flag][data-flag="`+quiz.ReaderFlagID+`"]`).Length() != 1 {
		t.Fatal("no red flag raised: this test is about the second reader's flag")
	}
	answer := doc.Find(`[data-testid=answer]`)
	pieces := answer.Find(`mark.flag`).Length()
	if pieces < 2 {
		t.Fatalf("the flagged sentence is %d highlight pieces: this test is about one cut by key points", pieces)
	}
	spoken := 0
	answer.Find(`.visually-hidden`).Each(func(_ int, s *goquery.Selection) {
		spoken += strings.Count(s.Text(), "Red flag:")
	})
	if spoken != 1 {
		t.Fatalf("a screen reader hears the red flag %d times in the answer, want once", spoken)
	}
	answer.Find(`mark`).Each(func(i int, m *goquery.Selection) {
		if m.HasClass("flag") {
			return
		}
		title, _ := m.Attr("title")
		if sr := m.Next(); !sr.HasClass("visually-hidden") || !strings.Contains(sr.Text(), title) {
			t.Errorf("point highlight %d (%q) is not followed by its point %q for screen readers", i, m.Text(), title)
		}
	})
}

// readerFlaggedAnswer asserts, in words no pattern knows, that a hash of
// the request's content makes a fine idempotency key, in one sentence
// that also makes key points.
const readerFlaggedAnswer = "Fix it server-side: hash the body of the request (customer, amount, currency, item), store that hash in Redis using SETNX with a 10-minute expiry, and when it already exists treat the request as a retry and return the previous result. No client change is needed."
