package store

import (
	"strings"
	"testing"
)

// TestDamagedCompressedValuesAreErrors: a compressed value that is cut
// short, of an unknown format, or claims an absurd size is an error, never
// a panic or a wrong answer; a row with neither form is one too.
func TestDamagedCompressedValuesAreErrors(t *testing.T) {
	js := []byte(`{"text":"` + strings.Repeat("a lease and a fencing token ", 20) + `"}`)
	z, ok := compressJSON(nil, js)
	if !ok {
		t.Fatal("a 500-byte answer was not compressed")
	}
	var got string
	if err := columnJSON("", z, func(b []byte) error { got = string(b); return nil }); err != nil || got != string(js) {
		t.Fatalf("round trip: %q, %v", got, err)
	}
	cases := map[string][]byte{
		"cut short":      z[:len(z)/2],
		"unknown format": append([]byte{0x7f}, z[1:]...),
		"absurd size":    {formatS2, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"format only":    {formatS2},
		"neither":        nil,
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			if err := columnJSON("", b, func([]byte) error { return nil }); err == nil {
				t.Fatal("no error")
			}
		})
	}
}
