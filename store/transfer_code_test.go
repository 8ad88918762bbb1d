package store_test

import (
	"strings"
	"testing"

	"lockdrill/store"
)

// TestNormalizeTransferCode: a code is read in any case, with spaces and
// dashes, and a code of the wrong length says how many characters it has
// (QA-5 F2: 40 characters were reported as 13).
func TestNormalizeTransferCode(t *testing.T) {
	if got, err := store.NormalizeTransferCode("abcd-efgh jkmn"); err != nil || got != "ABCDEFGHJKMN" {
		t.Fatalf("normalize = %q, %v", got, err)
	}
	for typed, want := range map[string]string{
		strings.Repeat("A", 40): "this has 40",
		"ABCDEFGHJKM":           "this has 11",
		"ABCDEFGHJKM0":          `never contain '0'`,
		"ABCDEFGHJKM!":          `'!' is not a character`,
	} {
		if _, err := store.NormalizeTransferCode(typed); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to say %q", typed, err, want)
		}
	}
}

// TestParseDayMessages: a date written right but not on the calendar says
// so, rather than that its format is wrong (QA-5 F4).
func TestParseDayMessages(t *testing.T) {
	if d, err := store.ParseDay("2027-12-31"); err != nil || d.Year() != 2027 {
		t.Fatalf("2027-12-31: %v, %v", d, err)
	}
	for in, want := range map[string]string{
		"2026-02-30": "not a day on the calendar",
		"31/12/2027": "not a date written YYYY-MM-DD",
		"2026-2-3":   "not a date written YYYY-MM-DD",
	} {
		if _, err := store.ParseDay(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}
