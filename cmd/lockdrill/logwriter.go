package main

import (
	"io"
	"sync"
	"time"
)

// logWriter buffers the server's log and writes it out in batches: every
// interval, whenever maxBuffered bytes are waiting, and on Close. A line
// per request written straight to stderr was a write system call per
// request, which cost a guide page about a third of its throughput; the
// price is that a log line can appear up to interval late, and a crash
// (kill -9) can lose the last interval's lines.
type logWriter struct {
	mu   sync.Mutex
	w    io.Writer
	buf  []byte
	stop chan struct{}
	done chan struct{}
}

const (
	logFlushInterval = 200 * time.Millisecond
	logMaxBuffered   = 32 << 10
)

// newLogWriter starts a logWriter over w; Close it to flush and stop.
func newLogWriter(w io.Writer, interval time.Duration) *logWriter {
	l := &logWriter{w: w, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				l.flush()
				return
			case <-t.C:
				l.flush()
			}
		}
	}()
	return l
}

// Write buffers p (one whole log record, as slog writes them).
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	l.buf = append(l.buf, p...)
	full := len(l.buf) >= logMaxBuffered
	l.mu.Unlock()
	if full {
		l.flush()
	}
	return len(p), nil
}

func (l *logWriter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		l.w.Write(l.buf)
		l.buf = l.buf[:0]
	}
}

// Close writes out what is buffered and stops the flushing.
func (l *logWriter) Close() error {
	close(l.stop)
	<-l.done
	return nil
}
