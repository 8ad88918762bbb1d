package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// formOf returns the hidden and text fields of the first form matching sel
// on the page at path, with its CSRF token, ready to post.
func formOf(t *testing.T, cl *client, path, sel string) (string, url.Values) {
	t.Helper()
	doc := mustDoc(t, cl.get(path))
	f := doc.Find(sel).First()
	if f.Length() == 0 {
		t.Fatalf("no form %s on %s", sel, path)
	}
	vals := url.Values{}
	f.Find("input").Each(func(_ int, in *goquery.Selection) {
		if name, ok := in.Attr("name"); ok {
			vals.Set(name, in.AttrOr("value", ""))
		}
	})
	action := f.AttrOr("action", "")
	if !f.Is("form") {
		// A client's controls are one form per row (Enter in a field does
		// that row's action); they all post to the same address.
		action = f.Find("form").First().AttrOr("action", "")
	}
	return action, vals
}

// TestSandboxActAtTheCursor runs the experiment with plain forms: step
// back to B's grant, insert a 5 s pause of B there, see A's stale write
// now land first and be accepted, then remove the pause and see the
// original run again; moving B's write late does the same.
func TestSandboxActAtTheCursor(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	nowBefore := mustDoc(t, cl.get(path)).Find(`[data-testid=act-now]`).Text()

	action, form := formOf(t, cl, path+"?step=4", `[data-testid=cursor-B]`)
	if form.Get("at_ms") != "12000" {
		t.Fatalf("the cursor form at step 4 inserts at %q ms, want B's grant at 12000", form.Get("at_ms"))
	}
	form.Set("op", "pause")
	form.Set("pause_s", "5")
	rec := cl.postForm(action, form)
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || loc != path+"?step=5#picture" {
		t.Fatalf("insert: status %d to %q, want 303 to step 5 at the picture", rec.Code, loc)
	}
	doc := mustDoc(t, cl.get(strings.TrimSuffix(loc, "#picture")))
	if got := doc.Find(`[data-testid=flash]`).Text(); !strings.Contains(got, "at 12\u202f000 ms") || !strings.Contains(got, "B pauses for 5 s") || !strings.Contains(got, "replay step 5") {
		t.Fatalf("notice = %q, want what was inserted where", got)
	}
	cur := doc.Find(`tr[aria-current=step]`)
	if cur.AttrOr("data-kind", "") != "pause.start" || !strings.Contains(cur.Text(), "B") {
		t.Fatalf("the page opens on %q (%s), want B's inserted pause", cur.AttrOr("data-kind", ""), spaces(cur.Text()))
	}
	if got := doc.Find(`[data-testid=first-violation]`).Text(); !strings.Contains(got, "unsafe-write") {
		t.Fatalf("with B paused, summary = %q, want A's stale write accepted first (unsafe-write)", got)
	}
	if got := mustDoc(t, cl.get(path)).Find(`[data-testid=act-now]`).Text(); got != nowBefore {
		t.Fatalf("inserting at the cursor moved now: %q, was %q", got, nowBefore)
	}

	// Remove the inserted pause from the list: the original run is back.
	items := mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`)
	idx := -1
	items.EachWithBreak(func(i int, s *goquery.Selection) bool {
		if strings.Contains(s.Find(`[data-testid=action-text]`).Text(), "B pauses for 5 s") {
			idx = i
			return false
		}
		return true
	})
	if idx < 0 {
		t.Fatalf("the inserted pause is not in the list of actions")
	}
	action, form = formOf(t, cl, path, `[data-testid=action-item]:nth-child(`+strconv.Itoa(idx+1)+`) form`)
	form.Set("op", "remove")
	if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("remove: status %d", rec.Code)
	}
	doc = mustDoc(t, cl.get(path))
	if doc.Find(`[data-testid=violations]`).Text() != "no violations" || strings.TrimSpace(doc.Find(`[data-testid=writes-rejected]`).Text()) != "✗ 1 rejected" {
		t.Fatalf("after removing the pause: %q, %q; want the original run", doc.Find(`[data-testid=violations]`).Text(), doc.Find(`[data-testid=writes-rejected]`).Text())
	}

	// The same form again names an action that is gone: refused, nothing
	// else removed.
	before := doc.Find(`[data-testid=action-item]`).Length()
	if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("stale remove: status %d", rec.Code)
	}
	if doc := mustDoc(t, cl.get(path)); doc.Find(`[data-testid=action-item]`).Length() != before || !strings.Contains(doc.Find(`[data-testid=flash]`).Text(), "changed meanwhile") {
		t.Fatalf("a stale remove changed the list or said nothing")
	}

	// Move B's write from 13 s to 20 s: A's late write lands first.
	var moveSel string
	mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`).Each(func(i int, s *goquery.Selection) {
		if strings.Contains(s.Text(), `B writes "b"`) {
			moveSel = `[data-testid=action-item]:nth-child(` + strconv.Itoa(i+1) + `) form`
		}
	})
	action, form = formOf(t, cl, path, moveSel)
	form.Set("op", "save")
	form.Set("at_s", "20")
	form.Set("value", "b2")
	if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("move: status %d", rec.Code)
	}
	doc = mustDoc(t, cl.get(path))
	if got := doc.Find(`[data-testid=flash]`).Text(); !strings.Contains(got, `to 20 s: B writes "b2"`) || !strings.Contains(doc.Find(`[data-testid=first-violation]`).Text(), "unsafe-write") {
		t.Fatalf("after moving B's write: notice %q, summary %q", got, doc.Find(`[data-testid=first-violation]`).Text())
	}
	if got := doc.Find(`[data-testid=summary]`).Text(); !strings.Contains(got, `final value "b2"`) {
		t.Fatalf("summary %q, want the edited value written last", spaces(got))
	}

	// A's pause shortened to 5 s: A wakes at 6 s, with its lease still
	// valid, and its write is accepted before B's grant.
	var pauseSel string
	mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`).Each(func(i int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "A pauses for 15 s") {
			pauseSel = `[data-testid=action-item]:nth-child(` + strconv.Itoa(i+1) + `) form`
		}
	})
	action, form = formOf(t, cl, path, pauseSel)
	form.Set("op", "save")
	form.Set("pause_s", "0")
	cl.postForm(action, form)
	if got := mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text(); !strings.Contains(got, "Nothing was changed: pause") {
		t.Fatalf("a 0 s pause: notice %q, want the field named", got)
	}
	form.Set("pause_s", "5")
	cl.postForm(action, form)
	if got := mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text(); !strings.Contains(got, "to 1 s: A pauses for 5 s") {
		t.Fatalf("shorter pause: notice %q", got)
	}
}

// TestSandboxActAtTheCursorOnSomeoneElses: on a shared timeline the
// insert goes into the viewer's own fork, made first; the shared timeline
// never changes, and its list of actions is not the viewer's to edit.
func TestSandboxActAtTheCursorOnSomeoneElses(t *testing.T) {
	srv, _ := newTestServer(t)
	owner, other := newClient(t, srv), newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-fenced")
	kinds := eventKinds(t, owner, path)
	if mustDoc(t, other.get(path)).Find(`[data-testid=actions]`).Length() != 0 {
		t.Fatalf("a read-only viewer is offered the list of actions to edit")
	}
	action, form := formOf(t, other, path+"?step=4", `[data-testid=cursor-B]`)
	if action != path+"/insert" {
		t.Fatalf("the viewer's cursor form posts to %q", action)
	}
	form.Set("op", "pause")
	rec := other.postForm(action, form)
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || strings.HasPrefix(loc, path) || !strings.HasSuffix(loc, "?step=5#picture") {
		t.Fatalf("someone else's insert: status %d to %q, want 303 to a fork at step 5", rec.Code, loc)
	}
	fork := strings.TrimSuffix(loc, "?step=5#picture")
	doc := mustDoc(t, other.get(fork))
	if doc.Find(`[data-testid=owner-badge]`).Length() != 1 || !strings.Contains(doc.Find(`[data-testid=flash]`).Text(), "your own fork") {
		t.Fatalf("the fork is not the viewer's, or the notice does not say so: %q", doc.Find(`[data-testid=flash]`).Text())
	}
	if got := eventKinds(t, other, fork); count(got, "pause.start") != 2 {
		t.Fatalf("the fork has %d pauses, want A's and the inserted one of B", count(got, "pause.start"))
	}
	if got := eventKinds(t, owner, path); strings.Join(got, ",") != strings.Join(kinds, ",") {
		t.Fatalf("the shared timeline changed")
	}
	// Editing the owner's list stays the owner's.
	action, form = formOf(t, owner, path, `[data-testid=action-item] form`)
	form.Set("op", "remove")
	form.Set("_csrf", csrfFrom(t, other.get(path)))
	if rec := other.postForm(action, form); rec.Code != http.StatusForbidden {
		t.Fatalf("someone else's removal: status %d, want 403", rec.Code)
	}
	if got := eventKinds(t, owner, path); strings.Join(got, ",") != strings.Join(kinds, ",") {
		t.Fatalf("the shared timeline changed")
	}
}

// TestSandboxInsertNamesTheBadField: a bad time or pause is refused with
// the field named, and nothing is saved.
func TestSandboxInsertNamesTheBadField(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	kinds := eventKinds(t, cl, path)
	for _, tt := range []struct{ field, value, op, want string }{
		{"at_ms", "-5", "pause", "replay time"},
		{"at_ms", "abc", "pause", "replay time"},
		{"pause_s", "0", "pause", "pause"},
		{"at_ms", "1000", "advance", "only an action"},
	} {
		t.Run(tt.field+"="+tt.value, func(t *testing.T) {
			action, form := formOf(t, cl, path+"?step=4", `[data-testid=cursor-A]`)
			form.Set("op", tt.op)
			form.Set(tt.field, tt.value)
			if rec := cl.postForm(action, form); rec.Code != http.StatusSeeOther {
				t.Fatalf("status %d, want 303 back to the page", rec.Code)
			}
			doc := mustDoc(t, cl.get(path))
			if got := doc.Find(`[data-testid=flash]`).Text(); !strings.Contains(got, "Nothing was inserted") || !strings.Contains(got, tt.want) {
				t.Fatalf("notice = %q, want the refusal naming %q", got, tt.want)
			}
			if got := eventKinds(t, cl, path); strings.Join(got, ",") != strings.Join(kinds, ",") {
				t.Fatalf("a refused insert changed the run")
			}
		})
	}
}
