package web

import (
	"time"

	"lockdrill/content"
	"lockdrill/web/views"
)

// buildHome is the start page for a learner who read the guide sections in
// read: it offers to continue where they stopped.
func buildHome(cat *content.Catalog, read map[string]time.Time) views.HomeView {
	v := views.HomeView{Total: len(cat.Guide), FirstSlug: cat.Guide[0].Slug}
	var next *content.Section
	if v.ReadCount, next = cat.ReadingProgress(read); next != nil {
		v.ContinueSlug, v.ContinueTitle = next.Slug, next.Title
	}
	return v
}
