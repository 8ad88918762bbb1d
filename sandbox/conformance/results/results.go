// Package results holds what the conformance suite found when it played
// the presets against real Redis, etcd and SQLite: results.json, written
// by "go test ./sandbox/conformance -update" and checked by the same test
// (it fails when a run no longer matches the file). It imports nothing
// heavy, so the web app can say on each preset page whether a real server
// reproduced its outcome.
package results

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// Preset statuses.
const (
	// StatusAgrees: the real server produced the engine's outcome.
	StatusAgrees = "agrees"
	// StatusOutOfReach: the real server cannot play the scenario (Why).
	StatusOutOfReach = "out-of-reach"
	// StatusExpectedMismatch: the real server disagrees, for a reason
	// recorded in Why and in MISMATCHES.md, awaiting an engine change.
	StatusExpectedMismatch = "expected-mismatch"
	// StatusTimingSensitive: the outcome turns on timing finer than a
	// real server's timers, so it is not played (Why says which).
	StatusTimingSensitive = "timing-sensitive"
)

// File is results.json.
type File struct {
	Note string `json:"note"`
	// Backends by target name: "redis", "etcd", "sqlite".
	Backends map[string]Backend `json:"backends"`
}

// Backend is what one real system did.
type Backend struct {
	// Server names the server and its major.minor version ("Redis 7.0").
	Server    string    `json:"server"`
	Presets   []Preset  `json:"presets"`
	Generated Generated `json:"generated"`
}

// Preset is the verdict for one preset of the scenario library.
type Preset struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Why    string `json:"why,omitempty"`
}

// Generated counts the seeded scenarios drawn for a backend.
type Generated struct {
	Seed   uint64   `json:"seed"`
	Models []string `json:"models"`
	// Drawn scenarios; Unstable ones turn on timing finer than the
	// margins; Played = Drawn - Unstable; Agreed of them gave the
	// engine's outcome (the suite fails unless all do).
	Drawn    int `json:"drawn"`
	Unstable int `json:"unstable"`
	Played   int `json:"played"`
	Agreed   int `json:"agreed"`
}

//go:embed results.json
var raw []byte

// Load decodes the embedded results.json.
func Load() (File, error) {
	var f File
	if err := json.Unmarshal(raw, &f); err != nil {
		return File{}, fmt.Errorf("decode results.json: %w", err)
	}
	return f, nil
}

// Verdict is the result for one preset: the backend it was played on.
type Verdict struct {
	Backend string
	Server  string
	Preset
}

// ForPreset returns the verdict for preset id, if the suite recorded one.
func ForPreset(id string) (Verdict, bool) {
	f, err := Load()
	if err != nil {
		return Verdict{}, false
	}
	for name, b := range f.Backends {
		for _, p := range b.Presets {
			if p.ID == id {
				return Verdict{Backend: name, Server: b.Server, Preset: p}, true
			}
		}
	}
	return Verdict{}, false
}
