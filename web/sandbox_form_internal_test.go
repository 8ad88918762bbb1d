package web

import (
	"net/url"
	"testing"
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
		{"restart_ms", "restart, down for", "ms", "-1", 0, 600000, "restart, down for: -1 ms is out of range: it must be from 0 to 600,000 ms"},
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
