package main

import (
	"context"
	"errors"
	"io"
)

// runSim is a placeholder that the sandbox engine replaces.
func runSim(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("sim: not built yet")
}
