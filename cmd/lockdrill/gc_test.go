package main

import (
	"context"
	"io"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// TestServeRestoresGC: the server collects garbage less often only while
// it loads its content; once it serves, GOGC is what it was.
func TestServeRestoresGC(t *testing.T) {
	for _, before := range []int{100, 150, -1} {
		prev := debug.SetGCPercent(before)
		ctx, cancel := context.WithCancel(context.Background())
		ready := make(chan string, 1)
		done := make(chan error, 1)
		var out syncBuffer
		go func() {
			done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "gc.db")}, envFrom(nil), nil, &readyWriter{w: &out, ready: ready}, io.Discard)
		}()
		select {
		case <-ready:
		case err := <-done:
			t.Fatalf("serve: %v", err)
		}
		got := debug.SetGCPercent(before)
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("serve: %v", err)
		}
		debug.SetGCPercent(prev)
		if got != before {
			t.Errorf("GOGC %d before serving, %d while serving", before, got)
		}
	}
}
