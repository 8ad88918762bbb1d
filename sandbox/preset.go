package sandbox

// Preset is a ready-made scenario of the library: one lesson, shown by one
// run.
type Preset struct {
	// ID is the stable id (used in URLs, questions and lockdrill sim
	// --preset).
	ID    string `json:"id"`
	Title string `json:"title"`
	// Lesson is the one-line takeaway the run demonstrates.
	Lesson string `json:"lesson"`
	// Guide is the slug of the guide section the preset illustrates.
	Guide    string   `json:"guide"`
	Scenario Scenario `json:"scenario"`
	// Expect is the outcome the lesson states; the tests hold Run to it.
	Expect Outcome `json:"expect"`
}

// Outcome is the expected result of a preset's run.
type Outcome struct {
	// Violations are the violation kinds, in timeline order.
	Violations     []string `json:"violations"`
	WritesAccepted int      `json:"writes_accepted"`
	WritesRejected int      `json:"writes_rejected"`
	FinalValue     string   `json:"final_value"`
}

// Presets returns the scenario library in teaching order. The result is a
// fresh copy each call: callers may modify it.
func Presets() []Preset {
	return nil
}

// PresetByID returns the preset with the given id.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}
