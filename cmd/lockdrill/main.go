// Command lockdrill serves the lockdrill interview-prep app and runs its
// headless tools: sim (run a sandbox scenario), conform (play one against
// real servers), grade (grade one answer), questions (list the ids grade
// takes, or show one question with the letters grade takes for its
// options or steps), check (validate content) and disputes (export the
// grader's disputes).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			if ee.err != nil {
				fmt.Fprintln(os.Stderr, "lockdrill:", ee.err)
			}
			os.Exit(ee.code)
		}
		fmt.Fprintln(os.Stderr, "lockdrill:", err)
		os.Exit(1)
	}
}

// exitError carries a specific exit status out of run; an error of any other
// type exits with status 1.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// exitCode wraps err so that the process exits with code. A nil err exits
// silently with code.
func exitCode(code int, err error) error { return &exitError{code: code, err: err} }

const usage = `lockdrill: learn distributed locking by studying, practising and breaking things.

Usage:
  lockdrill [serve] [flags]     serve the web app (default)
  lockdrill sim [flags] FILE    run a sandbox scenario headless
  lockdrill conform [flags]     play a scenario against real Redis, etcd or SQLite
  lockdrill grade ID            grade one answer read from stdin
  lockdrill questions [--json] [ID]
                                list the question ids grade takes, with their titles,
                                or show one question with the letters grade takes
  lockdrill check               validate the embedded content
  lockdrill disputes [--json]   export the learners' disputes of the grader

Run 'lockdrill COMMAND --help' for the flags of a command.
`

// run dispatches to a subcommand. It is main without the process: every
// input and output is passed in, so tests call it directly.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	} else if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(stdout, usage)
		return nil
	}
	switch cmd {
	case "serve":
		return runServe(ctx, args, getenv, stdout, stderr)
	case "sim":
		return runSim(ctx, args, stdin, stdout, stderr)
	case "conform":
		return runConform(ctx, args, stdin, stdout, stderr)
	case "grade":
		return runGrade(ctx, args, stdin, stdout, stderr)
	case "questions":
		return runQuestions(ctx, args, stdout, stderr)
	case "check":
		return runCheck(ctx, args, stdout, stderr)
	case "disputes":
		return runDisputes(ctx, args, getenv, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return exitCode(2, fmt.Errorf("unknown command %q", cmd))
	}
}
