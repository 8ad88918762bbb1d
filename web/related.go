package web

import (
	"lockdrill/content"
	"lockdrill/sandbox"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// related is what a guide section links to: the exercises and sandbox
// presets that illustrate it. The slices are shared: readers must not
// modify them.
type related struct {
	practice, presets []views.NavLink
}

// buildRelated lists, for every guide section, the exercises and sandbox
// presets that illustrate it. The catalog and the presets are fixed for
// the life of the server, so this runs once at start instead of on every
// guide page (rebuilding the presets was a seventh of a page's CPU).
func buildRelated(cat *content.Catalog, presets []sandbox.Preset) map[string]related {
	out := map[string]related{}
	for _, sec := range cat.Guide {
		var r related
		// Practice: every question whose answer this section teaches, in
		// bank order (interview questions first).
		if cat.Questions != nil {
			for _, q := range cat.Questions.All() {
				if q.Guide == sec.Slug {
					r.practice = append(r.practice, views.NavLink{Href: urls.Question(q.ID), Title: q.Title})
				}
			}
		}
		// Presets: the sandbox scenarios whose lesson is this section's.
		for _, p := range presets {
			if p.Guide == sec.Slug {
				r.presets = append(r.presets, views.NavLink{Href: urls.Preset(p.ID), Title: p.Title})
			}
		}
		out[sec.Slug] = r
	}
	return out
}

// presetByID is sandbox.PresetByID over the presets built at start, for
// pages that only read the preset; its scenario is shared and must not be
// modified.
func (s *Server) presetByID(id string) (sandbox.Preset, bool) {
	for _, p := range s.presets {
		if p.ID == id {
			return p, true
		}
	}
	return sandbox.Preset{}, false
}
