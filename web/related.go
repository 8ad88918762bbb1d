package web

import (
	"lockdrill/sandbox"
	"lockdrill/web/views"

	"lockdrill/web/urls"
)

// related is what a guide section links to: the exercises and sandbox
// presets that illustrate it.
type related struct {
	practice, presets []views.NavLink
}

// buildRelated lists, for every guide section, the exercises and sandbox
// presets that illustrate it. The catalog and the presets are fixed for
// the life of the server, so this runs once at start instead of on every
// guide page (rebuilding the presets was a seventh of a page's CPU).
func (s *Server) buildRelated() map[string]related {
	out := map[string]related{}
	for _, sec := range s.cat.Guide {
		var r related
		// Practice: every question whose answer this section teaches, in
		// bank order (interview questions first).
		if s.cat.Questions != nil {
			for _, q := range s.cat.Questions.All() {
				if q.Guide == sec.Slug {
					r.practice = append(r.practice, views.NavLink{Href: urls.Question(q.ID), Title: q.Title})
				}
			}
		}
		// Presets: the sandbox scenarios whose lesson is this section's.
		for _, p := range s.presets {
			if p.Guide == sec.Slug {
				r.presets = append(r.presets, views.NavLink{Href: urls.Preset(p.ID), Title: p.Title})
			}
		}
		out[sec.Slug] = r
	}
	return out
}

// relatedToSection lists the exercises and sandbox presets that illustrate
// the guide section slug. The slices are shared: callers must not modify
// them.
func (s *Server) relatedToSection(slug string) (practice, presets []views.NavLink) {
	r := s.related[slug]
	return r.practice, r.presets
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
