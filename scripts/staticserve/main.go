// Command staticserve is the baseline of scripts/guide-vs-static.sh: a bare
// Go net/http server that answers every request with one file's bytes as
// HTML, the ceiling a server-rendered page can be compared with. It
// listens on loopback only and stops by itself after -for.
//
//	go run ./scripts/staticserve -file page.html -addr 127.0.0.1:18081 -for 60s
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	file := flag.String("file", "", "file whose bytes every response carries")
	addr := flag.String("addr", "127.0.0.1:18081", "loopback address to listen on")
	life := flag.Duration("for", 60*time.Second, "stop after this long")
	flag.Parse()
	if !strings.HasPrefix(*addr, "127.0.0.1:") {
		fmt.Fprintln(os.Stderr, "staticserve: -addr must be on 127.0.0.1")
		os.Exit(2)
	}
	body, err := os.ReadFile(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "staticserve:", err)
		os.Exit(1)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(body)
	})
	ctx, cancel := context.WithTimeout(context.Background(), *life)
	defer cancel()
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
		fmt.Fprintln(os.Stderr, "staticserve:", err)
		os.Exit(1)
	}
}
