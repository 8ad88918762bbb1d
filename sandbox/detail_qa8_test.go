package sandbox_test

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// thin is the narrow no-break space between thousands.
const thin = "\u202f"

func TestGroupAndMillis(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1" + thin + "000"}, {9898, "9" + thin + "898"},
		{12500, "12" + thin + "500"}, {600000, "600" + thin + "000"}, {1234567, "1" + thin + "234" + thin + "567"},
		{-100, "-100"}, {-1234, "-1" + thin + "234"}, {-123456, "-123" + thin + "456"},
		{-9223372036854775808, "-9" + thin + "223" + thin + "372" + thin + "036" + thin + "854" + thin + "775" + thin + "808"},
	} {
		if got := sandbox.Group(c.n); got != c.want {
			t.Errorf("Group(%d) = %q, want %q", c.n, got, c.want)
		}
		if got := sandbox.Millis(c.n); got != c.want+" ms" {
			t.Errorf("Millis(%d) = %q, want %q", c.n, got, c.want+" ms")
		}
	}
	// Against the plain way of grouping: digits from the right, in
	// threes, at every magnitude.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := rng.Int64() >> rng.IntN(64)
		if rng.IntN(2) == 0 {
			n = -n
		}
		s := strconv.FormatInt(n, 10)
		digits := strings.TrimPrefix(s, "-")
		var b strings.Builder
		b.WriteString(s[:len(s)-len(digits)])
		for i, r := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteString(thin)
			}
			b.WriteRune(r)
		}
		if got := sandbox.Group(n); got != b.String() {
			t.Fatalf("Group(%d) = %q, want %q", n, got, b.String())
		}
		if got := string(sandbox.AppendMillis([]byte("at "), n)); got != "at "+b.String()+" ms" {
			t.Fatalf("AppendMillis(%d) = %q", n, got)
		}
	}
}

// Engine 6 (QA-8 Q8-3): every time in the events' text reads as the
// pages write one, grouped and with its unit; a protocol's own syntax
// (SET NX PX 10000, EXPIRE 10000, the SQL's held_until = 30000) is
// quoted as the protocol writes it.
func TestEngineTextQA8(t *testing.T) {
	unfenced := detailsOf(t, `{"clients":[{"id":"A"},{"id":"B"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":1000,"client":"A","op":"pause","ms":15000},{"at_ms":12000,"client":"B","op":"acquire"},{"at_ms":13000,"client":"B","op":"write","value":"b"},{"at_ms":16000,"client":"A","op":"write","value":"a"}]}`)
	for _, want := range []string{
		`the resource accepted "a" from A under grant 1 at 16` + thin + `000 ms, but A no longer held the lock: its lease expired at the service at 10` + thin + `000 ms`,
		"SET NX PX 10000: lease until 22" + thin + "000 ms",
		"A freezes for 15" + thin + "000 ms (until 16" + thin + "000 ms)",
	} {
		if !strings.Contains(unfenced, want) {
			t.Errorf("details lack %q:\n%s", want, unfenced)
		}
	}
	// A deletes B's key, and C is granted the lock while B still counts
	// on it.
	double := detailsOf(t, `{"lock":{"release":"unconditional-del","ttl_ms":2000},"clients":[{"id":"A"},{"id":"B"},{"id":"C"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":9000,"client":"B","op":"acquire"},{"at_ms":10000,"client":"A","op":"release"},{"at_ms":10500,"client":"C","op":"acquire"}]}`)
	if want := "C is granted the lock until 12" + thin + "500 ms while B believes it holds grant 2 until 11" + thin + "000 ms"; !strings.Contains(double, want) {
		t.Errorf("details lack %q:\n%s", want, double)
	}
}

// TestNoBareTimesInDetails: in the presets and in generated scenarios of
// every model, a number of four digits or more is in a detail only
// grouped, or inside a protocol's syntax; and the words that introduce a
// time are followed by one with its unit.
func TestNoBareTimesInDetails(t *testing.T) {
	bare := regexp.MustCompile(`(^|.{0,14})\b[0-9]{4,}\b`)
	protocol := regexp.MustCompile(`(PX |EXPIRE |held_until = )$`)
	timed := regexp.MustCompile(`\b(until|at|in|for|reads|ttl|elapsed|drift|extension to|arrive) -?[0-9]+(` + thin + `[0-9]{3})*( ms)?`)
	check := func(name, d string) {
		for _, m := range bare.FindAllStringSubmatch(d, -1) {
			before := strings.TrimRight(m[0], "0123456789")
			if !protocol.MatchString(before) {
				t.Errorf("%s: %q has a bare number: %q", name, d, m[0])
			}
		}
		for _, at := range timed.FindAllStringSubmatchIndex(d, -1) {
			m := d[at[0]:at[1]]
			if at[6] < 0 && !strings.HasSuffix(d[:at[0]], "counter is ") {
				t.Errorf("%s: %q has a time without its unit: %q", name, d, m)
			}
		}
	}
	for _, p := range sandbox.Presets() {
		tl := sandbox.Run(p.Scenario)
		for _, e := range tl.Events.All() {
			check(p.ID, e.Detail)
		}
	}
	rng := rand.New(rand.NewPCG(6, 2026))
	n := 600
	if testing.Short() {
		n = 100
	}
	for i := range n {
		actions := 1 + rng.IntN(60)
		if i%10 == 0 {
			actions = sandbox.MaxActions
		}
		data := make([]byte, 3*actions+8)
		for j := range data {
			data[j] = byte(rng.UintN(256))
		}
		tl := sandbox.Run(genScenario(data, 1+rng.IntN(sandbox.MaxClients), actions))
		for _, e := range tl.Events.All() {
			check(string(tl.Model), e.Detail)
		}
		for _, v := range tl.Summary.Violations {
			check(string(tl.Model)+" violation", v.Detail)
		}
	}
}
