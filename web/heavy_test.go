package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web"
	"lockdrill/web/timelineview"
)

// heavyScenario is the heaviest legal scenario the review found: redis,
// eight clients with the shortest heartbeat, 500 actions over the ten
// virtual minutes. A holder heartbeats every 100 ms, so the run reaches
// the engine's events budget (thousands of events before engine 4).
func heavyScenario() sandbox.Scenario {
	ids := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	sc := sandbox.Scenario{}
	for _, id := range ids {
		sc.Clients = append(sc.Clients, sandbox.Client{ID: id, HeartbeatMS: sandbox.MinHeartbeatMS})
	}
	ops := []sandbox.Op{sandbox.OpAcquire, sandbox.OpWrite, sandbox.OpWrite, sandbox.OpWrite, sandbox.OpExtend}
	step := int64(sandbox.MaxTimeMS-1000) / sandbox.MaxActions
	for i := range sandbox.MaxActions {
		a := sandbox.Action{AtMS: int64(i) * step, Client: ids[(i/len(ops))%len(ids)], Op: ops[i%len(ops)]}
		if a.Op == sandbox.OpWrite {
			a.Value = fmt.Sprintf("value-%d", i)
		}
		sc.Actions = append(sc.Actions, a)
	}
	return sc.WithDefaults()
}

// heavyTimeline stores heavyScenario as a timeline of cl's learner and
// returns its path.
func heavyTimeline(tb testing.TB, st *store.Store, cl *client) string {
	tb.Helper()
	path := openPreset(tb, cl, "paused-holder-fenced")
	id := strings.TrimPrefix(path, "/sandbox/")
	tl, err := st.Timeline(context.Background(), id)
	if err != nil {
		tb.Fatalf("timeline: %v", err)
	}
	raw, err := json.Marshal(heavyScenario())
	if err != nil {
		tb.Fatal(err)
	}
	if err := st.UpdateTimeline(context.Background(), tl.Learner, id, raw, sandbox.EngineVersion, 0, testNow); err != nil {
		tb.Fatalf("update: %v", err)
	}
	return path
}

// generousReads lifts the expensive-read budget, for tests of what one
// page costs rather than of the budget.
func generousReads(c *web.Config) { c.ExpensiveRate, c.ExpensiveBurst = 1e6, 1e6 }

// heavyPageLimit is what the heaviest legal timeline page may weigh: a
// windowed table and a summarised picture. Before windowing it was 4.2 MB.
const heavyPageLimit = 512 << 10

// TestHeavyTimelinePageIsBounded: the heaviest legal timeline opens at
// any step as a page of bounded size, its table a window around the step
// with links to the rest, its picture summarised with a note saying so.
func TestHeavyTimelinePageIsBounded(t *testing.T) {
	srv, st := newTestServer(t, generousReads)
	owner := newClient(t, srv)
	path := heavyTimeline(t, st, owner)
	total := sandbox.Run(heavyScenario()).Events.Len()
	// Since engine 4 a run stops at the events budget; the worst case is
	// a run that reaches it.
	if total < sandbox.MaxEvents {
		t.Fatalf("heavy scenario has %d events, want it to reach the events budget of %d (is it still the worst case?)", total, sandbox.MaxEvents)
	}
	other := newClient(t, srv)
	for _, tc := range []struct {
		name string
		cl   *client
		step int
	}{
		{"owner at the start", owner, 0},
		{"owner in the middle", owner, total / 2},
		{"owner at the end", owner, total},
		{"viewer in the middle", other, total/2 + 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := tc.cl.get(fmt.Sprintf("%s?step=%d", path, tc.step))
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			if n := rec.Body.Len(); n > heavyPageLimit {
				t.Fatalf("page is %d bytes, want at most %d", n, heavyPageLimit)
			}
			doc := mustDoc(t, rec)
			rows := doc.Find(`tr[data-testid=event-row]`)
			if rows.Length() == 0 || rows.Length() > timelineview.RowWindow {
				t.Fatalf("event table has %d rows, want 1..%d", rows.Length(), timelineview.RowWindow)
			}
			if tc.step > 0 && doc.Find(fmt.Sprintf(`tr#event-%d`, tc.step)).Length() != 1 {
				t.Fatalf("the row of step %d is not in the table", tc.step)
			}
			if !strings.Contains(doc.Find(`[data-testid=events-window]`).Text(), fmt.Sprintf("of %d", total)) {
				t.Fatalf("events window note = %q, want it to say the total %d", doc.Find(`[data-testid=events-window]`).Text(), total)
			}
			if tc.step > timelineview.RowWindow && doc.Find(`[data-testid=events-earlier]`).Length() != 1 {
				t.Fatalf("no link to earlier events")
			}
			if tc.step < total-timelineview.RowWindow && doc.Find(`[data-testid=events-later]`).Length() != 1 {
				t.Fatalf("no link to later events")
			}
			if doc.Find(`[data-testid=swimlane-summarised]`).Length() != 1 {
				t.Fatalf("picture of %d events is not marked as summarised", total)
			}
			if tc.cl == owner {
				items := doc.Find(`[data-testid=action-item]`).Length()
				if items == 0 || items > web.MaxListedActions || !strings.Contains(doc.Find(`[data-testid=actions-window]`).Text(), fmt.Sprintf("of %d", sandbox.MaxActions)) {
					t.Fatalf("action list has %d items, note %q: want at most %d and a note naming all %d", items, doc.Find(`[data-testid=actions-window]`).Text(), web.MaxListedActions, sandbox.MaxActions)
				}
			}
			shapes := doc.Find(`svg.tl-svg [data-step]`).Length()
			if shapes > timelineview.MaxShapes+len(sandbox.Run(heavyScenario()).Summary.Violations)*2 {
				t.Fatalf("picture has %d shapes, want at most about %d", shapes, timelineview.MaxShapes)
			}
		})
	}
}

// TestHeavyTimelineUnderConcurrentReaders: 32 readers of the heaviest
// legal page, four times over, keep the server's heap bounded (they share
// one build per step instead of each building the whole page).
func TestHeavyTimelineUnderConcurrentReaders(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: 128 requests for a heavy page")
	}
	srv, st := newTestServer(t, generousReads)
	cl := newClient(t, srv)
	path := heavyTimeline(t, st, cl)
	if rec := cl.get(path); rec.Code != http.StatusOK { // warm the run cache
		t.Fatalf("status = %d", rec.Code)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)

	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	var maxBytes atomic.Int64
	failed := make(chan string, 32)
	for r := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 4 {
				req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("%s?step=%d", path, 3000+(r+i)%2), nil)
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					failed <- fmt.Sprintf("status %d", rec.Code)
					return
				}
				if n := int64(rec.Body.Len()); n > maxBytes.Load() {
					maxBytes.Store(n)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	close(failed)
	for f := range failed {
		t.Fatalf("a reader got %s, want 200", f)
	}
	grew := int64(peak.Load()) - int64(base.HeapInuse)
	t.Logf("32 readers x 4: page %d bytes, heap in use %d MB before, peak %d MB (+%d MB)",
		maxBytes.Load(), base.HeapInuse>>20, peak.Load()>>20, grew>>20)
	if maxBytes.Load() > heavyPageLimit {
		t.Fatalf("page is %d bytes, want at most %d", maxBytes.Load(), heavyPageLimit)
	}
	// 32 copies of a bounded page, with the builds shared, stay far under
	// this; 32 whole 4 MB pages and their garbage did not.
	if grew > 96<<20 {
		t.Fatalf("heap in use grew by %d MB under 32 readers, want at most 96 MB", grew>>20)
	}
}

// BenchmarkHeavyTimelinePage reports the heaviest legal timeline page:
// time, allocations and bytes, over different steps (so the step cache
// does not answer every request).
func BenchmarkHeavyTimelinePage(b *testing.B) {
	srv, st := newTestServer(b, generousReads)
	cl := newClient(b, srv)
	path := heavyTimeline(b, st, cl)
	cl.get(path)
	b.ReportAllocs()
	i, size := 0, 0
	for b.Loop() {
		i++
		req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("%s?step=%d", path, i%6000), nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status = %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size), "page-bytes")
}

// TestExpensiveReadsHaveABudget: one address loading sandbox pages in a
// loop is refused with a clear 429 once past its budget, while other pages
// (the guide) keep serving it.
func TestExpensiveReadsHaveABudget(t *testing.T) {
	srv, _ := newTestServer(t, func(c *web.Config) { c.ExpensiveRate = 1e-9 })
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	limited := 0
	for i := range 100 {
		rec := cl.get(fmt.Sprintf("%s?step=%d", path, i%5))
		if rec.Code == http.StatusTooManyRequests {
			limited++
			if !strings.Contains(rec.Body.String(), "faster than lockdrill serves them") {
				t.Fatalf("429 page does not say why: %s", rec.Body.String())
			}
		}
	}
	if limited == 0 {
		t.Fatalf("100 timeline pages in a row from one address were all served, want the read budget to refuse some")
	}
	if rec := cl.get("/learn/fencing-tokens"); rec.Code != http.StatusOK {
		t.Fatalf("guide page after the sandbox budget ran out: status %d, want 200", rec.Code)
	}
}
