package quiz

// This file lets structural_g21_test.go grade with the g21c experiment
// (see structuralG21) set to any mode and flag set.

// SetStructuralG21 sets the experiment's mode and, when ids is not nil,
// the flags that share the fence counterpart; it returns a function that
// restores both. Banks built before keep their shared patterns: build
// the bank again after changing ids.
func SetStructuralG21(mode int, ids []string) (restore func()) {
	oldMode, oldIDs := structuralG21, fencedFlagIDs
	structuralG21 = mode
	if ids != nil {
		fencedFlagIDs = map[string]bool{}
		for _, id := range ids {
			fencedFlagIDs[id] = true
		}
	}
	return func() { structuralG21, fencedFlagIDs = oldMode, oldIDs }
}
