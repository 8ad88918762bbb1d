package web

import (
	"container/list"
	"sync"
)

// onceCache is a small LRU whose values are built once per key: concurrent
// requests for a key being built wait for that build instead of repeating
// it, so 32 readers of one heavy page cost about one build. Values must be
// treated as read-only.
type onceCache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *onceEntry, most recently used first
	items map[K]*list.Element
	// builds counts the values actually built, for tests.
	builds int
}

type onceEntry[K comparable, V any] struct {
	key  K
	once sync.Once
	v    V
}

func newOnceCache[K comparable, V any](n int) *onceCache[K, V] {
	return &onceCache[K, V]{max: n, order: list.New(), items: map[K]*list.Element{}}
}

// get returns the value of key, calling build to make it when it is not
// cached.
func (c *onceCache[K, V]) get(key K, build func() V) V {
	c.mu.Lock()
	var e *onceEntry[K, V]
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		e = el.Value.(*onceEntry[K, V])
	} else {
		e = &onceEntry[K, V]{key: key}
		c.items[key] = c.order.PushFront(e)
		for c.order.Len() > c.max {
			last := c.order.Back()
			c.order.Remove(last)
			delete(c.items, last.Value.(*onceEntry[K, V]).key)
		}
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.v = build()
		c.mu.Lock()
		c.builds++
		c.mu.Unlock()
	})
	return e.v
}

func (c *onceCache[K, V]) built() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.builds
}
