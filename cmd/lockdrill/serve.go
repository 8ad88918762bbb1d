package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strings"

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
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: lockdrill [serve] [--addr HOST:PORT] [--db FILE] [--trusted-proxies CIDRS]\n\nServes the lockdrill web app.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if done, err := parseFlags(fs, args, stdout, stderr); done {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitCode(2, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0)))
	}
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		fs.Usage()
		return exitCode(2, fmt.Errorf("serve: --trusted-proxies: %w", err))
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))

	cat, err := content.Load(content.Embedded())
	if err != nil {
		return fmt.Errorf("load content: %w", err)
	}
	assets, err := static.New()
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *dbPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
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
