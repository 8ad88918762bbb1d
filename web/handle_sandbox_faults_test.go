package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
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
	if msg := refusedInput(t, act(t, cl, path, url.Values{"op": {"partition"}, "cut_client": {"A"}}), "cut-nodes"); !strings.Contains(msg, "cut off … from: tick the nodes") {
		t.Fatalf("message = %q, want the partition's boxes named", msg)
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
		"resource_kind": {"ledger"}, "idempotency_keys": {"1"}, "retries": {"2"}, "retry_delay_ms": {"300"}, "seed": {"9"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("settings: status %d, want 303", rec.Code)
	}
	fork := rec.Header().Get("Location")
	fork = strings.TrimSuffix(fork[:strings.Index(fork+"?", "?")], "/compare")
	config := mustDoc(t, cl.get(fork)).Find(`[data-testid=config]`).Text()
	for _, want := range []string{"INCR", "synchronous", "appendfsync always", "ledger", "idempotency key", "2 after a random delay of up to 300 ms (seed 9)"} {
		if !strings.Contains(config, want) {
			t.Fatalf("config %q lacks %q", config, want)
		}
	}
}

// TestSandboxEngine3ScenariosOpen: scenarios as engine 3 saved them
// (fencing_tokens, lag_ms on redlock, a redlock "failover" of a node) still
// open with the version notice and run under the current engine, without
// an invalid-scenario message.
func TestSandboxEngine3ScenariosOpen(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	tests := []struct{ name, scenario, want string }{
		{"redis with fencing tokens",
			`{"lock":{"model":"redis","ttl_ms":10000,"nodes":1,"fencing_tokens":true,"acquire":"atomic","release":"compare-and-delete","lag_ms":1000},"resource":{"check_fencing":true},"clients":[{"id":"A"},{"id":"B"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":100,"client":"A","op":"write","value":"a"}]}`,
			"from INCR in the acquire script"},
		{"redlock failover of a node",
			`{"lock":{"model":"redlock","ttl_ms":10000,"nodes":5,"fencing_tokens":false,"acquire":"atomic","release":"compare-and-delete","lag_ms":1000},"resource":{"check_fencing":false},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"},{"at_ms":500,"op":"failover","node":2}]}`,
			"node 2 crashes and restarts"},
		{"database without tokens",
			`{"lock":{"model":"database","ttl_ms":10000,"nodes":1,"fencing_tokens":false,"acquire":"atomic","release":"compare-and-delete"},"resource":{"check_fencing":true},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"claim"},{"at_ms":100,"client":"A","op":"write","value":"a"}]}`,
			"AND held_until > now(): 1 row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := openPreset(t, cl, "paused-holder-fenced")
			id := strings.TrimPrefix(path, "/sandbox/")
			tl, _ := st.Timeline(context.Background(), id)
			if err := st.UpdateTimeline(context.Background(), tl.Learner, id, json.RawMessage(tt.scenario), "3", 0, testNow); err != nil {
				t.Fatalf("update: %v", err)
			}
			rec := cl.get(path)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			doc := mustDoc(t, rec)
			if note := doc.Find(`[data-testid=engine-note]`).Text(); !strings.Contains(note, "version 3") {
				t.Fatalf("engine note = %q, want version 3 named", note)
			}
			if inv := doc.Find(`[data-testid=invalid]`).Text(); inv != "" {
				t.Fatalf("the scenario is reported invalid: %s", inv)
			}
			if !strings.Contains(doc.Text(), tt.want) {
				t.Fatalf("the page lacks %q", tt.want)
			}
		})
	}
}

// TestSandboxImportOverTheEventsBudget: the import of issue 15 (8 clients
// heartbeating every 100 ms, 500 actions: about 6,500 events under engine
// 3) is refused with the events budget named, and the pasted text is kept.
func TestSandboxImportOverTheEventsBudget(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	var b strings.Builder
	b.WriteString(`{"clients":[`)
	for i := range 8 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":"` + string(rune('A'+i)) + `","heartbeat_ms":100}`)
	}
	b.WriteString(`],"actions":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"at_ms":` + strconv.Itoa(i*1000) + `,"client":"` + string(rune('A'+i%8)) + `","op":"acquire"}`)
	}
	b.WriteString(`]}`)
	rec := postImport(t, cl, b.String(), false)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422", rec.Code)
	}
	doc := mustDoc(t, rec)
	if msg := doc.Find(`[data-testid=import-error]`).Text(); !strings.Contains(msg, "events budget of 2000") {
		t.Fatalf("error = %q, want the events budget named", msg)
	}
	if got := doc.Find(`textarea[name=scenario]`).Text(); got != b.String() {
		t.Fatalf("the pasted text was not kept")
	}
}

// TestSandboxRefusesFaultsWithNothingToDo: "up" on a node that is up,
// "down" on one that is down and "heal all" with no partition are refused
// where they are added, with a message naming the action, and the list
// of actions stays as it was; the same actions where they do act are
// added.
func TestSandboxRefusesFaultsWithNothingToDo(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced") // redis: the primary and its replica
	actions := func() int { return mustDoc(t, cl.get(path)).Find(`[data-testid=action-item]`).Length() }
	try := func(form url.Values, refusal string) {
		t.Helper()
		n := actions()
		if rec := act(t, cl, path, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("%v: status %d, want 303", form, rec.Code)
		}
		flash := mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text()
		switch got := actions(); {
		case refusal == "" && got != n+1:
			t.Fatalf("%v was not added (flash %q)", form, flash)
		case refusal != "" && (got != n || !strings.Contains(flash, refusal)):
			t.Fatalf("%v: %d actions (was %d), flash %q; want it refused with %q", form, got, n, flash, refusal)
		}
	}
	try(url.Values{"op": {"node_up"}, "fault_node": {"1"}}, "up (node_up): primary is up")
	try(url.Values{"op": {"heal"}}, "heal all (heal): no partition is in force")
	try(url.Values{"op": {"node_down"}, "fault_node": {"2"}}, "")
	try(url.Values{"op": {"node_down"}, "fault_node": {"2"}}, "down (node_down): replica is down already")
	try(url.Values{"op": {"node_up"}, "fault_node": {"2"}}, "")
	try(url.Values{"op": {"partition"}, "cut_client": {"A"}, "cut_nodes": {"1"}}, "")
	try(url.Values{"op": {"heal"}}, "")
}
