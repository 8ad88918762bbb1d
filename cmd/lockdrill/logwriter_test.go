package main

import (
	"strings"
	"testing"
	"time"
)

func TestLogWriterFlushesOnTimeAndOnClose(t *testing.T) {
	var out syncBuffer
	l := newLogWriter(&out, 20*time.Millisecond)
	l.Write([]byte("first line\n"))
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "first line") {
		if time.Now().After(deadline) {
			t.Fatalf("a buffered line was not written out within 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	slow := newLogWriter(&out, time.Hour)
	slow.Write([]byte("last line\n"))
	if err := slow.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "last line") {
		t.Fatalf("Close did not write out the buffered line: %q", out.String())
	}
	l.Close()
}
