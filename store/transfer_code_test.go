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
