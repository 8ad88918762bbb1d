package web

import (
	"net/url"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// TestSbFormIntMessages: a number out of range says its unit and the
// bounds as a person writes them, and a range of one says the only choice
// (QA-3 D14).
func TestSbFormIntMessages(t *testing.T) {
	for _, c := range []struct {
		name, label, unit, value string
		lo, hi                   int64
		want                     string
	}{
		{"restart_ms", "restart, down for", "ms", "-1", 0, 600000, "restart, down for: -1 ms is out of range: it must be from 0 to 600\u202f000 ms"},
		{"node", "clock jump node", "", "7", 1, 1, "clock jump node: 7 is out of range: the only choice is 1"},
		{"retries", "retries", "", "11", 0, 10, "retries: 11 is out of range: it must be from 0 to 10"},
		{"ttl_ms", "TTL", "ms", "abc", 1, 600000, `TTL: "abc" is not a whole number`},
	} {
		_, err := sbFormInt(url.Values{c.name: {c.value}}, c.name, c.label, c.unit, c.lo, c.hi)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s=%s: error %v, want %q", c.name, c.value, err, c.want)
		}
	}
	if v, err := sbFormInt(url.Values{"ttl_ms": {" 1500 "}}, "ttl_ms", "TTL", "ms", 1, 600000); err != nil || v != 1500 {
		t.Errorf("a valid TTL read as %d, %v", v, err)
	}
}

// TestSbFormInstantTakesZero: an action's time may be 0 s, the start; a
// duration may not (QA-5 F7).
func TestSbFormInstantTakesZero(t *testing.T) {
	if ms, err := sbFormInstant(url.Values{"at_s": {"0"}}, "at_s", "time"); err != nil || ms != 0 {
		t.Fatalf("time 0 s: %d, %v", ms, err)
	}
	if _, err := sbFormInstant(url.Values{"at_s": {"-1"}}, "at_s", "time"); err == nil {
		t.Fatal("time -1 s accepted")
	}
	if _, err := sbFormSeconds(url.Values{"pause_s": {"0"}}, "pause_s", "pause"); err == nil {
		t.Fatal("a pause of 0 s accepted")
	}
}

// TestSbChecksSaysWhenEveryWriteIsRefused: a resource that checks tokens
// when none are issued refuses every write, and the settings say so (QA-5
// F6: they said "a lower token is refused").
func TestSbChecksSaysWhenEveryWriteIsRefused(t *testing.T) {
	on, off := true, false
	sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.ModelRedis, TokenSource: sandbox.TokenNone}, Resource: sandbox.ResourceConfig{CheckFencing: &on}}
	if got := sbChecks(sc); !strings.Contains(got, "every write is refused") {
		t.Errorf("check on, no tokens: %q", got)
	}
	sc.Lock.TokenSource = sandbox.TokenIncr
	if got := sbChecks(sc); !strings.Contains(got, "a lower token is refused") {
		t.Errorf("check on, INCR tokens: %q", got)
	}
	sc.Resource.CheckFencing = &off
	if got := sbChecks(sc); !strings.Contains(got, "any write is stored") {
		t.Errorf("check off: %q", got)
	}
}
