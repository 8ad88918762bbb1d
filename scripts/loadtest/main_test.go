package main

import (
	"testing"

	"lockdrill/sandbox"
)

// TestHeavyScenarioImports: the scenario the load test imports is one the
// server accepts (the import parses it with sandbox.Parse). It was once
// written with a TTL of 0, which the import refuses, and the load test
// could not start.
func TestHeavyScenarioImports(t *testing.T) {
	sc, err := sandbox.Parse(heavyJSON())
	if err != nil {
		t.Fatalf("the heavy scenario is refused: %v", err)
	}
	if len(sc.Actions) != sandbox.MaxActions || len(sc.Clients) != 8 {
		t.Fatalf("heavy scenario has %d actions and %d clients, want %d and 8", len(sc.Actions), len(sc.Clients), sandbox.MaxActions)
	}
}
