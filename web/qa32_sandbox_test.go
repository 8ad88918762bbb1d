package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// startBlankRedis starts a blank two-client redis timeline as cl's own and
// returns its path.
func startBlankRedis(t *testing.T, cl *client) string {
	t.Helper()
	form := blankForm(t, cl, url.Values{"model": {"redis"}, "clients": {"2"}, "heartbeat_ms": {"0"}})
	form.Set("_csrf", csrfFrom(t, cl.get("/sandbox")))
	rec := cl.postForm("/sandbox", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start blank: status %d, want 303", rec.Code)
	}
	return rec.Header().Get("Location")
}

// stepAt is the first replay step of the timeline at path whose cursor
// form inserts at ms.
func stepAt(t *testing.T, cl *client, path string, ms int64) int {
	t.Helper()
	want := strconv.FormatInt(ms, 10)
	for step := 1; step < 50; step++ {
		_, form := formOf(t, cl, path+"?step="+strconv.Itoa(step), `[data-testid=cursor-B]`)
		if form.Get("at_ms") == want {
			return step
		}
	}
	t.Fatalf("no replay step at %d ms", ms)
	return 0
}

// QA-32 #1: an action inserted at the replay cursor after now leaves now
// where the cursor panel says it stays, and undo takes the insert back to
// exactly the state before.
func TestInsertAfterNowKeepsNowAndUndoRestores(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := startBlankRedis(t, cl)
	for _, f := range []url.Values{
		{"op": {"acquire"}, "client": {"A"}},
		{"op": {"pause"}, "client": {"A"}, "pause_s": {"15"}},
		{"op": {"advance"}, "advance_s": {"11"}},
	} {
		if rec := act(t, cl, path, f); rec.Code != http.StatusSeeOther {
			t.Fatalf("%v: status %d", f, rec.Code)
		}
	}
	const now = "11 000 ms" // as spaces writes it
	actionsBefore := spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=actions]`).Text())
	step := stepAt(t, cl, path, 15000)
	doc := mustDoc(t, cl.get(path+"?step="+strconv.Itoa(step)))
	if got := spaces(doc.Find(`[data-testid=cursor-act]`).Text()); !strings.Contains(got, "Now ("+now+") does not move") {
		t.Fatalf("cursor panel = %q, want the promise that now (%s) does not move", got, now)
	}
	action, form := formOf(t, cl, path+"?step="+strconv.Itoa(step), `[data-testid=cursor-B]`)
	form.Set("op", "acquire")
	if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("insert: status %d", rec.Code)
	}
	doc = mustDoc(t, cl.get(path))
	if !strings.Contains(spaces(doc.Find(`[data-testid=actions]`).Text()), "B") || spaces(doc.Find(`[data-testid=actions]`).Text()) == actionsBefore {
		t.Fatalf("the insert did not add B's acquire")
	}
	if got := spaces(doc.Find(`[data-testid=act-now]`).Text()); !strings.Contains(got, now) {
		t.Fatalf("after the insert at 15 s: %q, want now still at %s", got, now)
	}
	rec := act(t, cl, path, url.Values{"op": {"undo"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: status %d", rec.Code)
	}
	if got := flashText(t, cl, rec); !strings.Contains(got, "B acquires") || !strings.Contains(got, "now stays at 11 s") {
		t.Fatalf("undo says %q, want B's acquire taken back and now at 11 s", got)
	}
	doc = mustDoc(t, cl.get(path))
	if got := spaces(doc.Find(`[data-testid=act-now]`).Text()); !strings.Contains(got, now) {
		t.Fatalf("after undo: %q, want now at %s", got, now)
	}
	if got := spaces(doc.Find(`[data-testid=actions]`).Text()); got != actionsBefore {
		t.Fatalf("after undo the actions are %q, want them as before the insert, %q", got, actionsBefore)
	}
}

// QA-32 #2: a refused insert on someone else's shared timeline makes no
// fork; the reason shows on the shared timeline's page.
func TestRefusedInsertOnSharedTimelineMakesNoFork(t *testing.T) {
	srv, _ := newTestServer(t)
	owner, other := newClient(t, srv), newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-fenced")
	// The other learner has a timeline of their own, so the list shows.
	openPreset(t, other, "paused-holder-fenced")
	listed := func() int {
		return mustDoc(t, other.get("/sandbox")).Find(`[data-testid=my-timelines] li`).Length()
	}
	n := listed()
	for _, tc := range []struct {
		name string
		form url.Values
		want string
	}{
		{"unknown client", url.Values{"client": {"Z"}, "op": {"acquire"}, "at_ms": {"1000"}}, "Z"},
		{"unknown op", url.Values{"client": {"B"}, "op": {"frob"}, "at_ms": {"1000"}}, "frob"},
		{"negative pause", url.Values{"client": {"B"}, "op": {"pause"}, "pause_s": {"-3"}, "at_ms": {"1000"}}, "pause"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.form.Set("_csrf", csrfFrom(t, other.get(path)))
			rec := other.postForm(path+"/insert", tc.form)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != path {
				t.Fatalf("status %d to %q, want 303 back to the shared timeline %q", rec.Code, rec.Header().Get("Location"), path)
			}
			if got := flashText(t, other, rec); !strings.Contains(got, "Nothing was inserted") || !strings.Contains(got, tc.want) {
				t.Fatalf("notice = %q, want the reason, naming %q", got, tc.want)
			}
			if got := listed(); got != n {
				t.Fatalf("the refused insert left %d timelines in the list, want %d (no fork)", got, n)
			}
		})
	}
}

// QA-32 #7: on redis the restart control offers only the primary, and
// says the replica only goes down and comes up, so the server's refusal
// is never the first word of it; down and up still offer the replica.
func TestRedisRestartOffersOnlyThePrimary(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "redis-wait-sync")
	doc := mustDoc(t, cl.get(path))
	var offered []string
	doc.Find(`[data-testid=act-restart-node] option`).Each(func(_ int, s *goquery.Selection) {
		offered = append(offered, s.AttrOr("value", "")+" "+spaces(s.Text()))
	})
	if len(offered) != 1 || offered[0] != "1 primary (1)" {
		t.Fatalf("restart offers %q, want only the primary", offered)
	}
	if got := spaces(doc.Find(`[data-testid=restart-explained]`).Text()); !strings.Contains(got, "replica only goes down and comes up") {
		t.Fatalf("restart note = %q, want the replica's limit said beforehand", got)
	}
	if doc.Find(`[data-testid=act-fault-node] option[value="2"]`).Length() != 1 {
		t.Fatalf("down and up no longer offer the replica")
	}
	action, form := formOf(t, cl, path, `[data-testid=act-restart-form]`)
	form.Set("fault_node", "1")
	form.Set("op", "restart")
	rec := cl.postForm(action, form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("restart of the primary: status %d", rec.Code)
	}
	if got := flashText(t, cl, rec); strings.Contains(got, "Nothing was changed") {
		t.Fatalf("the restart the form offers was refused: %q", got)
	}

	// Where every node restarts, restart stays with down and up.
	path = openPreset(t, cl, "redlock-clock-jump")
	doc = mustDoc(t, cl.get(path))
	if doc.Find(`[data-testid=act-restart-form]`).Length() != 0 || doc.Find(`[data-testid=act-restart]`).Length() != 1 {
		t.Fatalf("redlock: restart split from down and up, or missing")
	}
}

// QA-32 #5: undo takes back the last advance of time alone, then the
// action before it, then the advance before that: each step back to the
// state it was in.
func TestUndoTakesBackOneAdvanceAtATime(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := startBlankRedis(t, cl)
	now := func() string { return spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=act-now]`).Text()) }
	for _, f := range []url.Values{
		{"op": {"advance"}, "advance_s": {"1"}},
		{"op": {"acquire"}, "client": {"A"}},
		{"op": {"advance"}, "advance_s": {"3"}},
		{"op": {"advance"}, "advance_s": {"4"}},
	} {
		if rec := act(t, cl, path, f); rec.Code != http.StatusSeeOther {
			t.Fatalf("%v: status %d", f, rec.Code)
		}
	}
	if got := now(); !strings.Contains(got, "8 000 ms") {
		t.Fatalf("now = %q, want 8 000 ms", got)
	}
	for _, want := range []struct{ flash, now string }{
		{"now is back at 4 s", "4 000 ms"},
		{"now is back at 1 s", "1 000 ms"},
		{"Undid “1 s: A acquires”", "1 000 ms"},
		{"now is back at 0 s", "0 ms"},
	} {
		rec := act(t, cl, path, url.Values{"op": {"undo"}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("undo: status %d", rec.Code)
		}
		if got := flashText(t, cl, rec); !strings.Contains(got, want.flash) {
			t.Fatalf("undo says %q, want %q", got, want.flash)
		}
		if got := now(); !strings.Contains(got, "at "+want.now+" (now)") {
			t.Fatalf("after undo: %q, want now at %s", got, want.now)
		}
	}
}

// QA-32 #1, the other side: on a preset's timeline now is at the end of
// the run, after every action; undo after an insert at the cursor takes
// the insert back, not the time between the last action and now.
func TestUndoAfterInsertBeforeNowTakesBackTheInsert(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	doc := mustDoc(t, cl.get(path))
	nowBefore := spaces(doc.Find(`[data-testid=act-now]`).Text())
	actionsBefore := spaces(doc.Find(`[data-testid=actions]`).Text())
	action, form := formOf(t, cl, path+"?step=4", `[data-testid=cursor-B]`)
	form.Set("op", "pause")
	form.Set("pause_s", "5")
	if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("insert: status %d", rec.Code)
	}
	rec := act(t, cl, path, url.Values{"op": {"undo"}})
	if got := flashText(t, cl, rec); !strings.Contains(got, "B pauses for 5 s") {
		t.Fatalf("undo says %q, want the inserted pause taken back", got)
	}
	doc = mustDoc(t, cl.get(path))
	if got := spaces(doc.Find(`[data-testid=act-now]`).Text()); got != nowBefore {
		t.Fatalf("after undo: %q, want now as before the insert, %q", got, nowBefore)
	}
	if got := spaces(doc.Find(`[data-testid=actions]`).Text()); got != actionsBefore {
		t.Fatalf("after undo the actions are %q, want them as before the insert", got)
	}
}
