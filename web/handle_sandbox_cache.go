package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
	"lockdrill/web/views"
)

// runCacheSize bounds the timelines kept: a large run (a measured 6,750
// events, about what heartbeats every 100 ms give in ten minutes) retains
// about 2 MB once built, so even 64 such runs stay near 128 MB, and a
// learner scrubbing through one timeline needs just one entry.
const runCacheSize = 64

// runCache keeps timelines keyed by (engine version, canonical scenario
// JSON). The GET pages re-run the scenario on every view and every scrub
// step; a run depends only on the scenario and the engine version, so an
// entry can never be stale. A run is simulated once even when many
// requests ask for it at the same moment. Callers must treat a returned
// Timeline as read-only.
type runCache struct {
	runs *onceCache[runKey, sandbox.Timeline]
}

func newRunCache(n int) *runCache {
	return &runCache{runs: newOnceCache[runKey, sandbox.Timeline](n)}
}

// runKey identifies a run: the hash of the engine version and the
// canonical scenario JSON.
type runKey [sha256.Size]byte

// keyOf returns the run key of sc, or false when sc cannot be encoded.
func keyOf(sc sandbox.Scenario) (runKey, bool) {
	raw, err := json.Marshal(sc.WithDefaults())
	if err != nil {
		return runKey{}, false
	}
	h := sha256.New()
	h.Write([]byte(sandbox.EngineVersion))
	h.Write([]byte{0})
	h.Write(raw)
	var key runKey
	h.Sum(key[:0])
	return key, true
}

// runScenario is sandbox.Run(sc) through the server's cache.
func (s *Server) runScenario(sc sandbox.Scenario) sandbox.Timeline {
	tl, _ := s.runs.run(sc)
	return tl
}

// runKeyed is runScenario that also returns the run's key, for caches of
// what is built from the run. The key is zero when the scenario could not
// be encoded (then nothing should be cached).
func (s *Server) runKeyed(sc sandbox.Scenario) (sandbox.Timeline, runKey) { return s.runs.run(sc) }

func (c *runCache) run(sc sandbox.Scenario) (sandbox.Timeline, runKey) {
	key, ok := keyOf(sc)
	if !ok {
		return sandbox.Run(sc), runKey{}
	}
	return c.runWithKey(sc, key), key
}

// runWithKey is run for a scenario whose key is known.
func (c *runCache) runWithKey(sc sandbox.Scenario, key runKey) sandbox.Timeline {
	return c.runs.get(key, func() sandbox.Timeline { return sandbox.Run(sc) })
}

func (c *runCache) misses() int { return c.runs.built() }

// storedScenario is a saved scenario as parsed once: the scenario, the
// parse error and the run key.
type storedScenario struct {
	sc  sandbox.Scenario
	err error
	key runKey
}

// storedScenarioCacheSize bounds the parsed scenarios kept (each at most
// sandbox.MaxInputBytes of JSON, most a few KB).
const storedScenarioCacheSize = 256

// viewScenario parses a saved scenario for a page that only reads it,
// through a cache keyed by the saved bytes: the timeline pages are opened
// far more often than changed, and parsing 500 actions took a quarter of
// a page's time. The returned scenario shares memory with the cache, so
// it must not be modified; the handlers that change a scenario parse their
// own copy with parseStored.
func (s *Server) viewScenario(raw []byte) storedScenario {
	return s.parsed.get(sha256.Sum256(raw), func() storedScenario {
		sc, err := parseStored(raw)
		key, _ := keyOf(sc)
		return storedScenario{sc: sc, err: err, key: key}
	})
}

// viewRun is the run of a saved scenario for a page that only reads it
// (see viewScenario).
func (s *Server) viewRun(raw []byte) (storedScenario, sandbox.Timeline) {
	p := s.viewScenario(raw)
	if p.key == (runKey{}) {
		return p, sandbox.Run(p.sc)
	}
	return p, s.runs.runWithKey(p.sc, p.key)
}

// stepViewCacheSize bounds the built pictures, panels and event windows
// kept: each is bounded (timelineview.MaxShapes, RowWindow) at about half
// a MB for the heaviest run, so 64 stay near 32 MB, and readers of a
// popular step share one.
const stepViewCacheSize = 64

// stepKey identifies what the timeline page builds for one step: the run,
// the step, the learner's now (0 for a viewer who cannot act) and the
// page's base URL, which every link in it carries.
type stepKey struct {
	run   runKey
	step  int
	now   int64
	owner bool
	base  string
}

// stepView is what the timeline page builds from a run at one step. The
// picture and the event list are kept rendered: laying out and writing
// them was most of a page's time.
type stepView struct {
	picture []byte
	events  []byte
	panel   timelineview.Panel
}

// stepViewOf returns the picture, state panel and event window of tl at
// step through the server's cache, built once per (run, step, now, base).
func (s *Server) stepViewOf(tl sandbox.Timeline, key runKey, step int, now int64, owner bool, base string) stepView {
	build := func() stepView {
		v := stepView{panel: timelineview.BuildPanel(tl, step, base)}
		var d timelineview.Diagram
		if owner {
			d = timelineview.Build(tl, step, now, base)
		} else {
			d = timelineview.BuildView(tl, step, base)
		}
		var buf bytes.Buffer
		// Rendering into a buffer cannot fail but for a broken template,
		// which the tests would catch; an empty picture is the fallback.
		if err := views.Swimlane(d, "tl").Render(context.Background(), &buf); err == nil {
			v.picture = bytes.Clone(buf.Bytes())
		}
		buf.Reset()
		if err := views.SandboxEvents(timelineview.RowsAround(tl, step, base, timelineview.RowWindow)).Render(context.Background(), &buf); err == nil {
			v.events = bytes.Clone(buf.Bytes())
		}
		return v
	}
	if key == (runKey{}) {
		return build()
	}
	if !owner {
		now = 0
	}
	return s.steps.get(stepKey{run: key, step: step, now: now, owner: owner, base: base}, build)
}

// panelOf returns the state panel of tl at step, cached like stepViewOf.
func (s *Server) panelOf(tl sandbox.Timeline, key runKey, step int, base string) timelineview.Panel {
	build := func() timelineview.Panel { return timelineview.BuildPanel(tl, step, base) }
	if key == (runKey{}) {
		return build()
	}
	return s.panels.get(stepKey{run: key, step: step, base: base}, build)
}
