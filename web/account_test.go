package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web"
)

// practised makes cl a learner with one rated answer to the first single
// choice question, and returns that question.
func practised(t *testing.T, cl *client) *quiz.Question {
	t.Helper()
	q := mustBank(t).ByKind(quiz.KindSingle)[0]
	right, _ := objectiveForms(q)
	loc, _ := cl.answerOK(q.ID, right)
	if rec := cl.rate(loc, "Good", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("rate = %d", rec.Code)
	}
	return q
}

// lastScore is what /practice shows as the learner's last score at q.
func lastScore(t *testing.T, cl *client, q string) string {
	t.Helper()
	return strings.TrimSpace(rowFor(mustDoc(t, cl.get("/practice")), q).Find(`[data-testid=last-score]`).Text())
}

// issueCode asks for a transfer code on cl's /account page.
func issueCode(t *testing.T, cl *client) string {
	t.Helper()
	rec := cl.postForm("/account/transfer", url.Values{"_csrf": {csrfFrom(t, cl.get("/account"))}})
	if rec.Code != http.StatusOK {
		t.Fatalf("POST /account/transfer = %d; body %.300s", rec.Code, rec.Body.String())
	}
	code := strings.TrimSpace(mustDoc(t, rec).Find(`[data-testid=transfer-code]`).Text())
	if len(code) != 14 {
		t.Fatalf("transfer code = %q, want XXXX-XXXX-XXXX", code)
	}
	return code
}

func redeem(t *testing.T, cl *client, code string) *httptest.ResponseRecorder {
	t.Helper()
	return cl.postForm("/account/transfer/redeem", url.Values{"_csrf": {csrfFrom(t, cl.get("/account"))}, "code": {code}})
}

func TestTransferCodeMovesProgressToAnotherBrowser(t *testing.T) {
	srv, _, clk := newClockServer(t)
	laptop, phone, stranger := newClient(t, srv), newClient(t, srv), newClient(t, srv)
	q := practised(t, laptop)
	want := lastScore(t, laptop, q.ID)
	if want == "" || want == "—" {
		t.Fatalf("laptop's last score is %q: the test needs one to carry over", want)
	}
	// The stranger has progress of their own at another question, which
	// must not move anywhere.
	sq := mustBank(t).ByKind(quiz.KindSingle)[1]
	_, wrong := objectiveForms(sq)
	stranger.answerOK(sq.ID, wrong)
	strangerScore := lastScore(t, stranger, sq.ID)

	if got := lastScore(t, phone, q.ID); got == want {
		t.Fatalf("the phone shows the laptop's score %q before any transfer", got)
	}
	code := issueCode(t, laptop)
	rec := redeem(t, phone, strings.ToLower(code))
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/progress" {
		t.Fatalf("redeem = %d to %q; body %.300s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
	}
	if phone.cookies["lockdrill_learner"].Value != laptop.cookies["lockdrill_learner"].Value {
		t.Fatalf("the phone did not become the laptop's learner")
	}
	if flash := mustDoc(t, phone.get("/progress")).Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "this browser now has your progress") {
		t.Errorf("flash after redeem = %q", flash)
	}
	if got := lastScore(t, phone, q.ID); got != want {
		t.Errorf("phone's last score at %s = %q, want the laptop's %q", q.ID, got, want)
	}
	if got := lastScore(t, phone, sq.ID); got == strangerScore {
		t.Errorf("the phone shows the stranger's score at %s", sq.ID)
	}
	if got := lastScore(t, stranger, sq.ID); got != strangerScore {
		t.Errorf("stranger's score = %q after someone else's transfer, want %q", got, strangerScore)
	}
	if got := lastScore(t, stranger, q.ID); got == want {
		t.Errorf("the stranger got the laptop's score")
	}

	t.Run("a used code does nothing", func(t *testing.T) {
		other := newClient(t, srv)
		rec := redeem(t, other, code)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("second use = %d, want 422", rec.Code)
		}
		if msg := mustDoc(t, rec).Find(`[data-testid=redeem-error]`).Text(); !strings.Contains(msg, "does not work") {
			t.Errorf("error = %q", msg)
		}
		if _, ok := other.cookies["lockdrill_learner"]; ok {
			t.Errorf("a used code gave the browser a learner cookie")
		}
		if got := lastScore(t, other, q.ID); got == want {
			t.Errorf("a used code still moved the progress")
		}
	})
	t.Run("an expired code does nothing", func(t *testing.T) {
		code := issueCode(t, laptop)
		clk.advance(store.TransferCodeTTL + time.Second)
		other := newClient(t, srv)
		if rec := redeem(t, other, code); rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("expired code = %d, want 422", rec.Code)
		}
		if _, ok := other.cookies["lockdrill_learner"]; ok {
			t.Errorf("an expired code gave the browser a learner cookie")
		}
	})
	t.Run("a malformed code names the field", func(t *testing.T) {
		other := newClient(t, srv)
		rec := redeem(t, other, "ABCD-0000")
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("malformed code = %d, want 422", rec.Code)
		}
		if msg := mustDoc(t, rec).Find(`[data-testid=redeem-error]`).Text(); !strings.HasPrefix(msg, "Code: ") {
			t.Errorf("error = %q, want it to name the Code field", msg)
		}
		if v, _ := mustDoc(t, rec).Find(`input[name=code]`).Attr("value"); v != "ABCD-0000" {
			t.Errorf("typed code not kept in the form: %q", v)
		}
	})
	t.Run("without the CSRF token nothing happens", func(t *testing.T) {
		code := issueCode(t, laptop)
		other := newClient(t, srv)
		other.get("/account")
		if rec := other.postForm("/account/transfer/redeem", url.Values{"code": {code}}); rec.Code != http.StatusForbidden {
			t.Fatalf("redeem without token = %d, want 403", rec.Code)
		}
		if rec := redeem(t, other, code); rec.Code != http.StatusSeeOther {
			t.Fatalf("the code was spent by the refused request: redeem = %d", rec.Code)
		}
	})
}

func TestTransferMergesTheReceivingBrowsersOwnProgress(t *testing.T) {
	srv, _ := newTestServer(t)
	laptop, phone := newClient(t, srv), newClient(t, srv)
	q := practised(t, laptop)
	pq := mustBank(t).ByKind(quiz.KindSingle)[1]
	right, _ := objectiveForms(pq)
	phone.answerOK(pq.ID, right)
	phoneScore := lastScore(t, phone, pq.ID)
	code := issueCode(t, laptop)
	// The phone has progress of its own: it is asked first, and the code
	// is not spent by asking.
	rec := redeem(t, phone, code)
	if rec.Code != http.StatusOK || mustDoc(t, rec).Find(`[data-testid=merge-confirm]`).Length() != 1 {
		t.Fatalf("redeem on a browser with progress = %d without asking to merge", rec.Code)
	}
	if phone.cookies["lockdrill_learner"].Value == laptop.cookies["lockdrill_learner"].Value {
		t.Fatalf("the phone moved before confirming")
	}
	rec = phone.postForm("/account/transfer/redeem", url.Values{"_csrf": {csrfFrom(t, phone.get("/account"))}, "code": {code}, "merge": {"yes"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("confirmed redeem = %d", rec.Code)
	}
	// Both browsers now see both answers.
	for name, cl := range map[string]*client{"laptop": laptop, "phone": phone} {
		if got := lastScore(t, cl, pq.ID); got != phoneScore {
			t.Errorf("%s: score at the phone's question = %q, want %q", name, got, phoneScore)
		}
		if got := lastScore(t, cl, q.ID); got == "" || got == "—" {
			t.Errorf("%s: lost the laptop's score at %s", name, q.ID)
		}
	}
}

func TestTransferRedeemIsRateLimited(t *testing.T) {
	srv, _ := newTestServer(t, func(c *web.Config) { c.WriteBurst = 1000; c.WriteRate = 1000 })
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/account"))
	var last int
	for i := 0; i < 11; i++ {
		last = cl.postForm("/account/transfer/redeem", url.Values{"_csrf": {token}, "code": {"ABCD-EFGH-JKLM"}}).Code
		if i < 10 && last != http.StatusUnprocessableEntity {
			t.Fatalf("guess %d = %d, want 422", i+1, last)
		}
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("guess 11 = %d, want 429", last)
	}
}

// postFile posts an import file as a multipart upload.
func postFile(t *testing.T, cl *client, data []byte) *httptest.ResponseRecorder {
	t.Helper()
	token := csrfFrom(t, cl.get("/account"))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	fw, _ := w.CreateFormFile("file", "lockdrill.json")
	fw.Write(data)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/account/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return cl.do(req)
}

func exportOf(t *testing.T, cl *client) (map[string]any, []byte) {
	t.Helper()
	rec := cl.get("/account/export.json")
	if rec.Code != http.StatusOK {
		t.Fatalf("export = %d", rec.Code)
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") {
		t.Errorf("Content-Disposition = %q, want an attachment", cd)
	}
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("export is not JSON: %v", err)
	}
	return m, rec.Body.Bytes()
}

func TestExportAndImportThroughTheRouter(t *testing.T) {
	srv, _ := newTestServer(t)
	me, stranger, newBrowser := newClient(t, srv), newClient(t, srv), newClient(t, srv)
	q := practised(t, me)
	want := lastScore(t, me, q.ID)
	sq := mustBank(t).ByKind(quiz.KindSingle)[1]
	_, wrong := objectiveForms(sq)
	stranger.answerOK(sq.ID, wrong)

	m, raw := exportOf(t, me)
	if n := len(m["attempts"].([]any)); n != 1 {
		t.Fatalf("export has %d attempts, want 1 (only mine)", n)
	}
	if n := len(m["cards"].([]any)); n != 1 {
		t.Fatalf("export has %d cards, want 1", n)
	}
	if bytes.Contains(raw, []byte(me.cookies["lockdrill_learner"].Value)) {
		t.Fatalf("the export contains the learner id")
	}
	if bytes.Contains(raw, []byte(sq.ID)) {
		t.Fatalf("my export contains the stranger's question %s", sq.ID)
	}

	t.Run("a bad file changes nothing and names the field", func(t *testing.T) {
		var bad map[string]any
		json.Unmarshal(raw, &bad)
		bad["attempts"].([]any)[0].(map[string]any)["rating"] = 9
		bad["cards"].([]any)[0].(map[string]any)["question"] = "no-such-question"
		data, _ := json.Marshal(bad)
		rec := postFile(t, newBrowser, data)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("bad import = %d, want 422", rec.Code)
		}
		doc := mustDoc(t, rec)
		var fields []string
		doc.Find(`[data-testid=import-problem] code`).Each(func(_ int, s *goquery.Selection) { fields = append(fields, s.Text()) })
		if strings.Join(fields, ",") != "attempts[0].rating,cards[0].question" {
			t.Errorf("problem fields = %v, want attempts[0].rating and cards[0].question", fields)
		}
		if _, ok := newBrowser.cookies["lockdrill_learner"]; ok {
			t.Errorf("a refused import created a learner")
		}
		if got := lastScore(t, newBrowser, q.ID); got == want {
			t.Errorf("a refused import still imported")
		}
		rec = postFile(t, newBrowser, []byte("{\"format\": \"lockdrill-export\",\n\"version\": 1,,}"))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(mustDoc(t, rec).Find(`[data-testid=import-error]`).Text(), "line 2") {
			t.Errorf("broken JSON = %d, %q; want 422 placing the error", rec.Code, mustDoc(t, rec).Find(`[data-testid=import-error]`).Text())
		}
	})

	rec := postFile(t, newBrowser, raw)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account" {
		t.Fatalf("import = %d to %q; body %.400s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
	}
	if flash := mustDoc(t, newBrowser.get("/account")).Find(`[data-testid=flash]`).Text(); flash != "Imported 1 answer and 1 review card. Every answer was re-graded by grader "+quiz.GraderGeneration()+", its text kept; the file's scores were not used." {
		t.Errorf("flash = %q", flash)
	}
	if got := lastScore(t, newBrowser, q.ID); got != want {
		t.Errorf("imported last score = %q, want %q", got, want)
	}
	if newBrowser.cookies["lockdrill_learner"].Value == me.cookies["lockdrill_learner"].Value {
		t.Errorf("import made the browser the exporting learner; it should only copy data")
	}
	again, _ := exportOf(t, newBrowser)
	delete(again, "exported_at")
	delete(m, "exported_at")
	a, _ := json.Marshal(again)
	b, _ := json.Marshal(m)
	if !bytes.Equal(a, b) {
		t.Errorf("export after import differs:\n got %s\nwant %s", a, b)
	}
	// The same file again adds nothing.
	postFile(t, newBrowser, raw)
	if flash := mustDoc(t, newBrowser.get("/account")).Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "Nothing new to import") {
		t.Errorf("second import flash = %q, want nothing added", flash)
	}

	t.Run("the compressed export imports the same", func(t *testing.T) {
		rec := me.get("/account/export.json.gz")
		if rec.Code != http.StatusOK || !strings.HasSuffix(rec.Header().Get("Content-Disposition"), `.json.gz"`) {
			t.Fatalf("compressed export = %d, %q", rec.Code, rec.Header().Get("Content-Disposition"))
		}
		gz := rec.Body.Bytes()
		if len(gz) >= len(raw) || gz[0] != 0x1f || gz[1] != 0x8b {
			t.Fatalf("compressed export is %d bytes against %d plain, or not gzip", len(gz), len(raw))
		}
		other := newClient(t, srv)
		if rec := postFile(t, other, gz); rec.Code != http.StatusSeeOther {
			t.Fatalf("import of the .gz = %d; body %.300s", rec.Code, rec.Body.String())
		}
		if got := lastScore(t, other, q.ID); got != want {
			t.Errorf("score after the .gz import = %q, want %q", got, want)
		}
		rec = postFile(t, newClient(t, srv), append([]byte{0x1f, 0x8b}, []byte("not really gzip")...))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(mustDoc(t, rec).Find(`[data-testid=import-problem]`).Text(), "file") {
			t.Errorf("a broken .gz = %d, want 422 naming the file", rec.Code)
		}
	})
	t.Run("a visitor's export is empty", func(t *testing.T) {
		m, _ := exportOf(t, newClient(t, srv))
		if n := len(m["attempts"].([]any)); n != 0 {
			t.Fatalf("visitor export has %d attempts", n)
		}
	})
}

func TestDeleteEverythingAboutMe(t *testing.T) {
	srv, st := newTestServer(t)
	me, stranger := newClient(t, srv), newClient(t, srv)
	q := practised(t, me)
	practised(t, stranger)
	strangerScore := lastScore(t, stranger, q.ID)
	id := me.cookies["lockdrill_learner"].Value
	oldCookie := *me.cookies["lockdrill_learner"]

	rec := me.postForm("/account/delete", url.Values{"_csrf": {csrfFrom(t, me.get("/account"))}, "confirm": {"yes"}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("delete without the word = %d, want 422", rec.Code)
	}
	if ok, _ := st.LearnerExists(context.Background(), id); !ok {
		t.Fatalf("an unconfirmed delete deleted")
	}
	rec = me.postForm("/account/delete", url.Values{"_csrf": {csrfFrom(t, me.get("/account"))}, "confirm": {" Delete "}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" {
		t.Fatalf("delete = %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	if _, ok := me.cookies["lockdrill_learner"]; ok {
		t.Errorf("the learner cookie was not cleared")
	}
	if ok, _ := st.LearnerExists(context.Background(), id); ok {
		t.Errorf("the learner still exists")
	}
	e, err := st.ExportLearner(context.Background(), id, testNow)
	if err != nil || len(e.Attempts)+len(e.Cards)+len(e.Rounds)+len(e.Timelines)+len(e.Reading) != 0 {
		t.Errorf("data left after delete: %+v, %v", e, err)
	}
	// The old cookie, replayed, is nobody.
	other := newClient(t, srv)
	other.cookies["lockdrill_learner"] = &oldCookie
	if doc := mustDoc(t, other.get("/account")); doc.Find(`[data-testid=nothing-to-delete]`).Length() != 1 {
		t.Errorf("the deleted learner's cookie still names a learner")
	}
	if m, _ := exportOf(t, other); len(m["attempts"].([]any)) != 0 {
		t.Errorf("the old cookie still sees attempts")
	}
	if got := lastScore(t, stranger, q.ID); got != strangerScore {
		t.Errorf("stranger's score = %q after my delete, want %q", got, strangerScore)
	}
}
