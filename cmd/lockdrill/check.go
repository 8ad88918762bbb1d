package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"lockdrill/content"
	"lockdrill/static"
)

// runCheck handles "lockdrill check": load and validate every piece of
// embedded content, printing each problem with its file and field.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: lockdrill check\n\nValidates the embedded guide and question bank; exits 1 listing every problem by file and field.\n")
	}
	if done, err := parseFlags(fs, args, stdout, stderr); done {
		return err
	}
	cat, err := content.Load(content.Embedded())
	if err != nil {
		var n int
		for _, e := range unjoin(err) {
			fmt.Fprintln(stderr, e)
			n++
		}
		return exitCode(1, fmt.Errorf("check: %d problem(s) in the content", n))
	}
	if err := cat.RenderGuide(); err != nil {
		for _, e := range unjoin(err) {
			fmt.Fprintln(stderr, e)
		}
		return exitCode(1, errors.New("check: a guide section does not render"))
	}
	assets, err := static.New()
	if err != nil {
		return err
	}
	if err := cat.CheckStatic(func(name string) bool { _, _, _, ok := assets.Lookup(name); return ok }); err != nil {
		for _, e := range unjoin(err) {
			fmt.Fprintln(stderr, e)
		}
		return exitCode(1, errors.New("check: the guide links to missing static files"))
	}
	fmt.Fprintf(stdout, "content ok: %d guide sections, %d questions\n", len(cat.Guide), len(cat.Questions.All()))
	return nil
}

// unjoin flattens errors.Join trees into their leaves.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	if err == nil {
		return nil
	}
	return []error{err}
}
