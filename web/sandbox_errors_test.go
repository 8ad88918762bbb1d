package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSandboxFormErrorsNameTheFormsField: a refused sandbox action or
// setting names the form's field ("node", "client"), not the scenario
// file's path ("actions[8].node", "lock.persistence") that a learner using
// the forms never saw.
func TestSandboxFormErrorsNameTheFormsField(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "redlock-two-down")
	flash := func() string { return mustDoc(t, cl.get(path)).Find(`[data-testid=flash]`).Text() }
	tests := []struct {
		name string
		form url.Values
		want string
	}{
		{"a node the cluster does not have", url.Values{"op": {"node_down"}, "fault_node": {"9"}}, "Nothing was changed: node: 9 is out of range 1..5."},
		{"a client the scenario does not have", url.Values{"op": {"acquire"}, "client": {"Z"}}, `Nothing was changed: client: unknown client "Z"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := act(t, cl, path, tt.form); rec.Code != http.StatusSeeOther {
				t.Fatalf("status %d, want 303 back with a message", rec.Code)
			}
			if got := flash(); !strings.Contains(got, tt.want) || strings.Contains(got, "actions[") {
				t.Errorf("flash = %q, want %q without the scenario path", got, tt.want)
			}
		})
	}
	t.Run("a setting", func(t *testing.T) {
		rec := cl.postForm(path+"/settings", url.Values{"_csrf": {csrfFrom(t, cl.get(path))}, "persistence": {"bogus"}})
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422 with the form as typed", rec.Code)
		}
		if got := mustDoc(t, rec).Find(`[data-testid=settings-error]`).Text(); !strings.Contains(got, "Nothing was forked: a restarted node keeps: unknown persistence") || strings.Contains(got, "lock.") {
			t.Errorf("flash = %q, want the setting named as the form labels it", got)
		}
	})
}
