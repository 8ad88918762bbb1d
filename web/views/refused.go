package views

import "github.com/a-h/templ"

// RefusedInput is one input of a form shown again after the server refused
// it (QA-32 #3): the input's id, what the learner typed and why it was
// refused. Shown again rather than reset to the form's default, so a
// typo costs one keystroke, not the whole value.
type RefusedInput struct {
	ID, Value, Msg string
}

// refusedValue is what input id shows: what was typed when it is the
// refused input, else def.
func refusedValue(r *RefusedInput, id, def string) string {
	if r != nil && r.ID == id {
		return r.Value
	}
	return def
}

// refusedAttrs marks input id when it is the refused one, as the blank
// sandbox form marks its fields (blankFieldAttrs): aria-invalid, the
// message as its description, and the focus, so a keyboard or
// screen-reader user lands on what to fix.
func refusedAttrs(r *RefusedInput, id string) templ.Attributes {
	if r == nil || r.ID != id {
		return nil
	}
	return templ.Attributes{"aria-invalid": "true", "aria-describedby": "error-" + id, "autofocus": true}
}

// fieldErrorAttrs marks input id when errs, keyed by input id, holds a
// message for it; the first of order in errs also takes the focus.
func fieldErrorAttrs(errs map[string]string, order []string, id string) templ.Attributes {
	if _, ok := errs[id]; !ok {
		return nil
	}
	a := templ.Attributes{"aria-invalid": "true", "aria-describedby": "error-" + id}
	for _, f := range order {
		if _, bad := errs[f]; bad {
			if f == id {
				a["autofocus"] = true
			}
			break
		}
	}
	return a
}

// settingsInputs are the settings form's inputs in the order the page
// shows them, but for the clients' heartbeats (settingsOrder).
var settingsInputs = []string{"set-token-source", "set-ttl", "set-release", "set-acquire", "set-lag", "set-persistence", "set-retries", "set-retry-delay", "set-seed", "set-resource"}

// settingsOrder is the order of f's inputs on the page: settingsInputs
// with a heartbeat input per client after the TTL, so that the first
// refused input, and only it, takes the focus.
func settingsOrder(f SettingsForm) []string {
	out := make([]string, 0, len(settingsInputs)+len(f.Heartbeats))
	for _, id := range settingsInputs {
		out = append(out, id)
		if id == "set-ttl" {
			for _, h := range f.Heartbeats {
				out = append(out, HeartbeatInput(h.Client))
			}
		}
	}
	return out
}

// HeartbeatInput is the id of client's heartbeat input in the settings
// form; the settings' errors are keyed by it.
func HeartbeatInput(client string) string { return "set-heartbeat-" + client }

// HeartbeatField is the name of client's heartbeat field in the settings
// form.
func HeartbeatField(client string) string { return "heartbeat_ms_" + client }

// heartbeatAttrs are the attributes of client's heartbeat input: always
// described by the note beside the heartbeats, as the blank form's is,
// and marked when it was refused.
func heartbeatAttrs(f SettingsForm, errs map[string]string, client string) templ.Attributes {
	id := HeartbeatInput(client)
	a := fieldErrorAttrs(errs, settingsOrder(f), id)
	if a == nil {
		a = templ.Attributes{}
	}
	d := "hint-set-heartbeat"
	if e, ok := a["aria-describedby"].(string); ok {
		d = e + " " + d
	}
	a["aria-describedby"] = d
	return a
}

// cutNodeAttrs marks the i-th box of the partition's "from" nodes when
// the ticked nodes were refused; the first box, "cut-nodes", takes the
// focus.
func cutNodeAttrs(r *RefusedInput, i int) templ.Attributes {
	a := templ.Attributes{}
	if i == 0 {
		a["id"] = "cut-nodes"
	}
	if r == nil || r.ID != "cut-nodes" {
		return a
	}
	a["aria-invalid"], a["aria-describedby"] = "true", "error-cut-nodes"
	if i == 0 {
		a["autofocus"] = true
	}
	return a
}
