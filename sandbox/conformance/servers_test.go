package conformance_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"lockdrill/sandbox/conformance"
)

// needBinary finds a server binary. Outside CI a missing one skips the
// test with the reason; in CI (CI=true) it fails, since .ci/run installs it.
func needBinary(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	msg := fmt.Sprintf("%s not found (install Debian's %s): conformance against it NOT checked", name, pkg)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// freePort asks the kernel for a free loopback port.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// proc is a server child process that the test stops at its end.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func startProc(t *testing.T, logName string, bin string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	logf, err := os.Create(logName)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		logf.Close()
		close(p.done)
	}()
	t.Cleanup(p.stop)
	return p
}

func (p *proc) stop() {
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}

// exited reports whether the process has ended (for a server, most often
// because its port was taken between freePort and its own bind).
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// kill stops the process at once, as a crashed server.
func (p *proc) kill() {
	p.cmd.Process.Kill()
	<-p.done
}

// startRedis starts one redis-server on a free loopback port with no
// persistence; replicaOf, when set, makes it a replica of that address.
func startRedis(t *testing.T, bin, dir, replicaOf string) string {
	t.Helper()
	for try := 0; ; try++ {
		port := freePort(t)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		args := []string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
			"--dir", dir, "--hz", "100", "--protected-mode", "no", "--daemonize", "no", "--loglevel", "warning"}
		if replicaOf != "" {
			h, p, _ := strings.Cut(replicaOf, ":")
			args = append(args, "--replicaof", h, p)
		}
		startProc(t, filepath.Join(dir, "redis-"+strconv.Itoa(port)+".log"), bin, args...)
		c := redis.NewClient(&redis.Options{Addr: addr, Protocol: 2})
		err := waitFor(10*time.Second, func() error { return c.Ping(context.Background()).Err() })
		c.Close()
		if err == nil {
			return addr
		}
		if try == 2 {
			t.Fatalf("redis-server on %s did not answer: %v", addr, err)
		}
	}
}

func waitFor(d time.Duration, f func() error) error {
	deadline := time.Now().Add(d)
	for {
		err := f()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var linkUp = regexp.MustCompile(`master_link_status:up`)

// waitLinked waits until the replica at addr has synced with its primary.
func waitLinked(ctx context.Context, addr string) error {
	c := redis.NewClient(&redis.Options{Addr: addr, Protocol: 2})
	defer c.Close()
	return waitFor(10*time.Second, func() error {
		info, err := c.Info(ctx, "replication").Result()
		if err != nil {
			return err
		}
		if !linkUp.MatchString(info) {
			return fmt.Errorf("replica %s not linked yet", addr)
		}
		return nil
	})
}

// pairPool lends primary+replica pairs to failover scenarios and puts
// each back as new: the primary emptied, the replica re-attached to it.
type pairPool struct {
	ch     chan conformance.ReplicaPair
	resets sync.WaitGroup
}

func newPairPool(t *testing.T, bin, dir string, n int) *pairPool {
	t.Helper()
	p := &pairPool{ch: make(chan conformance.ReplicaPair, n)}
	for range n {
		primary := startRedis(t, bin, dir, "")
		replica := startRedis(t, bin, dir, primary)
		if err := waitLinked(context.Background(), replica); err != nil {
			t.Fatal(err)
		}
		p.ch <- conformance.ReplicaPair{Primary: primary, Replica: replica}
	}
	// Registered after the servers: runs before they stop.
	t.Cleanup(p.resets.Wait)
	return p
}

func (p *pairPool) get(ctx context.Context) (conformance.ReplicaPair, error) {
	select {
	case <-ctx.Done():
		return conformance.ReplicaPair{}, ctx.Err()
	case rp := <-p.ch:
		var once sync.Once
		rp.Done = func() {
			once.Do(func() {
				p.resets.Add(1)
				go func() {
					defer p.resets.Done()
					p.reset(rp)
				}()
			})
		}
		return rp, nil
	}
}

func (p *pairPool) reset(rp conformance.ReplicaPair) {
	ctx := context.Background()
	pc := redis.NewClient(&redis.Options{Addr: rp.Primary, Protocol: 2})
	rc := redis.NewClient(&redis.Options{Addr: rp.Replica, Protocol: 2})
	defer pc.Close()
	defer rc.Close()
	pc.FlushAll(ctx)
	h, port, _ := strings.Cut(rp.Primary, ":")
	rc.ReplicaOf(ctx, h, port)
	if err := waitLinked(ctx, rp.Replica); err != nil {
		return // the pair is lost; the pool shrinks, runs wait on the rest
	}
	rp.Done = nil
	p.ch <- rp
}

// serverVersion runs "bin --version" and returns the first major.minor
// it prints.
func serverVersion(bin string) string {
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return "?"
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	re := regexp.MustCompile(`(\d+)\.(\d+)\.\d+`)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			return m[1] + "." + m[2]
		}
	}
	return "?"
}

// etcdCluster is a 3-member etcd cluster of child processes on loopback,
// its data on tmpfs when there is one (fsync is the slow part of etcd).
type etcdCluster struct {
	t         *testing.T
	bin       string
	endpoints []string
	args      [][]string
	procs     []*proc
	logs      []string
}

func startEtcd(t *testing.T, bin string) *etcdCluster {
	t.Helper()
	// A port freePort found free can be taken before etcd binds it (by
	// another test's server, or as the local port of an outgoing
	// connection); the member then exits, and a cluster of two would pass
	// for three until the first failover finds no quorum. So the cluster
	// is checked whole, and started again on other ports if it is not.
	var err error
	for try := 0; try < 3; try++ {
		var c *etcdCluster
		c, err = tryStartEtcd(t, bin)
		if err == nil {
			return c
		}
		t.Logf("etcd cluster, try %d: %v; starting it again on other ports", try+1, err)
	}
	t.Fatalf("etcd cluster did not come up whole: %v", err)
	return nil
}

func tryStartEtcd(t *testing.T, bin string) (*etcdCluster, error) {
	t.Helper()
	base := t.TempDir()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		d, err := os.MkdirTemp("/dev/shm", "lockdrill-etcd-")
		if err == nil {
			base = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	c := &etcdCluster{t: t, bin: bin}
	var peers []string
	var clientPorts, peerPorts []int
	for i := range 3 {
		clientPorts = append(clientPorts, freePort(t))
		peerPorts = append(peerPorts, freePort(t))
		peers = append(peers, fmt.Sprintf("m%d=http://127.0.0.1:%d", i+1, peerPorts[i]))
	}
	for i := range 3 {
		cu := fmt.Sprintf("http://127.0.0.1:%d", clientPorts[i])
		pu := fmt.Sprintf("http://127.0.0.1:%d", peerPorts[i])
		c.endpoints = append(c.endpoints, cu)
		c.args = append(c.args, []string{"--name", fmt.Sprintf("m%d", i+1), "--data-dir", filepath.Join(base, fmt.Sprintf("m%d", i+1)),
			"--listen-client-urls", cu, "--advertise-client-urls", cu,
			"--listen-peer-urls", pu, "--initial-advertise-peer-urls", pu,
			"--initial-cluster", strings.Join(peers, ","), "--initial-cluster-state", "new", "--initial-cluster-token", "lockdrill",
			"--heartbeat-interval", "25", "--election-timeout", "250", "--pre-vote",
			"--logger", "zap", "--log-level", "warn"})
		c.logs = append(c.logs, filepath.Join(base, fmt.Sprintf("m%d.log", i+1)))
	}
	for i := range 3 {
		c.procs = append(c.procs, startProc(t, c.logs[i], bin, c.args[i]...))
	}
	cli := c.client()
	defer cli.Close()
	err := waitFor(30*time.Second, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if _, err := cli.Put(ctx, "/lockdrill/up", "1"); err != nil {
			return err
		}
		return c.whole(ctx, cli)
	})
	if err != nil {
		for _, p := range c.procs {
			p.stop()
		}
		return nil, fmt.Errorf("%w (logs in %s)", err, base)
	}
	return c, nil
}

// whole checks that all three members run and answer as members of one
// cluster: a member whose port was taken exits, and another process may
// answer on its address.
func (c *etcdCluster) whole(ctx context.Context, cli *clientv3.Client) error {
	var cluster uint64
	members := map[uint64]bool{}
	for i, ep := range c.endpoints {
		if c.procs[i].exited() {
			return fmt.Errorf("member m%d has exited: %s", i+1, c.logTail(i))
		}
		sctx, cancel := context.WithTimeout(ctx, time.Second)
		st, err := cli.Status(sctx, ep)
		cancel()
		if err != nil {
			return fmt.Errorf("member m%d at %s: %w", i+1, ep, err)
		}
		if i == 0 {
			cluster = st.Header.ClusterId
		} else if st.Header.ClusterId != cluster {
			return fmt.Errorf("%s answers for cluster %x, not %x: another process holds m%d's address", ep, st.Header.ClusterId, cluster, i+1)
		}
		members[st.Header.MemberId] = true
	}
	if len(members) != len(c.endpoints) {
		return fmt.Errorf("%d distinct members answer, want %d", len(members), len(c.endpoints))
	}
	return nil
}

// logTail is the last lines of member i's log, for a failure message.
func (c *etcdCluster) logTail(i int) string {
	data, err := os.ReadFile(c.logs[i])
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 4 {
		lines = lines[len(lines)-4:]
	}
	return strings.Join(lines, " | ")
}

// state describes every member (running or not, what it says of the
// leader, its log's last lines), for a failure message.
func (c *etcdCluster) state(ctx context.Context, cli *clientv3.Client) string {
	var b strings.Builder
	for i, ep := range c.endpoints {
		fmt.Fprintf(&b, "\n    m%d (%s): ", i+1, ep)
		if c.procs[i].exited() {
			fmt.Fprintf(&b, "exited; log: %s", c.logTail(i))
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, time.Second)
		st, err := cli.Status(sctx, ep)
		cancel()
		if err != nil {
			fmt.Fprintf(&b, "running, status: %v; log: %s", err, c.logTail(i))
			continue
		}
		fmt.Fprintf(&b, "member %x of cluster %x, leader %x, term %d, applied %d; log: %s", st.Header.MemberId, st.Header.ClusterId, st.Leader, st.RaftTerm, st.RaftAppliedIndex, c.logTail(i))
	}
	return b.String()
}

func (c *etcdCluster) client() *clientv3.Client {
	cli, err := clientv3.New(clientv3.Config{Endpoints: c.endpoints, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		c.t.Fatal(err)
	}
	return cli
}

// leader returns the index of the member that says it leads, skipping
// member not.
func (c *etcdCluster) leader(ctx context.Context, cli *clientv3.Client, not int) (int, error) {
	for i, ep := range c.endpoints {
		if i == not {
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, time.Second)
		st, err := cli.Status(sctx, ep)
		cancel()
		if err == nil && st.Header.MemberId == st.Leader {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no leader")
}

// stopLeader kills the leader's process (a crash) and returns as soon as
// a new leader commits; the old member is started again on its data at
// once, and rejoins while the run goes on (pre-vote keeps it from
// disturbing the new leader). The new leader renews every lease when it
// takes over, so the time spent here does not eat into them; the wait
// for the old member, which would, happens before the next kill instead.
func (c *etcdCluster) stopLeader(ctx context.Context) error {
	cli := c.client()
	defer cli.Close()
	err := waitFor(20*time.Second, func() error { return c.whole(ctx, cli) })
	if err != nil {
		return fmt.Errorf("cluster not whole before the failover: %w", err)
	}
	old, err := c.leader(ctx, cli, -1)
	if err != nil {
		return err
	}
	c.procs[old].kill()
	err = waitFor(20*time.Second, func() error {
		l, err := c.leader(ctx, cli, old)
		if err != nil {
			return err
		}
		if l == old {
			return fmt.Errorf("old leader still named")
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("no new leader after stopping m%d: %w; members:%s", old+1, err, c.state(ctx, cli))
	}
	c.procs[old] = startProc(c.t, c.logs[old]+".restart", c.bin, c.args[old]...)
	return nil
}

// redisProc is a redis-server of one run's own (conformance.Proc): a TCP
// port for the clients, a unix socket for the runner's admin commands.
type redisProc struct {
	t          *testing.T
	bin, dir   string
	addr, sock string
	args       []string
	p          *proc
}

// redisNodes starts n redis-servers for one redlock run, with the
// scenario's persistence (none: no RDB, no AOF; always: AOF with
// appendfsync always; everysec: appendfsync everysec).
func redisNodes(t *testing.T, bin string) func(ctx context.Context, n int, persistence string) ([]conformance.Proc, error) {
	return func(ctx context.Context, n int, persistence string) ([]conformance.Proc, error) {
		var out []conformance.Proc
		for range n {
			dir, err := os.MkdirTemp("", "ldr-")
			if err != nil {
				return nil, err
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			port := freePort(t)
			rp := &redisProc{t: t, bin: bin, dir: dir, addr: "127.0.0.1:" + strconv.Itoa(port), sock: filepath.Join(dir, "s.sock")}
			rp.args = []string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--unixsocket", rp.sock, "--unixsocketperm", "700",
				"--dir", dir, "--hz", "100", "--protected-mode", "no", "--daemonize", "no", "--loglevel", "warning", "--save", ""}
			switch persistence {
			case "none":
				rp.args = append(rp.args, "--appendonly", "no")
			case "always":
				rp.args = append(rp.args, "--appendonly", "yes", "--appendfsync", "always")
			default:
				rp.args = append(rp.args, "--appendonly", "yes", "--appendfsync", "everysec")
			}
			if err := rp.Start(ctx); err != nil {
				for _, p := range out {
					p.Done()
				}
				return nil, err
			}
			out = append(out, rp)
		}
		return out, nil
	}
}

func (r *redisProc) Addr() string  { return r.addr }
func (r *redisProc) Admin() string { return r.sock }

func (r *redisProc) Start(ctx context.Context) error {
	r.p = startProc(r.t, filepath.Join(r.dir, "redis.log"), r.bin, r.args...)
	c := redis.NewClient(&redis.Options{Network: "unix", Addr: r.sock, Protocol: 2, MaxRetries: -1})
	defer c.Close()
	return waitFor(10*time.Second, func() error { return c.Ping(ctx).Err() })
}

func (r *redisProc) Kill() error {
	r.p.kill()
	return nil
}

func (r *redisProc) Done() { r.p.stop() }
