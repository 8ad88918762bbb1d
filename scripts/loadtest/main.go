// Command loadtest runs a bounded, loopback-only mixed read/write load
// against lockdrill and reports requests a second, p50/p99 latency, 5xx
// and other refusals per kind of request, and the server's memory.
//
//	go run ./scripts/loadtest                      # builds and starts its own server
//	go run ./scripts/loadtest -bin ./lockdrill -duration 20s -conns 64
//
// It starts the server itself (on 127.0.0.1, a fresh database in a
// temporary directory, --trusted-proxies 127.0.0.1), so the server's RSS
// can be read from /proc, and stops it at the end. Each request carries an
// X-Forwarded-For address from a pool, as from a proxy in front of many
// learners, so the per-address limits meet a realistic spread rather than
// one address. The run always stops: at most 60 s and 256 connections.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lockdrill/sandbox"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// kinds of request in the mix, with their weights.
var mix = []struct {
	name   string
	weight int
}{
	{"guide", 50},    // GET /learn/{slug}
	{"timeline", 10}, // GET the heaviest legal timeline at a random step
	{"state", 10},    // GET its state panel at a random step
	{"answer", 30},   // POST a free-text answer (grade + store an attempt)
}

var guideSlugs = []string{"lease-not-mutex", "fencing-tokens"}

func run() error {
	bin := flag.String("bin", "", "lockdrill binary to start (default: go build ./cmd/lockdrill into a temporary directory)")
	duration := flag.Duration("duration", 10*time.Second, "how long to send load (at most 60s)")
	conns := flag.Int("conns", 32, "concurrent connections (at most 256)")
	flag.Parse()
	if *duration <= 0 || *duration > 60*time.Second {
		return fmt.Errorf("-duration %v: want more than 0 and at most 60s", *duration)
	}
	if *conns < 1 || *conns > 256 {
		return fmt.Errorf("-conns %d: want 1 to 256", *conns)
	}
	dir, err := os.MkdirTemp("", "lockdrill-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "lockdrill")
		fmt.Fprintln(os.Stderr, "building lockdrill...")
		b := exec.Command("go", "build", "-o", *bin, "./cmd/lockdrill")
		b.Stdout, b.Stderr = os.Stderr, os.Stderr
		if err := b.Run(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), *duration+90*time.Second)
	defer cancel()
	srv := exec.CommandContext(ctx, *bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "load.db"), "--trusted-proxies", "127.0.0.1")
	out, err := srv.StdoutPipe()
	if err != nil {
		return err
	}
	srv.Stderr = io.Discard
	if err := srv.Start(); err != nil {
		return fmt.Errorf("start %s: %w", *bin, err)
	}
	defer func() { srv.Process.Signal(os.Interrupt); srv.Wait() }()
	base, err := servingURL(out)
	if err != nil {
		return err
	}
	pid := srv.Process.Pid
	fmt.Fprintf(os.Stderr, "server %s (pid %d), RSS %d MB at start\n", base, pid, rssKB(pid, "VmRSS")>>10)

	timeline, err := importHeavy(base)
	if err != nil {
		return fmt.Errorf("set up the heavy timeline: %w", err)
	}
	if err := primeGuide(base); err != nil {
		return err
	}

	var peakRSS atomic.Int64
	stopRSS := make(chan struct{})
	go func() {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			if kb := rssKB(pid, "VmRSS"); kb > peakRSS.Load() {
				peakRSS.Store(kb)
			}
			select {
			case <-stopRSS:
				return
			case <-t.C:
			}
		}
	}()

	results := make([]*stats, *conns)
	deadline := time.Now().Add(*duration)
	var wg sync.WaitGroup
	var addrSeq atomic.Uint32
	for i := range *conns {
		results[i] = newStats()
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(base, timeline, deadline, results[i], &addrSeq, uint64(i))
		}()
	}
	wg.Wait()
	close(stopRSS)
	elapsed := *duration
	report(os.Stdout, results, elapsed, *conns, peakRSS.Load(), rssKB(pid, "VmHWM"))
	return nil
}

// servingURL reads the server's first line, which names its address.
func servingURL(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	done := make(chan string, 1)
	go func() {
		for sc.Scan() {
			if m := regexp.MustCompile(`http://[0-9.:]+`).FindString(sc.Text()); m != "" {
				done <- m
				break
			}
		}
		io.Copy(io.Discard, r)
	}()
	select {
	case u := <-done:
		return u, nil
	case <-time.After(60 * time.Second):
		return "", errors.New("the server did not say where it serves within 60 s")
	}
}

// rssKB reads a memory figure (VmRSS, VmHWM) of process pid in KB.
func rssKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// newClient is one learner's browser: cookies, no redirects followed.
func newClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
}

var csrfField = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// csrf loads path and returns the form token on it.
func csrf(cl *http.Client, base, path, addr string) (string, error) {
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("X-Forwarded-For", addr)
	resp, err := cl.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	m := csrfField.FindSubmatch(body)
	if m == nil {
		return "", fmt.Errorf("GET %s: %d, no form token", path, resp.StatusCode)
	}
	return string(m[1]), nil
}

// heavyScenario is the heaviest legal scenario: redis, eight clients with
// heartbeats as short as the events budget allows, 500 actions over ten
// virtual minutes.
func heavyScenario() sandbox.Scenario {
	// The shortest heartbeat that keeps the run within the events budget
	// (the server refuses a scenario that would reach it).
	for hb := int64(sandbox.MinHeartbeatMS); ; hb += hb / 4 {
		if sc := heavyWith(hb); sc.WithDefaults().ValidateRun() == nil || hb >= sandbox.MaxTimeMS {
			return sc
		}
	}
}

// heavyJSON is heavyScenario as the import reads it, written with its
// defaults filled in: a field the JSON carries as 0 (the TTL) is refused,
// not read as "the default".
func heavyJSON() []byte {
	raw, _ := json.Marshal(heavyScenario().WithDefaults())
	return raw
}

// heavyWith is the heavy scenario with every client heartbeating every hb ms.
func heavyWith(hb int64) sandbox.Scenario {
	ids := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	var sc sandbox.Scenario
	for _, id := range ids {
		sc.Clients = append(sc.Clients, sandbox.Client{ID: id, HeartbeatMS: hb})
	}
	ops := []sandbox.Op{sandbox.OpAcquire, sandbox.OpWrite, sandbox.OpWrite, sandbox.OpWrite, sandbox.OpExtend}
	step := int64(sandbox.MaxTimeMS-1000) / sandbox.MaxActions
	for i := range sandbox.MaxActions {
		a := sandbox.Action{AtMS: int64(i) * step, Client: ids[(i/len(ops))%len(ids)], Op: ops[i%len(ops)]}
		if a.Op == sandbox.OpWrite {
			a.Value = fmt.Sprintf("value-%d", i)
		}
		sc.Actions = append(sc.Actions, a)
	}
	return sc
}

// importError finds the import page's message of why it refused, and tags
// the markup to strip from it.
var (
	importError = regexp.MustCompile(`(?s)data-testid="import-error".*?</div>`)
	tags        = regexp.MustCompile(`<[^>]*>`)
)

// importHeavy imports heavyScenario and returns its timeline's path.
func importHeavy(base string) (string, error) {
	cl := newClient()
	token, err := csrf(cl, base, "/sandbox/import", "10.255.0.1")
	if err != nil {
		return "", err
	}
	raw := heavyJSON()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	w.WriteField("scenario", "")
	fw, _ := w.CreateFormFile("file", "heavy.json")
	fw.Write(raw)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/sandbox/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("X-Forwarded-For", "10.255.0.1")
	resp, err := cl.Do(req)
	if err != nil {
		return "", err
	}
	page, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/sandbox/") {
		why := ""
		if m := importError.Find(page); m != nil {
			why = ": " + strings.Join(strings.Fields(tags.ReplaceAllString(string(m), " ")), " ")
		}
		return "", fmt.Errorf("import: status %d, location %q%s", resp.StatusCode, loc, why)
	}
	return loc, nil
}

// primeGuide checks the guide slugs exist.
func primeGuide(base string) error {
	for _, s := range guideSlugs {
		resp, err := http.Get(base + "/learn/" + s)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET /learn/%s: %d", s, resp.StatusCode)
		}
	}
	return nil
}

var answers = []string{
	"A lease expires, so a paused holder can wake up after another client was granted the lock; the storage must reject its write by a fencing token that increases with every grant.",
	"Set the key and its expiry in one command, SET key token NX PX ttl, and release with a compare-and-delete script so only the holder deletes it.",
	"Use a unique constraint or a conditional update instead of a lock when the database can decide who wins.",
}

// worker sends the mix until deadline as one learner (a new one when a
// quota refuses it), from addresses of a pool, recording each request.
func worker(base, timeline string, deadline time.Time, st *stats, addrSeq *atomic.Uint32, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	addr := func() string {
		n := addrSeq.Add(1)
		return fmt.Sprintf("10.%d.%d.%d", (n>>16)&0xff, (n>>8)&0xff, n&0xff)
	}
	cl := newClient()
	token, err := csrf(cl, base, "/practice/fencing-token", addr())
	if err != nil {
		st.setupErr = err
		return
	}
	total := 0
	for _, m := range mix {
		total += m.weight
	}
	for time.Now().Before(deadline) {
		r := rng.IntN(total)
		kind := ""
		for _, m := range mix {
			if r < m.weight {
				kind = m.name
				break
			}
			r -= m.weight
		}
		var req *http.Request
		switch kind {
		case "guide":
			req, _ = http.NewRequest(http.MethodGet, base+"/learn/"+guideSlugs[rng.IntN(len(guideSlugs))], nil)
		case "timeline":
			req, _ = http.NewRequest(http.MethodGet, fmt.Sprintf("%s%s?step=%d", base, timeline, rng.IntN(6500)), nil)
		case "state":
			req, _ = http.NewRequest(http.MethodGet, fmt.Sprintf("%s%s/state?step=%d", base, timeline, rng.IntN(6500)), nil)
		case "answer":
			form := url.Values{"_csrf": {token}, "answer": {answers[rng.IntN(len(answers))]}}
			req, _ = http.NewRequest(http.MethodPost, base+"/practice/fencing-token", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.Header.Set("X-Forwarded-For", addr())
		start := time.Now()
		resp, err := cl.Do(req)
		if err != nil {
			st.add(kind, 0, time.Since(start))
			continue
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		st.add(kind, resp.StatusCode, time.Since(start))
		st.bytes[kind] += n
		if kind == "answer" && resp.StatusCode == http.StatusTooManyRequests {
			// A learner's quota: carry on as a new learner.
			u, _ := url.Parse(base)
			jar, _ := cookiejar.New(nil)
			for _, c := range cl.Jar.Cookies(u) {
				if c.Name != "lockdrill_learner" {
					jar.SetCookies(u, []*http.Cookie{c})
				}
			}
			cl.Jar = jar
		}
	}
}

// stats are one worker's results.
type stats struct {
	lat      map[string][]time.Duration
	status   map[string]map[int]int
	bytes    map[string]int64
	setupErr error
}

func newStats() *stats {
	return &stats{lat: map[string][]time.Duration{}, status: map[string]map[int]int{}, bytes: map[string]int64{}}
}

func (s *stats) add(kind string, status int, d time.Duration) {
	s.lat[kind] = append(s.lat[kind], d)
	if s.status[kind] == nil {
		s.status[kind] = map[int]int{}
	}
	s.status[kind][status]++
}

func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return ds[min(int(float64(len(ds))*p), len(ds)-1)]
}

func report(w io.Writer, results []*stats, elapsed time.Duration, conns int, peakKB, hwmKB int64) {
	fmt.Fprintf(w, "lockdrill load test: %d connections for %v, loopback\n\n", conns, elapsed)
	fmt.Fprintf(w, "%-9s %8s %9s %9s %9s %9s %6s %6s %6s %9s\n", "kind", "requests", "req/s", "p50", "p99", "max", "2xx/3xx", "429", "5xx", "KB/resp")
	var all []time.Duration
	var n5xx, n429, nOK, nErr int
	for _, m := range mix {
		var ds []time.Duration
		counts := map[int]int{}
		var bytes int64
		for _, r := range results {
			if r.setupErr != nil {
				continue
			}
			ds = append(ds, r.lat[m.name]...)
			for code, c := range r.status[m.name] {
				counts[code] += c
			}
			bytes += r.bytes[m.name]
		}
		slices.Sort(ds)
		all = append(all, ds...)
		ok, s429, s5xx, errs := 0, counts[429], 0, counts[0]
		for code, c := range counts {
			switch {
			case code >= 200 && code < 400:
				ok += c
			case code >= 500:
				s5xx += c
			}
		}
		n5xx, n429, nOK, nErr = n5xx+s5xx, n429+s429, nOK+ok, nErr+errs
		kb := 0.0
		if len(ds) > 0 {
			kb = float64(bytes) / float64(len(ds)) / 1024
		}
		fmt.Fprintf(w, "%-9s %8d %9.0f %9s %9s %9s %6d %6d %6d %9.1f\n", m.name, len(ds), float64(len(ds))/elapsed.Seconds(),
			pct(ds, 0.5).Round(10*time.Microsecond), pct(ds, 0.99).Round(10*time.Microsecond), pct(ds, 1).Round(10*time.Microsecond), ok, s429, s5xx, kb)
	}
	slices.Sort(all)
	fmt.Fprintf(w, "%-9s %8d %9.0f %9s %9s %9s %6d %6d %6d\n", "all", len(all), float64(len(all))/elapsed.Seconds(),
		pct(all, 0.5).Round(10*time.Microsecond), pct(all, 0.99).Round(10*time.Microsecond), pct(all, 1).Round(10*time.Microsecond), nOK, n429, n5xx)
	if nErr > 0 {
		fmt.Fprintf(w, "\n%d requests failed without a response\n", nErr)
	}
	for i, r := range results {
		if r.setupErr != nil {
			fmt.Fprintf(w, "worker %d could not start: %v\n", i, r.setupErr)
		}
	}
	fmt.Fprintf(w, "\nserver RSS: peak %d MB sampled every 50 ms, high-water mark %d MB\n", peakKB>>10, hwmKB>>10)
}
