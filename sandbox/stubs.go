package sandbox

// Parse decodes a scenario from JSON (unknown fields are errors), applies
// WithDefaults and Validate. Every error is a *ValidationError naming the
// field ("actions[3].op: unknown op \"teleport\"").
func Parse(data []byte) (Scenario, error) { return Scenario{}, nil }

// WithDefaults returns s with every unset field given its default.
func (s Scenario) WithDefaults() Scenario { return s }

// Validate reports the first problem of s (after WithDefaults) as a
// *ValidationError, or nil.
func (s Scenario) Validate() error { return nil }

// Run plays s and returns its timeline. It is deterministic and cheap. Run
// applies WithDefaults itself; a scenario that fails Validate yields a
// timeline holding one KindInvalid event, never a panic.
func Run(s Scenario) Timeline { return Timeline{EngineVersion: EngineVersion} }

// Check derives the violations from events alone (violation events in the
// input are ignored). Event indices refer to events.
func Check(events []Event) []Violation { return nil }

// StateAt returns the world after the first step events of t (clamped to
// 0..len(t.Events)): StateAt(0) is the initial state, StateAt(len) the end.
func (t Timeline) StateAt(step int) State { return State{} }

// Lane is the swim lane an event is drawn in: a client id, "service",
// "node N" (redlock), "resource" or "checker".
func (e Event) Lane() string { return "" }
