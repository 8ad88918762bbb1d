package content_test

import (
	"testing"
	"time"

	"lockdrill/content"
)

func TestReadingProgress(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	first, second := cat.Guide[0], cat.Guide[1]
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		read      map[string]time.Time
		wantCount int
		wantNext  *content.Section
	}{
		{"nothing read", nil, 0, first},
		{"first read", map[string]time.Time{first.Slug: at}, 1, second},
		{"a later one read", map[string]time.Time{second.Slug: at, "no-such-section": at}, 1, first},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, next := cat.ReadingProgress(tt.read)
			if n != tt.wantCount || next != tt.wantNext {
				t.Fatalf("got %d, %v; want %d, %v", n, next, tt.wantCount, tt.wantNext)
			}
		})
	}
	all := map[string]time.Time{}
	for _, s := range cat.Guide {
		all[s.Slug] = at
	}
	if n, next := cat.ReadingProgress(all); n != len(cat.Guide) || next != nil {
		t.Fatalf("all read: got %d, %v; want %d, nil", n, next, len(cat.Guide))
	}
}
