package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// refusedInput asserts that rec shows a form again after refusing its
// input id (QA-32 #3): a 422 page whose input is marked aria-invalid,
// described by its error message and focused, and returns the message.
func refusedInput(tb testing.TB, rec *httptest.ResponseRecorder, id string) string {
	tb.Helper()
	if rec.Code != http.StatusUnprocessableEntity {
		tb.Fatalf("status = %d (Location %q), want 422 with the form shown again", rec.Code, rec.Header().Get("Location"))
	}
	doc := mustDoc(tb, rec)
	in := doc.Find(`#` + id)
	if in.Length() != 1 {
		tb.Fatalf("no input #%s on the page shown again", id)
	}
	if got := in.AttrOr("aria-invalid", ""); got != "true" {
		tb.Fatalf("#%s aria-invalid = %q, want true", id, got)
	}
	if got := in.AttrOr("aria-describedby", ""); got != "error-"+id {
		tb.Fatalf("#%s aria-describedby = %q, want error-%s", id, got, id)
	}
	if _, ok := in.Attr("autofocus"); !ok {
		tb.Fatalf("#%s does not take the focus", id)
	}
	if n := doc.Find(`[autofocus]`).Length(); n != 1 {
		tb.Fatalf("%d elements autofocus, want 1", n)
	}
	msg := strings.Join(strings.Fields(doc.Find(`#error-`+id).Text()), " ")
	if msg == "" {
		tb.Fatalf("#error-%s is missing or empty", id)
	}
	return msg
}

// blankTimeline starts a blank timeline (redis, clients A and B) for cl
// and returns its path.
func blankTimeline(t *testing.T, cl *client) string {
	t.Helper()
	rec := cl.postForm("/sandbox", blankForm(t, cl, nil))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start blank: status %d, want 303", rec.Code)
	}
	return rec.Header().Get("Location")
}

// QA-32 #3: an action refused for one of its values shows the page again
// with that value kept in its field, marked invalid, described by the
// message and focused, and the form still posts its CSRF token.
func TestRefusedActionKeepsWhatWasTyped(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := blankTimeline(t, cl)
	before := eventKinds(t, cl, path)
	tests := []struct {
		name, input, typed, want string
		form                     url.Values
	}{
		{"negative pause", "pause-A", "-5", "pause: -5 s is out of range", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"-5"}}},
		{"pause past ten minutes", "pause-A", "601", "pause: 601 s is out of range", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"601"}}},
		{"pause NaN", "pause-A", "NaN", "pause: \"NaN\" is not a number", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"NaN"}}},
		{"pause 1e309", "pause-A", "1e309", "pause: \"1e309\" is not a number", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"1e309"}}},
		{"value too long", "value-A", strings.Repeat("v", 65), "value: at most 64 bytes", url.Values{"op": {"write"}, "client": {"A"}, "value": {strings.Repeat("v", 65)}}},
		{"negative delay", "delay-A", "-1", "delay: -1 ms is out of range", url.Values{"op": {"delay"}, "client": {"A"}, "delay_ms": {"-1"}}},
		{"huge delay", "delay-A", "99999999999999", "ms is out of range: it must be from 1 to", url.Values{"op": {"delay"}, "client": {"A"}, "delay_ms": {"99999999999999"}}},
		{"negative clock jump", "jump-ms", "-100", "clock jump: -100 ms is out of range", url.Values{"op": {"clock_jump"}, "node": {"1"}, "jump_ms": {"-100"}}},
		{"negative advance", "advance-s", "-1", "advance by: -1 s is out of range", url.Values{"op": {"advance"}, "advance_s": {"-1"}}},
		{"huge advance", "advance-s", "1e9", "advance by: 1e9 s is out of range", url.Values{"op": {"advance"}, "advance_s": {"1e9"}}},
		{"advance under a millisecond", "advance-s", "0.0001", "advance by: 0.0001 s is out of range", url.Values{"op": {"advance"}, "advance_s": {"0.0001"}}},
		{"negative restart", "restart-ms", "-4", "restart, down for: -4 ms is out of range", url.Values{"op": {"restart"}, "fault_node": {"1"}, "restart_ms": {"-4"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := act(t, cl, path, tt.form)
			body := rec.Body.String()
			if msg := refusedInput(t, rec, tt.input); !strings.Contains(msg, tt.want) || !strings.Contains(msg, "Nothing was changed") {
				t.Fatalf("message = %q, want it to contain %q", msg, tt.want)
			}
			doc := mustDoc(t, httptestBody(body))
			in := doc.Find("#" + tt.input)
			if got := in.AttrOr("value", ""); got != tt.typed {
				t.Fatalf("#%s value = %q, want what was typed, %q", tt.input, got, tt.typed)
			}
			if got := in.Closest("form").Find(`input[name=_csrf]`).AttrOr("value", ""); got == "" {
				t.Fatalf("the form shown again has no CSRF token")
			}
			if got := eventKinds(t, cl, path); len(got) != len(before) {
				t.Fatalf("a refused action changed the timeline: %d events, want %d", len(got), len(before))
			}
		})
	}
}

func httptestBody(body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	rec.Body.WriteString(body)
	return rec
}

// QA-32 #3: a refused title stays in the rename field, marked.
func TestRefusedRenameKeepsTheTypedTitle(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := blankTimeline(t, cl)
	long := strings.Repeat("t", 121)
	rec := cl.postForm(path+"/rename", url.Values{"_csrf": {csrfFrom(t, cl.get(path))}, "title": {long}})
	body := rec.Body.String()
	if msg := refusedInput(t, rec, "timeline-title"); !strings.Contains(msg, "Title: at most 120 characters (this one has 121)") {
		t.Fatalf("message = %q", msg)
	}
	if got := mustDoc(t, httptestBody(body)).Find("#timeline-title").AttrOr("value", ""); got != long {
		t.Fatalf("title field = %q, want the 121 characters typed", got)
	}
}

// QA-32 #3: a refused interview date stays in the field, marked, on the
// page the form was on.
func TestRefusedInterviewDateKeepsWhatWasTyped(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, back := range []string{"/progress", "/review"} {
		for _, bad := range []string{"2020-01-01", "garbage", "2026-02-30"} {
			rec := cl.postForm("/plan", url.Values{"_csrf": {csrfFrom(t, cl.get(back))}, "interview_date": {bad}, "back": {back}})
			body := rec.Body.String()
			if msg := refusedInput(t, rec, "interview_date"); !strings.HasPrefix(msg, "Interview date: ") {
				t.Fatalf("%s %q: message = %q, want it to name the field", back, bad, msg)
			}
			doc := mustDoc(t, httptestBody(body))
			if got := doc.Find("#interview_date").AttrOr("value", ""); got != bad {
				t.Fatalf("%s %q: field = %q, want what was typed", back, bad, got)
			}
			if doc.Find(`[data-testid=plan-form] input[name=back]`).AttrOr("value", "") != back {
				t.Fatalf("%s %q: the form shown again does not return to %s", back, bad, back)
			}
		}
	}
}

// settingsFormOf is the timeline page's settings form as the page fills
// it: its inputs (ticked boxes only) and selects.
func settingsFormOf(t *testing.T, cl *client, path string) url.Values {
	t.Helper()
	f := mustDoc(t, cl.get(path)).Find(`[data-testid=settings-form]`)
	vals := url.Values{}
	f.Find("input").Each(func(_ int, in *goquery.Selection) {
		if _, checked := in.Attr("checked"); in.AttrOr("type", "") == "checkbox" && !checked {
			return
		}
		vals.Set(in.AttrOr("name", ""), in.AttrOr("value", ""))
	})
	f.Find("select").Each(func(_ int, s *goquery.Selection) {
		opt := s.Find(`option[selected]`)
		if opt.Length() == 0 {
			opt = s.Find(`option`).First()
		}
		vals.Set(s.AttrOr("name", ""), opt.AttrOr("value", ""))
	})
	return vals
}

// QA-32 #8: the settings form reports every invalid setting at once, each
// marked, and keeps them all as typed; a retry delay changed while no
// acquire is retried forks nothing and says why.
func TestSettingsReportEveryInvalidFieldAtOnce(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	path := blankTimeline(t, cl)
	form := settingsFormOf(t, cl, path)
	form.Set("ttl_ms", "-1")
	form.Set("lag_ms", "-5")
	rec := cl.postForm(path+"/settings", form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422", rec.Code)
	}
	doc := mustDoc(t, rec)
	for id, want := range map[string]string{"set-ttl": "TTL: -1 ms is out of range", "set-lag": "replica lag: -5 ms is out of range"} {
		in := doc.Find("#" + id)
		if in.AttrOr("aria-invalid", "") != "true" || in.AttrOr("aria-describedby", "") != "error-"+id {
			t.Errorf("#%s is not marked invalid and described by its message", id)
		}
		if got := doc.Find("#error-" + id).Text(); !strings.Contains(got, want) {
			t.Errorf("#error-%s = %q, want %q", id, got, want)
		}
		if summary := doc.Find(`[data-testid=settings-error]`).Text(); !strings.Contains(summary, want) {
			t.Errorf("summary = %q, want it to list %q", summary, want)
		}
	}
	if got := doc.Find(`[data-testid=settings-error]`).Text(); strings.Contains(got, "correct this one") {
		t.Errorf("summary = %q: two settings are wrong, not one", got)
	}
	if doc.Find("#set-ttl").AttrOr("value", "") != "-1" || doc.Find("#set-lag").AttrOr("value", "") != "-5" {
		t.Errorf("the settings shown again are not as typed")
	}
	if _, ok := doc.Find("#set-ttl").Attr("autofocus"); !ok || doc.Find(`[autofocus]`).Length() != 1 {
		t.Errorf("the first invalid setting, TTL, does not take the focus alone")
	}

	ctx := context.Background()
	learner := cl.cookies["lockdrill_learner"].Value
	mine, err := st.Timelines(ctx, learner, 100)
	if err != nil {
		t.Fatal(err)
	}
	form = settingsFormOf(t, cl, path)
	form.Set("retries", "0")
	form.Set("retry_delay_ms", "500")
	rec = cl.postForm(path+"/settings", form)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != path {
		t.Fatalf("retry delay with no retries: status %d to %q, want 303 back to %s", rec.Code, rec.Header().Get("Location"), path)
	}
	if got := flashText(t, cl, rec); !strings.Contains(got, "Nothing changed, so nothing was forked: with 0 retries") {
		t.Fatalf("notice = %q, want it to say that nothing changed and why", got)
	}
	if after, _ := st.Timelines(ctx, learner, 100); len(after) != len(mine) {
		t.Fatalf("%d timelines after, want %d: a fork that changes nothing was made", len(after), len(mine))
	}
}

// QA-32 #6: refusals name the controls as the page labels them, never the
// scenario's internal path.
func TestRefusalsNameTheControls(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := blankTimeline(t, cl)
	msg := refusedInput(t, act(t, cl, path, url.Values{"op": {"partition"}, "cut_client": {"A"}, "cut_nodes": {"5"}}), "cut-nodes")
	if !strings.Contains(msg, "cut off … from") || strings.Contains(msg, "actions[") {
		t.Fatalf("partition of node 5: %q, want the \"cut off … from\" boxes named", msg)
	}
	act(t, cl, path, url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"2"}})
	action, form := formOf(t, cl, path, `[data-testid=action-item]:nth-child(1) form`)
	form.Set("op", "explode")
	rec := cl.postForm(action, form)
	if got := flashText(t, cl, rec); !strings.Contains(got, "save or remove") || strings.Contains(got, "or move") {
		t.Fatalf("unknown edit: %q, want the save and remove buttons named", got)
	}
}
