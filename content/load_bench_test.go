package content_test

import (
	"testing"

	"lockdrill/content"
)

// BenchmarkLoad measures content.Load of the embedded content, most of a
// cold start (cmd/lockdrill's BenchmarkColdStart measures the whole).
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := content.Load(content.Embedded()); err != nil {
			b.Fatal(err)
		}
	}
}
