package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/redis/go-redis/v9"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

const conformUsage = `Usage:
  lockdrill conform [--preset ID | FILE] --redis ADDR[,ADDR...]
  lockdrill conform [--preset ID | FILE] --etcd URL[,URL...]
  lockdrill conform [--preset ID | FILE] --sqlite

Plays the scenario's client operations in real time against real servers
you started, and prints the engine's outcome and the real one side by
side: grants and denials, releases, extends, writes accepted or rejected,
the order of fencing tokens and the final value. Times are scaled down
(--scale; by default 0.1, and for etcd the smallest scale of at least 0.2
at which the TTL is a whole number of seconds).

  --redis ADDR          one Redis server for model redis; N servers for
                        model redlock (N = lock.nodes). Keys are named
                        lockdrill:<run>:<n>:lock and ...:token.
  --etcd URLS           the client URLs of an etcd cluster (model consensus),
                        3.4 or later: the runner speaks its JSON gateway
                        (/v3/kv/..., /v3/lease/...). Keys under
                        /lockdrill/<run>/.
  --sqlite              a new SQLite file in a temporary directory (model
                        database).

A failover, synchronous replication (lag_ms 0) and the node ops
(node_down, node_up, restart, partition) need servers the runner starts
or may promote itself (the test suite does), and clock jumps and network
delays cannot be done to a real server: such a scenario is reported as
out of reach, with the reason. The exit status is 0 when the
outcomes agree, 1 when they differ, 2 for bad input or a scenario out of
reach.

Flags:
`

// runConform implements "lockdrill conform".
func runConform(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("conform", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preset := fs.String("preset", "", "play the preset with this `id`")
	redisAddrs := fs.String("redis", "", "Redis server `addresses` (host:port, comma-separated)")
	etcdURLs := fs.String("etcd", "", "etcd client `URLs` (comma-separated)")
	useSQLite := fs.Bool("sqlite", false, "play against a new SQLite file")
	scale := fs.Float64("scale", 0, "real seconds per virtual second (0: the target's default)")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up after this long")
	usage := func() {
		fmt.Fprint(fs.Output(), conformUsage)
		fs.PrintDefaults()
	}
	fs.Usage = func() {}
	files, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		usage()
		return nil
	}
	fs.Usage = usage
	if err != nil {
		fs.Usage()
		return exitCode(2, err)
	}
	usageErr := func(msg string) error {
		fs.Usage()
		return exitCode(2, errors.New("conform: "+msg))
	}
	targets := 0
	for _, set := range []bool{*redisAddrs != "", *etcdURLs != "", *useSQLite} {
		if set {
			targets++
		}
	}
	switch {
	case len(files) > 1:
		return usageErr("give one scenario file, not " + strconv.Itoa(len(files)))
	case *preset != "" && len(files) > 0:
		return usageErr("give --preset or a file, not both")
	case *preset == "" && len(files) == 0:
		return usageErr("no scenario: give a FILE, '-' or --preset ID")
	case targets != 1:
		return usageErr("give exactly one of --redis, --etcd and --sqlite")
	case *scale < 0 || *scale > 10:
		return usageErr(fmt.Sprintf("--scale %g is out of range 0..10", *scale))
	case *timeout <= 0:
		return usageErr("--timeout must be positive")
	}

	var sc sandbox.Scenario
	name := *preset
	if *preset != "" {
		p, ok := sandbox.PresetByID(*preset)
		if !ok {
			return exitCode(2, fmt.Errorf("conform: unknown preset %q (lockdrill sim --list shows them)", *preset))
		}
		sc = p.Scenario
	} else {
		name = files[0]
		data, err := readScenario(name, stdin)
		if err != nil {
			return fmt.Errorf("conform: %w", err)
		}
		// An export from the web carries its title, description and
		// preset beside the scenario; sim and the web import read it the
		// same way, through the one function that knows those fields.
		if sc, _, err = sandbox.ParseExport(data); err != nil {
			if name == "-" {
				name = "stdin"
			}
			return exitCode(2, fmt.Errorf("conform %s: %w", name, listProblems(err)))
		}
	}

	var target conformance.Target
	switch {
	case *redisAddrs != "":
		// go-redis logs every failed dial itself; the error that ends the
		// run already says what went wrong, once.
		redis.SetLogger(quietRedisLog{})
		addrs, err := splitList("--redis", *redisAddrs)
		if err != nil {
			return usageErr(err.Error())
		}
		t := &conformance.Redis{Addrs: addrs}
		defer t.Close()
		target = t
	case *etcdURLs != "":
		urls, err := splitList("--etcd", *etcdURLs)
		if err != nil {
			return usageErr(err.Error())
		}
		t := &conformance.Etcd{Endpoints: urls}
		defer t.Close()
		target = t
	default:
		target = &conformance.SQLite{}
	}

	if why := conformance.OutOfReach(sc, target, *scale); len(why) > 0 {
		fmt.Fprintf(stdout, "%s: out of reach on real %s:\n", name, target.Name())
		for _, w := range why {
			fmt.Fprintf(stdout, "  - %s\n", w)
		}
		return exitCode(2, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	var res conformance.Result
	s := *scale
	if s == 0 {
		// Pick a scale at which the outcome does not turn on timing
		// noise, and play slower again if the machine was too busy.
		var ok bool
		var why string
		if s, ok, why = conformance.ChooseScale(sc, target); !ok {
			fmt.Fprintf(stdout, "warning: the outcome turns on timing finer than a real server keeps (%s); playing at scale %g anyway\n", why, s)
		}
		res, s, err = conformance.PlayPatiently(ctx, sc, target, s)
		if errors.Is(err, conformance.ErrTooBusy) {
			fmt.Fprintf(stdout, "warning: %v; the real outcome below may differ for that reason alone\n", err)
			err = nil
		}
	} else {
		res, err = conformance.Play(ctx, sc, target, conformance.Options{Scale: s})
		if err == nil && res.MaxLate > conformance.Noise {
			fmt.Fprintf(stdout, "warning: the run fell %v behind its schedule, more than the %v the margins allow; the real outcome below may differ for that reason alone\n", res.MaxLate.Round(time.Millisecond), conformance.Noise)
		}
	}
	if err != nil {
		return fmt.Errorf("conform %s: %w", name, err)
	}
	tl := sandbox.Run(sc)
	want := conformance.OutcomeOf(tl.Events.Slice(), tl.Summary.FinalValue)
	diff := conformance.Diff(want, res.Outcome)
	if err := writeSideBySide(stdout, name, target.Name(), s, want, res, diff); err != nil {
		return err
	}
	if diff != nil {
		return exitCode(1, nil)
	}
	return nil
}

func splitList(flagName, list string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no address given", flagName)
	}
	return out, nil
}

// writeSideBySide prints the engine's steps and the real ones in two
// columns, marking each row that differs with "≠".
func writeSideBySide(w io.Writer, name, target string, scale float64, want conformance.Outcome, res conformance.Result, diff []string) error {
	fmt.Fprintf(w, "%s · engine %s vs real %s · scale %g (the run was at most %v behind schedule)\n\n",
		name, sandbox.EngineVersion, target, scale, res.MaxLate.Round(time.Millisecond))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  #\tENGINE\t\tREAL %s\n", strings.ToUpper(target))
	got := conformance.Align(want, res.Outcome)
	for i := range max(len(want.Steps), len(got.Steps)) {
		var a, b string
		if i < len(want.Steps) {
			a = want.Steps[i].String()
		}
		if i < len(got.Steps) {
			b = got.Steps[i].String()
		}
		mark := "="
		if a != b {
			mark = "≠"
		}
		fmt.Fprintf(tw, "%3d\t%s\t%s\t%s\n", i+1, a, mark, b)
	}
	mark := "="
	if want.FinalValue != got.FinalValue {
		mark = "≠"
	}
	fmt.Fprintf(tw, "\tfinal value %q\t%s\tfinal value %q\n", want.FinalValue, mark, got.FinalValue)
	if err := tw.Flush(); err != nil {
		return err
	}
	if diff == nil {
		_, err := fmt.Fprintf(w, "\nagree: real %s reproduces the engine's outcome (%d steps)\n", target, len(want.Steps))
		return err
	}
	fmt.Fprintf(w, "\nDIFFER in %d places:\n", len(diff))
	for _, d := range diff {
		fmt.Fprintf(w, "  %s\n", d)
	}
	return nil
}

// quietRedisLog drops go-redis's own log lines.
type quietRedisLog struct{}

func (quietRedisLog) Printf(context.Context, string, ...any) {}
