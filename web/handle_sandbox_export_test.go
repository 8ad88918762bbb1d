package web

// SandboxRunsSimulated exposes to the black-box tests how many sandbox
// runs the page cache has actually simulated.
func SandboxRunsSimulated() int { return runs.misses() }
