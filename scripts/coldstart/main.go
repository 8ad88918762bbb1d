// Command coldstart times lockdrill's whole cold start: from exec of the
// binary to the first 200 from /healthz, process start and package
// initialisation included, over a fresh database each time. It reports the
// wall time (median, best, worst) and the CPU time (user+sys, from
// /proc/PID/stat, in clock ticks of 10 ms, so meaningful as an average)
// the process had used when it first answered, and the minor page faults it
// had taken by then (fresh memory touched: on some VMs as costly as CPU).
//
//	go run ./scripts/coldstart                    # builds the binary, 20 starts
//	go run ./scripts/coldstart -bin ./lockdrill -n 50
//	go run ./scripts/coldstart -bin ./new -vs ./old -n 30  # alternately, paired
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
	vs := flag.String("vs", "", "a second binary to compare, started alternately with -bin so that both meet the same load")
	n := flag.Int("n", 20, "number of starts (at most 200), of each binary")
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
	bins := []string{*bin}
	if *vs != "" {
		bins = append(bins, *vs)
	}
	tick := 100.0 // USER_HZ on Linux
	walls := make([][]time.Duration, len(bins))
	cpus := make([][]time.Duration, len(bins))
	faults := make([][]int, len(bins))
	for i := range *n {
		for b, path := range bins {
			st, err := once(path, filepath.Join(dir, "cold"+strconv.Itoa(b)+"-"+strconv.Itoa(i)+".db"), tick)
			if err != nil {
				return fmt.Errorf("%s: start %d: %w", path, i+1, err)
			}
			walls[b], cpus[b], faults[b] = append(walls[b], st.wall), append(cpus[b], st.cpu), append(faults[b], st.minflt)
		}
	}
	for b, path := range bins {
		report(path, walls[b], cpus[b], faults[b])
	}
	return nil
}

// report prints the figures of one binary's starts.
func report(bin string, walls, cpus []time.Duration, faults []int) {
	r := func(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
	slices.Sort(walls)
	var sum time.Duration
	for _, c := range cpus {
		sum += c
	}
	// p90 is the start that 90 % of starts were no slower than.
	p90 := walls[min(len(walls)-1, (len(walls)*9+9)/10-1)]
	fmt.Printf("%d cold starts of %s to the first 200 /healthz\n", len(walls), bin)
	fmt.Printf("wall: median %v, p90 %v, best %v, worst %v\n", r(walls[len(walls)/2]), r(p90), r(walls[0]), r(walls[len(walls)-1]))
	fmt.Printf("cpu (user+sys) at that moment: mean %v\n", r(sum/time.Duration(len(cpus))))
	slices.Sort(faults)
	fmt.Printf("minor page faults by then: median %d, best %d, worst %d\n", faults[len(faults)/2], faults[0], faults[len(faults)-1])
}

// start is what one cold start measured.
type start struct {
	wall, cpu time.Duration
	minflt    int // minor page faults
}

// once starts bin on a fresh database at db and times it to its first
// healthy /healthz.
func once(bin, db string, tick float64) (start, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--retain-inactive", "0")
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.StdoutPipe()
	if err != nil {
		return start{}, err
	}
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return start{}, err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	// The first line names the address it serves.
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return start{}, fmt.Errorf("read the serving line: %w", err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		return start{}, fmt.Errorf("no address in %q", line)
	}
	base, _, _ := strings.Cut(line[i:], " ")
	client := &http.Client{Timeout: time.Second}
	for ctx.Err() == nil {
		resp, err := client.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				wall := time.Since(t0)
				cpu, minflt, err := statOf(cmd.Process.Pid, tick)
				return start{wall, cpu, minflt}, err
			}
		}
		time.Sleep(time.Millisecond)
	}
	return start{}, errors.New("no healthy /healthz within 10 s")
}

// statOf is the user+sys time and the minor page faults of process pid so far.
func statOf(pid int, tick float64) (time.Duration, int, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	// Fields after the command name, which is in parentheses.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	minflt, _ := strconv.Atoi(f[7])
	u, _ := strconv.ParseFloat(f[11], 64)
	k, _ := strconv.ParseFloat(f[12], 64)
	return time.Duration((u + k) / tick * float64(time.Second)), minflt, nil
}
