package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkColdStart measures "lockdrill serve" from the call to the first
// 200 from /healthz, over a fresh database each time: loading the content,
// opening and migrating the database, listening. (The process's own start,
// package initialisation included, comes on top.)
func BenchmarkColdStart(b *testing.B) {
	// On a shared machine wall time swings with the neighbours' load; the
	// process's own CPU time (all threads) is steadier. The server's
	// shutdown between starts is left out of both.
	var cpu time.Duration
	defer func() {
		if b.N > 0 && cpu > 0 {
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		}
	}()
	for b.Loop() {
		c0 := cpuTime()
		ctx, cancel := context.WithCancel(context.Background())
		ready := make(chan string, 1)
		done := make(chan error, 1)
		db := filepath.Join(b.TempDir(), "cold.db")
		var out syncBuffer
		go func() {
			done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, envFrom(nil), nil, &readyWriter{w: &out, ready: ready}, io.Discard)
		}()
		var base string
		select {
		case base = <-ready:
		case err := <-done:
			b.Fatalf("serve: %v", err)
		}
		resp, err := http.Get(base + "/healthz")
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("healthz: %v %v", resp, err)
		}
		resp.Body.Close()
		cpu += cpuTime() - c0
		b.StopTimer()
		cancel()
		if err := <-done; err != nil {
			b.Fatalf("serve: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
		b.StartTimer()
	}
}

// readyWriter passes on the server's output and sends the URL from its
// first line, which names where it serves.
type readyWriter struct {
	w     io.Writer
	ready chan string
	sent  bool
}

func (r *readyWriter) Write(p []byte) (int, error) {
	if !r.sent {
		if i := bytesIndex(p, "http://"); i >= 0 {
			end := i
			for end < len(p) && p[end] != ' ' && p[end] != '\n' {
				end++
			}
			r.ready <- string(p[i:end])
			r.sent = true
		}
	}
	return r.w.Write(p)
}

func bytesIndex(p []byte, s string) int {
	for i := 0; i+len(s) <= len(p); i++ {
		if string(p[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
