package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/sandbox"
	"lockdrill/store"
)

// openPreset opens preset id as cl's own timeline and returns its path.
func openPreset(t testing.TB, cl *client, id string) string {
	t.Helper()
	token := csrfFrom(t, cl.get("/sandbox"))
	rec := cl.postForm("/sandbox/presets/"+id, url.Values{"_csrf": {token}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("open preset %s: status = %d, want 303", id, rec.Code)
	}
	loc := rec.Header().Get("Location")
	if !strings.HasPrefix(loc, "/sandbox/") || !store.ValidID(strings.TrimPrefix(loc, "/sandbox/")) {
		t.Fatalf("open preset %s: redirect to %q, want /sandbox/{id}", id, loc)
	}
	return loc
}

// act posts one action form to the timeline at path.
func act(t testing.TB, cl *client, path string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	form.Set("_csrf", csrfFrom(t, cl.get(path)))
	return cl.postForm(path+"/actions", form)
}

func eventKinds(t testing.TB, cl *client, path string) []string {
	t.Helper()
	var kinds []string
	mustDoc(t, cl.get(path)).Find(`[data-testid=event-row]`).Each(func(_ int, s *goquery.Selection) {
		kinds = append(kinds, s.AttrOr("data-kind", ""))
	})
	return kinds
}

func count(xs []string, x string) int {
	n := 0
	for _, v := range xs {
		if v == x {
			n++
		}
	}
	return n
}

func TestSandboxPresetShowsRejectedWrite(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	rec := cl.get(path)
	if rec.Code != http.StatusOK {
		t.Fatalf("timeline page status = %d, want 200", rec.Code)
	}
	doc := mustDoc(t, rec)
	row := doc.Find(`[data-testid=event-row][data-kind="write.rejected"]`)
	if row.Length() != 1 {
		t.Fatalf("rejected write rows = %d, want 1", row.Length())
	}
	if text := row.Text(); !strings.Contains(text, "stale-token") || !strings.Contains(text, "token 1 < highest accepted 2") {
		t.Fatalf("rejected write row = %q, want the stale-token reason", text)
	}
	mark := doc.Find(`[data-testid=mark-rejected]`)
	if mark.Length() != 1 || !strings.Contains(mark.Find(`.tl-mark-text`).Text(), "✗ A · token 1 < 2: refused") {
		t.Fatalf("swimlane rejected mark = %q (%d), want ✗ with the reason", mark.Text(), mark.Length())
	}
	if doc.Find(`svg[data-testid=swimlane] pattern`).Length() != 1 || doc.Find(`.tl-pause rect[fill^="url(#"]`).Length() != 1 {
		t.Fatalf("the pause is not drawn with the SVG hatch pattern")
	}
	if got := strings.TrimSpace(doc.Find(`[data-testid=writes-rejected]`).Text()); got != "✗ 1 rejected" {
		t.Fatalf("summary = %q, want ✗ 1 rejected", got)
	}
	if doc.Find(`[data-testid=owner-badge]`).Length() != 1 || doc.Find(`[data-testid=act-A]`).Length() != 1 {
		t.Fatalf("the learner who opened the preset does not own it")
	}
	if doc.Find(`[data-testid=legend] li`).Length() < 5 {
		t.Fatalf("the picture has no legend")
	}
	if strings.Contains(rec.Body.String(), " style=") || strings.Contains(rec.Body.String(), "<script>") {
		t.Fatalf("timeline page has inline style or script, which the CSP would block")
	}
}

func TestSandboxActionAppendsAndRedirects(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	before := eventKinds(t, cl, path)

	rec := act(t, cl, path, url.Values{"op": {"pause"}, "client": {"B"}, "pause_s": {"2.5"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != path+"#act" {
		t.Fatalf("action: status %d to %q, want 303 to %s#act, the controls", rec.Code, rec.Header().Get("Location"), path)
	}
	if mustDoc(t, cl.get(path)).Find(`#act [data-testid=act-A]`).Length() == 0 {
		t.Fatalf("no element id=act holds the controls the redirect lands on")
	}
	after := eventKinds(t, cl, path)
	if count(after, "pause.start") != count(before, "pause.start")+1 {
		t.Fatalf("pause.start events %d -> %d, want one more", count(before, "pause.start"), count(after, "pause.start"))
	}

	// A refusal of one input shows the page again with that input marked
	// (input, QA-32 #3); any other goes back with a message at the top.
	tests := []struct {
		name  string
		form  url.Values
		input string
		want  string
	}{
		{"bad number names the field", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"soon"}}, "pause-A", "pause"},
		{"empty write value", url.Values{"op": {"write"}, "client": {"A"}, "value": {" "}}, "value-A", "value"},
		{"unknown client", url.Values{"op": {"acquire"}, "client": {"Z"}}, "", `unknown client "Z"`},
		{"past ten virtual minutes", url.Values{"op": {"advance"}, "advance_s": {"700"}}, "advance-s", "10 virtual minutes"},
		{"a pause that would end past ten virtual minutes", url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"599"}}, "pause-A", "after the limit of 600000 ms"},
		{"unknown op", url.Values{"op": {"teleport"}, "client": {"A"}}, "", "teleport"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := act(t, cl, path, tt.form)
			var flash string
			if tt.input != "" {
				flash = refusedInput(t, rec, tt.input)
			} else {
				if rec.Code != http.StatusSeeOther {
					t.Fatalf("status = %d, want 303 back with a message", rec.Code)
				}
				flash = mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text()
			}
			if !strings.Contains(flash, tt.want) || !strings.Contains(flash, "Nothing was changed") {
				t.Fatalf("flash = %q, want it to mention %q", flash, tt.want)
			}
			if got := eventKinds(t, cl, path); len(got) != len(after) {
				t.Fatalf("a refused action changed the timeline: %d events, want %d", len(got), len(after))
			}
		})
	}
}

func TestSandboxActionLimit(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	id := strings.TrimPrefix(path, "/sandbox/")
	tl, err := st.Timeline(context.Background(), id)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	raw, _ := json.Marshal(bigScenario(sandbox.MaxActions))
	if err := st.UpdateTimeline(context.Background(), tl.Learner, id, raw, sandbox.EngineVersion, 0, testNow); err != nil {
		t.Fatalf("update: %v", err)
	}
	act(t, cl, path, url.Values{"op": {"acquire"}, "client": {"A"}})
	if flash := mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "500 actions") {
		t.Fatalf("flash = %q, want the 500-action limit explained", flash)
	}
}

// TestSandboxPagesReuseTheRun: viewing and scrubbing a timeline must not
// simulate it again each time; anyone with a share link could otherwise
// make the server re-run a large scenario in a loop.
func TestSandboxPagesReuseTheRun(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	// Opening the preset ran it; the pause makes a scenario this server had
	// not run yet (the action itself runs it, through the cache).
	act(t, cl, path, url.Values{"op": {"pause"}, "client": {"B"}, "pause_s": {"4.321"}})
	before := srv.SandboxRunsSimulated()
	if rec := cl.get(path); rec.Code != http.StatusOK {
		t.Fatalf("first view: status %d", rec.Code)
	}
	first := srv.SandboxRunsSimulated()
	for _, u := range []string{path, path + "?step=3", path + "/state?step=2", path + "/state?step=5", path + ".json"} {
		if rec := cl.get(u); rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d", u, rec.Code)
		}
	}
	if got := srv.SandboxRunsSimulated(); got != first {
		t.Fatalf("runs simulated: %d after the first view, %d after five more, want no new run", first, got)
	}
	if first > before+1 {
		t.Fatalf("the first view simulated %d runs, want at most one", first-before)
	}
}

// TestSandboxActionRunsOnce: the action's check of the engine's limits
// runs the changed scenario through the page cache, and the page it leads
// back to finds that run instead of simulating it again.
func TestSandboxActionRunsOnce(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	for i, v := range []url.Values{
		{"op": {"pause"}, "client": {"B"}, "pause_s": {"1.234"}},
		{"op": {"write"}, "client": {"A"}, "value": {"once"}},
	} {
		before := srv.SandboxRunsSimulated()
		act(t, cl, path, v)
		acted := srv.SandboxRunsSimulated()
		if rec := cl.get(path); rec.Code != http.StatusOK {
			t.Fatalf("view after action %d: status %d", i, rec.Code)
		}
		if acted-before != 1 || srv.SandboxRunsSimulated() != acted {
			t.Fatalf("action %d simulated %d runs through the cache and the view after it %d more, want 1 and 0", i, acted-before, srv.SandboxRunsSimulated()-acted)
		}
	}
}

func TestSandboxNonOwnerGets403AndCanFork(t *testing.T) {
	srv, _ := newTestServer(t)
	owner := newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-fenced")
	before := eventKinds(t, owner, path)

	other := newClient(t, srv)
	doc := mustDoc(t, other.get(path))
	if doc.Find(`[data-testid=readonly-badge]`).Length() != 1 || doc.Find(`[data-testid=act-A]`).Length() != 0 {
		t.Fatalf("another browser sees the timeline as editable")
	}
	rec := act(t, other, path, url.Values{"op": {"crash"}, "client": {"A"}})
	if rec.Code != http.StatusForbidden {
		t.Fatalf("action by another learner: status = %d, want 403", rec.Code)
	}
	doc = mustDoc(t, rec)
	if !strings.Contains(doc.Find(`[data-testid=forbidden]`).Text(), "belongs to someone else") {
		t.Fatalf("403 page does not say why")
	}
	fork := doc.Find(`[data-testid=forbidden] form`)
	if action, _ := fork.Attr("action"); action != path+"/fork" {
		t.Fatalf("403 page fork form posts to %q, want %s/fork", action, path)
	}
	if got := eventKinds(t, owner, path); len(got) != len(before) {
		t.Fatalf("a refused action changed the owner's timeline")
	}

	token, _ := fork.Find(`input[name=_csrf]`).Attr("value")
	rec = other.postForm(path+"/fork", url.Values{"_csrf": {token}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("fork: status = %d, want 303", rec.Code)
	}
	forked := rec.Header().Get("Location")
	if forked == path || !strings.HasPrefix(forked, "/sandbox/") {
		t.Fatalf("fork redirected to %q, want a new timeline", forked)
	}
	doc = mustDoc(t, other.get(forked))
	if doc.Find(`[data-testid=owner-badge]`).Length() != 1 {
		t.Fatalf("the fork is not owned by the learner who forked it")
	}
	if rec := act(t, other, forked, url.Values{"op": {"crash"}, "client": {"A"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("action on own fork: status = %d, want 303", rec.Code)
	}
	if got := eventKinds(t, owner, path); len(got) != len(before) {
		t.Fatalf("changing the fork changed the original")
	}
}

func TestSandboxExportImportRoundTrip(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "redlock-clock-jump")
	act(t, cl, path, url.Values{"op": {"pause"}, "client": {"A"}, "pause_s": {"3"}})
	exp := cl.get(path + ".json")
	if exp.Code != http.StatusOK || !strings.HasPrefix(exp.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("export: status %d, type %q", exp.Code, exp.Header().Get("Content-Type"))
	}
	_, meta, err := sandbox.ParseExport(exp.Body.Bytes())
	if err != nil {
		t.Fatalf("export does not parse as a scenario: %v", err)
	}
	preset, _ := sandbox.PresetByID("redlock-clock-jump")
	if want := (sandbox.ExportMeta{Title: preset.Title, Description: preset.Lesson, Preset: preset.ID}); meta != want {
		t.Fatalf("export meta = %+v, want %+v", meta, want)
	}
	rec := postImport(t, cl, exp.Body.String(), false)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("import: status = %d, want 303; body %s", rec.Code, mustDoc(t, rec).Find(`[data-testid=import-error]`).Text())
	}
	again := cl.get(rec.Header().Get("Location") + ".json")
	if again.Body.String() != exp.Body.String() {
		t.Fatalf("round trip changed the scenario:\n%s\nwant\n%s", again.Body.String(), exp.Body.String())
	}
	page := mustDoc(t, cl.get(rec.Header().Get("Location")))
	if got := page.Find(`[data-testid=timeline-title]`).Text(); got != preset.Title {
		t.Fatalf("re-imported title = %q, want the exported %q", got, preset.Title)
	}
	if got := page.Find(`.lede`).First().Text(); !strings.Contains(got, preset.Lesson) {
		t.Fatalf("re-imported page says %q, want the description %q", got, preset.Lesson)
	}
	t.Run("by upload", func(t *testing.T) {
		rec := postImport(t, cl, exp.Body.String(), true)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("upload import: status = %d, want 303", rec.Code)
		}
	})
}

func postImport(t testing.TB, cl *client, text string, upload bool) *httptest.ResponseRecorder {
	t.Helper()
	token := csrfFrom(t, cl.get("/sandbox/import"))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	if upload {
		fw, _ := w.CreateFormFile("file", "scenario.json")
		fw.Write([]byte(text))
		w.WriteField("scenario", "")
	} else {
		w.WriteField("scenario", text)
	}
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/sandbox/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return cl.do(req)
}

func TestSandboxMalformedImportNamesTheField(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	tests := []struct {
		name, json, field, msg string
	}{
		{"unknown op", `{"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":5,"client":"A","op":"teleport"}]}`, "actions[1].op", `unknown op "teleport"`},
		{"wrong type", `{"lock":{"ttl_ms":"soon"},"clients":[{"id":"A"}],"actions":[]}`, "lock.ttl_ms", "want an integer"},
		{"unknown client", `{"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"B","op":"acquire"}]}`, "actions[0].client", `unknown client "B"`},
		{"not JSON", `{"clients": [`, "", "line 1, column 14: truncated JSON"},
		{"malformed JSON placed by line and column", "{\n  \"clients\": [{\"id\": \"A\"},],\n  \"actions\": []\n}", "", "line 2, column 27: expected a value, found ']'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := postImport(t, cl, tt.json, false)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status = %d, want 422", rec.Code)
			}
			doc := mustDoc(t, rec)
			msg := doc.Find(`[data-testid=import-error]`).Text()
			if !strings.Contains(msg, tt.field) || !strings.Contains(msg, tt.msg) {
				t.Fatalf("error = %q, want field %q and %q", msg, tt.field, tt.msg)
			}
			if got := doc.Find(`textarea[name=scenario]`).Text(); got != tt.json {
				t.Fatalf("textarea = %q, want the pasted text kept", got)
			}
		})
	}
}

// TestSandboxImportListsEveryProblem: an import with several mistakes
// lists each, naming its field, in the order of the file.
func TestSandboxImportListsEveryProblem(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	in := `{"lock":{"ttl_ms":0,"release":"DEL"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"B","op":"acquire"},{"at_ms":1,"client":"A","op":"teleport"}]}`
	rec := postImport(t, cl, in, false)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422", rec.Code)
	}
	var got []string
	mustDoc(t, rec).Find(`[data-testid=import-problem]`).Each(func(_ int, li *goquery.Selection) {
		got = append(got, strings.Join(strings.Fields(li.Text()), " "))
	})
	want := []string{
		`lock.ttl_ms: 0 is out of range 1..600000 (leave ttl_ms out for the default, 10000)`,
		`lock.release: unknown release "DEL" (want compare-and-delete or unconditional-del)`,
		`actions[0].client: unknown client "B"`,
		`actions[1].op: unknown op "teleport"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSandboxStepNavigation(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	total := len(eventKinds(t, cl, path))
	tests := []struct {
		query          string
		step           int
		prev, next     int
		stateHighest   string
		futureRows     int
		futureRejected bool
	}{
		{"?step=0", 0, 0, 1, "none", total, true},
		{"?step=5", 5, 4, 6, "2", total - 5, true},
		{"?step=7", 7, 6, 8, "2", total - 7, false},
		{"", total, total - 1, total, "2", 0, false},
		{"?step=999", total, total - 1, total, "2", 0, false},
		{"?step=nope", total, total - 1, total, "2", 0, false},
	}
	for _, tt := range tests {
		t.Run("step"+tt.query, func(t *testing.T) {
			doc := mustDoc(t, cl.get(path+tt.query))
			if got := doc.Find(`[data-role=step-num]`).Text(); got != fmt.Sprint(tt.step) {
				t.Fatalf("step label = %s, want %d", got, tt.step)
			}
			if href, _ := doc.Find(`[data-testid=step-prev]`).Attr("href"); href != fmt.Sprintf("%s?step=%d", path, tt.prev) {
				t.Fatalf("previous = %q, want step %d", href, tt.prev)
			}
			if href, _ := doc.Find(`[data-testid=step-next]`).Attr("href"); href != fmt.Sprintf("%s?step=%d", path, tt.next) {
				t.Fatalf("next = %q, want step %d", href, tt.next)
			}
			// At a boundary the link that goes nowhere is disabled and out
			// of the tab order (QA-7 P7).
			for sel, at := range map[string]bool{"step-prev": tt.step == 0, "step-next": tt.step == total} {
				d, _ := doc.Find(`[data-testid=` + sel + `]`).Attr("aria-disabled")
				ti, _ := doc.Find(`[data-testid=` + sel + `]`).Attr("tabindex")
				if at != (d == "true" && ti == "-1") {
					t.Fatalf("%s at step %d: aria-disabled=%q tabindex=%q, want disabled %v", sel, tt.step, d, ti, at)
				}
			}
			if got := doc.Find(`tr.sb-future`).Length(); got != tt.futureRows {
				t.Fatalf("rows after the step = %d, want %d", got, tt.futureRows)
			}
			if tt.step > 0 {
				if cur, _ := doc.Find(`tr[aria-current=step]`).Attr("data-step"); cur != fmt.Sprint(tt.step) {
					t.Fatalf("current row = %s, want %d", cur, tt.step)
				}
			}
			if got := doc.Find(`[data-testid=state-highest]`).Text(); got != tt.stateHighest {
				t.Fatalf("state panel highest token = %q, want %q", got, tt.stateHighest)
			}
			if got := doc.Find(`[data-testid=mark-rejected]`).HasClass("tl-future"); got != tt.futureRejected {
				t.Fatalf("rejected write faded = %v, want %v", got, tt.futureRejected)
			}
		})
	}
	t.Run("state fragment for the scrubber", func(t *testing.T) {
		rec := cl.get(path + "/state?step=4")
		doc := mustDoc(t, rec)
		if rec.Code != http.StatusOK || !strings.Contains(doc.Find(`h2`).Text(), "State at replay step 4") {
			t.Fatalf("state fragment: %d %q", rec.Code, doc.Find(`h2`).Text())
		}
		if strings.Contains(rec.Body.String(), "<nav") {
			t.Fatalf("state fragment carries the page layout")
		}
		if got := doc.Find(`[data-testid=state-holder]`).Text(); !strings.HasPrefix(got, "B (grant 2, token 2)") {
			t.Fatalf("holder after step 4 = %q, want B with token 2", got)
		}
	})
}

// svgX returns the x of the first point of an SVG path ("M 12 34 ...").
func svgX(t *testing.T, d string) int {
	t.Helper()
	f := strings.Fields(strings.NewReplacer("M", " ", ",", " ").Replace(d))
	if len(f) == 0 {
		t.Fatalf("path %q has no point", d)
	}
	x, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		t.Fatalf("path %q: %v", d, err)
	}
	return int(x)
}

// TestSandboxNowIsExplicit: a preset copy starts with now at the end of its
// run (the learner has watched it all), the page says so in words, draws
// now as its own marker apart from the replay cursor, and the next action
// lands there.
func TestSandboxNowIsExplicit(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	end := mustDoc(t, cl.get(path))
	mid := mustDoc(t, cl.get(path+"?step=4"))
	squash := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u202f", " ")), " ") }

	tests := []struct {
		name, got, want string
	}{
		{"act heading names now", squash(end.Find(`[data-testid=act-now]`).Text()), "New actions land at 22 000 ms (now)"},
		{"replay label names the step and its time", squash(end.Find(`[data-testid=step-label]`).Text()), "Replay: step 8 of 8 · 22 000 ms"},
		{"replay label mid-run", squash(mid.Find(`[data-testid=step-label]`).Text()), "Replay: step 4 of 8 · 12 000 ms"},
		{"now stays put while replaying", squash(mid.Find(`[data-testid=act-now]`).Text()), "New actions land at 22 000 ms (now)"},
		{"the picture labels now", squash(mid.Find(`[data-testid=now-marker] text`).Text()), "now: new actions land here (22 s)"},
		{"the picture labels the cursor", squash(mid.Find(`[data-testid=cursor-label]`).Text()), "replay: step 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Fatalf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
	t.Run("the page explains now", func(t *testing.T) {
		if got := end.Find(`[data-testid=now-explained]`).Text(); !strings.Contains(got, "where your next action goes") || !strings.Contains(got, "end of its run") {
			t.Fatalf("explanation = %q, want what now is and where it starts", got)
		}
	})
	t.Run("now and the cursor are apart mid-run", func(t *testing.T) {
		nowX := mid.Find(`[data-testid=now-marker] line`).AttrOr("x1", "")
		curX := mid.Find(`[data-testid=cursor]`).AttrOr("x1", "")
		if nowX == "" || nowX == curX {
			t.Fatalf("now at x %q, cursor at x %q: want two markers", nowX, curX)
		}
	})
	t.Run("the next action lands at the end of the run", func(t *testing.T) {
		if rec := act(t, cl, path, url.Values{"op": {"acquire"}, "client": {"A"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("acquire: status %d, want 303", rec.Code)
		}
		var sc sandbox.Scenario
		if err := json.Unmarshal(cl.get(path+".json").Body.Bytes(), &sc); err != nil {
			t.Fatalf("export: %v", err)
		}
		if last := sc.Actions[len(sc.Actions)-1]; last.Op != "acquire" || last.AtMS != 22000 {
			t.Fatalf("last action %+v, want A's acquire at 22000 ms", last)
		}
	})
}

func TestSandboxSettingChangeForksAndCompares(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	// Turn the check at the resource off; tokens are still issued.
	rec := cl.postForm(path+"/settings", url.Values{"_csrf": {token}, "fencing_tokens": {"1"}, "ttl_ms": {"10000"}, "release": {"compare-and-delete"}, "acquire": {"atomic"}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "/compare") {
		t.Fatalf("settings: status %d to %q, want 303 to the comparison", rec.Code, rec.Header().Get("Location"))
	}
	cmp := mustDoc(t, cl.get(rec.Header().Get("Location")))
	if got := cmp.Find(`[data-testid=compare-left] [data-testid=compare-violations]`).Text(); got != "no violations" {
		t.Fatalf("original side = %q, want no violations", got)
	}
	// One bad write breaks two rules: the count says so, and the note
	// names both at the write's time, so 2 reconciles with one ✓.
	if got := cmp.Find(`[data-testid=compare-right] [data-testid=compare-violations]`).Text(); !strings.Contains(got, "1 bad write, 2 violations") {
		t.Fatalf("fork side = %q, want the unsafe and the stale write flagged as one bad write", got)
	}
	if got := cmp.Find(`[data-testid=compare-violation-note]`).Text(); !strings.Contains(got, "the write at 16\u202f000 ms: unsafe-write and stale-write") {
		t.Fatalf("fork note = %q, want the one write and its two rules", got)
	}
	if cmp.Find(`[data-testid=compare-left] [data-testid=compare-violation-note]`).Length() != 0 {
		t.Fatalf("the original, with no violations, explains a count")
	}
	// Both pictures show each run whole, on one time scale: the same
	// viewBox and the same ticks, the last tick at the run's end (22 s),
	// the fork's violation inside the picture, and no "now" (nothing is
	// acted on here).
	left, right := cmp.Find(`[data-testid=compare-left] svg.tl-svg`), cmp.Find(`[data-testid=compare-right] svg.tl-svg`)
	if lv, rv := left.AttrOr("viewBox", "l"), right.AttrOr("viewBox", "r"); lv != rv {
		t.Fatalf("viewBox %q beside %q, want one frame for both", lv, rv)
	}
	ticks := func(sel *goquery.Selection) string {
		return strings.Join(sel.Find(`.tl-tick-label`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("x", "") + "=" + s.Text() }), " ")
	}
	if lt, rt := ticks(left), ticks(right); lt != rt || !strings.HasSuffix(lt, "=22 s") {
		t.Fatalf("ticks %q and %q, want the same, ending at 22 s", lt, rt)
	}
	width, _ := strconv.Atoi(strings.Fields(right.AttrOr("viewBox", ""))[2])
	right.Find(`[data-testid=mark-violation] path`).Each(func(_ int, m *goquery.Selection) {
		if x := svgX(t, m.AttrOr("d", "")); x <= 0 || x >= width-20 {
			t.Fatalf("violation mark at x %d of %d, want it well inside the picture", x, width)
		}
	})
	if cmp.Find(`[data-testid=now-marker]`).Length() != 0 {
		t.Fatalf("the compare page draws a now marker")
	}
	if got, want := strings.TrimSpace(cmp.Find(`[data-testid=compare-changed]`).Text()), "Changed in the fork: Resource checks tokens: yes (✓ a lower token is refused) → no (✗ any write is stored). The actions are the same."; got != want {
		t.Fatalf("changed = %q, want %q", got, want)
	}
	if got := cmp.Find(`h2 a`).Last().Text(); got != "Fork: fencing check at the resource off" {
		t.Fatalf("the fork's side is headed %q, want its title once (it read \"Fork: Fork: …\")", got)
	}
	fork := strings.TrimSuffix(rec.Header().Get("Location"), "/compare")
	doc := mustDoc(t, cl.get(fork))
	if got := doc.Find(`[data-testid=timeline-title]`).Text(); got != "Fork: fencing check at the resource off" {
		t.Fatalf("fork title = %q, want what changed and not the parent's \"with fencing tokens\"", got)
	}
	if got := doc.Find(`[data-testid=first-violation]`).Text(); !strings.Contains(got, "unsafe-write") {
		t.Fatalf("fork summary = %q, want a link to the first violation, A's unsafe write", got)
	}
	if doc.Find(`[data-testid=mark-violation]`).Length() == 0 {
		t.Fatalf("the fork's picture does not mark the violation")
	}
	if got := eventKinds(t, cl, path); count(got, "violation") != 0 {
		t.Fatalf("the original changed")
	}
}

func TestSandboxPredictThenRun(t *testing.T) {
	srv, _ := newTestServer(t)
	tests := []struct {
		choice string
		right  bool
	}{
		{"a", true},
		{"d", false},
	}
	for _, tt := range tests {
		t.Run("choice "+tt.choice, func(t *testing.T) {
			cl := newClient(t, srv)
			page := "/sandbox/presets/paused-holder-fenced?predict=obj-predict-paused-fenced"
			rec := cl.get(page)
			doc := mustDoc(t, rec)
			if doc.Find(`[data-testid=predict-form] input[name=choice]`).Length() < 2 {
				t.Fatalf("no prediction asked")
			}
			if doc.Find(`[data-testid=swimlane]`).Length() != 0 {
				t.Fatalf("the run is shown before the prediction")
			}
			form := url.Values{"_csrf": {csrfFrom(t, rec)}, "predict": {"obj-predict-paused-fenced"}}
			if bad := cl.postForm("/sandbox/presets/paused-holder-fenced", form); bad.Code != http.StatusUnprocessableEntity {
				t.Fatalf("no choice: status = %d, want 422", bad.Code)
			}
			form.Set("choice", tt.choice)
			rec = cl.postForm("/sandbox/presets/paused-holder-fenced", form)
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("predict: status = %d, want 303", rec.Code)
			}
			verdict := mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=predict-verdict]`)
			if verdict.Length() != 1 || verdict.HasClass("ok") != tt.right {
				t.Fatalf("verdict %q (ok=%v), want right=%v", verdict.Text(), verdict.HasClass("ok"), tt.right)
			}
			history := mustDoc(t, cl.get("/practice/obj-predict-paused-fenced")).Find(`[data-testid=history-row]`)
			if history.Length() != 1 {
				t.Fatalf("the prediction left %d attempts on the exercise, want 1", history.Length())
			}
		})
	}
}

func TestSandboxPredictionMustBeAboutThePreset(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	page := "/sandbox/presets/paused-holder-unfenced?predict=obj-predict-redis-failover"
	if rec := cl.get(page); rec.Code != http.StatusNotFound {
		t.Fatalf("GET %s = %d, want 404", page, rec.Code)
	}
	token := csrfFrom(t, cl.get("/sandbox/presets/paused-holder-unfenced"))
	rec := cl.postForm("/sandbox/presets/paused-holder-unfenced", url.Values{"_csrf": {token}, "predict": {"obj-predict-redis-failover"}, "choice": {"a"}})
	if rec.Code != http.StatusNotFound {
		t.Fatalf("POST with another preset's question = %d, want 404", rec.Code)
	}
}

// TestSandboxOlderEngineVersionOpens: a timeline saved by an older engine
// still opens, says which version saved it, and shows the current
// engine's run (here version 3's description of the failover).
func TestSandboxOlderEngineVersionOpens(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	for _, version := range []string{"0", "1", "2", "5"} {
		t.Run("version "+version, func(t *testing.T) {
			path := openPreset(t, cl, "redis-failover")
			id := strings.TrimPrefix(path, "/sandbox/")
			tl, _ := st.Timeline(context.Background(), id)
			if err := st.UpdateTimeline(context.Background(), tl.Learner, id, tl.Scenario, version, tl.NowMS, testNow); err != nil {
				t.Fatalf("update: %v", err)
			}
			rec := cl.get(path)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			doc := mustDoc(t, rec)
			note := doc.Find(`[data-testid=engine-note]`).Text()
			if !strings.Contains(note, "version "+version) || !strings.Contains(note, "version "+sandbox.EngineVersion) {
				t.Fatalf("engine note = %q, want it to name version %s and version %s", note, version, sandbox.EngineVersion)
			}
			const want = "the key of A (grant 1, expiring at 10\u202f000 ms) is lost"
			if !strings.Contains(doc.Text(), want) {
				t.Fatalf("the page lacks %q: it does not show the current engine's run", want)
			}
		})
	}
}

func TestSandboxStartBlank(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/sandbox"))
	bad := cl.postForm("/sandbox", url.Values{"_csrf": {token}, "model": {"redlock"}, "ttl_ms": {"10000"}, "clients": {"9"}, "fencing_tokens": {"1"}})
	if bad.Code != http.StatusUnprocessableEntity {
		t.Fatalf("bad form: status = %d, want 422", bad.Code)
	}
	if msg := mustDoc(t, bad).Find(`[data-testid=error-clients]`).Text(); !strings.Contains(msg, "1 to 8") {
		t.Fatalf("clients error = %q", msg)
	}
	// The form comes back whole, the learner's choices kept, and says so at
	// the top (QA-7 P2: every select came back empty and "Clients (1–0)").
	badDoc := mustDoc(t, bad)
	if got, _ := badDoc.Find(`select#model option[selected]`).Attr("value"); got != "redlock" {
		t.Fatalf("after an error the model select keeps %q, want redlock (options: %d)", got, badDoc.Find(`select#model option`).Length())
	}
	for _, id := range []string{"model", "acquire", "release", "token_source", "resource_kind"} {
		if badDoc.Find(`select#`+id+` option`).Length() < 2 {
			t.Fatalf("after an error the %s select has no choices", id)
		}
	}
	if got := badDoc.Find(`label[for=clients]`).Text(); !strings.Contains(got, "1–8") {
		t.Fatalf("clients label after an error = %q, want 1–8", got)
	}
	if badDoc.Find(`[data-testid=blank-errors] a[href="#blank-heading"]`).Length() != 1 {
		t.Fatalf("no summary at the top linking to the blank form's errors")
	}
	rec := cl.postForm("/sandbox", url.Values{"_csrf": {token}, "model": {"redis"}, "ttl_ms": {"5000"}, "clients": {"3"}, "heartbeat_ms": {"0"},
		"acquire": {"atomic"}, "release": {"compare-and-delete"}, "fencing_tokens": {"1"}, "check_fencing": {"1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start: status = %d, want 303", rec.Code)
	}
	doc := mustDoc(t, cl.get(rec.Header().Get("Location")))
	if doc.Find(`[data-testid=act-C]`).Length() != 1 || doc.Find(`[data-testid=event-row]`).Length() != 0 {
		t.Fatalf("blank timeline should have three clients and no events")
	}
	for _, model := range []string{"redlock", "consensus", "database"} {
		t.Run(model+" with the default boxes ticked", func(t *testing.T) {
			rec := cl.postForm("/sandbox", url.Values{"_csrf": {token}, "model": {model}, "ttl_ms": {"10000"}, "clients": {"2"},
				"acquire": {"atomic"}, "release": {"compare-and-delete"}, "fencing_tokens": {"1"}, "check_fencing": {"1"}})
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("start %s: status = %d, want 303; errors %q", model, rec.Code, mustDoc(t, rec).Find(`.field-error`).Text())
			}
		})
	}
	if got := mustDoc(t, cl.get("/sandbox")).Find(`[data-testid=my-timelines] li`).Length(); got != 4 {
		t.Fatalf("my timelines = %d, want 4", got)
	}
}

func TestSandboxUnknownIDs(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, p := range []string{"/sandbox/presets/teleport", "/sandbox/" + store.NewID(), "/sandbox/nope.json", "/sandbox/" + store.NewID() + "/compare"} {
		if rec := cl.get(p); rec.Code != http.StatusNotFound {
			t.Fatalf("GET %s = %d, want 404", p, rec.Code)
		}
	}
}

func TestSandboxActionsAreRateLimited(t *testing.T) {
	srv, _ := newTestServer(t, noRefill)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	limited := false
	for range 80 {
		rec := cl.postForm(path+"/actions", url.Values{"_csrf": {token}, "op": {"advance"}, "advance_s": {"0.1"}})
		if rec.Code == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatalf("80 actions in a row were all accepted, want the rate limit to refuse some")
	}
}

// bigScenario has n actions over eight clients with heartbeats, spread
// over the ten virtual minutes: a worst case for the page.
func bigScenario(n int) sandbox.Scenario {
	ids := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	sc := sandbox.Scenario{}
	for _, id := range ids {
		sc.Clients = append(sc.Clients, sandbox.Client{ID: id, HeartbeatMS: 500})
	}
	ops := []sandbox.Op{sandbox.OpAcquire, sandbox.OpWrite, sandbox.OpPause, sandbox.OpWrite, sandbox.OpRelease}
	step := int64(sandbox.MaxTimeMS-20000) / int64(n)
	for i := range n {
		a := sandbox.Action{AtMS: int64(i) * step, Client: ids[(i/len(ops))%len(ids)], Op: ops[i%len(ops)]}
		switch a.Op {
		case sandbox.OpWrite:
			a.Value = fmt.Sprintf("v%d", i)
		case sandbox.OpPause:
			a.MS = 12000
		}
		sc.Actions = append(sc.Actions, a)
	}
	return sc.WithDefaults()
}

func BenchmarkSandboxTimelinePage500Actions(b *testing.B) {
	srv, st := newTestServer(b, generousReads)
	cl := newClient(b, srv)
	path := openPreset(b, cl, "paused-holder-fenced")
	id := strings.TrimPrefix(path, "/sandbox/")
	tl, _ := st.Timeline(context.Background(), id)
	raw, _ := json.Marshal(bigScenario(sandbox.MaxActions))
	if err := st.UpdateTimeline(context.Background(), tl.Learner, id, raw, sandbox.EngineVersion, 0, testNow); err != nil {
		b.Fatalf("update: %v", err)
	}
	if rec := cl.get(path); rec.Code != http.StatusOK {
		b.Fatalf("status = %d", rec.Code)
	}
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, path+"?step=400", nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status = %d", rec.Code)
		}
	}
}

func TestSandboxPredictionIsShownOnlyToItsOwner(t *testing.T) {
	srv, _ := newTestServer(t)
	owner := newClient(t, srv)
	page := "/sandbox/presets/paused-holder-unfenced?predict=obj-predict-paused-unfenced"
	rec := owner.get(page)
	choice := mustDoc(t, rec).Find(`[data-testid=predict-form] input[name=choice]`).First().AttrOr("value", "")
	form := url.Values{"_csrf": {csrfFrom(t, rec)}, "predict": {"obj-predict-paused-unfenced"}, "choice": {choice}}
	rec = owner.postForm("/sandbox/presets/paused-holder-unfenced", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("predict: status = %d, want 303", rec.Code)
	}
	path := rec.Header().Get("Location")

	tests := []struct {
		name        string
		cl          *client
		wantVerdict int
	}{
		{"the owner sees their prediction", owner, 1},
		{"another learner sees the run without it", func() *client {
			other := newClient(t, srv)
			openPreset(t, other, "paused-holder-fenced") // a learner with a cookie of their own
			return other
		}(), 0},
		{"a visitor without a cookie sees the run without it", newClient(t, srv), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustDoc(t, tt.cl.get(path))
			if doc.Find(`[data-testid=swimlane]`).Length() == 0 {
				t.Fatalf("the run is not shown")
			}
			got := doc.Find(`[data-testid=predict-verdict]`).Length()
			if got != tt.wantVerdict || (tt.wantVerdict == 0 && strings.Contains(doc.Text(), "Your prediction")) {
				t.Fatalf("prediction verdicts shown = %d, want %d", got, tt.wantVerdict)
			}
		})
	}
}

func TestSandboxNowIsDrawnOnlyWhereTheViewerCanAct(t *testing.T) {
	srv, _ := newTestServer(t)
	owner := newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-unfenced")

	tests := []struct {
		name, path string
		cl         *client
		want       int
	}{
		{"the owner's timeline", path, owner, 1},
		{"the owner replaying mid-run", path + "?step=3", owner, 1},
		{"a read-only preset preview", "/sandbox/presets/paused-holder-unfenced", newClient(t, srv), 0},
		{"someone else's timeline", path, newClient(t, srv), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustDoc(t, tt.cl.get(tt.path))
			if doc.Find(`[data-testid=swimlane]`).Length() == 0 {
				t.Fatalf("no picture")
			}
			if got := doc.Find(`[data-testid=now-marker]`).Length(); got != tt.want {
				t.Fatalf("now markers = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestSandboxPresetSaysWhenAHeldUpActionRuns(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/sandbox/presets/paused-holder-unfenced"))
	var items []string
	doc.Find(`[data-testid=preset-actions] li`).Each(func(_ int, s *goquery.Selection) { items = append(items, strings.TrimSpace(s.Text())) })
	tests := []struct{ name, want string }{
		{"a write on time says only when", `13 s: B writes "b"`},
		{"a write held up by a pause says when it is due and when it runs", `14 s: A writes "a" (due then; it runs at 16 s, when A's pause ends)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, it := range items {
				if it == tt.want {
					return
				}
			}
			t.Fatalf("items %q, want %q among them", items, tt.want)
		})
	}
}

// TestSandboxUndoTakesBackTheLastStep: undo takes back an advance of time
// before it takes back an action, keeps now where it was when it removes
// an action, and says what it undid (QA-7 P1: it removed the write made
// before an advance and threw now back to 0 s, silently).
func TestSandboxUndoTakesBackTheLastStep(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/sandbox"))
	rec := cl.postForm("/sandbox", url.Values{"_csrf": {token}, "model": {"redis"}, "ttl_ms": {"10000"}, "clients": {"2"}, "heartbeat_ms": {"0"},
		"acquire": {"atomic"}, "release": {"compare-and-delete"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start blank: status %d", rec.Code)
	}
	path := rec.Header().Get("Location")
	act := func(v url.Values) string {
		t.Helper()
		v.Set("_csrf", token)
		rec := cl.postForm(path+"/actions", v)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%v: status %d", v, rec.Code)
		}
		loc, _, _ := strings.Cut(rec.Header().Get("Location"), "#")
		doc := mustDoc(t, cl.get(loc))
		return spaces(doc.Find(`[data-testid=flash]`).Text()) + " | " + spaces(doc.Find(`[data-testid=act-now]`).Text())
	}
	actions := func() int {
		t.Helper()
		var sc sandbox.Scenario
		if err := json.Unmarshal(cl.get(path+".json").Body.Bytes(), &sc); err != nil {
			t.Fatalf("export: %v", err)
		}
		return len(sc.Actions)
	}
	act(url.Values{"op": {"acquire"}, "client": {"A"}})
	act(url.Values{"op": {"advance"}, "advance_s": {"3"}})
	act(url.Values{"op": {"write"}, "client": {"A"}, "value": {"one"}})
	act(url.Values{"op": {"advance"}, "advance_s": {"5"}})
	if got := act(url.Values{"op": {"undo"}}); !strings.Contains(got, "Undid the advance of time: now is back at 3 s") {
		t.Fatalf("first undo: %q, want the 5 s advance undone and now back at 3 s", got)
	}
	if n := actions(); n != 2 {
		t.Fatalf("after undoing the advance, %d actions, want the acquire and the write", n)
	}
	if got := act(url.Values{"op": {"undo"}}); !strings.Contains(got, `Undid “3 s: A writes "one"”; now stays at 3 s`) {
		t.Fatalf("second undo: %q, want the write undone and now kept at 3 s", got)
	}
	if n := actions(); n != 1 {
		t.Fatalf("after undoing the write, %d actions, want 1", n)
	}
}

// TestSandboxActionControlsNameTheirAction: every row's time field, save
// and remove name the action they belong to for a screen reader (QA-7
// P12: five rows of "at (s)", "save" and "remove").
func TestSandboxActionControlsNameTheirAction(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	items := mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`)
	if items.Length() < 2 {
		t.Fatalf("%d actions listed, want the preset's", items.Length())
	}
	items.Each(func(i int, li *goquery.Selection) {
		what := spaces(li.Find(`[data-testid=action-text]`).Text())
		for _, sel := range []string{`[data-testid=action-remove]`, `[data-testid=action-save]`, `label`} {
			if got := spaces(li.Find(sel).First().Text()); !strings.Contains(got, what) {
				t.Fatalf("row %d: %s reads %q, want it to name %q", i, sel, got, what)
			}
		}
	})
}

// TestSandboxSettingsErrorKeepsWhatWasTyped: one bad value in "Change a
// setting" is named next to the form, and the other changes come back as
// typed (QA-7 P14: every field was reset to the timeline's values).
func TestSandboxSettingsErrorKeepsWhatWasTyped(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	rec := cl.postForm(path+"/settings", url.Values{"_csrf": {token}, "ttl_ms": {"0"}, "retries": {"3"}, "retry_delay_ms": {"250"}, "seed": {"7"}, "release": {"unconditional-del"}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", rec.Code)
	}
	doc := mustDoc(t, rec)
	if msg := doc.Find(`#settings [data-testid=settings-error]`).Text(); !strings.Contains(msg, "TTL") {
		t.Fatalf("settings error = %q, want it beside the form naming the TTL", msg)
	}
	for sel, want := range map[string]string{`#set-ttl`: "0", `#set-retries`: "3", `#set-retry-delay`: "250", `#set-seed`: "7"} {
		if got, _ := doc.Find(sel).Attr("value"); got != want {
			t.Fatalf("%s = %q after the refusal, want %q as typed", sel, got, want)
		}
	}
	if got, _ := doc.Find(`#set-release option[selected]`).Attr("value"); got != "unconditional-del" {
		t.Fatalf("release after the refusal = %q, want the choice kept", got)
	}
}

func TestSandboxRenameAndDelete(t *testing.T) {
	srv, _ := newTestServer(t)
	owner := newClient(t, srv)
	path := openPreset(t, owner, "paused-holder-fenced")
	manage := func(cl *client, action string, form url.Values) *httptest.ResponseRecorder {
		t.Helper()
		form.Set("_csrf", csrfFrom(t, cl.get(path)))
		return cl.postForm(path+"/"+action, form)
	}
	title := func(cl *client, p string) string {
		t.Helper()
		return strings.TrimSpace(mustDoc(t, cl.get(p)).Find(`[data-testid=timeline-title]`).Text())
	}
	was := title(owner, path)

	rec := manage(owner, "rename", url.Values{"title": {"  \t "}})
	if msg := refusedInput(t, rec, "timeline-title"); !strings.Contains(msg, "Title: write at least one character") {
		t.Fatalf("a blank rename does not say which field is wrong: %q", msg)
	}
	doc := mustDoc(t, owner.get(path))
	if got := doc.Find(`[data-testid=timeline-title]`).Text(); strings.TrimSpace(got) != was {
		t.Fatalf("a blank rename changed the title to %q", got)
	}
	if msg := refusedInput(t, manage(owner, "rename", url.Values{"title": {strings.Repeat("x", 121)}}), "timeline-title"); !strings.Contains(msg, "Title: at most 120 characters (this one has 121)") {
		t.Fatalf("a too long title: %q, want a message naming the limit", msg)
	}

	if rec := manage(owner, "rename", url.Values{"title": {"My GC pause <experiment>"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("rename: status = %d, want 303", rec.Code)
	}
	if got := title(owner, path); got != "My GC pause <experiment>" {
		t.Fatalf("after rename the page's title is %q", got)
	}
	mine := mustDoc(t, owner.get("/sandbox")).Find(`[data-testid=my-timelines]`)
	if !strings.Contains(mine.Text(), "My GC pause <experiment>") {
		t.Fatalf("the sandbox page does not list the new title")
	}
	// When it changed, with its time zone, as every other page says it
	// (QA-8 Q8-14: "2 Dec 00:41", no zone, no word of what the time is).
	if got := strings.Join(strings.Fields(mine.Find("time").First().Text()), " "); !strings.HasPrefix(got, "changed today, ") || !strings.HasSuffix(got, " UTC") {
		t.Fatalf("the list says %q, want when it changed, today, in UTC", got)
	}

	other := newClient(t, srv)
	if mustDoc(t, other.get(path)).Find(`[data-testid=manage]`).Length() != 0 {
		t.Fatalf("a reader who does not own the timeline is offered rename and delete")
	}
	if rec := manage(other, "rename", url.Values{"title": {"hijacked"}}); rec.Code != http.StatusForbidden {
		t.Fatalf("rename by another learner: status = %d, want 403", rec.Code)
	}
	if rec := manage(other, "delete", url.Values{}); rec.Code != http.StatusForbidden {
		t.Fatalf("delete by another learner: status = %d, want 403", rec.Code)
	}
	if got := title(owner, path); got != "My GC pause <experiment>" {
		t.Fatalf("refused changes by another learner left the title %q", got)
	}
	fork := manage(other, "fork", url.Values{}).Header().Get("Location")
	if fork == "" {
		t.Fatalf("the other learner could not fork")
	}

	rec = manage(owner, "delete", url.Values{})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/sandbox" {
		t.Fatalf("delete: status %d to %q, want 303 to /sandbox", rec.Code, rec.Header().Get("Location"))
	}
	doc = mustDoc(t, owner.get("/sandbox"))
	if !strings.Contains(doc.Text(), "Deleted “My GC pause <experiment>”") {
		t.Fatalf("the sandbox page does not confirm the delete")
	}
	if doc.Find(`[data-testid=my-timelines]`).Length() != 0 {
		t.Fatalf("the deleted timeline is still listed")
	}
	if rec := owner.get(path); rec.Code != http.StatusNotFound {
		t.Fatalf("the deleted timeline: status = %d, want 404", rec.Code)
	}
	if rec := other.get(fork); rec.Code != http.StatusOK {
		t.Fatalf("the other learner's fork after the delete: status = %d, want 200", rec.Code)
	}
}
