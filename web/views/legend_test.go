package views_test

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
	"lockdrill/web/views"
)

// legendRow says, for each sandbox event kind, the words of the swimlane
// legend that explain how the diagram draws it. A kind the diagram does not
// draw says so with "" and is listed only in the event table. A new event
// kind fails TestEveryEventKindHasALegendRow until it is given a row here
// and in views.SwimlaneLegend (see CONTRIBUTING.md, "A new fault or op").
var legendRow = map[sandbox.Kind]string{
	sandbox.KindAcquireGranted: "the lock service holds the client's key",
	sandbox.KindAcquireDenied:  "✗ denied",
	sandbox.KindExpireSet:      "→ message",
	sandbox.KindReleaseOK:      "→ message",
	sandbox.KindReleaseRefused: "a dashed arrow was refused",
	sandbox.KindExtendOK:       "→ message",
	sandbox.KindExtendRefused:  "a dashed arrow was refused",
	sandbox.KindLeaseExpired:   "◷ lease expired",
	sandbox.KindWriteAccepted:  "✓ write accepted",
	sandbox.KindWriteRejected:  "✗ write rejected",
	sandbox.KindPauseStart:     "‖ paused",
	sandbox.KindPauseEnd:       "‖ paused",
	sandbox.KindCrash:          "✕ crash",
	sandbox.KindDelay:          "↝ delay",
	sandbox.KindFailover:       "⇄ failover",
	sandbox.KindClockJump:      "» clock jump",
	sandbox.KindActionSkipped:  "∅ skipped",
	sandbox.KindNodeDown:       "▼ node down",
	sandbox.KindNodeUp:         "▲ up",
	sandbox.KindRestart:        "↻ restart",
	sandbox.KindPartition:      "✂ partition",
	sandbox.KindHeal:           "⌒ heal",
	sandbox.KindViolation:      "⚠ violation found by the checker",
	// Not drawn: the event table lists them.
	sandbox.KindMessageDelayed: "",
	sandbox.KindRetry:          "",
	sandbox.KindInvalid:        "",
}

// eventKinds returns the value of every Kind* string constant the sandbox
// package declares, read from its source so that a kind added anywhere in
// the package is seen without being listed by hand.
func eventKinds(t *testing.T) []sandbox.Kind {
	t.Helper()
	dir := filepath.Join("..", "..", "sandbox")
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatalf("parse sandbox: %v", err)
	}
	var kinds []sandbox.Kind
	for _, f := range pkgs["sandbox"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "Kind") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatalf("%s: %v", name.Name, err)
					}
					kinds = append(kinds, sandbox.Kind(v))
				}
			}
		}
	}
	if len(kinds) < len(legendRow)/2 {
		t.Fatalf("found %d event kinds in %s, want them all: has the declaration changed shape?", len(kinds), dir)
	}
	slices.Sort(kinds)
	return kinds
}

// legendText renders the legend and returns its visible text.
func legendText(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := views.SwimlaneLegend().Render(context.Background(), &buf); err != nil {
		t.Fatalf("render legend: %v", err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatalf("parse legend: %v", err)
	}
	if doc.Find("[data-testid=legend] li").Length() == 0 {
		t.Fatalf("the legend has no rows")
	}
	return doc.Find("[data-testid=legend]").Text()
}

func TestEveryEventKindHasALegendRow(t *testing.T) {
	legend := legendText(t)
	kinds := eventKinds(t)
	for _, k := range kinds {
		row, ok := legendRow[k]
		switch {
		case !ok:
			t.Errorf("event kind %q has no legend row: say how the diagram draws it in views.SwimlaneLegend and in legendRow", k)
		case row != "" && !strings.Contains(legend, row):
			t.Errorf("event kind %q: the legend does not say %q", k, row)
		}
	}
	for k := range legendRow {
		if !slices.Contains(kinds, k) {
			t.Errorf("legendRow has %q, which is not a sandbox event kind", k)
		}
	}
}

// TestLegendExplainsWhatPresetsDraw: every shape the diagram draws for the
// presets comes from a kind with a legend row, and every mark's symbol is
// in the legend, so the "not drawn" kinds above stay true.
func TestLegendExplainsWhatPresetsDraw(t *testing.T) {
	if _, err := os.Stat(filepath.Join("..", "..", "sandbox")); err != nil {
		t.Fatalf("sandbox source: %v", err)
	}
	legend := legendText(t)
	drawn := map[sandbox.Kind]bool{}
	for _, p := range sandbox.Presets() {
		tl := sandbox.Run(p.Scenario)
		d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/presets/"+p.ID)
		kindAt := func(step int) sandbox.Kind {
			if step < 1 || step > tl.Events.Len() {
				return ""
			}
			return tl.Events.At(step - 1).Kind
		}
		for _, m := range d.Marks {
			k := kindAt(m.Step)
			drawn[k] = true
			if legendRow[k] == "" {
				t.Errorf("preset %s: a %q mark is drawn for kind %q, which legendRow says is not drawn", p.ID, m.Shape, k)
			}
			sym := m.Glyph
			if m.Shape == "violation" {
				sym = "⚠" // the triangle's "!" is the legend's ⚠
			}
			if !strings.Contains(legend, sym) {
				t.Errorf("preset %s: the legend has no %q, drawn for kind %q", p.ID, sym, k)
			}
		}
		for _, a := range d.Arrows {
			if k := kindAt(a.Step); legendRow[k] == "" {
				t.Errorf("preset %s: an arrow is drawn for kind %q, which legendRow says is not drawn", p.ID, k)
			}
		}
	}
	if len(drawn) < 5 {
		t.Fatalf("the presets drew marks for only %d kinds: %v", len(drawn), drawn)
	}
}
