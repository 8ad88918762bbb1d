package sandbox_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lockdrill/sandbox"
)

func TestExportRoundTripKeepsTitleAndDescription(t *testing.T) {
	p, _ := sandbox.PresetByID("paused-holder-fenced")
	meta := sandbox.ExportMeta{Title: "My <pause> & fence", Description: p.Lesson, Preset: p.ID}
	out, err := sandbox.MarshalExport(p.Scenario, meta)
	if err != nil {
		t.Fatalf("MarshalExport: %v", err)
	}
	if !strings.HasPrefix(string(out), "{\n  \"title\": \"My <pause> & fence\",") {
		t.Fatalf("export starts %q, want the title first and unescaped", string(out)[:40])
	}
	sc, got, err := sandbox.ParseExport(out)
	if err != nil {
		t.Fatalf("ParseExport: %v", err)
	}
	if got != meta {
		t.Fatalf("meta = %+v, want %+v", got, meta)
	}
	if diff := cmp.Diff(p.Scenario, sc); diff != "" {
		t.Fatalf("scenario changed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(sandbox.Run(p.Scenario).Events, sandbox.Run(sc).Events); diff != "" {
		t.Fatalf("the re-imported run differs:\n%s", diff)
	}
}

func TestExportWithoutMetaIsAPlainScenario(t *testing.T) {
	p, _ := sandbox.PresetByID("paused-holder-fenced")
	out, err := sandbox.MarshalExport(p.Scenario, sandbox.ExportMeta{})
	if err != nil {
		t.Fatalf("MarshalExport: %v", err)
	}
	if _, err := sandbox.Parse(out); err != nil {
		t.Fatalf("an export with no meta is not a plain scenario: %v", err)
	}
}

func TestParseExportNamesTheBadField(t *testing.T) {
	tests := []struct {
		name, in, field string
	}{
		{"title not a string", `{"title": 3, "clients": [{"id": "A"}]}`, "title"},
		{"description too long", `{"description": "` + strings.Repeat("x", sandbox.MaxExportDescription+1) + `", "clients": [{"id": "A"}]}`, "description"},
		{"unknown field still refused", `{"title": "t", "clientz": []}`, "clientz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := sandbox.ParseExport([]byte(tt.in))
			if err == nil {
				t.Fatalf("ParseExport accepted %s", tt.in)
			}
			var one *sandbox.ValidationError
			var list sandbox.ValidationErrors
			switch {
			case errors.As(err, &one):
				if !strings.Contains(one.Field, tt.field) && !strings.Contains(one.Msg, tt.field) {
					t.Fatalf("error %v, want it to name %q", err, tt.field)
				}
			case errors.As(err, &list):
				if !strings.Contains(err.Error(), tt.field) {
					t.Fatalf("error %v, want it to name %q", err, tt.field)
				}
			default:
				t.Fatalf("error %T %v, want a validation error", err, err)
			}
		})
	}
	t.Run("syntax error keeps its place", func(t *testing.T) {
		_, _, err := sandbox.ParseExport([]byte("{\n  \"title\": \"t\",\n  oops\n}"))
		if err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Fatalf("error = %v, want the line of the syntax error", err)
		}
	})
}
