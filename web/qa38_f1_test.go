package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// contestFollowUpDedupe contests, from the scorecard of an ended outbox
// round, that the follow-up made consumer-dedupe for the main answer.
func contestFollowUpDedupe(t *testing.T, cl *client, roundURL string) {
	t.Helper()
	card := roundURL + "/scorecard"
	form := mustDoc(t, cl.get(card)).Find(`[data-testid=scored-question] li[data-point=consumer-dedupe] form[data-testid=contest-form]`).First()
	action, _ := form.Attr("action")
	was, _ := form.Find(`input[name=was]`).Attr("value")
	tok := csrfFromBody(t, cl.get(card).Body.String())
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"consumer-dedupe"}, "was": {was}, "back": {"scorecard"}, "reason": {"my follow-up never said that"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d: %.300s", r.Code, r.Body.String())
	}
}

// TestFollowUpCardSaysItsPointWasCorrected: once the learner has said
// their follow-up did not make consumer-dedupe for the main answer, the
// follow-up's own card (on the scorecard, its turn page and in
// scorecard.md) says beside its tick for the same words that the learner
// corrected it, so the page no longer says "made" there and "not made" on
// the main answer with nothing between them (QA-38 F1 #3). Before the
// correction, and after it is undone, the tick stands alone.
func TestFollowUpCardSaysItsPointWasCorrected(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := outboxCoachedRound(t, env, me)
	answerOutboxFollowUp(t, env, me, roundURL, true)
	corrected := func(doc *goquery.Document, sel string) *goquery.Selection {
		return doc.Find(sel + ` li[data-testid=point-hit] [data-testid=contested-on-main]`)
	}
	if n := corrected(mustDoc(t, me.get(roundURL+"/scorecard")), `[data-testid=scored-followup]`).Length(); n != 0 {
		t.Fatalf("before any correction the follow-up's card marks %d points corrected", n)
	}
	contestFollowUpDedupe(t, me, roundURL)

	card := mustDoc(t, me.get(roundURL+"/scorecard"))
	fu := card.Find(`[data-testid=scored-followup]`)
	mark := corrected(card, `[data-testid=scored-followup]`)
	if mark.Length() != 1 {
		t.Fatalf("the follow-up's card marks %d ticks as corrected, want the one for the unique index: %s", mark.Length(), strings.Join(strings.Fields(fu.Text()), " "))
	}
	li := mark.Closest("li")
	if q := li.Find("q").Text(); !strings.Contains(q, "unique") {
		t.Errorf("the corrected tick quotes %q, want the words about the unique index", q)
	}
	if text := strings.Join(strings.Fields(li.Text()), " "); !strings.Contains(text, "your correction") || !strings.Contains(text, "Consumers deduplicate on the message id") {
		t.Errorf("the corrected tick says %q; want that it is your correction, naming the main answer's point", text)
	}
	turn := mustDoc(t, me.get(roundURL+"/turns/1"))
	if n := turn.Find(`li[data-testid=point-hit] [data-testid=contested-on-main]`).Length(); n != 1 {
		t.Errorf("the follow-up's turn page marks %d ticks as corrected, want 1", n)
	}
	md := me.get(roundURL + "/scorecard.md").Body.String()
	found := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "- [x] ") && strings.Contains(l, "unique") && strings.Contains(l, "your correction: not made") {
			found = true
		}
	}
	if !found {
		t.Errorf("scorecard.md does not say beside the follow-up's tick that you corrected it:\n%.4000s", md)
	}

	// Undone, the tick stands alone again.
	contestFollowUpDedupe(t, me, roundURL)
	if n := corrected(mustDoc(t, me.get(roundURL+"/scorecard")), `[data-testid=scored-followup]`).Length(); n != 0 {
		t.Errorf("after the correction is undone the follow-up's card still marks %d ticks corrected", n)
	}
}

// TestFeedbackNamesTheMissedCorePoints: the practice feedback of a failing
// answer says in its verdict which core points it missed, each as
// "Missed core point: …", and what a fuller answer would add; a passing
// answer that misses breadth points says what a fuller answer would add,
// and names no core point (QA-38 F1 #1: the verdict said "misses 3" and
// named none).
func TestFeedbackNamesTheMissedCorePoints(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, tc := range []struct {
		name, answer string
		pass         bool
	}{
		{"failing", "A fencing token is a number the lock service hands out. It is useful when a client holds a lock.", false},
		{"passing with gaps", partialFencing, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, doc := cl.answerOK("fencing-token", url.Values{"answer": {tc.answer}})
			if passed := doc.Find(`[data-testid=score-card].pass`).Length() == 1; passed != tc.pass {
				t.Fatalf("passed = %v, want %v", passed, tc.pass)
			}
			var items []string
			doc.Find(`[data-testid=score-card] [data-testid=missing] li`).Each(func(_ int, s *goquery.Selection) {
				items = append(items, strings.Join(strings.Fields(s.Text()), " "))
			})
			said := strings.Join(items, "\n")
			core, breadth := 0, 0
			doc.Find(`[data-testid=points-missed] li[data-testid=point-missed]`).Each(func(_ int, li *goquery.Selection) {
				label := strings.TrimSpace(li.Find("strong").First().Text())
				want := "A fuller answer would add: " + label
				if li.Find(`[data-testid=core-point]`).Length() > 0 {
					want = "Missed core point: " + label
					core++
				} else {
					breadth++
				}
				if !strings.Contains(said, want) {
					t.Errorf("the verdict does not say %q; it says:\n%s", want, said)
				}
			})
			if tc.pass && (core != 0 || breadth == 0) || !tc.pass && core == 0 {
				t.Fatalf("%d core and %d breadth points missed: the case shows nothing", core, breadth)
			}
		})
	}
}

// TestFeedbackQuotesTheSentenceThatMadeEachPoint: on fencing-token, the
// feedback page quotes under "token sent with every write" words of the
// sentence that sends it, and under the resource's rejection words of the
// rejection sentence, in either order (QA-38 F1 #4; "lockdrill grade"
// quotes the same words, TestGradeQuotesTheSentenceThatMadeEachPoint).
func TestFeedbackQuotesTheSentenceThatMadeEachPoint(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	const (
		sends   = "The client sends its token along with every write."
		rejects = "The storage rejects any write with a lower token."
	)
	for _, answer := range []string{
		"A fencing token is a number from the lock service that goes up with every grant. " + sends + " " + rejects,
		rejects + " " + sends + " A fencing token is a number from the lock service that goes up with every grant.",
	} {
		_, doc := cl.answerOK("fencing-token", url.Values{"answer": {answer}})
		for id, sentence := range map[string]string{"sent-with-write": sends, "resource-rejects": rejects} {
			q := strings.TrimSpace(doc.Find(`li[data-testid=point-hit][data-point=` + id + `] q`).First().Text())
			if q == "" || !strings.Contains(sentence, q) {
				t.Errorf("%q:\n%s quotes %q, want words of %q", answer, id, q, sentence)
			}
		}
	}
}

// TestFeedbackNamesItsControlsForAScreenReader walks the practice
// feedback of a failing answer, a passing concise one and a keyword list
// as a keyboard and screen-reader user meets it (QA-38 F1 #5):
//   - the title, said first when the page opens after the answer is sent,
//     starts with the verdict and the score;
//   - the verdict heading, reached by heading navigation, holds the score,
//     and its ✓ or ✗ is not read out as a symbol;
//   - every contest control (its disclosure, its reason field and its
//     button), reached by Tab or from a list of controls, names the point
//     or flag it is for, so no two of them sound the same (each said only
//     "Contest", "Why (optional, one line)", "I made this point");
//   - the headings go down one level at a time.
func TestFeedbackNamesItsControlsForAScreenReader(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, tc := range []struct{ name, answer, verdict string }{
		{"failing", "A fencing token is a number the lock service hands out. It is useful when a client holds a lock.", "Not yet a pass"},
		{"passing concise", partialFencing, "A pass"},
		{"keyword list", "fencing token, monotonic counter, storage rejects stale, GC pause, etcd revision, lease", "Not yet a pass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, doc := cl.answerOK("fencing-token", url.Values{"answer": {tc.answer}})
			score := strings.TrimSpace(doc.Find(`[data-testid=score]`).Text())
			if title := doc.Find("title").Text(); !strings.HasPrefix(title, tc.verdict+", "+score) {
				t.Errorf("title %q, want it to start with %q", title, tc.verdict+", "+score)
			}
			h := doc.Find(`h2[data-testid=verdict]`)
			if !strings.Contains(h.Find(`[data-testid=verdict-score]`).Text(), score) {
				t.Errorf("the verdict heading %q does not hold the score %s", spaced(h.Text()), score)
			}
			if glyph := h.Find(`[aria-hidden=true]`).Text(); glyph != "✓" && glyph != "✗" {
				t.Errorf("the verdict heading's mark is read out: %q", spaced(h.Text()))
			}

			seen := map[string]bool{}
			contests := doc.Find(`[data-testid=contest]`)
			if contests.Length() < 4 {
				t.Fatalf("%d contest controls; the page should have one per point", contests.Length())
			}
			contests.Each(func(_ int, d *goquery.Selection) {
				item := d.Closest("li")
				label := strings.TrimSpace(item.Find("strong").First().Text())
				for _, name := range []string{
					spaced(d.Find("summary").Text()),
					spaced(d.Find("label").Text()),
					spaced(d.Find("button").Text()),
				} {
					if !strings.Contains(name, label) {
						t.Errorf("the control %q does not name its item %q", name, label)
					}
					if seen[name] {
						t.Errorf("two controls sound the same: %q", name)
					}
					seen[name] = true
				}
			})

			last := 0
			doc.Find("main h1, main h2, main h3, main h4").Each(func(_ int, s *goquery.Selection) {
				level := int(goquery.NodeName(s)[1] - '0')
				if level > last+1 {
					t.Errorf("heading %q (h%d) comes after an h%d", spaced(s.Text()), level, last)
				}
				last = level
			})
		})
	}
}

func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }
