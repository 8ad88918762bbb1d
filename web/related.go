package web

import "lockdrill/web/views"

// relatedToSection lists the exercises and sandbox presets that illustrate a
// guide section. It grows as practice and the sandbox arrive.
func (s *Server) relatedToSection(slug string) (practice, presets []views.NavLink) {
	return nil, nil
}
