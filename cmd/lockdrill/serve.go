package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"lockdrill/content"
	"lockdrill/static"
	"lockdrill/store"
	"lockdrill/web"
)

// runServe handles "lockdrill serve": open the store, load the content and
// serve until the context ends (SIGINT or SIGTERM), then shut down gracefully.
func runServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr(getenv, "LOCKDRILL_ADDR", "127.0.0.1:8080"), "address to listen on (env LOCKDRILL_ADDR)")
	dbPath := fs.String("db", envOr(getenv, "LOCKDRILL_DB", "./lockdrill.db"), "SQLite database file, created if missing (env LOCKDRILL_DB)")
	proxies := fs.String("trusted-proxies", envOr(getenv, "LOCKDRILL_TRUSTED_PROXIES", ""), "comma-separated `CIDRs` of reverse proxies whose X-Forwarded-For names the client (env LOCKDRILL_TRUSTED_PROXIES)")
	retainDefault, err := envDuration(getenv, "LOCKDRILL_RETAIN_INACTIVE", defaultRetention)
	if err != nil {
		return exitCode(2, fmt.Errorf("serve: %w", err))
	}
	retain := fs.Duration("retain-inactive", retainDefault, "delete anonymous learners, with all they saved, after this long with no activity; 0 keeps them forever (env LOCKDRILL_RETAIN_INACTIVE)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: lockdrill [serve] [--addr HOST:PORT] [--db FILE] [--trusted-proxies CIDRS] [--retain-inactive DURATION]\n\nServes the lockdrill web app.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if done, err := parseFlags(fs, args, stdout, stderr); done {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitCode(2, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0)))
	}
	if *retain < 0 {
		fs.Usage()
		return exitCode(2, fmt.Errorf("serve: --retain-inactive: %s is negative (0 keeps learners forever)", *retain))
	}
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		fs.Usage()
		return exitCode(2, fmt.Errorf("serve: --trusted-proxies: %w", err))
	}
	logs := newLogWriter(stderr, logFlushInterval)
	defer logs.Close()
	logger := slog.New(slog.NewTextHandler(logs, nil))

	// Loading the content (parsing and highlighting the guide, compiling
	// the graders) is most of a cold start and needs nothing else, so it
	// runs while the database is opened and migrated.
	type loaded struct {
		cat *content.Catalog
		err error
	}
	contentc := make(chan loaded, 1)
	// Loading allocates some 34 MB, most of it garbage by the end. It
	// runs at startupGCPercent until the content is loaded, then at the
	// serving GOGC (servingGC; never if GOGC turned it off).
	restoreGC := func() {}
	if gc := debug.SetGCPercent(startupGCPercent); gc < 0 {
		debug.SetGCPercent(gc)
	} else {
		restoreGC = func() { debug.SetGCPercent(servingGC(getenv, gc)) }
	}
	go func() {
		cat, err := content.Load(content.Embedded())
		contentc <- loaded{cat, err}
	}()
	st, err := store.Open(ctx, *dbPath)
	if err != nil {
		<-contentc
		restoreGC()
		return err
	}
	defer st.Close()
	assets, err := static.New()
	if err != nil {
		<-contentc
		restoreGC()
		return err
	}
	l := <-contentc
	restoreGC()
	if l.err != nil {
		return fmt.Errorf("load content: %w", l.err)
	}
	cat := l.cat
	if *retain > 0 {
		go pruneLoop(ctx, st, *retain, logger)
	}
	srv, err := web.NewServer(web.Config{Store: st, Catalog: cat, Assets: assets, Logger: logger, TrustedProxies: trusted})
	if err != nil {
		return err
	}
	err = srv.Serve(ctx, *addr, func(bound string) {
		fmt.Fprintf(stdout, "lockdrill is serving http://%s (database %s). Press Ctrl+C to stop.\n", bound, *dbPath)
	})
	if err != nil {
		return err
	}
	logger.Info("stopped cleanly")
	return nil
}

// startupGCPercent is the GOGC the server starts with, until its content
// is loaded. Fewer collections are not the cheaper start they look: a
// heap let grow is fresh memory, and on a VM a first-touch page fault
// costs about what the collector saves. Paired cold starts (go run
// ./scripts/coldstart -n 50, load average 4-7): at 1600 (a first
// collection past the whole load, ~60 MB of fresh heap) a start took
// 11.2k minor faults; at 200, 7.7k faults, 10 % less CPU (359 against
// 394 ms) and a 10 % faster median; at 100, 7.3k faults but more
// collections, 7 % more CPU than at 200.
const startupGCPercent = 200

// servingGCPercent is the GOGC the server serves with when the GOGC
// environment variable is not set, and servingMemoryLimit the soft memory
// limit it sets then unless GOMEMLIMIT is. A page request allocates some
// tens of KB, nearly all garbage by the end; the collector took about
// 15 % of the CPU of serving guide pages under 64 connections at the
// runtime's default of 100, and at 400 a guide page cost about 14 % less
// CPU (61 against 71 µs a request, wrk on loopback) for an RSS of some
// 130 MB instead of 75 MB. The limit keeps the heap from growing to five
// times a live heap grown large: past it, the collector runs as often as
// it must.
const (
	servingGCPercent   = 400
	servingMemoryLimit = 256 << 20
)

// servingGC returns the GOGC to serve with: the environment's (env, as the
// runtime read it) if GOGC is set, else servingGCPercent, with the soft
// memory limit servingMemoryLimit unless GOMEMLIMIT is set.
func servingGC(getenv func(string) string, env int) int {
	if getenv != nil && getenv("GOGC") != "" {
		return env
	}
	if getenv == nil || getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(servingMemoryLimit)
	}
	return servingGCPercent
}

func envOr(getenv func(string) string, key, def string) string {
	if getenv != nil {
		if v := getenv(key); v != "" {
			return v
		}
	}
	return def
}

// parseFlags parses args into fs, printing the usage once: to stdout for
// --help (done is then true: the command has nothing more to do) and to
// stderr, with exit status 2, for a bad flag.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (done bool, err error) {
	usage := fs.Usage
	fs.Usage = func() {} // the flag package would print it on its own
	defer func() { fs.Usage = usage }()
	fs.SetOutput(io.Discard)
	err = fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fs.SetOutput(stdout)
		usage()
		return true, nil
	case err != nil:
		fs.SetOutput(stderr)
		fmt.Fprintln(stderr, err)
		usage()
		return true, exitCode(2, nil)
	}
	fs.SetOutput(stderr)
	return false, nil
}

// parsePrefixes reads a comma-separated list of CIDRs; a bare address means
// that one host.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR or an address", f)
		}
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// defaultRetention is how long an anonymous learner with no activity is
// kept: half a year, longer than anyone prepares for one interview season.
const defaultRetention = 180 * 24 * time.Hour

// pruneInterval is how often inactive learners are looked for.
const pruneInterval = time.Hour

// pruneLoop deletes the learners inactive for longer than retain, once at
// start and then every pruneInterval, until ctx ends.
func pruneLoop(ctx context.Context, st *store.Store, retain time.Duration, logger *slog.Logger) {
	t := time.NewTicker(pruneInterval)
	defer t.Stop()
	for {
		n, err := st.PruneInactive(ctx, time.Now().Add(-retain))
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Error("prune inactive learners", "error", err)
		case n > 0:
			logger.Info("pruned inactive learners", "learners", n, "inactive_for", retain.String())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// envDuration reads a duration such as "4320h" from the environment
// variable key, or returns def when it is unset.
func envDuration(getenv func(string) string, key string, def time.Duration) (time.Duration, error) {
	v := envOr(getenv, key, "")
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a duration such as 4320h", key, v)
	}
	return d, nil
}
