package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// implicitSubmit is what a browser sends when Enter is pressed in the
// field sel: the field's own form, with its first submit button (HTML's
// "default button") as the submitter. It returns the form's action, its
// values and the op of that button.
func implicitSubmit(t *testing.T, doc *goquery.Document, sel string) (string, url.Values, string) {
	t.Helper()
	field := doc.Find(sel)
	if field.Length() != 1 {
		t.Fatalf("%s: %d fields, want 1", sel, field.Length())
	}
	form := field.Closest("form")
	if form.Length() == 0 {
		t.Fatalf("%s is in no form", sel)
	}
	vals := url.Values{}
	form.Find("input, select").Each(func(_ int, in *goquery.Selection) {
		name, ok := in.Attr("name")
		if !ok {
			return
		}
		if typ := in.AttrOr("type", ""); (typ == "checkbox" || typ == "radio") && !in.Is("[checked]") {
			return
		}
		if in.Is("select") {
			opt := in.Find("option[selected]")
			if opt.Length() == 0 {
				opt = in.Find("option").First()
			}
			vals.Add(name, opt.AttrOr("value", ""))
			return
		}
		vals.Add(name, in.AttrOr("value", ""))
	})
	btn := form.Find(`button[type=submit], button:not([type]), input[type=submit]`).First()
	if btn.Length() == 0 {
		t.Fatalf("%s: its form has no submit button, so Enter does nothing", sel)
	}
	op := btn.AttrOr("value", "")
	if name := btn.AttrOr("name", ""); name != "" {
		vals.Set(name, op)
	}
	return form.AttrOr("action", ""), vals, op
}

// TestSandboxEnterInAFieldDoesItsAction: every text or number field of the
// action forms shares its form only with its own action, and that action's
// button comes first, so Enter in the field does that action (D8: Enter in
// "pause" used to claim the lock). Checked on the form structure for every
// field, and end to end for the fields of the client rows.
func TestSandboxEnterInAFieldDoesItsAction(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "idempotency-key-dedup")
	doc := mustDoc(t, cl.get(path+"?step=3"))
	for sel, want := range map[string]string{
		"#value-A": "write", "#key-A": "write", "#pause-A": "pause", "#delay-A": "delay",
		"#value-B": "write", "#pause-B": "pause",
		"#jump-ms": "clock_jump", "#restart-ms": "restart", "#advance-s": "advance",
		"#cursor-pause-A": "pause", "#cursor-value-A": "write",
	} {
		if _, _, op := implicitSubmit(t, doc, sel); op != want {
			t.Errorf("Enter in %s does %q, want %q", sel, op, want)
		}
	}

	for _, tt := range []struct{ sel, value, want string }{
		{"#pause-A", "2.5", "pauses"},
		{"#delay-A", "700", "delay"},
		{"#value-A", "entered", `"entered"`},
	} {
		action, vals, _ := implicitSubmit(t, mustDoc(t, cl.get(path)), tt.sel)
		vals.Set(strings.TrimPrefix(mustDoc(t, cl.get(path)).Find(tt.sel).AttrOr("name", ""), "#"), tt.value)
		rec := cl.postForm(action, vals)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("Enter in %s: status %d, want 303", tt.sel, rec.Code)
		}
		items := mustDoc(t, cl.get(path)).Find(`[data-testid=action-text]`)
		last := strings.Join(strings.Fields(items.Last().Text()), " ")
		if !strings.Contains(last, tt.want) || !strings.Contains(last, "A") {
			t.Fatalf("after Enter in %s the last action is %q, want one that %s", tt.sel, last, tt.want)
		}
	}
}
