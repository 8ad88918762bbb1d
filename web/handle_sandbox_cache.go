package web

import (
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"sync"

	"lockdrill/sandbox"
)

// runCacheSize bounds the timelines kept: a large run (a measured 6,750
// events, about what heartbeats every 100 ms give in ten minutes) retains
// about 2 MB once built, so even 64 such runs stay near 128 MB, and a
// learner scrubbing through one timeline needs just one entry.
const runCacheSize = 64

// runCache is a small LRU of timelines keyed by (engine version, canonical
// scenario JSON). The GET pages re-run the scenario on every view and every
// scrub step; a run depends only on the scenario and the engine version, so
// an entry can never be stale. Callers must treat a returned Timeline as
// read-only.
type runCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *runEntry, most recently used first
	items map[[sha256.Size]byte]*list.Element
	// simulated counts the runs actually simulated (cache misses), so that
	// a test can see a second render reuse the first one's run.
	simulated int
}

type runEntry struct {
	key [sha256.Size]byte
	tl  sandbox.Timeline
}

func newRunCache(n int) *runCache {
	return &runCache{max: n, order: list.New(), items: map[[sha256.Size]byte]*list.Element{}}
}

// runScenario is sandbox.Run(sc) through the server's cache.
func (s *Server) runScenario(sc sandbox.Scenario) sandbox.Timeline { return s.runs.run(sc) }

func (c *runCache) run(sc sandbox.Scenario) sandbox.Timeline {
	raw, err := json.Marshal(sc.WithDefaults())
	if err != nil {
		return sandbox.Run(sc)
	}
	h := sha256.New()
	h.Write([]byte(sandbox.EngineVersion))
	h.Write([]byte{0})
	h.Write(raw)
	var key [sha256.Size]byte
	h.Sum(key[:0])

	c.mu.Lock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		tl := el.Value.(*runEntry).tl
		c.mu.Unlock()
		return tl
	}
	c.simulated++
	c.mu.Unlock()

	// Simulate outside the lock: two requests for the same new scenario
	// may both run it, which is harmless since runs are deterministic.
	tl := sandbox.Run(sc)

	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; !ok {
		c.items[key] = c.order.PushFront(&runEntry{key: key, tl: tl})
		for c.order.Len() > c.max {
			last := c.order.Back()
			c.order.Remove(last)
			delete(c.items, last.Value.(*runEntry).key)
		}
	}
	return tl
}

func (c *runCache) misses() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.simulated
}
