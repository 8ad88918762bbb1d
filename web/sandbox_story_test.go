package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// TestSandboxTimelineNarratesTheRun: the timeline page captions the shown
// step (the preset's own words where its lesson turns) and tells the
// whole run in words under the picture; once the scenario is changed, the
// captions are generated from the new run.
func TestSandboxTimelineNarratesTheRun(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	authored := sandbox.PresetCaptions("paused-holder-fenced")

	doc := mustDoc(t, cl.get(path+"?step=7"))
	if got := spaces(doc.Find(`[data-testid=caption]`).Text()); got != "Step 7: "+authored[7] {
		t.Fatalf("caption at step 7 = %q, want the preset's %q", got, authored[7])
	}
	items := doc.Find(`[data-testid=story] li`)
	if items.Length() != 9 {
		t.Fatalf("the run in words has %d steps, want 9 (before the first event and 8 events)", items.Length())
	}
	if cur := items.Filter(`[aria-current=step]`); cur.AttrOr("data-step", "") != "7" {
		t.Fatalf("current story step = %q, want 7", cur.AttrOr("data-step", ""))
	}
	if got := spaces(items.Eq(3).Text()); got != "A's lease runs out while A is frozen: the lock is free, and A cannot know it." {
		t.Fatalf("story step 3 = %q", got)
	}
	if got := spaces(mustDoc(t, cl.get(path+"?step=0")).Find(`[data-testid=caption]`).Text()); !strings.HasPrefix(got, "Step 0: Before the first event") {
		t.Fatalf("caption at step 0 = %q", got)
	}

	// A pause of B at the end changes the run: no authored words remain,
	// and the new step is narrated.
	if rec := act(t, cl, path, url.Values{"op": {"pause"}, "client": {"B"}, "pause_s": {"2"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("pause: status %d", rec.Code)
	}
	doc = mustDoc(t, cl.get(path+"?step=7"))
	if got := spaces(doc.Find(`[data-testid=caption]`).Text()); strings.Contains(got, authored[7]) || !strings.Contains(got, "token 1 < 2") {
		t.Fatalf("caption of a changed run at step 7 = %q, want the generated one", got)
	}
	last := doc.Find(`[data-testid=story] li`).Last()
	if got := spaces(last.Text()); !strings.Contains(got, "B wakes from a 2 s pause") {
		t.Fatalf("last story step = %q, want B's pause told", got)
	}
}

// spaces collapses runs of white space to one space.
func spaces(s string) string { return strings.Join(strings.Fields(s), " ") }
