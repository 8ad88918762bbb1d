// Command coldstart times lockdrill's whole cold start: from exec of the
// binary to the first 200 from /healthz, process start and package
// initialisation included, over a fresh database each time. It reports the
// wall time (median, best, worst) and the CPU time (user+sys, from
// /proc/PID/stat, in clock ticks of 10 ms, so meaningful as an average)
// the process had used when it first answered.
//
//	go run ./scripts/coldstart                    # builds the binary, 20 starts
//	go run ./scripts/coldstart -bin ./lockdrill -n 50
//
// Bounded and loopback-only: each start gets 10 s at most and is stopped
// (SIGTERM, then SIGKILL) as soon as it has answered.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
}

func run() error {
	bin := flag.String("bin", "", "lockdrill binary (default: go build ./cmd/lockdrill into a temporary directory)")
	n := flag.Int("n", 20, "number of starts (at most 200)")
	flag.Parse()
	*n = min(max(*n, 1), 200)
	dir, err := os.MkdirTemp("", "coldstart")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "lockdrill")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/lockdrill")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	tick := 100.0 // USER_HZ on Linux
	var walls, cpus []time.Duration
	for i := range *n {
		wall, cpu, err := once(*bin, filepath.Join(dir, "cold"+strconv.Itoa(i)+".db"), tick)
		if err != nil {
			return fmt.Errorf("start %d: %w", i+1, err)
		}
		walls, cpus = append(walls, wall), append(cpus, cpu)
	}
	slices.Sort(walls)
	var sum time.Duration
	for _, c := range cpus {
		sum += c
	}
	fmt.Printf("%d cold starts of %s to the first 200 /healthz\n", *n, *bin)
	fmt.Printf("wall: median %v, best %v, worst %v\n", walls[len(walls)/2].Round(100*time.Microsecond), walls[0].Round(100*time.Microsecond), walls[len(walls)-1].Round(100*time.Microsecond))
	fmt.Printf("cpu (user+sys) at that moment: mean %v\n", (sum / time.Duration(len(cpus))).Round(100*time.Microsecond))
	return nil
}

// once starts bin on a fresh database at db and times it to its first
// healthy /healthz.
func once(bin, db string, tick float64) (time.Duration, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--retain-inactive", "0")
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	// The first line names the address it serves.
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return 0, 0, fmt.Errorf("read the serving line: %w", err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		return 0, 0, fmt.Errorf("no address in %q", line)
	}
	base, _, _ := strings.Cut(line[i:], " ")
	client := &http.Client{Timeout: time.Second}
	for ctx.Err() == nil {
		resp, err := client.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				wall := time.Since(start)
				cpu, err := cpuOf(cmd.Process.Pid, tick)
				return wall, cpu, err
			}
		}
		time.Sleep(time.Millisecond)
	}
	return 0, 0, errors.New("no healthy /healthz within 10 s")
}

// cpuOf is the user+sys time of process pid so far.
func cpuOf(pid int, tick float64) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// Fields after the command name, which is in parentheses.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	k, _ := strconv.ParseFloat(f[12], 64)
	return time.Duration((u + k) / tick * float64(time.Second)), nil
}
