package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// QA-34 #4: the import's notice names the guide sections marked as read
// in plain words, one section in the singular, several in the plural
// (it said "20 section reads").
func TestImportNoticeSaysGuideSectionsMarkedAsRead(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	guide := mustCatalog(t).Guide
	if len(guide) < 2 {
		t.Fatalf("the guide has %d sections, want 2 or more for the plural", len(guide))
	}
	for _, tc := range []struct {
		name string
		read int
		want string
	}{
		{"one section", 1, "Imported 1 guide section marked as read."},
		{"every section", len(guide), "Imported " + strconv.Itoa(len(guide)) + " guide sections marked as read."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			me := newClient(t, srv)
			for _, sec := range guide[:tc.read] {
				if r := me.postForm("/learn/"+sec.Slug+"/read", url.Values{"_csrf": {csrfFrom(t, me.get("/learn/"+sec.Slug))}, "read": {"1"}}); r.Code != http.StatusSeeOther {
					t.Fatalf("mark %s read: status %d", sec.Slug, r.Code)
				}
			}
			_, raw := exportOf(t, me)
			fresh := newClient(t, srv)
			if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
				t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
			}
			flash := spaces(mustDoc(t, fresh.get("/account")).Find(`[data-testid=flash]`).Text())
			if flash != tc.want {
				t.Fatalf("the import's notice = %q, want %q", flash, tc.want)
			}
		})
	}
}

// QA-34 #1: the fork form ("Change a setting") offers each client's
// heartbeat, prefilled from the timeline, with the blank form's note
// beside it; a fork that changes only a heartbeat is made, says when the
// heartbeat is as long as the TTL or longer, and no longer shows the
// preset's lesson; a bad period is refused naming the field, kept as
// typed, with the blank form's rules.
func TestForkFormOffersTheHeartbeat(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	// A heartbeats every 3 s, B not at all; the TTL is 10 s.
	path := openPreset(t, cl, "heartbeat-live")
	doc := mustDoc(t, cl.get(path))
	lesson := spaces(doc.Find(`.lede`).First().Text())
	if lesson == "" {
		t.Fatalf("the preset's timeline shows no lesson: the test proves nothing")
	}
	form := doc.Find(`[data-testid=settings-form]`)
	for id, want := range map[string]string{"A": "3000", "B": "0"} {
		in := form.Find(`#set-heartbeat-` + id)
		if in.Length() != 1 || in.AttrOr("value", "") != want {
			t.Fatalf("the fork form's heartbeat of %s = %d inputs, value %q; want one prefilled %q", id, in.Length(), in.AttrOr("value", ""), want)
		}
		if d := in.AttrOr("aria-describedby", ""); !strings.Contains(d, "hint-set-heartbeat") {
			t.Errorf("the heartbeat of %s is not described by its note (aria-describedby=%q)", id, d)
		}
		if label := spaces(form.Find(`label[for=set-heartbeat-` + id + `]`).Text()); !strings.Contains(label, id) {
			t.Errorf("the heartbeat input of %s is labelled %q", id, label)
		}
	}
	hint := spaces(form.Find(`[data-testid=setting-hint-heartbeat]`).Text())
	blankHint := spaces(mustDoc(t, cl.get("/sandbox")).Find(`[data-testid=blank-hint-heartbeat_ms]`).Text())
	if hint == "" || hint != blankHint {
		t.Errorf("the fork form's heartbeat note = %q, want the blank form's %q", hint, blankHint)
	}

	fork := func(t *testing.T, over url.Values) *httptest.ResponseRecorder {
		t.Helper()
		f := settingsFormOf(t, cl, path)
		f.Set("_csrf", csrfFrom(t, cl.get(path)))
		for k, v := range over {
			f[k] = v
		}
		return cl.postForm(path+"/settings", f)
	}
	t.Run("only the heartbeat, longer than the TTL", func(t *testing.T) {
		rec := fork(t, url.Values{"heartbeat_ms_A": {"12000"}})
		if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "/compare") {
			t.Fatalf("status %d to %q, want 303 to the comparison", rec.Code, rec.Header().Get("Location"))
		}
		flash := flashText(t, cl, rec)
		for _, w := range []string{"Forked with A's heartbeat every 12", "longer than the TTL of 10", "lapse between renewals"} {
			if !strings.Contains(flash, w) {
				t.Errorf("notice = %q, want it to say %q", flash, w)
			}
		}
		forked := strings.TrimSuffix(rec.Header().Get("Location"), "/compare")
		fd := mustDoc(t, cl.get(forked))
		if got := fd.Find(`[data-testid=settings-form] #set-heartbeat-A`).AttrOr("value", ""); got != "12000" {
			t.Errorf("the fork's own form shows A's heartbeat %q, want 12000", got)
		}
		if cfg := spaces(fd.Find(`[data-testid=config]`).Text()); !strings.Contains(cfg, "A (heartbeat 12 000 ms), B") {
			t.Errorf("the fork's settings = %q, want A heartbeating every 12 000 ms and B not", cfg)
		}
		if strings.Contains(spaces(fd.Text()), lesson) {
			t.Errorf("the fork with another heartbeat still shows the preset's lesson %q", lesson)
		}
	})
	t.Run("as long as the TTL", func(t *testing.T) {
		rec := fork(t, url.Values{"heartbeat_ms_A": {"10000"}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("status %d, want 303", rec.Code)
		}
		if flash := flashText(t, cl, rec); !strings.Contains(flash, "is as long as the TTL") || !strings.Contains(flash, "lapse between renewals") {
			t.Errorf("notice = %q, want the note of a heartbeat as long as the TTL", flash)
		}
	})
	t.Run("a heartbeat for B, none for A", func(t *testing.T) {
		rec := fork(t, url.Values{"heartbeat_ms_A": {"0"}, "heartbeat_ms_B": {"2000"}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("status %d, want 303", rec.Code)
		}
		flash := flashText(t, cl, rec)
		if !strings.Contains(flash, "A's heartbeat off") || !strings.Contains(flash, "B's heartbeat every 2") || strings.Contains(flash, "Note") {
			t.Errorf("notice = %q, want both changes named and no note", flash)
		}
		cfg := spaces(mustDoc(t, cl.get(strings.TrimSuffix(rec.Header().Get("Location"), "/compare"))).Find(`[data-testid=config]`).Text())
		if !strings.Contains(cfg, "A, B (heartbeat 2 000 ms)") {
			t.Errorf("the fork's settings = %q", cfg)
		}
	})
	// The periods that cannot be one are refused with the TTL also
	// refused, to show that both are named at once; the one too short for
	// the events budget is judged against a valid TTL, so alone.
	for _, tc := range []struct {
		name, typed, want string
		withTTL           bool
	}{
		{"not a number", "soon", `heartbeat of A: "soon" is not a heartbeat period`, true},
		{"below the engine's least", "50", "heartbeat of A: 50 ms is out of range", true},
		{"past ten minutes", "700000", "heartbeat of A: 700 000 ms is out of range", true},
		{"too short for the events budget", "100", "heartbeat of A: a heartbeat every 100 ms is too short", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			over := url.Values{"heartbeat_ms_A": {tc.typed}}
			if tc.withTTL {
				over.Set("ttl_ms", "-1")
			}
			rec := fork(t, over)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", rec.Code)
			}
			d := mustDoc(t, rec)
			in := d.Find(`#set-heartbeat-A`)
			if in.AttrOr("value", "") != tc.typed || in.AttrOr("aria-invalid", "") != "true" || !strings.Contains(in.AttrOr("aria-describedby", ""), "error-set-heartbeat-A") {
				t.Errorf("the refused heartbeat is shown as %q, aria-invalid=%q, described by %q; want it as typed, marked and described by its error",
					in.AttrOr("value", ""), in.AttrOr("aria-invalid", ""), in.AttrOr("aria-describedby", ""))
			}
			msg := spaces(d.Find(`#error-set-heartbeat-A`).Text())
			if !strings.Contains(msg, tc.want) || !strings.Contains(strings.ToLower(msg), "enter 0 for none") {
				t.Errorf("the heartbeat's error = %q, want %q and the rule", msg, tc.want)
			}
			summary := spaces(d.Find(`[data-testid=settings-error]`).Text())
			if !strings.Contains(summary, "Nothing was forked") || !strings.Contains(summary, "heartbeat of A") || tc.withTTL != strings.Contains(summary, "TTL:") {
				t.Errorf("summary = %q, want every refused setting named", summary)
			}
			// The first refused input in the form's order, alone, takes
			// the focus: the TTL comes before the heartbeats.
			first := "#set-heartbeat-A"
			if tc.withTTL {
				first = "#set-ttl"
			}
			if _, ok := d.Find(first).Attr("autofocus"); !ok || d.Find(`[autofocus]`).Length() != 1 {
				t.Errorf("the focus is not on %s alone", first)
			}
		})
	}
}
