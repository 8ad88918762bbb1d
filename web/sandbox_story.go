package web

import (
	"bytes"
	"encoding/json"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/views"
)

// storyOf narrates tl for its page at step: generated captions, with the
// preset's authored ones while the scenario is still exactly the preset's
// (after any change the authored words may no longer be true).
func storyOf(t store.Timeline, sc sandbox.Scenario, tl sandbox.Timeline, step int) views.Story {
	var authored map[int]string
	if p, ok := sandbox.PresetByID(t.PresetID); ok && sameScenario(p.Scenario, sc) {
		authored = sandbox.PresetCaptions(p.ID)
	}
	return views.NewStory(sandbox.Narrate(tl, authored), step, len(authored) > 0)
}

func sameScenario(a, b sandbox.Scenario) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}
