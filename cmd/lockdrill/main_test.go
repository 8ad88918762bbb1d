package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server goroutine and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func envFrom(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestCheckPassesOnEmbeddedContent(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"check"}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("check: %v\n%s", err, errOut.String())
	}
	// The counts grow with the content; the command's promise is the
	// "content ok" line that names them.
	if got := out.String(); !strings.HasPrefix(got, "content ok: ") || !strings.Contains(got, " guide sections, ") {
		t.Fatalf("check output = %q", out.String())
	}
}

func TestHelpOnEveryCommand(t *testing.T) {
	for _, cmd := range [][]string{{"--help"}, {"serve", "--help"}, {"sim", "--help"}, {"grade", "--help"}, {"check", "--help"}} {
		t.Run(strings.Join(cmd, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), cmd, envFrom(nil), strings.NewReader(""), &out, &errOut)
			if err != nil {
				t.Fatalf("%v: %v", cmd, err)
			}
			if n := strings.Count(out.String()+errOut.String(), "Usage"); n != 1 {
				t.Fatalf("%v printed the usage %d times, want once: %q %q", cmd, n, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), "Usage") {
				t.Fatalf("%v printed its help to stderr; --help goes to stdout", cmd)
			}
		})
	}
}

func TestUnknownCommandExits2(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"teleport"}, envFrom(nil), nil, &out, &errOut)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 {
		t.Fatalf("err = %v, want exit status 2", err)
	}
	if !strings.Contains(errOut.String(), "Usage") {
		t.Fatalf("stderr = %q, want the usage", errOut.String())
	}
}

func TestServeUsesEnvironmentAndShutsDownGracefully(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "env.db")
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, nil, envFrom(map[string]string{"LOCKDRILL_ADDR": "127.0.0.1:0", "LOCKDRILL_DB": db}), nil, &out, &errOut)
	}()
	urlRe := regexp.MustCompile(`http://127\.0\.0\.1:\d+`)
	var base string
	for i := 0; i < 200 && base == ""; i++ {
		base = urlRe.FindString(out.String())
		if base == "" {
			time.Sleep(25 * time.Millisecond)
		}
	}
	if base == "" {
		cancel()
		t.Fatalf("server printed no URL; stdout %q stderr %q", out.String(), errOut.String())
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		cancel()
		t.Fatalf("GET /healthz: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"database":"ok"`) {
		cancel()
		t.Fatalf("healthz = %d %s", resp.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v after shutdown, want nil", err)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("LOCKDRILL_DB was not used: %v", err)
	}
}
