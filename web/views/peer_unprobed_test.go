package views

import (
	"strings"
	"testing"
)

// TestPeerUnprobed: with no catalog follow-up to suggest, the peer panel
// points the interviewer at the rubric's unmade points (QA-51b M4: it said
// the answer "leaves nothing the catalog probes" beside a ✗); a point made
// in an earlier answer is made, and with every point made it says nothing.
func TestPeerUnprobed(t *testing.T) {
	made, earlier, missing := PeerPoint{ID: "a", Hit: true}, PeerPoint{ID: "b", Earlier: true}, PeerPoint{ID: "c"}
	if got := peerUnprobed([]PeerPoint{made, earlier}); got != "" {
		t.Errorf("every point made: %q, want nothing", got)
	}
	if got := peerUnprobed([]PeerPoint{made, missing}); !strings.Contains(got, "the point marked ✗") {
		t.Errorf("one point missing: %q", got)
	}
	if got := peerUnprobed([]PeerPoint{missing, missing, earlier}); !strings.Contains(got, "the 2 points marked ✗") {
		t.Errorf("two points missing: %q", got)
	}
}
