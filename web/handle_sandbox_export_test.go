package web

// SandboxRunsSimulated exposes to the black-box tests how many sandbox
// runs the page cache has actually simulated.
func (s *Server) SandboxRunsSimulated() int { return s.runs.misses() }

// SharedPagesBuilt exposes how many shared pages (guide sections) have
// been rendered, as opposed to served from the cache.
func (s *Server) SharedPagesBuilt() int { return s.shared.pages.built() }
