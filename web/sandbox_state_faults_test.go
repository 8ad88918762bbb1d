package web_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestStatePanelShowsFaults: the "State at replay step" panel says which
// members or nodes are down, who leads a consensus cluster, and which
// partitions are in force (D22).
func TestStatePanelShowsFaults(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	squash := func(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }
	nodes := func(doc *goquery.Document) []string {
		var out []string
		doc.Find(`[data-testid=state-node]`).Each(func(_ int, s *goquery.Selection) {
			out = append(out, squash(s.Prev())+": "+squash(s))
		})
		return out
	}

	path := openPreset(t, cl, "consensus-leader-refresh")
	doc := mustDoc(t, cl.get(path+"/state?step=1"))
	if got := strings.Join(nodes(doc), " | "); got != "member 1: up · the leader | member 2: up | member 3: up" {
		t.Fatalf("members at step 1 = %q", got)
	}
	doc = mustDoc(t, cl.get(path+"/state?step=4"))
	if got := strings.Join(nodes(doc), " | "); got != "member 1: down | member 2: up · the leader | member 3: up" {
		t.Fatalf("members after the failover = %q, want member 1 down and member 2 leading", got)
	}
	if got := squash(doc.Find(`[data-testid=state-leader]`)); got != "member 2" {
		t.Fatalf("leader = %q, want member 2", got)
	}
	if doc.Find(`[data-testid=state-network]`).Length() != 0 {
		t.Fatalf("a run without partitions shows a network line")
	}

	path = openPreset(t, cl, "consensus-minority-partition")
	doc = mustDoc(t, cl.get(path+"/state?step=2"))
	if got := squash(doc.Find(`[data-testid=state-network]`)); got != "member 3 split from the others; B cut off from members 1,2" {
		t.Fatalf("network at step 2 = %q", got)
	}
	doc = mustDoc(t, cl.get(path+"/state?step=7"))
	if got := squash(doc.Find(`[data-testid=state-network]`)); got != "no partition" {
		t.Fatalf("network after the heal = %q, want no partition", got)
	}

	path = openPreset(t, cl, "redlock-split-vote")
	doc = mustDoc(t, cl.get(path+"/state?step=3"))
	if got := squash(doc.Find(`[data-testid=state-network]`)); got != "A cut off from nodes 4,5; B cut off from nodes 1,2" {
		t.Fatalf("redlock network at step 3 = %q", got)
	}
	if got := nodes(doc); len(got) != 5 || !strings.HasPrefix(got[2], "node 3: down") {
		t.Fatalf("redlock nodes at step 3 = %q, want node 3 down", got)
	}
	// The full page carries the same panel.
	if got := squash(mustDoc(t, cl.get(path+"?step=3")).Find(`[data-testid=state-network]`)); !strings.Contains(got, "A cut off from nodes 4,5") {
		t.Fatalf("page's state panel network = %q", got)
	}
}
