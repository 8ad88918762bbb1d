package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"lockdrill/sandbox"
)

const simUsage = `Usage:
  lockdrill sim [--json] FILE        run the scenario in FILE ('-' reads stdin)
  lockdrill sim [--json] --preset ID run a preset of the scenario library
  lockdrill sim --preset ID --scenario
                                     print the preset's scenario JSON (a starting point)
  lockdrill sim [--json] --list      list the presets

The text output is a table (time, lane, event, detail) and a summary;
--json prints the timeline JSON instead. Violations are results: the exit
status is 0 whenever the run completed, and non-zero for invalid input.

Scenario JSON (lockdrill sim --preset ID --scenario shows a full one):
  lock      model redis|redlock|consensus|database, ttl_ms, nodes,
            token_source none|incr|revision|epoch, acquire, release,
            lag_ms (redis; 0 = the replica acknowledges every write, as
            WAIT 1 would), persistence none|everysec|always, retries,
            retry_delay_ms, seed
  resource  check_fencing, kind register|ledger, idempotency_keys
  actions   client ops: acquire (claim on database), write (value, key),
            release, extend, pause (ms), delay (ms), crash
            service ops: failover, clock_jump (node, ms), node_down and
            node_up (node), restart (node, ms down), partition (nodes,
            and the client cut off, or none: members split), heal
A run stops at 2000 events (heartbeats count), 10 virtual minutes, or
until_ms.

Flags:
`

// runSim implements "lockdrill sim": it runs one scenario headless and
// prints its timeline.
func runSim(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the timeline as JSON")
	preset := fs.String("preset", "", "run the preset with this `id`")
	list := fs.Bool("list", false, "list the presets")
	scenarioOnly := fs.Bool("scenario", false, "with --preset: print the scenario instead of running it")
	usage := func() {
		fmt.Fprint(fs.Output(), simUsage)
		fs.PrintDefaults()
	}
	// The flag package prints the usage itself on --help and on errors;
	// print it once, here, to stdout for --help and stderr otherwise.
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
		return exitCode(2, errors.New("sim: "+msg))
	}
	switch {
	case len(files) > 1:
		return usageErr("give one scenario file, not " + fmt.Sprint(len(files)))
	case *list && (*preset != "" || len(files) > 0 || *scenarioOnly):
		return usageErr("--list takes no preset, file or --scenario")
	case *preset != "" && len(files) > 0:
		return usageErr("give --preset or a file, not both")
	case *scenarioOnly && *preset == "":
		return usageErr("--scenario needs --preset")
	case !*list && *preset == "" && len(files) == 0:
		return usageErr("no scenario: give a FILE, '-', --preset ID or --list")
	}

	if *list {
		return listPresets(stdout, *asJSON)
	}
	var sc sandbox.Scenario
	if *preset != "" {
		p, ok := sandbox.PresetByID(*preset)
		if !ok {
			return exitCode(2, fmt.Errorf("sim: unknown preset %q (lockdrill sim --list shows them)", *preset))
		}
		if *scenarioOnly {
			return writeJSON(stdout, p.Scenario)
		}
		sc = p.Scenario
	} else {
		name := files[0]
		data, err := readScenario(name, stdin)
		if err != nil {
			return fmt.Errorf("sim: %w", err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		// An export from the web carries its title beside the scenario.
		sc, _, err = sandbox.ParseExport(data)
		if err == nil {
			err = sc.RequireClients()
		}
		if err != nil {
			if name == "-" {
				name = "stdin"
			}
			return fmt.Errorf("sim %s: %w", name, listProblems(err))
		}
	}
	tl := sandbox.Run(sc)
	if *asJSON {
		return writeJSON(stdout, tl)
	}
	return tl.WriteTable(stdout)
}

// problemList prints a scenario's problems one a line, so that a file with
// several mistakes can be fixed in one pass.
type problemList struct{ sandbox.ValidationErrors }

func (p problemList) Error() string {
	var b strings.Builder
	b.WriteString("invalid scenario:")
	for _, v := range p.ValidationErrors {
		b.WriteString("\n  ")
		b.WriteString(v.Error())
	}
	return b.String()
}

func (p problemList) Unwrap() error { return p.ValidationErrors }

// listProblems returns err as a problemList when it holds more than one
// problem, and unchanged otherwise ("sim f.json: lock.ttl_ms: ...").
func listProblems(err error) error {
	var list sandbox.ValidationErrors
	if errors.As(err, &list) && len(list) > 1 {
		return problemList{list}
	}
	return err
}

// parseInterspersed parses flags that may come before or after the file
// name ("sim FILE --json" as well as "sim --json FILE").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return files, nil
		}
		files = append(files, args[0])
		args = args[1:]
	}
}

func readScenario(name string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	// One byte over the limit is enough for Parse to say it is too big.
	data, err := io.ReadAll(io.LimitReader(r, sandbox.MaxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return data, nil
}

func listPresets(w io.Writer, asJSON bool) error {
	ps := sandbox.Presets()
	if asJSON {
		return writeJSON(w, ps)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tMODEL\tEXPECT\tTITLE")
	for _, p := range ps {
		expect := "no violation"
		if len(p.Expect.Violations) > 0 {
			expect = strings.Join(p.Expect.Violations, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.ID, p.Scenario.Lock.Model, expect, p.Title)
	}
	return tw.Flush()
}

func writeJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("sim: encode: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
