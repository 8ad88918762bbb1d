package sandbox

import (
	"strconv"
	"strings"
)

// Narrate returns one caption per replay step of tl: index 0 is before the
// first event, index i says what event i-1 did and, where the run's story
// turns on it, why it matters ("A wakes from a 15 s pause, still believing
// it holds token 1, but its lease ended at 10 s"). The captions are
// generated from the events and what the run knew at each one, so any
// scenario gets them; authored, when not nil, replaces the caption of the
// steps it names (a preset's hand-written lesson). Narrate is pure and
// deterministic, like Run.
func Narrate(tl Timeline, authored map[int]string) []string {
	n := narrator{
		model:    tl.Model,
		leaseEnd: map[string]int64{},
		token:    map[string]int64{},
		holding:  map[string]bool{},
		paused:   map[string]bool{},
		crashed:  map[string]bool{},
	}
	out := make([]string, 0, tl.Events.Len()+1)
	out = append(out, "Before the first event: the lock is free and the resource has not been written.")
	for i, e := range tl.Events.All() {
		c := n.caption(e)
		if a, ok := authored[i+1]; ok {
			c = a
		}
		out = append(out, c)
	}
	return out
}

// narrator is what the captions remember of the run so far: what each
// client believes, whether it is frozen, and what the resource accepted.
type narrator struct {
	leaseEnd map[string]int64 // when each client believes its lease ends
	token    map[string]int64 // the token of its current grant
	holding  map[string]bool  // it believes it holds the lock
	paused   map[string]bool
	crashed  map[string]bool
	pauseMS  map[string]int64
	model    Model
	highest  int64 // the highest token the resource accepted
	writer   string
}

func (n *narrator) caption(e Event) string {
	c := e.Client
	switch e.Kind {
	case KindAcquireGranted:
		s := c + " acquires the lock"
		if e.Token > 0 {
			s += " with token " + itoa(e.Token)
		}
		if n.model == ModelDatabase {
			s = c + " claims the row"
			if e.Token > 0 {
				s += " (epoch " + itoa(e.Token) + ")"
			}
		}
		if e.ExpiresAt == 0 && e.ValidUntil == 0 {
			s += ", with no expiry yet"
		} else if e.ValidUntil > 0 {
			s += ": its lease runs until " + secs(e.ValidUntil)
		}
		// Another client that still counts on the lock: frozen through its
		// expiry (it cannot know), or with a lease it believes is valid.
		var stale, both []string
		for other, h := range n.holding {
			switch {
			case other == c || !h || n.crashed[other]:
			case n.leaseEnd[other] > e.T:
				both = append(both, other)
			case n.paused[other]:
				stale = append(stale, other)
			}
		}
		n.holding[c], n.leaseEnd[c], n.token[c] = true, e.ValidUntil, e.Token
		sortStrings(stale)
		sortStrings(both)
		switch {
		case len(both) > 0:
			return s + ", while " + strings.Join(both, " and ") + " also believes it holds the lock, until " + secs(n.leaseEnd[both[0]]) + ": two holders at once."
		case len(stale) > 0:
			return s + ", while " + strings.Join(stale, " and ") + ", frozen, still believes it holds the lock."
		}
		return s + "."
	case KindAcquireDenied:
		if e.Holder != "" {
			return c + " asks for the lock and is refused: " + e.Holder + " holds it."
		}
		return c + " asks for the lock and is refused."
	case KindExtendOK:
		n.leaseEnd[c] = e.ValidUntil
		return c + " extends its lease to " + secs(e.ValidUntil) + "."
	case KindExtendRefused:
		n.holding[c] = false
		return c + " tries to extend its lease and is refused: it learns it has lost the lock."
	case KindExpireSet:
		return c + "'s EXPIRE arrives: only now does its key have an expiry."
	case KindReleaseOK:
		n.holding[c] = false
		if e.Holder != "" && e.Holder != c {
			return c + " releases, and the plain DEL deletes " + e.Holder + "'s key: the lock is free while " + e.Holder + " still works under it."
		}
		if n.model == ModelDatabase {
			return c + " frees the row."
		}
		return c + " releases the lock: its key is deleted."
	case KindReleaseRefused:
		n.holding[c] = false
		return c + "'s release is refused: the key is no longer " + c + "'s, so nothing is deleted."
	case KindLeaseExpired:
		if n.paused[c] {
			return c + "'s lease runs out while " + c + " is frozen: the lock is free, and " + c + " cannot know it."
		}
		if n.crashed[c] {
			return c + "'s lease runs out: the lock a crashed client held is free again."
		}
		return c + "'s lease runs out: the lock is free."
	case KindPauseStart:
		n.paused[c] = true
		if n.pauseMS == nil {
			n.pauseMS = map[string]int64{}
		}
		n.pauseMS[c] = e.MS
		s := c + " freezes for " + secs(e.MS) + " (stop-the-world): nothing of it runs, its heartbeat included"
		if n.holding[c] && n.leaseEnd[c] > 0 && n.leaseEnd[c] < e.T+e.MS {
			return s + ", and its lease ends at " + secs(n.leaseEnd[c]) + ", before it wakes."
		}
		return s + "."
	case KindPauseEnd:
		n.paused[c] = false
		s := c + " wakes from " + aSecs(n.pauseMS[c]) + " pause"
		if n.holding[c] && n.leaseEnd[c] > 0 && n.leaseEnd[c] <= e.T {
			s += ", still believing it holds the lock"
			if t := n.token[c]; t > 0 {
				s += " with token " + itoa(t)
			}
			return s + ", but its lease ended at " + secs(n.leaseEnd[c]) + "."
		}
		return s + "."
	case KindWriteAccepted:
		s := "The resource stores " + strconv.Quote(e.Value) + " from " + c
		if e.Token > 0 {
			s += " (token " + itoa(e.Token) + ")"
		}
		lost := n.holding[c] && n.leaseEnd[c] > 0 && n.leaseEnd[c] < e.T
		switch {
		case e.Token > 0 && e.Token < n.highest:
			s += ", although it had accepted token " + itoa(n.highest) + ": nothing compares the tokens, so the stale write wins."
		case lost && n.writer != "" && n.writer != c:
			s += ", overwriting " + n.writer + "'s value: " + c + "'s lease ended at " + secs(n.leaseEnd[c]) + "."
		case lost:
			s += ", but " + c + "'s lease ended at " + secs(n.leaseEnd[c]) + ": it writes without the lock."
		default:
			s += "."
		}
		n.highest = max(n.highest, e.Token)
		n.writer = c
		return s
	case KindWriteRejected:
		switch e.Reason {
		case ReasonStaleToken:
			return "The resource refuses " + c + "'s write: token " + itoa(e.Token) + " < " + itoa(n.highest) + ", the highest it has accepted. The stale holder does no harm."
		case ReasonNoToken:
			return "The resource refuses " + c + "'s write: it carries no fencing token."
		case ReasonNotHolder:
			if e.Holder != "" {
				return c + "'s conditional UPDATE matches no row: the row names " + e.Holder + ", so nothing changes."
			}
			return c + "'s conditional UPDATE matches no row, so nothing changes."
		}
		return "The resource refuses " + c + "'s write (" + e.Reason + ")."
	case KindCrash:
		n.crashed[c], n.paused[c] = true, false
		if n.holding[c] {
			return c + " crashes while it holds the lock: nobody else can take it until its key expires."
		}
		return c + " crashes."
	case KindFailover:
		if e.Holder == "" {
			return "The lock service fails over, and the promoted replica has no key: the lock is free, whatever the clients believe."
		}
		return "The lock service fails over; the new leader still has " + e.Holder + "'s key."
	case KindClockJump:
		s := "A lock node's clock jumps " + secs(e.MS) + " ahead"
		if e.Node > 0 {
			s = "Node " + strconv.Itoa(e.Node) + "'s clock jumps " + secs(e.MS) + " ahead"
		}
		return s + ": keys there expire early."
	case KindViolation:
		return "⚠ The checker flags " + e.Reason + ": " + e.Detail + "."
	}
	if e.Detail != "" {
		return capitalise(e.Detail) + "."
	}
	return capitalise(strings.ReplaceAll(e.Kind.String(), ".", " ")) + "."
}

// secs formats virtual milliseconds for a sentence: "10 s", "1.5 s".
func secs(ms int64) string {
	if ms%1000 == 0 {
		return strconv.FormatInt(ms/1000, 10) + " s"
	}
	return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) + " s"
}

// aSecs is secs with its article: "a 15 s", "an 11 s", "an 8 s".
func aSecs(ms int64) string {
	s := secs(ms)
	for _, p := range []string{"8", "11 ", "11.", "18 ", "18."} {
		if strings.HasPrefix(s, p) {
			return "an " + s
		}
	}
	return "a " + s
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sortStrings(xs []string) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// presetCaptions are the hand-written captions of the steps where a
// preset's lesson turns, by step (event index + 1) of the preset's own
// run. They hold only for that run: the web shows them while a timeline's
// scenario is still the preset's.
var presetCaptions = map[string]map[int]string{
	"paused-holder-fenced": {
		6: "A wakes 15 s later and carries on where it stopped: it still believes it holds token 1, but its lease ended at 10 s and B has held token 2 since 12 s.",
		7: "The resource refuses A's write: token 1 < 2, and it has already accepted 2. A never learned that it lost the lock, yet fencing made its late write harmless.",
	},
	"paused-holder-unfenced": {
		6: "A wakes 15 s later still believing it holds the lock, but its lease ended at 10 s and B has held it since 12 s; nothing tells A.",
		7: "The resource stores A's \"a\" over B's \"b\": with no token to compare, a write from a holder whose lease ended looks like any other. This is the lost update that fencing prevents.",
	},
	"fenced-late-write-first": {
		6: "A's stale write with token 1 arrives before any write of B: the resource has seen no higher token yet, so it has no reason to refuse it. Fencing refuses only a token lower than one it has already accepted.",
	},
}

// PresetCaptions returns the authored captions of preset id by step, or
// nil when it has none. The map is a copy: callers may change it.
func PresetCaptions(id string) map[int]string {
	src := presetCaptions[id]
	if src == nil {
		return nil
	}
	out := make(map[int]string, len(src))
	for k, v := range src {
		out[k] = v
	}
	return out
}
