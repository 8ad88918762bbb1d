package web

import (
	"errors"
	"net/url"
	"regexp"

	"lockdrill/sandbox"
	"lockdrill/web/views"
)

// inputError is a refusal of one input of a sandbox form, named by the
// input's id on the page, so that the page can be shown again with what
// was typed kept and the input marked (QA-32 #3).
type inputError struct {
	input string
	err   error
}

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// onInput ties err, when there is one, to the page's input id.
func onInput(id string, err error) error {
	if err == nil {
		return nil
	}
	return &inputError{input: id, err: err}
}

// actionFieldPath matches the engine's path of a field of an action.
var actionFieldPath = regexp.MustCompile(`^actions\[\d+\]\.([a-z_]+)`)

// actionInput is the id of the input of the "act at now" forms that err
// is about, for the action op of client: the one the form's own parsing
// named, or the one holding the field the engine refused ("ms" is the
// pause's length, a clock jump's size...). ok is false for an error about
// no one input (the action list is full, the lock is not held).
func actionInput(err error, op sandbox.Op, client string) (id string, ok bool) {
	var ie *inputError
	if errors.As(err, &ie) {
		return ie.input, true
	}
	var ve *sandbox.ValidationError
	if !errors.As(err, &ve) {
		return "", false
	}
	m := actionFieldPath.FindStringSubmatch(ve.Field)
	if m == nil {
		return "", false
	}
	switch field := m[1]; {
	case field == "value" && op == sandbox.OpWrite:
		return "value-" + client, true
	case field == "key" && op == sandbox.OpWrite:
		return "key-" + client, true
	case field == "nodes" && op == sandbox.OpPartition:
		return "cut-nodes", true
	case field != "ms":
		return "", false
	}
	switch op {
	case sandbox.OpPause:
		return "pause-" + client, true
	case sandbox.OpDelay:
		return "delay-" + client, true
	case sandbox.OpClockJump:
		return "jump-ms", true
	case sandbox.OpRestart:
		return "restart-ms", true
	}
	return "", false
}

// actionInputName is the form field behind each input id that keeps what
// was typed ("cut-nodes" keeps nothing: the boxes offered are the
// choices).
func actionInputName(id, client string) string {
	switch id {
	case "value-" + client:
		return "value"
	case "key-" + client:
		return "key"
	case "pause-" + client:
		return "pause_s"
	case "delay-" + client:
		return "delay_ms"
	case "jump-ms":
		return "jump_ms"
	case "restart-ms":
		return "restart_ms"
	case "advance-s":
		return "advance_s"
	}
	return ""
}

// refusedAction is the input of a refused action to show again, or nil
// when the refusal is about no input the page shows (then the message
// goes to the top of the page, as before).
func refusedAction(err error, sc sandbox.Scenario, form url.Values, msg string) *views.RefusedInput {
	client := form.Get("client")
	op := sandbox.Op(form.Get("op"))
	id, ok := actionInput(err, op, client)
	if !ok {
		return nil
	}
	if id != "advance-s" && id != "jump-ms" && id != "restart-ms" && id != "cut-nodes" && !hasClient(sc, client) {
		return nil
	}
	r := &views.RefusedInput{ID: id, Msg: msg}
	if name := actionInputName(id, client); name != "" {
		r.Value = form.Get(name)
	}
	return r
}

func hasClient(sc sandbox.Scenario, id string) bool {
	for _, c := range sc.Clients {
		if c.ID == id {
			return true
		}
	}
	return false
}
