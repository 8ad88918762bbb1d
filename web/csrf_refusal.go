package web

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"lockdrill/sandbox"
	"lockdrill/web/views"
)

// csrfRefusal is a post refused by the CSRF check (its token expired with
// the session, or it had none). It carries what the form held, so that
// its error page can show it again with a fresh token: a learner whose
// token expired while they typed a long answer loses nothing (QA-33 #2).
type csrfRefusal struct {
	form *views.ResendForm
	err  error
}

func (e *csrfRefusal) Error() string { return "csrf: " + e.err.Error() }
func (e *csrfRefusal) Unwrap() error { return e.err }

// typedFields are the form fields a learner writes in, labelled as the
// refusal page shows them again; every other field goes back hidden.
var typedFields = map[string]string{
	"answer":   "Your answer",
	"notes":    "Your notes",
	"asked":    "The question you asked",
	"reason":   "Your reason",
	"scenario": "The scenario",
	"data":     "The export you pasted",
	"title":    "The title",
	"value":    "The value",
	"key":      "The key",
	"code":     "The code",
	"confirm":  "What you typed to confirm",
}

// choiceFields label the fields of the sandbox's scenario forms, chosen
// rather than typed (a select, a number, a box ticked); on the routes of
// choiceRoutes they are shown and sent again too (QA-34 #3: the blank
// scenario came back empty).
var choiceFields = map[string]string{
	"model":            "Lock service",
	"ttl_ms":           "Lease TTL (ms)",
	"clients":          "Clients",
	"heartbeat_ms":     "Heartbeat every (ms)",
	"acquire":          "Acquire",
	"release":          "Release",
	"token_source":     "Fencing tokens",
	"resource_kind":    "Resource",
	"idempotency_keys": "The ledger applies each idempotency key once",
	"check_fencing":    "The resource checks fencing tokens",
	"lag_ms":           "Replica lag (ms)",
	"persistence":      "A restarted node keeps",
	"retries":          "Retries of a refused acquire",
	"retry_delay_ms":   "Retry delay up to (ms)",
	"seed":             "Seed of the delays",
	"op":               "Action",
	"client":           "Client",
	"at_ms":            "At (ms)",
	"pause_s":          "Pause for (s)",
	"delay_ms":         "Delay (ms)",
	"advance_s":        "Advance by (s)",
	"node":             "Node",
	"fault_node":       "Node",
	"failover_node":    "Node",
	"jump_ms":          "Clock jump (ms)",
	"restart_ms":       "Restart after (ms)",
	"cut_client":       "Client cut off",
	"cut_nodes":        "Nodes cut off",
}

// choiceRoutes are the sandbox forms whose choices a refusal keeps.
var choiceRoutes = map[string]bool{
	"/sandbox":                  true,
	"/sandbox/:id/settings":     true,
	"/sandbox/:id/actions":      true,
	"/sandbox/:id/insert":       true,
	"/sandbox/:id/actions/edit": true,
}

// deleteRoute is the form that deletes the learner: its refusal page asks
// for the confirming word again rather than send it for them (QA-34 #3).
const deleteRoute = "/account/delete"

// refuseCSRF is the CSRF middleware's error handler. It gives the visitor
// a token (the one of their cookie, or a new one when the cookie expired)
// so the refusal page's form can be sent, and keeps the posted form. The
// form can be sent again only when the post named this site as its origin
// (fetchMetadata refused any other); without an Origin header it is shown
// for copying only, so a page elsewhere cannot have it re-sent.
func refuseCSRF(err error, c echo.Context) error {
	token := ""
	if k, cerr := c.Cookie(csrfCookie); cerr == nil && k.Value != "" {
		token = k.Value
	} else {
		var b [16]byte
		_, _ = rand.Read(b[:])
		token = hex.EncodeToString(b[:])
	}
	c.SetCookie(&http.Cookie{Name: csrfCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Expires: time.Now().Add(csrfCookieMaxAge * time.Second)})
	c.Set(middleware.DefaultCSRFConfig.ContextKey, token)
	return &csrfRefusal{form: resendForm(c), err: err}
}

// resendForm is what the refused post held, or nil when it held no text
// typed by the learner (a bodyless post, a button, a file alone).
func resendForm(c echo.Context) *views.ResendForm {
	r := c.Request()
	// A multipart form's text fields are in PostForm too; its files
	// cannot be sent again and are left out.
	if c.Path() == "" || r.PostForm == nil {
		return nil
	}
	f := &views.ResendForm{Action: "/" + strings.TrimLeft(r.URL.Path, "/"), CanSend: r.Header.Get("Origin") != ""}
	if r.URL.RawQuery != "" {
		f.Action += "?" + r.URL.Query().Encode()
	}
	if c.Path() == deleteRoute {
		// Nothing else to keep: the word is asked for again, so that one
		// click on the refusal page never deletes.
		if !f.CanSend {
			return nil
		}
		f.Destructive = true
		return f
	}
	choices := choiceRoutes[c.Path()]
	typed := false
	for name, values := range r.PostForm {
		if name == "_csrf" {
			continue
		}
		label, ok := typedFields[name]
		choice, isChoice := choiceFields[name]
		for _, v := range values {
			switch {
			case ok && len(values) == 1:
				typed = typed || strings.TrimSpace(v) != ""
				f.Typed = append(f.Typed, views.ResendField{Name: name, Label: label, Value: v})
			case choices && isChoice && v != "":
				typed = typed || strings.TrimSpace(v) != ""
				f.Choices = append(f.Choices, views.ResendField{Name: name, Label: choice, Value: v, Shown: choiceShown(name, v)})
			default:
				f.Hidden = append(f.Hidden, views.ResendField{Name: name, Value: v})
			}
		}
	}
	if !typed {
		return nil
	}
	sortFields(f.Typed)
	sortFields(f.Choices)
	sortFields(f.Hidden)
	return f
}

// choiceShown is a chosen value as its form reads it: a ticked box as
// "yes", a select's value as its option's label ("SETNX, then EXPIRE"
// rather than "set-then-expire"), or "" where the value is what the form
// shows (a number, a client's name) (QA-34 #6).
func choiceShown(name, value string) string {
	switch name {
	case "check_fencing", "idempotency_keys":
		return "yes"
	case "op":
		if l := sandbox.Op(value).Label(); l != value {
			return l
		}
		return ""
	}
	f := withBlankOptions(views.BlankForm{})
	lists := map[string][]views.Option{
		"model": f.Models, "acquire": f.Acquires, "release": f.Releases,
		"resource_kind": f.ResourceKinds, "token_source": f.TokenSources,
		"persistence": options(sandbox.Persistences()),
	}
	for _, o := range lists[name] {
		if o.Value == value {
			return o.Label
		}
	}
	return ""
}

// sortFields orders fields by name, so the page does not change with the
// map's order.
func sortFields(fs []views.ResendField) {
	slices.SortStableFunc(fs, func(a, b views.ResendField) int { return strings.Compare(a.Name, b.Name) })
}
