package sandbox_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"lockdrill/sandbox"
)

// TestGeneratedTimelinesUnchanged runs thousands of generated scenarios
// (every model, with and without faults, 1 to 500 actions) and hashes
// their timelines' JSON and the state panel at three steps. The hash was
// taken with the engine of before the speed work of issue 15 (main at
// 91c7306): any change to an event, a detail, a verdict or a state shows
// here, for scenarios no golden file covers. A deliberate change to what
// Run produces bumps EngineVersion and this hash together. Engine 5
// (QA-9) changed detail text only: with every detail and the version
// blanked, the 3,000 timelines and their states hash the same under 4 and 5.
// Engine 6 (QA-8) changed how times read in detail text only ("16 000 ms"
// for "16000"): with every detail and the version blanked, and again with
// the details kept but every U+202F and " ms" unit taken out, the 3,000
// timelines and their states hash the same under 5 and 6.
func TestGeneratedTimelinesUnchanged(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(15, 2026))
	h := sha256.New()
	events := 0
	for i := range n {
		actions := 1 + rng.IntN(60)
		if i%10 == 0 {
			actions = sandbox.MaxActions
		}
		data := make([]byte, 3*actions+8)
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		s := genScenario(data, 1+rng.IntN(sandbox.MaxClients), actions)
		tl := sandbox.Run(s)
		events += tl.Events.Len()
		b, err := json.Marshal(tl)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
		for _, step := range []int{1, tl.Events.Len() / 2, tl.Events.Len()} {
			b, err := json.Marshal(tl.StateAt(step))
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	want := map[int]string{3000: "cecab4f5b95d5ef8cb9aaeda42f29141ee478f56abbf6301201f34d73e77607e", 300: "8077baad9da608b38606e2af9eeda41adc9e8cfdf6bbe475d30c4c5d62c1e65d"}[n]
	if got != want {
		t.Errorf("%d generated timelines (%d events) hash to %s, want %s", n, events, got, want)
	}
}
