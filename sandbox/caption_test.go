package sandbox_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
)

func presetTimeline(t *testing.T, id string) sandbox.Timeline {
	t.Helper()
	p, ok := sandbox.PresetByID(id)
	if !ok {
		t.Fatalf("no preset %q", id)
	}
	return sandbox.Run(p.Scenario)
}

// TestNarrateTellsThePausedHolder: the generated captions of the classic
// runs say what happened and why it matters, step by step.
func TestNarrateTellsThePausedHolder(t *testing.T) {
	tests := []struct {
		preset string
		kind   sandbox.Kind
		want   string
	}{
		{"paused-holder-fenced", "pause.start", "A freezes for 15 s (stop-the-world): nothing of it runs, its heartbeat included, and its lease ends at 10 s, before it wakes."},
		{"paused-holder-fenced", "lease.expired", "A's lease runs out while A is frozen: the lock is free, and A cannot know it."},
		{"paused-holder-fenced", "acquire.granted", "B acquires the lock with token 2: its lease runs until 22 s, while A, frozen, still believes it holds the lock."},
		{"paused-holder-fenced", "pause.end", "A wakes from a 15 s pause, still believing it holds the lock with token 1, but its lease ended at 10 s."},
		{"paused-holder-fenced", "write.rejected", "The resource refuses A's write: token 1 < 2, the highest it has accepted. The stale holder does no harm."},
		{"paused-holder-unfenced", "write.accepted", `The resource stores "a" from A, overwriting B's value: A's lease ended at 10 s.`},
		{"unconditional-del", "release.ok", "the plain DEL deletes"},
		{"setnx-then-expire-crash", "crash", "crashes while it holds the lock"},
		{"redis-failover", "failover", "the promoted replica has no key"},
		{"redis-failover", "acquire.granted", "while A also believes it holds the lock, until 10 s: two holders at once."},
		{"unconditional-del", "pause.end", "A wakes from an 11 s pause"},
		{"database-conditional-update", "acquire.granted", "A claims the row"},
	}
	for _, tt := range tests {
		t.Run(tt.preset+"/"+tt.kind.String(), func(t *testing.T) {
			tl := presetTimeline(t, tt.preset)
			caps := sandbox.Narrate(tl, nil)
			if len(caps) != tl.Events.Len()+1 {
				t.Fatalf("%d captions for %d events, want one per step and one before", len(caps), tl.Events.Len())
			}
			var got []string
			for i, e := range tl.Events.All() {
				if e.Kind == tt.kind {
					got = append(got, caps[i+1])
				}
			}
			for _, c := range got {
				if strings.Contains(c, tt.want) {
					return
				}
			}
			t.Fatalf("captions of %s = %q, want one with %q", tt.kind, got, tt.want)
		})
	}
}

// TestNarrateEveryPreset: every step of every preset has a sentence, and
// the same run always gets the same captions.
func TestNarrateEveryPreset(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			tl := sandbox.Run(p.Scenario)
			caps := sandbox.Narrate(tl, sandbox.PresetCaptions(p.ID))
			for i, c := range caps {
				if len(c) < 12 || !strings.HasSuffix(c, ".") {
					t.Fatalf("step %d caption %q, want a sentence", i, c)
				}
			}
			again := sandbox.Narrate(sandbox.Run(p.Scenario), sandbox.PresetCaptions(p.ID))
			if strings.Join(caps, "\n") != strings.Join(again, "\n") {
				t.Fatalf("the captions of one run differ between two calls")
			}
		})
	}
}

// TestPresetCaptionsFitTheirRun: an authored caption names a step of its
// preset's run, and says what that step's event is.
func TestPresetCaptionsFitTheirRun(t *testing.T) {
	for _, p := range sandbox.Presets() {
		for step, c := range sandbox.PresetCaptions(p.ID) {
			tl := sandbox.Run(p.Scenario)
			if step < 1 || step > tl.Events.Len() {
				t.Fatalf("%s: authored caption for step %d of %d", p.ID, step, tl.Events.Len())
			}
			e := tl.Events.At(step - 1)
			if !strings.Contains(c, e.Client) {
				t.Fatalf("%s step %d (%s of %s): authored caption %q does not name the client", p.ID, step, e.Kind, e.Client, c)
			}
		}
	}
	if len(sandbox.PresetCaptions("paused-holder-fenced")) == 0 || len(sandbox.PresetCaptions("paused-holder-unfenced")) == 0 {
		t.Fatalf("the paused-holder presets have no authored captions")
	}
}
