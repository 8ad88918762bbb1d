package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestServingBinaryLinksNoRPCStack: every package linked into lockdrill
// runs its initialisation at each start of the server, whatever command
// runs. etcd's Go client brought gRPC, protobuf and zap, 5-9 ms of a cold
// start, for "conform --etcd" alone, which now speaks etcd's JSON gateway.
func TestServingBinaryLinksNoRPCStack(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: the binary's dependencies are NOT checked")
	}
	out, err := exec.Command(gobin, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"google.golang.org/grpc", "google.golang.org/protobuf", "go.etcd.io/", "go.uber.org/zap"} {
			if strings.HasPrefix(pkg, banned) {
				t.Errorf("lockdrill links %s", pkg)
			}
		}
	}
}
