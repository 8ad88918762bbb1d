package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSandboxFaultActions: the action forms offer the engine-4 faults
// (node down and up, restart, partition, heal), each lands on the timeline
// as its event and is drawn in the picture, and a partition with no node
// ticked is refused with a message naming it.
func TestSandboxFaultActions(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "redlock-two-down")
	doc := mustDoc(t, cl.get(path))
	for _, id := range []string{"act-node-down", "act-node-up", "act-restart", "act-partition", "act-heal", "act-cut-node-5"} {
		if doc.Find(`[data-testid=`+id+`]`).Length() != 1 {
			t.Fatalf("the page has no %s control", id)
		}
	}
	if rec := act(t, cl, path, url.Values{"op": {"partition"}, "cut_client": {"A"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("partition without nodes: status %d, want 303 back with a message", rec.Code)
	}
	if flash := mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "partition") {
		t.Fatalf("flash = %q, want the partition's problem named", flash)
	}
	for _, form := range []url.Values{
		{"op": {"restart"}, "fault_node": {"1"}, "restart_ms": {"2000"}},
		{"op": {"partition"}, "cut_client": {"B"}, "cut_nodes": {"1", "2"}},
		{"op": {"heal"}},
		{"op": {"node_up"}, "fault_node": {"4"}},
	} {
		if rec := act(t, cl, path, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("%v: status %d, want 303", form, rec.Code)
		}
	}
	kinds := eventKinds(t, cl, path)
	for _, k := range []string{"node.down", "node.restart", "partition", "heal", "node.up"} {
		if count(kinds, k) == 0 {
			t.Fatalf("events %v lack %s", kinds, k)
		}
	}
	svg := mustDoc(t, cl.get(path)).Find(`[data-testid=swimlane]`)
	for _, shape := range []string{"mark-restart", "mark-cut", "mark-down", "mark-heal"} {
		if svg.Find(`[data-testid=`+shape+`]`).Length() == 0 {
			t.Fatalf("the picture has no %s", shape)
		}
	}
}

// TestSandboxSettingsNewOptions: the settings form forks a timeline onto a
// ledger with idempotency keys and an explicit token source, and the
// configuration says so.
func TestSandboxSettingsNewOptions(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	rec := cl.postForm(path+"/settings", url.Values{"_csrf": {token}, "token_source": {"incr"}, "check_fencing": {"1"}, "ttl_ms": {"10000"},
		"release": {"compare-and-delete"}, "acquire": {"atomic"}, "lag_ms": {"0"}, "persistence": {"always"},
		"resource_kind": {"ledger"}, "idempotency_keys": {"1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("settings: status %d, want 303", rec.Code)
	}
	fork := rec.Header().Get("Location")
	fork = strings.TrimSuffix(fork[:strings.Index(fork+"?", "?")], "/compare")
	config := mustDoc(t, cl.get(fork)).Find(`[data-testid=config]`).Text()
	for _, want := range []string{"INCR", "synchronous", "appendfsync always", "ledger", "idempotency key"} {
		if !strings.Contains(config, want) {
			t.Fatalf("config %q lacks %q", config, want)
		}
	}
}
