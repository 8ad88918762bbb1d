package web

import (
	"lockdrill/sandbox"
	"lockdrill/web/views"
)

// relatedToSection lists the exercises and sandbox presets that illustrate a
// guide section. It grows as practice and the sandbox arrive.
func (s *Server) relatedToSection(slug string) (practice, presets []views.NavLink) {
	// Practice: every question whose answer this section teaches, in bank
	// order (interview questions first).
	for _, q := range s.cat.Questions.All() {
		if q.Guide == slug {
			practice = append(practice, views.NavLink{Href: "/practice/" + q.ID, Title: q.Title})
		}
	}
	// Presets: the sandbox scenarios whose lesson is this section's.
	for _, p := range sandbox.Presets() {
		if p.Guide == slug {
			presets = append(presets, views.NavLink{Href: "/sandbox/presets/" + p.ID, Title: p.Title})
		}
	}
	return practice, presets
}
