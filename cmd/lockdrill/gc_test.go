package main

import (
	"context"
	"io"
	"math"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"testing"
)

// TestServeGC: the server loads its content at startupGCPercent; once it
// serves, GOGC is the environment's when GOGC is set
// (including off), else servingGCPercent with the soft memory limit
// servingMemoryLimit, unless GOMEMLIMIT sets its own.
func TestServeGC(t *testing.T) {
	for _, tc := range []struct {
		name      string
		env       map[string]string
		before    int // GOGC as the runtime read it from env
		wantGC    int
		wantLimit int64 // -1: left as it was
	}{
		{"GOGC unset", nil, 100, servingGCPercent, servingMemoryLimit},
		{"GOGC=150", map[string]string{"GOGC": "150"}, 150, 150, -1},
		{"GOGC=off", map[string]string{"GOGC": "off"}, -1, -1, -1},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, 100, servingGCPercent, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prevGC := debug.SetGCPercent(tc.before)
			prevLimit := debug.SetMemoryLimit(math.MaxInt64)
			defer func() {
				debug.SetGCPercent(prevGC)
				debug.SetMemoryLimit(prevLimit)
			}()
			ctx, cancel := context.WithCancel(context.Background())
			ready := make(chan string, 1)
			done := make(chan error, 1)
			var out syncBuffer
			go func() {
				done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "gc.db")}, envFrom(tc.env), nil, &readyWriter{w: &out, ready: ready}, io.Discard)
			}()
			select {
			case <-ready:
			case err := <-done:
				t.Fatalf("serve: %v", err)
			}
			gotGC := debug.SetGCPercent(tc.before)
			gotLimit := debug.SetMemoryLimit(-1)
			cancel()
			if err := <-done; err != nil {
				t.Fatalf("serve: %v", err)
			}
			if gotGC != tc.wantGC {
				t.Errorf("GOGC %d while serving, want %d", gotGC, tc.wantGC)
			}
			want := tc.wantLimit
			if want < 0 {
				want = math.MaxInt64
			}
			if gotLimit != want {
				t.Errorf("memory limit %s while serving, want %s", strconv.FormatInt(gotLimit, 10), strconv.FormatInt(want, 10))
			}
		})
	}
}
