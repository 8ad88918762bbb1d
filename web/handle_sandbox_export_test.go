package web

// SandboxRunsSimulated exposes to the black-box tests how many sandbox
// runs the page cache has actually simulated.
func (s *Server) SandboxRunsSimulated() int { return s.runs.misses() }
