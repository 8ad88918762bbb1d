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
// Run produces bumps EngineVersion and this hash together.
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
	want := map[int]string{3000: "04b2543a1dc7470f8739304a3d999a3394f3a48a7d7c106600a430a5525ecb98", 300: "4b3f8695b172faca53f7b2c884745a88c656c9fc2abb19cfdc119622c6b752f8"}[n]
	if got != want {
		t.Errorf("%d generated timelines (%d events) hash to %s, want %s", n, events, got, want)
	}
}
