package web_test

import (
	"lockdrill/sandbox"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestSandboxWordsPerModel: preset pages and forms name a consensus
// service's members "member" and the redis replica as the replica, and a
// setting out of range names both bounds (D17).
func TestSandboxWordsPerModel(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for preset, wants := range map[string][]string{
		"consensus-minority-partition": {"member 3 is split from the others", "B is cut off from members 1, 2"},
		"consensus-leader-refresh":     {"member 1 goes down"},
		"redis-wait-sync":              {"3 s: the new replica (node 2) goes down"},
	} {
		page := spaces(mustDoc(t, cl.get("/sandbox/presets/"+preset)).Find("main").Text())
		for _, want := range wants {
			if !strings.Contains(page, want) {
				t.Errorf("/sandbox/presets/%s lacks %q", preset, want)
			}
		}
		if strings.Contains(page, "nodes 3 are") {
			t.Errorf("/sandbox/presets/%s still says %q", preset, "nodes 3 are")
		}
	}

	path := openPreset(t, cl, "consensus-minority-partition")
	doc := mustDoc(t, cl.get(path))
	if got := spaces(doc.Find(`label[for=fault-node]`).Text()); got != "member" {
		t.Errorf("fault node label = %q, want member", got)
	}
	if got := spaces(doc.Find(`[data-testid=act-fault-node] option`).First().Text()); got != "member 1" {
		t.Errorf("fault node option = %q, want member 1", got)
	}
	if doc.Find(`#failover-node`).Length() != 0 || !strings.Contains(spaces(doc.Find(`[data-testid=failover-explained]`).Text()), "the leader steps down") {
		t.Errorf("consensus failover: a node select (which the service ignores) or no word on what it does")
	}
	if got := spaces(doc.Find(`[data-testid=act-cut-client] option[value=""]`).Text()); got != "the other members" {
		t.Errorf("split option = %q, want the other members", got)
	}

	path = openPreset(t, cl, "redis-wait-sync")
	doc = mustDoc(t, cl.get(path))
	if got := spaces(doc.Find(`[data-testid=act-fault-node] option[value="2"]`).Text()); got != "replica (2)" {
		t.Errorf("redis node 2 option = %q, want the replica", got)
	}
	// The browser's limits are the server's (QA-5 F5: the TTL had no
	// maximum and a pause of 0.05 s was refused by the field's step).
	if max, _ := doc.Find(`#set-ttl`).Attr("max"); max != strconv.Itoa(sandbox.MaxTimeMS) {
		t.Errorf("TTL field max = %q, want %d", max, sandbox.MaxTimeMS)
	}
	if step, _ := doc.Find(`[data-testid=act-A-pause-s]`).Attr("step"); step != "any" {
		t.Errorf("pause field step = %q, want any (the server takes milliseconds)", step)
	}
	// The replica only goes down and comes up: a partition offers the
	// primary alone, and restarting the replica says why it cannot (QA-5
	// F1: the form offered it and the server answered "out of range 1..1").
	if doc.Find(`[data-testid=act-cut-node-2]`).Length() != 0 || doc.Find(`[data-testid=act-cut-node-1]`).Length() != 1 {
		t.Errorf("redis partition offers the replica, or not the primary")
	}
	restart := url.Values{"_csrf": {csrfFrom(t, cl.get(path))}, "op": {"restart"}, "fault_node": {"2"}, "restart_ms": {"0"}}
	if rec := cl.postForm(path+"/actions", restart); rec.Code != http.StatusSeeOther {
		t.Fatalf("restart of the replica: status %d", rec.Code)
	}
	if got := spaces(mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text()); !strings.Contains(got, "only the primary (node 1) restarts") || strings.Contains(got, "1..1") {
		t.Errorf("restarting the replica says %q, want why only the primary restarts", got)
	}
	form := url.Values{"_csrf": {csrfFrom(t, cl.get(path))}, "ttl_ms": {"10000"}, "lag_ms": {"-3"}}
	rec := cl.postForm(path+"/settings", form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("settings: status %d, want 422", rec.Code)
	}
	flash := spaces(mustDoc(t, rec).Find(`[data-testid=settings-error]`).Text())
	if !strings.Contains(flash, "replica lag: -3 ms is out of range: it must be from 0 to 600 000 ms") {
		t.Fatalf("flash = %q, want the lag's range with both bounds", flash)
	}
}
