package views

// ConformanceLine says on a preset page whether a real server reproduced
// the preset's outcome in the test suite (from the checked-in results of
// sandbox/conformance).
type ConformanceLine struct {
	// Status is one of the results package's statuses: agrees,
	// out-of-reach, expected-mismatch, timing-sensitive.
	Status string
	// Server names the real system and its version ("Redis 7.0").
	Server string
	// Why is the reason for any status but agrees.
	Why string
}
