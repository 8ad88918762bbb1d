package web_test

import (
	"net/http/httptest"
	"regexp"
	"strconv"

	"github.com/PuerkitoBio/goquery"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Q8-16: the compare page's sentence about the actions is computed from
// both timelines as they are now: acting on the original, or on the fork,
// after the fork shows up in it.
func TestCompareActionsFollowBothTimelines(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	rec := cl.postForm(path+"/settings", url.Values{"_csrf": {token}, "fencing_tokens": {"1"}, "ttl_ms": {"10000"}, "release": {"compare-and-delete"}, "acquire": {"atomic"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("settings: status %d, want 303", rec.Code)
	}
	cmpPath := rec.Header().Get("Location")
	fork := strings.TrimSuffix(cmpPath, "/compare")
	summary := func() string {
		return spaces(mustDoc(t, cl.get(cmpPath)).Find(`[data-testid=compare-changed]`).Text())
	}
	if got := summary(); !strings.HasSuffix(got, "The actions are the same.") {
		t.Fatalf("right after the fork: %q, want the actions the same", got)
	}
	if rec := act(t, cl, path, url.Values{"op": {"write"}, "client": {"B"}, "value": {"late-B"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("write on the original: status %d", rec.Code)
	}
	got := summary()
	if strings.Contains(got, "The actions are the same") || !strings.Contains(got, `The original has 1 action the fork does not: 22 s: B writes "late-B".`) {
		t.Fatalf("after a write on the original: %q, want that write named as the original's own", got)
	}
	if rec := act(t, cl, fork, url.Values{"op": {"crash"}, "client": {"A"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("crash on the fork: status %d", rec.Code)
	}
	got = summary()
	if !strings.Contains(got, `The original has 1 action the fork does not: 22 s: B writes "late-B".`) || !strings.Contains(got, "The fork has 1 action the original does not: 22 s: A crashes.") {
		t.Fatalf("after a crash on the fork: %q, want both differences", got)
	}
}

// blankForm is the blank form as the page fills it in, with over changing
// some fields: what a learner sends who presses Start after editing them.
func blankForm(t *testing.T, cl *client, over url.Values) url.Values {
	t.Helper()
	doc := mustDoc(t, cl.get("/sandbox"))
	form := url.Values{}
	f := doc.Find(`[data-testid=blank-form]`)
	f.Find(`input`).Each(func(_ int, s *goquery.Selection) {
		name := s.AttrOr("name", "")
		if s.AttrOr("type", "") == "checkbox" {
			if _, ok := s.Attr("checked"); !ok {
				return
			}
		}
		if name != "" {
			form.Set(name, s.AttrOr("value", ""))
		}
	})
	f.Find(`select`).Each(func(_ int, s *goquery.Selection) {
		opt := s.Find(`option[selected]`)
		if opt.Length() == 0 {
			opt = s.Find(`option`).First()
		}
		form.Set(s.AttrOr("name", ""), opt.AttrOr("value", ""))
	})
	for k, v := range over {
		if v == nil {
			form.Del(k)
			continue
		}
		form[k] = v
	}
	return form
}

// Q8-20: the "Try the classic pause" box says what the late write does
// under the timeline's settings, and following it does just that.
func TestClassicPauseTipMatchesTheRun(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, tc := range []struct {
		name           string
		over           url.Values
		rejected       int
		want, dontWant string
	}{
		{"the defaults", nil, 0, "it is accepted and corrupts the value", "it is rejected"},
		{"fencing on and checked", url.Values{"token_source": {"incr"}, "check_fencing": {"1"}}, 1, "so it is rejected", "it is accepted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := cl.postForm("/sandbox", blankForm(t, cl, tc.over))
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("start: status %d: %s", rec.Code, mustDoc(t, rec).Find(`.field-error`).Text())
			}
			path := rec.Header().Get("Location")
			tip := spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=pause-tip-outcome]`).Text())
			if !strings.Contains(tip, tc.want) || strings.Contains(tip, tc.dontWant) {
				t.Fatalf("tip = %q, want %q", tip, tc.want)
			}
			// Follow the box: A acquires, pauses past the TTL, writes;
			// advance past the lease; B acquires and writes.
			for _, f := range []url.Values{
				{"op": {"acquire"}, "client": {"A"}},
				{"op": {"pause"}, "client": {"A"}, "pause_s": {"15"}},
				{"op": {"write"}, "client": {"A"}, "value": {"v-A"}},
				{"op": {"advance"}, "advance_s": {"11"}},
				{"op": {"acquire"}, "client": {"B"}},
				{"op": {"write"}, "client": {"B"}, "value": {"v-B"}},
			} {
				if rec := act(t, cl, path, f); rec.Code != http.StatusSeeOther {
					t.Fatalf("%v: status %d", f, rec.Code)
				}
			}
			doc := mustDoc(t, cl.get(path))
			if got := spaces(doc.Find(`[data-testid=writes-rejected]`).Text()); got != "✗ "+strconv.Itoa(tc.rejected)+" rejected" {
				t.Fatalf("after following the tip: %q, want %d rejected (tip: %q)", got, tc.rejected, tip)
			}
		})
	}
}

// Q8-18: the blank form refuses a heartbeat period that a lone holder
// would push past the events budget, naming the smallest that fits; one
// that fits lets a client acquire; and the budget error of an action the
// heartbeat fills names the heartbeat, not "use fewer actions".
func TestBlankHeartbeatFollowsTheEventsBudget(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	label := spaces(mustDoc(t, cl.get("/sandbox")).Find(`label[for=heartbeat_ms]`).Text())
	m := regexp.MustCompile(`else (\d+) or more`).FindStringSubmatch(label)
	if m == nil {
		t.Fatalf("heartbeat label = %q, want its stated minimum", label)
	}
	least, _ := strconv.Atoi(m[1])
	if least <= 300 {
		t.Fatalf("the form states %d ms as the least heartbeat, but 300 ms fills the budget with one acquire", least)
	}
	for _, hb := range []string{"100", "300"} {
		rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"heartbeat_ms": {hb}}))
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("heartbeat %s ms: status %d, want the form refused", hb, rec.Code)
		}
		msg := spaces(mustDoc(t, rec).Find(`[data-testid=error-heartbeat_ms]`).Text())
		if !strings.Contains(msg, "events budget") || !strings.Contains(msg, "at least") {
			t.Fatalf("heartbeat %s ms: error %q, want the budget and the least period", hb, msg)
		}
	}
	// The least stated period works on the default (redis) model: A can
	// acquire and then hold the lock for the rest of the run.
	rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"heartbeat_ms": {strconv.Itoa(least)}}))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("heartbeat %d ms: status %d, want a new timeline", least, rec.Code)
	}
	path := rec.Header().Get("Location")
	if rec := act(t, cl, path, url.Values{"op": {"acquire"}, "client": {"A"}}); rec.Code != http.StatusSeeOther || strings.Contains(flashText(t, cl, rec), "Nothing was changed") {
		t.Fatalf("acquire with a %d ms heartbeat was refused", least)
	}
	// An imported timeline may have a shorter heartbeat (the engine's
	// own limit): its first acquire fills the budget, and the error names
	// the heartbeat rather than asking for fewer actions on a timeline
	// that has none.
	imp := postImport(t, cl, `{"lock":{"model":"redis"},"clients":[{"id":"A","heartbeat_ms":100},{"id":"B"}],"actions":[]}`, false)
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import: status %d", imp.Code)
	}
	rec = act(t, cl, imp.Header().Get("Location"), url.Values{"op": {"acquire"}, "client": {"A"}})
	msg := flashText(t, cl, rec)
	if !strings.Contains(msg, "Nothing was changed") || strings.Contains(msg, "use fewer actions") || !strings.Contains(msg, "Client A's heartbeat every 100 ms") || !strings.Contains(msg, "at least") {
		t.Fatalf("budget error = %q, want it to name A's heartbeat and the least period", msg)
	}
}

// flashText is the notice the page shows after the redirect rec.
func flashText(t *testing.T, cl *client, rec *httptest.ResponseRecorder) string {
	t.Helper()
	return spaces(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[role=status], [role=alert], .notice`).Text())
}

// Q8-1 and Q8-2: a link to a deleted timeline (or one that never was)
// says so, not "it belongs to someone else" (timelines are shareable),
// on the page, its sub-paths and its export; and a fork whose original
// was deleted no longer offers to compare with it.
func TestDeletedTimelineLinks(t *testing.T) {
	srv, _ := newTestServer(t)
	owner, other := newClient(t, srv), newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-fenced")
	// The owner's own fork with a setting changed, and another learner's
	// plain fork.
	rec := owner.postForm(path+"/settings", url.Values{"_csrf": {csrfFrom(t, owner.get(path))}, "fencing_tokens": {"1"}, "ttl_ms": {"10000"}, "release": {"compare-and-delete"}, "acquire": {"atomic"}})
	ownFork := strings.TrimSuffix(rec.Header().Get("Location"), "/compare")
	rec = other.postForm(path+"/fork", url.Values{"_csrf": {csrfFrom(t, other.get(path))}})
	otherFork := rec.Header().Get("Location")
	if ownFork == "" || otherFork == "" {
		t.Fatalf("forks: %q and %q", ownFork, otherFork)
	}
	if mustDoc(t, other.get(otherFork)).Find(`[data-testid=compare-link]`).Length() != 1 {
		t.Fatalf("a fork of a live original offers no comparison")
	}
	// The delete box says what an export can and cannot bring back
	// (Q8-1): a re-import makes a new link, the shared one stays dead.
	if help := spaces(mustDoc(t, owner.get(path)).Find(`[data-testid=delete-help]`).Text()); !strings.Contains(help, "importing the export later makes a new timeline with a new link") {
		t.Fatalf("delete help = %q, want it to say a re-import makes a new link", help)
	}
	if rec := owner.postForm(path+"/delete", url.Values{"_csrf": {csrfFrom(t, owner.get(path))}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("delete: status %d", rec.Code)
	}
	want := "No timeline at this link: its owner may have deleted it, or the link is incomplete. Your own timelines are on the sandbox page."
	for _, tc := range []struct {
		who  *client
		path string
	}{{other, path}, {owner, path}, {newClient(t, srv), path}, {other, path + ".json"}, {other, path + "/compare"}, {other, path + "/state"}, {other, "/sandbox/" + strings.Repeat("0", 32)}} {
		rec := tc.who.get(tc.path)
		if rec.Code != http.StatusNotFound {
			t.Fatalf("GET %s: status %d, want 404", tc.path, rec.Code)
		}
		doc := mustDoc(t, rec)
		if got := spaces(doc.Find(`[data-testid=error-message]`).Text()); got != want {
			t.Fatalf("GET %s: %q, want %q", tc.path, got, want)
		}
		if doc.Find(`[data-testid=error-next]`).AttrOr("href", "") != "/sandbox" {
			t.Fatalf("GET %s: no link to the sandbox page", tc.path)
		}
	}
	// The owner posting to the timeline they just deleted (a second tab).
	rec = owner.postForm(path+"/rename", url.Values{"_csrf": {csrfFrom(t, owner.get("/sandbox"))}, "title": {"x"}})
	if got := spaces(mustDoc(t, rec).Find(`[data-testid=error-message]`).Text()); rec.Code != http.StatusNotFound || got != want {
		t.Fatalf("rename after the delete: %d %q", rec.Code, got)
	}
	// Other 404s keep their own words.
	if got := spaces(mustDoc(t, other.get("/sandbox/presets/teleport")).Find(`[data-testid=error-message]`).Text()); got == want {
		t.Fatalf("an unknown preset is described as a timeline")
	}
	for _, f := range []struct {
		who  *client
		path string
	}{{owner, ownFork}, {other, otherFork}} {
		doc := mustDoc(t, f.who.get(f.path))
		if doc.Find(`[data-testid=compare-link]`).Length() != 0 {
			t.Fatalf("%s still offers \"Compare with the original\" after the original was deleted", f.path)
		}
		if got := doc.Find(`[data-testid=parent-gone]`).Text(); !strings.Contains(got, "the original was deleted") {
			t.Fatalf("%s: %q, want it to say the original was deleted", f.path, got)
		}
	}
}

// Q8-5: a title of only invisible characters is blank; line breaks and
// control characters become single spaces.
func TestRenameInvisibleAndMultilineTitles(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	before := spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=timeline-title]`).Text())
	rename := func(title string) string {
		rec := cl.postForm(path+"/rename", url.Values{"_csrf": {csrfFrom(t, cl.get(path))}, "title": {title}})
		if rec.Code == http.StatusUnprocessableEntity {
			return refusedInput(t, rec, "timeline-title")
		}
		return flashText(t, cl, rec)
	}
	for _, title := range []string{"\u200b", "\u200b\u200c\u200d\ufeff", " \u2060\u00ad ", "\u202e\u200e", "\n\t\r"} {
		if msg := rename(title); !strings.Contains(msg, "Title: write at least one character") {
			t.Fatalf("rename to %q: %q, want it refused as blank", title, msg)
		}
		if got := mustDoc(t, cl.get(path)).Find(`[data-testid=timeline-title]`).Text(); got != before {
			t.Fatalf("rename to %q changed the title to %q", title, got)
		}
	}
	rename("line1\r\nline2\tand\x00 \x07three\u2028four")
	if got := mustDoc(t, cl.get(path)).Find(`[data-testid=timeline-title]`).Text(); got != "line1 line2 and three four" {
		t.Fatalf("title = %q, want the line breaks and control characters as single spaces", got)
	}
}

// Q8-4 and Q8-3 (web words): the errors of a pause of 0.0001 s, a value
// of 64 "é" and an action edited past the end speak seconds, characters
// and the form's labels; the picture's summary pluralises "write".
func TestSandboxFormErrorsSpeakTheFormsWords(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	rec := cl.postForm("/sandbox", blankForm(t, cl, nil))
	path := rec.Header().Get("Location")
	flash := func(rec *httptest.ResponseRecorder) string {
		return spaces(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=flash]`).Text())
	}
	got := refusedInput(t, act(t, cl, path, url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"0.0001"}}), "pause-A")
	if !strings.Contains(got, "pause: 0.0001 s is out of range (at least 0.001 s, at most 600 s") {
		t.Fatalf("pause 0.0001 s: %q, want it in seconds like the other pause errors", got)
	}
	got = refusedInput(t, act(t, cl, path, url.Values{"op": {"write"}, "client": {"A"}, "value": {strings.Repeat("é", 64)}}), "value-A")
	if !strings.Contains(got, "value: at most 64 bytes, and this one has 64 characters taking 128 bytes") {
		t.Fatalf("64 × é: %q, want the limit in bytes with the characters counted", got)
	}
	// A pause at 1 s, edited to start at 599.99 s.
	act(t, cl, path, url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"15"}})
	action, form := formOf(t, cl, path, `[data-testid=action-item]:nth-child(1) form`)
	form.Set("op", "save")
	form.Set("at_s", "599.99")
	got = flash(cl.postForm(action, form))
	if want := "Nothing was changed: for: a pause of 15 s at 599.99 s would end at 614.99 s, after 600 s"; !strings.Contains(got, want) || strings.Contains(got, "actions[") {
		t.Fatalf("edit past the end: %q, want %q", got, want)
	}
	// One accepted write: "1 write accepted".
	act(t, cl, path, url.Values{"op": {"advance"}, "advance_s": {"20"}})
	act(t, cl, path, url.Values{"op": {"acquire"}, "client": {"B"}})
	act(t, cl, path, url.Values{"op": {"write"}, "client": {"B"}, "value": {"one"}})
	desc := mustDoc(t, cl.get(path)).Find(`svg.tl-svg desc`).First().Text()
	if !strings.HasPrefix(desc, "1 write accepted, 0 rejected") {
		t.Fatalf("picture summary = %q, want \"1 write accepted\"", desc)
	}
}

// Q8-12 and Q8-17: the sideways-scrolling picture and event table are
// keyboard stops with a name, and the blank form's bad fields point at
// their messages.
func TestSandboxScrollBoxesAndBlankErrorsForAssistiveTech(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	doc := mustDoc(t, cl.get(openPreset(t, cl, "paused-holder-fenced")))
	for _, sel := range []string{`[data-testid=swimlane-scroll]`, `[data-testid=events-scroll]`} {
		box := doc.Find(sel)
		if box.Length() == 0 || box.AttrOr("tabindex", "") != "0" || box.AttrOr("role", "") != "region" || box.AttrOr("aria-label", "") == "" {
			t.Fatalf("%s: tabindex %q, role %q, label %q: want a named, focusable region", sel, box.AttrOr("tabindex", ""), box.AttrOr("role", ""), box.AttrOr("aria-label", ""))
		}
	}
	rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"ttl_ms": {"0"}, "clients": {"9"}}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("bad blank form: status %d", rec.Code)
	}
	bad := mustDoc(t, rec)
	for _, name := range []string{"ttl_ms", "clients"} {
		in := bad.Find(`[data-testid=blank-form] [name=` + name + `]`)
		if in.AttrOr("aria-invalid", "") != "true" {
			t.Fatalf("%s: no aria-invalid", name)
		}
		msg := bad.Find(`#` + in.AttrOr("aria-describedby", "none"))
		if msg.Length() != 1 || !strings.Contains(msg.Text(), "Enter") {
			t.Fatalf("%s: aria-describedby %q does not point at its message", name, in.AttrOr("aria-describedby", ""))
		}
	}
	if in := bad.Find(`[data-testid=blank-form] [name=model]`); in.AttrOr("aria-invalid", "") != "" || in.AttrOr("aria-describedby", "") != "" {
		t.Fatalf("a fine field is marked invalid")
	}
	// The page opens with the focus on the first field to fix (TTL comes
	// before clients in the form), and on no other.
	focus := bad.Find(`[autofocus]`)
	if focus.Length() != 1 || focus.AttrOr("name", "") != "ttl_ms" {
		names := []string{}
		focus.Each(func(_ int, s *goquery.Selection) { names = append(names, s.AttrOr("name", "?")) })
		t.Fatalf("autofocus on %v, want only the first bad field ttl_ms", names)
	}
	// Only clients wrong: the focus moves to it.
	rec = cl.postForm("/sandbox", blankForm(t, cl, url.Values{"clients": {"9"}}))
	if got := mustDoc(t, rec).Find(`[autofocus]`).AttrOr("name", ""); got != "clients" {
		t.Fatalf("autofocus on %q, want clients", got)
	}
}

// Q8-19 and Q8-21: undo says what it cannot take back, and the replay
// cursor offers extend and delay as "act at now" does; both go in at the
// cursor's time.
func TestCursorExtendDelayAndUndoHelp(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	doc := mustDoc(t, cl.get(path+"?step=3"))
	if got := doc.Find(`[data-testid=undo-help]`).Text(); !strings.Contains(got, "removing or editing an action in the list cannot be undone") {
		t.Fatalf("undo help = %q, want it to say removals and edits cannot be undone", got)
	}
	for _, sel := range []string{`[data-testid=cursor-A-extend]`, `[data-testid=cursor-A-delay]`} {
		if doc.Find(sel).Length() != 1 {
			t.Fatalf("the cursor's act menu lacks %s", sel)
		}
	}
	at := doc.Find(`[data-testid=cursor-A] input[name=at_ms]`).First().AttrOr("value", "")
	for _, tc := range []struct {
		sel, want string
	}{{`[data-testid=cursor-A-extend]`, "A extends"}, {`[data-testid=cursor-A-delay]`, "A's next message is delayed 5 s"}} {
		action, form := formOf(t, cl, path+"?step=3", `form:has(`+tc.sel+`)`)
		form.Set("op", mustDoc(t, cl.get(path+"?step=3")).Find(tc.sel).AttrOr("value", ""))
		if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: status %d", tc.sel, rec.Code)
		}
		items := spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`).Text())
		ms, _ := strconv.Atoi(at)
		if want := strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) + " s: " + tc.want; !strings.Contains(items, want) {
			t.Fatalf("after %s at %s ms: actions %q, want %q", tc.sel, at, items, want)
		}
	}
}

// QA-9 Q9-15: the library names what guards a database scenario's writes:
// the claim's epoch (the per-claim fence the guide asks for), not the
// holder's name, which a restarted worker shares with its old self.
func TestDatabasePresetBadgeNamesTheEpoch(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	doc := mustDoc(t, cl.get("/sandbox"))
	n := 0
	doc.Find(`article`).Each(func(_ int, a *goquery.Selection) {
		if !strings.Contains(a.Text(), "database") {
			return
		}
		badge := spaces(a.Find(`.badge`).Text())
		if strings.Contains(badge, "guarded by holder") {
			t.Errorf("a database preset's badge says %q, want the claim's epoch named", badge)
		}
		if strings.Contains(badge, "guarded by the claim's epoch") {
			n++
		}
	})
	if n == 0 {
		t.Fatalf("no database preset says its writes are guarded by the claim's epoch")
	}
}
