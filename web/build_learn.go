package web

import (
	"time"

	"lockdrill/content"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// buildLearnIndex is the guide's table of contents for a learner who read
// the sections in read, with where to continue.
func buildLearnIndex(cat *content.Catalog, read map[string]time.Time) views.LearnIndexView {
	v := views.LearnIndexView{Total: len(cat.Guide)}
	for _, sec := range cat.Guide {
		_, isRead := read[sec.Slug]
		v.Entries = append(v.Entries, views.GuideEntry{Slug: sec.Slug, Title: sec.Title, Summary: sec.Summary, Minutes: sec.Minutes, Read: isRead})
	}
	var next *content.Section
	if v.ReadCount, next = cat.ReadingProgress(read); next != nil {
		v.NextSlug = next.Slug
	}
	return v
}

// buildLearnSection is the page of guide section sec, whose rendered body
// and key points are given, linking the exercises and presets rel that
// illustrate it.
func buildLearnSection(cat *content.Catalog, sec *content.Section, rel related, isRead bool, body, keyPoints string) views.LearnSectionView {
	v := views.LearnSectionView{
		Slug: sec.Slug, Title: sec.Title, Summary: sec.Summary, Minutes: sec.Minutes,
		Order: indexOf(cat.Guide, sec) + 1, Total: len(cat.Guide),
		HTML: body, KeyPointsHTML: keyPoints, Read: isRead,
		Practice: rel.practice, Presets: rel.presets,
	}
	for _, h := range sec.TOC {
		v.TOC = append(v.TOC, views.NavLink{Href: "#" + h.ID, Title: h.Text})
	}
	prev, next := cat.Neighbours(sec.Slug)
	if prev != nil {
		v.Prev = &views.NavLink{Href: urls.LearnSection(prev.Slug), Title: prev.Title}
	}
	if next != nil {
		v.Next = &views.NavLink{Href: urls.LearnSection(next.Slug), Title: next.Title}
	}
	return v
}

func indexOf(sections []*content.Section, sec *content.Section) int {
	for i, x := range sections {
		if x == sec {
			return i
		}
	}
	return -1
}
