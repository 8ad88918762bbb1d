package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/views"
)

// This file holds the scenario edits the sandbox forms make: building a
// blank scenario, appending an action at "now", changing settings. They
// are plain functions over sandbox.Scenario so that the handlers stay thin
// and the edits are easy to test through the router.

// timelineNow is where the learner's next action goes: the stored cursor.
// It is not pulled up to the last action: an action inserted at the replay
// cursor after now leaves now where it was, as the cursor panel promises,
// so that undo takes the insert back to exactly the state before (QA-32
// #1). Only the time controls move now; every edit saves the now it
// leaves.
func timelineNow(t store.Timeline, sc sandbox.Scenario) int64 {
	return t.NowMS
}

// startNow is the now of a new timeline (a preset copy, an import): the
// end of its run. The learner has just watched the whole run, so the next
// action goes after it, where the lock is free again, and not back at the
// last action, in the middle of what already happened.
func startNow(tl sandbox.Timeline) int64 {
	return min(max(tl.Summary.EndMS, 0), sandbox.MaxTimeMS)
}

// parseStored parses a saved scenario. A scenario that no longer passes
// validation (say, saved by an older engine) still yields what could be
// decoded, with the error, so its page can open and explain.
func parseStored(raw json.RawMessage) (sandbox.Scenario, error) {
	sc, err := sandbox.Parse(raw)
	if err == nil {
		return sc, nil
	}
	var loose sandbox.Scenario
	if json.Unmarshal(raw, &loose) == nil {
		loose = loose.WithDefaults()
	}
	return loose, err
}

// sbFormSeconds reads a form field of seconds (fractions allowed) as
// milliseconds: a duration, more than 0.
func sbFormSeconds(form url.Values, name, label string) (int64, error) {
	return sbFormSecondsFrom(form, name, label, false)
}

// sbFormInstant reads a form field of seconds as the time of an action:
// 0, the start, is a time too (QA-5 F7: an action at 0 s could not be
// edited).
func sbFormInstant(form url.Values, name, label string) (int64, error) {
	return sbFormSecondsFrom(form, name, label, true)
}

func sbFormSecondsFrom(form url.Values, name, label string, zero bool) (int64, error) {
	raw := strings.TrimSpace(form.Get(name))
	v, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s: %q is not a number of seconds", label, raw)
	}
	low := "more than 0"
	if zero {
		low = "from 0"
	}
	if v < 0 || (v == 0 && !zero) || v*1000 > sandbox.MaxTimeMS {
		return 0, fmt.Errorf("%s: %s s is out of range (%s, at most %d s, the %s a timeline may last)", label, raw, low, sandbox.MaxTimeMS/1000, maxTimeWords())
	}
	ms := int64(math.Round(v * 1000))
	if ms == 0 && v != 0 {
		// Q8-4: 0.0001 s rounds to 0 ms; say it in seconds, as above,
		// rather than let the engine answer "duration: 0 is out of range".
		return 0, fmt.Errorf("%s: %s s is out of range (at least 0.001 s, at most %d s, the %s a timeline may last)", label, raw, sandbox.MaxTimeMS/1000, maxTimeWords())
	}
	return ms, nil
}

// valueFits refuses a write value longer than the engine's limit, which
// counts bytes, saying so in the field's terms: the field counts
// characters, and a letter such as é takes two bytes (Q8-4).
func valueFits(v string) error {
	if len(v) <= sandbox.MaxValueLen {
		return nil
	}
	return fmt.Errorf("value: at most %d bytes, and this one has %d characters taking %d bytes (letters beyond plain ASCII, such as é, take 2 to 4 bytes each)",
		sandbox.MaxValueLen, utf8.RuneCountInString(v), len(v))
}

// sbFormInt reads a whole-number form field within lo..hi. unit ("ms" or
// "" for a count) is written after every number of the message, so it
// reads "restart, down for: -1 ms is out of range: it must be from 0 to
// 600,000 ms" (QA-3 D14: it read "restart: down for: -1 is out of range:
// it must be from 0 to 600000.").
func sbFormInt(form url.Values, name, label, unit string, lo, hi int64) (int64, error) {
	raw := strings.TrimSpace(form.Get(name))
	v, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number", label, raw)
	}
	if v < lo || v > hi {
		n := func(x int64) string {
			if unit == "" {
				return groupThousands64(x)
			}
			return groupThousands64(x) + " " + unit
		}
		if lo == hi {
			return 0, fmt.Errorf("%s: %s is out of range: the only choice is %s", label, n(v), n(lo))
		}
		return 0, fmt.Errorf("%s: %s is out of range: it must be from %s to %s", label, n(v), groupThousands64(lo), n(hi))
	}
	return v, nil
}

// groupThousands64 writes n grouped as every page writes numbers.
func groupThousands64(n int64) string { return timelineview.Group(n) }

// applyAction returns sc with the form's action added at now, and the new
// now. The limits are the engine's (Scenario.AppendWith); only the
// cursor's own bound, now within the ten virtual minutes, is checked
// here. run makes the runs it needs (the server's cache, so the page
// shown next finds the run made).
func applyAction(sc sandbox.Scenario, now int64, form url.Values, run func(sandbox.Scenario) sandbox.Timeline) (sandbox.Scenario, int64, error) {
	op := sandbox.Op(form.Get("op"))
	switch op {
	case "undo":
		// Undo takes back the last thing done: an advance of time first
		// (now past every action), else the action added last, leaving
		// now where it is (QA-7 P1: it dropped the action before an
		// advance and threw now back to the action before that).
		if now > sc.LastActionAt() {
			return sc, sc.LastActionAt(), nil
		}
		if len(sc.Actions) == 0 {
			return sc, now, errors.New("there is nothing to undo")
		}
		sc.Actions = slices.Clone(sc.Actions[:len(sc.Actions)-1])
		return sc, now, nil
	case "advance":
		d, err := sbFormSeconds(form, "advance_s", "advance by")
		if err != nil {
			return sc, now, onInput("advance-s", err)
		}
		if now+d > sandbox.MaxTimeMS {
			return sc, now, onInput("advance-s", fmt.Errorf("advancing %s would pass %s, the longest a timeline may run", sbSeconds(d), maxTimeWords()))
		}
		return sc, now + d, nil
	case "advance_end":
		end := run(sc).Summary.EndMS
		return sc, min(max(now, end), sandbox.MaxTimeMS), nil
	}
	a := sandbox.Action{AtMS: now, Op: op}
	switch op {
	case sandbox.OpAcquire, sandbox.OpClaim, sandbox.OpRelease, sandbox.OpExtend, sandbox.OpCrash:
		a.Client = form.Get("client")
	case sandbox.OpWrite:
		a.Client = form.Get("client")
		a.Key = strings.TrimSpace(form.Get("key"))
		a.Value = strings.TrimSpace(form.Get("value"))
		if a.Value == "" {
			return sc, now, onInput("value-"+a.Client, errors.New("value: type the value to write"))
		}
		if err := valueFits(a.Value); err != nil {
			return sc, now, onInput("value-"+a.Client, err)
		}
	case sandbox.OpPause:
		a.Client = form.Get("client")
		d, err := sbFormSeconds(form, "pause_s", "pause")
		if err != nil {
			return sc, now, onInput("pause-"+a.Client, err)
		}
		a.MS = d
	case sandbox.OpDelay:
		a.Client = form.Get("client")
		d, err := sbFormInt(form, "delay_ms", "delay", "ms", 1, sandbox.MaxTimeMS)
		if err != nil {
			return sc, now, onInput("delay-"+a.Client, err)
		}
		a.MS = d
	case sandbox.OpFailover:
		if sc.Lock.Model == sandbox.ModelRedlock {
			n, err := sbFormInt(form, "failover_node", "failover node", "", 1, int64(sc.Lock.Nodes))
			if err != nil {
				return sc, now, err
			}
			a.Node = int(n)
		}
	case sandbox.OpClockJump:
		n, err := sbFormInt(form, "node", "clock jump node", "", 1, int64(max(sc.Lock.Nodes, 1)))
		if err != nil {
			return sc, now, err
		}
		d, err := sbFormInt(form, "jump_ms", "clock jump", "ms", 1, sandbox.MaxTimeMS)
		if err != nil {
			return sc, now, onInput("jump-ms", err)
		}
		a.Node, a.MS = int(n), d
	case sandbox.OpNodeDown, sandbox.OpNodeUp, sandbox.OpRestart:
		n, err := sbFormInt(form, "fault_node", "node", "", 1, int64(sandbox.MaxRedlockNodes))
		if err != nil {
			return sc, now, err
		}
		a.Node = int(n)
		if op == sandbox.OpRestart {
			d, err := sbFormInt(form, "restart_ms", "restart, down for", "ms", 0, sandbox.MaxTimeMS)
			if err != nil {
				return sc, now, onInput("restart-ms", err)
			}
			a.MS = d
		}
	case sandbox.OpPartition:
		a.Client = form.Get("cut_client")
		// The boxes are named as the form labels them, "cut off … from",
		// not by the scenario's path (QA-32 #6: "actions[4].nodes[0]: 5
		// is out of range 1..1").
		ns, labels := opNodes(sc, sandbox.OpPartition)
		for _, raw := range form["cut_nodes"] {
			n, err := strconv.Atoi(raw)
			if err != nil || !slices.Contains(ns, n) {
				return sc, now, onInput("cut-nodes", fmt.Errorf("cut off … from: %q is not one of the %ss to tick (%s)", raw, sc.Lock.Model.NodeWord(), strings.Join(labels, ", ")))
			}
			a.Nodes = append(a.Nodes, n)
		}
		if len(a.Nodes) == 0 {
			return sc, now, onInput("cut-nodes", errors.New("cut off … from: tick the "+sc.Lock.Model.NodeWord()+"s to cut off"))
		}
	case sandbox.OpHeal:
	case "":
		return sc, now, errors.New("op: choose an action")
	default:
		return sc, now, fmt.Errorf("op: unknown action %q", op)
	}
	// A fault with nothing to act on would only add a skipped action: the
	// learner clicked "up" on a node that is up, say. The run asked is the
	// one the page showed, so the cache has it.
	tl := run(sc)
	if why, ok := tl.Redundant(a); ok {
		return sc, now, fmt.Errorf("%s (%s): %s at %s, so it would change nothing", a.Op.Label(), a.Op, why, timelineview.Millis(a.AtMS))
	}
	out, err := sc.AppendWith(a, run)
	if err != nil {
		return sc, now, err
	}
	return out, now, nil
}

// faultNodes lists the nodes the fault forms may name, with their labels.
func faultNodes(sc sandbox.Scenario) ([]int, []string) {
	return opNodes(sc, sandbox.OpNodeDown)
}

// opNodes lists the nodes op may name in sc, with their labels (sandbox's
// Model.OpNodes: on redis only the primary is cut off or restarted).
func opNodes(sc sandbox.Scenario, op sandbox.Op) ([]int, []string) {
	m := sc.Lock.Model
	count := m.OpNodes(op, sc.Lock.Nodes)
	var ns []int
	var labels []string
	for n := 1; n <= count; n++ {
		label := m.NodeName(n)
		if m == sandbox.ModelRedis {
			label += " (" + strconv.Itoa(n) + ")"
		}
		ns, labels = append(ns, n), append(labels, label)
	}
	return ns, labels
}

// restartNote says which nodes of sc go down and come up but do not
// restart, when there are such (redis: the replica), and is "" otherwise.
func restartNote(sc sandbox.Scenario, restart, fault int) string {
	if restart >= fault {
		return ""
	}
	m := sc.Lock.Model
	var rest []string
	for n := restart + 1; n <= fault; n++ {
		rest = append(rest, m.NodeName(n))
	}
	return "on " + m.String() + " only the " + m.NodeName(1) + " restarts; the " + strings.Join(rest, ", ") + " only goes down and comes up"
}

// applySettings returns sc with the settings form applied and the names of
// the settings that changed. Every refused setting is reported at once, as
// a settingsError (QA-32 #8: one at a time, the learner had to fork again
// to learn of the next). moot reports a retry delay or seed that was
// typed but left out because no acquire is retried, so that it would
// change nothing.
func applySettings(sc sandbox.Scenario, form url.Values) (out sandbox.Scenario, names []string, moot bool, err error) {
	check := form.Get("check_fencing") != ""
	set := sandbox.Settings{TokenSource: formTokenSource(form, sc.Lock.Model), CheckFencing: &check, Acquire: sandbox.AcquireMode(form.Get("acquire")),
		Release: sandbox.ReleaseMode(form.Get("release")), Persistence: sandbox.Persistence(form.Get("persistence"))}
	if kind := sandbox.ResourceKind(form.Get("resource_kind")); kind != "" {
		idem := form.Get("idempotency_keys") != "" && kind == sandbox.ResourceLedger
		set.ResourceKind, set.IdempotencyKeys = kind, &idem
	}
	var bad settingsError
	// Read in the form's order, so the problems are listed as the page
	// shows the fields.
	if raw := strings.TrimSpace(form.Get("ttl_ms")); raw != "" {
		ttl, err := sbFormInt(form, "ttl_ms", "TTL", "ms", 1, sandbox.MaxTimeMS)
		bad = bad.add("set-ttl", err)
		set.TTLMS = ttl
	}
	beats := map[string]int64{}
	for _, c := range sc.Clients {
		hb, sent, err := formHeartbeat(form, c.ID)
		bad = bad.add(views.HeartbeatInput(c.ID), err)
		if sent && err == nil {
			beats[c.ID] = hb
		}
	}
	if raw := strings.TrimSpace(form.Get("lag_ms")); raw != "" && sc.Lock.Model == sandbox.ModelRedis {
		lag, err := sbFormInt(form, "lag_ms", "replica lag", "ms", 0, sandbox.MaxTimeMS)
		bad = bad.add("set-lag", err)
		set.LagMS = &lag
	}
	if raw := strings.TrimSpace(form.Get("retries")); raw != "" {
		n, err := sbFormInt(form, "retries", "retries", "", 0, sandbox.MaxRetries)
		bad = bad.add("set-retries", err)
		r := int(n)
		set.Retries = &r
	}
	if raw := strings.TrimSpace(form.Get("retry_delay_ms")); raw != "" {
		d, err := sbFormInt(form, "retry_delay_ms", "retry delay", "ms", 1, sandbox.MaxTimeMS)
		bad = bad.add("set-retry-delay", err)
		set.RetryDelayMS = d
	}
	if raw := strings.TrimSpace(form.Get("seed")); raw != "" {
		n, err := sbFormInt(form, "seed", "seed", "", 1, 1<<53)
		bad = bad.add("set-seed", err)
		set.Seed = uint64(n)
	}
	if len(bad) > 0 {
		return sc, nil, false, bad
	}
	// The delay and its seed are drawn only for a retry: with none, a
	// fork of them alone would run exactly as its original (QA-32 #8).
	retries := sc.Lock.Retries
	if set.Retries != nil {
		retries = *set.Retries
	}
	if retries == 0 {
		moot = (set.RetryDelayMS != 0 && set.RetryDelayMS != sc.Lock.RetryDelayMS) || (set.Seed != 0 && set.Seed != sc.Lock.Seed)
		set.RetryDelayMS, set.Seed = 0, 0
	}
	out, names, err = sc.WithSettings(set)
	if err != nil {
		return sc, nil, false, settingsErrorOf(err)
	}
	out, beatNames, err := withHeartbeats(out, beats)
	if err != nil {
		return sc, nil, false, err
	}
	return out, append(names, beatNames...), moot, nil
}

// formHeartbeat reads client's heartbeat field of the settings form by
// the blank form's rule: empty or 0 is none, else a period of whole
// milliseconds the engine accepts. sent false: the form has no such
// field, and the heartbeat stays as it is.
func formHeartbeat(form url.Values, client string) (ms int64, sent bool, err error) {
	vs, ok := form[views.HeartbeatField(client)]
	if !ok || len(vs) == 0 {
		return 0, false, nil
	}
	raw := strings.TrimSpace(vs[len(vs)-1])
	if raw == "" || raw == "0" {
		return 0, true, nil
	}
	label := "heartbeat of " + client
	rule := "enter 0 for none, or a heartbeat period from " + timelineview.Millis(formMinHeartbeat()) + " to " + timelineview.Millis(sandbox.MaxTimeMS)
	v, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return 0, true, fmt.Errorf("%s: %q is not a heartbeat period in whole milliseconds: %s", label, raw, rule)
	}
	if v < sandbox.MinHeartbeatMS || v > sandbox.MaxTimeMS {
		return 0, true, fmt.Errorf("%s: %s ms is out of range: %s", label, groupThousands64(v), rule)
	}
	return v, true, nil
}

// withHeartbeats returns sc with the clients' heartbeats set to beats (by
// client id; a client not in it keeps its own) and a description of each
// change. A period too short for a holder to keep up over the whole run
// within the events budget is refused, as the blank form refuses it.
func withHeartbeats(sc sandbox.Scenario, beats map[string]int64) (sandbox.Scenario, []string, error) {
	out := sc
	out.Clients = slices.Clone(sc.Clients)
	var changed []sandbox.Client
	var bad settingsError
	fits := map[int64]bool{}
	for i, c := range out.Clients {
		hb, ok := beats[c.ID]
		if !ok || hb == c.HeartbeatMS {
			continue
		}
		if _, done := fits[hb]; !done && hb > 0 {
			fits[hb] = heartbeatFits(out, hb)
		}
		if hb > 0 && !fits[hb] {
			bad = bad.add(views.HeartbeatInput(c.ID), errors.New("heartbeat of "+c.ID+": a heartbeat "+heartbeatTooShort(out, hb)))
			continue
		}
		out.Clients[i].HeartbeatMS = hb
		changed = append(changed, out.Clients[i])
	}
	if len(bad) > 0 {
		return sc, nil, bad
	}
	every := func(hb int64) string {
		if hb == 0 {
			return "off"
		}
		return "every " + timelineview.Millis(hb)
	}
	// All the clients set alike read as one setting, as the blank form
	// sets them.
	if len(changed) > 1 && len(changed) == len(out.Clients) && !slices.ContainsFunc(changed, func(c sandbox.Client) bool { return c.HeartbeatMS != changed[0].HeartbeatMS }) {
		return out, []string{"heartbeat " + every(changed[0].HeartbeatMS)}, nil
	}
	var names []string
	for _, c := range changed {
		names = append(names, c.ID+"'s heartbeat "+every(c.HeartbeatMS))
	}
	return out, names, nil
}

// heartbeatTooShort says why a heartbeat every hb does not fit sc's run,
// after the words "a heartbeat".
func heartbeatTooShort(sc sandbox.Scenario, hb int64) string {
	return "every " + timelineview.Millis(hb) + " is too short: a client holding the lock heartbeats until it releases, and over the ten-minute run that alone would pass the events budget of " +
		strconv.Itoa(sandbox.MaxEvents) + " events a timeline may hold. Enter 0 for none, or a period of at least " + timelineview.Millis(minHeartbeat(sc)) + " (up to " + timelineview.Millis(sandbox.MaxTimeMS) + ")"
}

// settingsInputs are the settings form's inputs by the scenario field
// each sets.
var settingsInputs = map[string]string{
	"lock.token_source": "set-token-source", "lock.fencing_tokens": "set-token-source", "lock.ttl_ms": "set-ttl",
	"lock.release": "set-release", "lock.acquire": "set-acquire", "lock.lag_ms": "set-lag", "lock.persistence": "set-persistence",
	"lock.retries": "set-retries", "lock.retry_delay_ms": "set-retry-delay", "lock.seed": "set-seed", "resource.kind": "set-resource",
}

// settingsError is every refused setting of a settings form, each with
// the id of its input ("" for one the form has no input of).
type settingsError []settingProblem

type settingProblem struct{ input, msg string }

// add is e with err, when there is one, refusing input.
func (e settingsError) add(input string, err error) settingsError {
	if err == nil {
		return e
	}
	return append(e, settingProblem{input: input, msg: err.Error()})
}

func (e settingsError) Error() string {
	msgs := make([]string, len(e))
	for i, p := range e {
		msgs[i] = p.msg
	}
	return strings.Join(msgs, "; ")
}

// byInput is the messages by input id, as the page marks the inputs.
func (e settingsError) byInput() map[string]string {
	m := map[string]string{}
	for _, p := range e {
		if p.input == "" {
			continue
		}
		if prev, ok := m[p.input]; ok {
			m[p.input] = prev + "; " + p.msg
		} else {
			m[p.input] = p.msg
		}
	}
	return m
}

// settingsErrorOf is the engine's refusal of new settings, each problem
// tied to the input of the field it names and worded as the form.
func settingsErrorOf(err error) settingsError {
	var list sandbox.ValidationErrors
	var one *sandbox.ValidationError
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = sandbox.ValidationErrors{one}
	default:
		return settingsError{{msg: err.Error()}}
	}
	out := make(settingsError, 0, len(list))
	for _, ve := range list {
		out = append(out, settingProblem{input: settingsInputs[ve.Field], msg: sandboxFormError(ve)})
	}
	return out
}

// formTokenSource reads the token source of a form: the token_source
// select, or the checkbox of the forms before it (fencing_tokens), which
// meant the model's own counter. "" keeps the model's default.
func formTokenSource(form url.Values, model sandbox.Model) sandbox.TokenSource {
	if v := form.Get("token_source"); v != "" || form.Has("token_source") {
		return sandbox.TokenSource(v)
	}
	switch {
	case !form.Has("fencing_tokens"):
		return ""
	case form.Get("fencing_tokens") == "":
		return sandbox.TokenNone
	}
	return sandbox.LegacyTokenSource(model)
}

// blankScenario builds the scenario of the "start blank" form, or returns
// the form with an error per field.
func blankScenario(form url.Values) (sandbox.Scenario, views.BlankForm) {
	f := views.BlankForm{
		Model: form.Get("model"), TTL: strings.TrimSpace(form.Get("ttl_ms")), Clients: strings.TrimSpace(form.Get("clients")),
		Heartbeat: strings.TrimSpace(form.Get("heartbeat_ms")), Acquire: form.Get("acquire"), Release: form.Get("release"),
		TokenSource: formTokenSource(form, sandbox.Model(form.Get("model"))).String(), CheckFencing: form.Get("check_fencing") != "",
		ResourceKind: form.Get("resource_kind"), IdempotencyKeys: form.Get("idempotency_keys") != "",
		Errors: map[string]string{},
	}
	// The idempotency box is moot on a register rather than an error.
	idem := f.IdempotencyKeys && f.ResourceKind == sandbox.ResourceLedger.String()
	sc := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.Model(f.Model), Acquire: sandbox.AcquireMode(f.Acquire), Release: sandbox.ReleaseMode(f.Release),
		TokenSource: sandbox.TokenSource(f.TokenSource)},
		Resource: sandbox.ResourceConfig{CheckFencing: &f.CheckFencing, Kind: sandbox.ResourceKind(f.ResourceKind), IdempotencyKeys: idem}}
	if v, err := strconv.ParseInt(f.TTL, 10, 64); err != nil || v < 1 || v > sandbox.MaxTimeMS {
		f.Errors["ttl_ms"] = fmt.Sprintf("Enter a whole number of milliseconds from 1 to %d.", sandbox.MaxTimeMS)
	} else {
		sc.Lock.TTLMS = v
	}
	n, err := strconv.Atoi(f.Clients)
	if err != nil || n < 1 || n > sandbox.MaxClients {
		f.Errors["clients"] = fmt.Sprintf("Enter a number of clients from 1 to %d.", sandbox.MaxClients)
	}
	var hb int64
	if f.Heartbeat != "" && f.Heartbeat != "0" {
		hb, err = strconv.ParseInt(f.Heartbeat, 10, 64)
		if err != nil || hb < sandbox.MinHeartbeatMS || hb > sandbox.MaxTimeMS {
			f.Errors["heartbeat_ms"] = "Enter 0 for none, or a heartbeat period from " + timelineview.Millis(formMinHeartbeat()) + " to " + timelineview.Millis(sandbox.MaxTimeMS) + "."
		}
	}
	if len(f.Errors) > 0 {
		return sc, f
	}
	for i := range n {
		sc.Clients = append(sc.Clients, sandbox.Client{ID: string(rune('A' + i)), HeartbeatMS: hb})
	}
	sc.Actions = []sandbox.Action{}
	sc = sc.WithDefaults()
	if err := sc.Validate(); err != nil {
		var ve *sandbox.ValidationError
		field := "model"
		msg := err.Error()
		if errors.As(err, &ve) {
			msg = ve.Msg
			switch ve.Field {
			case "lock.token_source":
				field = "token_source"
			case "resource.kind":
				field = "resource_kind"
			case "lock.acquire":
				field = "acquire"
			case "lock.release":
				field = "release"
			case "lock.ttl_ms":
				field = "ttl_ms"
			}
		}
		f.Errors[field] = msg
		return sc, f
	}
	// Q8-18: a period the engine accepts may still be too short for a
	// holder to heartbeat through the whole run within the events budget.
	if hb > 0 && !heartbeatFits(sc, hb) {
		f.Errors["heartbeat_ms"] = "A heartbeat " + heartbeatTooShort(sc, hb) + "."
	}
	return sc, f
}

// blankNotes says what the settings of a blank scenario that are
// legitimate experiments but easy to pick unawares will do once it runs
// ("" when none applies): a check with no tokens to compare, a heartbeat
// slower than the lease (QA-33 #1). The form's standing notes say the same
// before it is sent.
func blankNotes(sc sandbox.Scenario) string {
	return strings.Join(settingNotes(sc), "; ")
}

// forkNotes is blankNotes for a fork of was: only the notes that the
// fork's new settings bring ("" when none), so that a fork of a timeline
// that already checked tokens it had none of does not say so again.
func forkNotes(was, fork sandbox.Scenario) string {
	before := settingNotes(was)
	var notes []string
	for _, n := range settingNotes(fork) {
		if !slices.Contains(before, n) {
			notes = append(notes, n)
		}
	}
	return strings.Join(notes, "; ")
}

// settingNotes are the notes of blankNotes, one by one.
func settingNotes(sc sandbox.Scenario) []string {
	var notes []string
	if sc.Resource.Fenced() && sc.Lock.TokenSource == sandbox.TokenNone && !sc.Lock.Model.GuardsByHolder() {
		notes = append(notes, "the resource checks fencing tokens but "+sc.Lock.Model.String()+" grants carry none here, so it will refuse every write, the holder's too")
	}
	// At a heartbeat equal to the TTL the lease runs out at the very
	// moment the renewal is due, and the engine lets it lapse first
	// (QA-33 run 3, #5): as long as the TTL is too long. The blank form
	// gives every client the same heartbeat; a fork may give clients
	// different ones, and then the note names whose (QA-34 #1).
	var periods []int64
	who := map[int64][]string{}
	for _, c := range sc.Clients {
		if hb := c.HeartbeatMS; hb > 0 && hb >= sc.Lock.TTLMS {
			if len(who[hb]) == 0 {
				periods = append(periods, hb)
			}
			who[hb] = append(who[hb], c.ID)
		}
	}
	for _, hb := range periods {
		what := "is longer than"
		if hb == sc.Lock.TTLMS {
			what = "is as long as"
		}
		subject := "a heartbeat"
		if ids := who[hb]; len(ids) < len(sc.Clients) {
			subject = joinList(ids) + "'s heartbeat"
		}
		notes = append(notes, subject+" every "+timelineview.Millis(hb)+" "+what+" the TTL of "+timelineview.Millis(sc.Lock.TTLMS)+", so the lease will lapse between renewals")
	}
	return notes
}

// configLines describes a scenario's settings for the page.
func configLines(sc sandbox.Scenario) []views.ConfigLine {
	l := sc.Lock
	lines := []views.ConfigLine{{Name: "Model", Value: l.Model.String()}, {Name: "TTL", Value: timelineview.Millis(l.TTLMS)}}
	if l.Model == sandbox.ModelRedlock || l.Model == sandbox.ModelConsensus {
		lines = append(lines, views.ConfigLine{Name: "Nodes", Value: strconv.Itoa(l.Nodes)})
	}
	lines = append(lines,
		views.ConfigLine{Name: "Fencing tokens", Value: sbTokenSource(l.TokenSource)},
		views.ConfigLine{Name: "Resource checks tokens", Value: sbChecks(sc)},
		views.ConfigLine{Name: "Acquire", Value: l.Acquire.String()},
		views.ConfigLine{Name: "Release", Value: l.Release.String()},
	)
	switch {
	case l.LagMS != nil && *l.LagMS == 0:
		lines = append(lines, views.ConfigLine{Name: "Replication", Value: "synchronous (WAIT 1 before each answer)"})
	case l.LagMS != nil:
		lines = append(lines, views.ConfigLine{Name: "Replication lag", Value: timelineview.Millis(*l.LagMS)})
	}
	if l.Persistence != "" {
		lines = append(lines, views.ConfigLine{Name: "Persistence", Value: sbPersistence(l.Persistence)})
	}
	if l.Retries > 0 {
		lines = append(lines, views.ConfigLine{Name: "Retries", Value: strconv.Itoa(l.Retries) + " after a random delay of up to " + timelineview.Millis(l.RetryDelayMS) + " (seed " + strconv.FormatUint(l.Seed, 10) + ")"})
	}
	if sc.Resource.Kind == sandbox.ResourceLedger {
		v := "a ledger of charges"
		if sc.Resource.IdempotencyKeys {
			v += ", each idempotency key applied once"
		}
		lines = append(lines, views.ConfigLine{Name: "Resource", Value: v})
	}
	if sc.Network.LatencyMS > 0 {
		lines = append(lines, views.ConfigLine{Name: "Network latency", Value: timelineview.Millis(sc.Network.LatencyMS)})
	}
	var cs []string
	for _, c := range sc.Clients {
		s := c.ID
		if c.HeartbeatMS > 0 {
			// Grouped as every other time on the page and in the fork's
			// notice: "3 000 ms", never "3000 ms" beside it (QA-34 #6).
			s += " (heartbeat " + timelineview.Millis(c.HeartbeatMS) + ")"
		}
		cs = append(cs, s)
	}
	lines = append(lines, views.ConfigLine{Name: "Clients", Value: strings.Join(cs, ", ")})
	return lines
}

func sbTokenSource(src sandbox.TokenSource) string {
	switch src {
	case sandbox.TokenIncr:
		return "from " + src.Label() + " (lost with the key on an async failover)"
	case sandbox.TokenRevision, sandbox.TokenEpoch:
		return src.Label()
	}
	return sandbox.TokenNone.Label()
}

func sbPersistence(p sandbox.Persistence) string {
	switch p {
	case sandbox.PersistNone:
		return "none: a restarted node comes back empty"
	case sandbox.PersistAlways:
		return "appendfsync always: a restarted node keeps everything"
	}
	return "appendfsync everysec: a restarted node loses the last second"
}

// sbChecks says what the resource's check does in sc. A check with no
// tokens issued refuses every write, the holder's too: said so, rather
// than "a lower token is refused" (QA-5 F6).
func sbChecks(sc sandbox.Scenario) string {
	switch {
	case sc.Resource.CheckFencing == nil || !*sc.Resource.CheckFencing:
		return "no (✗ any write is stored)"
	case sc.Lock.TokenSource == sandbox.TokenNone && !sc.Lock.Model.GuardsByHolder():
		return "yes, but no tokens are issued (✗ every write is refused, the holder's too: it carries no token)"
	}
	return "yes (✓ a lower token is refused)"
}

// describeActions lists a preset's actions for its "what happens" list,
// each with the time it is due and, when the run held it up (a paused
// client acts once it resumes), the time it actually went out.
func describeActions(sc sandbox.Scenario, tl sandbox.Timeline) []string {
	kinds := map[sandbox.Op][2]sandbox.Kind{
		sandbox.OpWrite:   {sandbox.KindWriteAccepted, sandbox.KindWriteRejected},
		sandbox.OpAcquire: {sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
		sandbox.OpClaim:   {sandbox.KindAcquireGranted, sandbox.KindAcquireDenied},
		sandbox.OpRelease: {sandbox.KindReleaseOK, sandbox.KindReleaseRefused},
	}
	used := make([]bool, tl.Events.Len())
	out := make([]string, 0, len(sc.Actions))
	failedOver := false
	for _, a := range sc.Actions {
		line := describeAction(sc.Lock.Model, a)
		// Redis nodes are roles: after a failover the replica that was
		// promoted is the primary, and "node 2" names the new replica
		// (QA-6 Q18: "the replica (node 2) goes down" read as the
		// promoted server going down).
		if sc.Lock.Model == sandbox.ModelRedis && failedOver && a.Node == 2 {
			line = strings.Replace(line, "the replica (node 2)", "the new replica (node 2)", 1)
		}
		if sc.Lock.Model == sandbox.ModelRedis && a.Op == sandbox.OpFailover {
			failedOver = true
		}
		k, ok := kinds[a.Op]
		for i, e := range tl.Events.All() {
			if !ok || used[i] || e.Client != a.Client || e.T < a.AtMS || (e.Kind != k[0] && e.Kind != k[1]) ||
				(a.Op == sandbox.OpWrite && e.Value != a.Value) {
				continue
			}
			used[i] = true
			if sent := e.T - e.LatencyMS; sent > a.AtMS {
				line += " (due then; it runs at " + sbSeconds(sent)
				if pausedUntil(tl, a.Client, sent) {
					line += ", when " + a.Client + "'s pause ends"
				}
				line += ")"
			}
			break
		}
		out = append(out, line)
	}
	return out
}

// pausedUntil reports whether client's pause ended at t.
func pausedUntil(tl sandbox.Timeline, client string, t int64) bool {
	for _, e := range tl.Events.All() {
		if e.Kind == sandbox.KindPauseEnd && e.Client == client && e.T == t {
			return true
		}
	}
	return false
}

// describeAction is one line of a preset's "what happens" list, naming
// the nodes as model does (consensus members, the redis primary and
// replica).
func describeAction(model sandbox.Model, a sandbox.Action) string {
	at := sbSeconds(a.AtMS)
	node := nodeRef(model, a.Node)
	switch a.Op {
	case sandbox.OpWrite:
		return at + ": " + a.Client + " writes " + strconv.Quote(a.Value)
	case sandbox.OpPause:
		return at + ": " + a.Client + " pauses for " + sbSeconds(a.MS)
	case sandbox.OpDelay:
		return at + ": " + a.Client + "'s next message is delayed " + sbSeconds(a.MS)
	case sandbox.OpFailover:
		if a.Node > 0 {
			return at + ": " + node + " fails over"
		}
		return at + ": the lock service fails over"
	case sandbox.OpClockJump:
		return at + ": " + node + "'s clock jumps " + sbSeconds(a.MS) + " ahead"
	case sandbox.OpCrash:
		return at + ": " + a.Client + " crashes"
	case sandbox.OpNodeDown:
		return at + ": " + node + " goes down"
	case sandbox.OpNodeUp:
		return at + ": " + node + " comes back up"
	case sandbox.OpRestart:
		if a.MS > 0 {
			return at + ": " + node + " restarts, down for " + sbSeconds(a.MS)
		}
		return at + ": " + node + " restarts"
	case sandbox.OpPartition:
		var ns []string
		for _, n := range a.Nodes {
			ns = append(ns, strconv.Itoa(n))
		}
		word := model.NodeWord()
		if a.Client == "" {
			if len(ns) == 1 {
				return at + ": " + word + " " + ns[0] + " is split from the others"
			}
			return at + ": " + word + "s " + strings.Join(ns, ", ") + " are split from the others"
		}
		if len(ns) == 1 {
			return at + ": " + a.Client + " is cut off from " + word + " " + ns[0]
		}
		return at + ": " + a.Client + " is cut off from " + word + "s " + strings.Join(ns, ", ")
	case sandbox.OpHeal:
		return at + ": the network heals"
	}
	return at + ": " + a.Client + " " + a.Op.String() + "s"
}

// nodeRef names node n of a model's lock service in a sentence: "member
// 2", "the replica (node 2)", "node 3".
func nodeRef(model sandbox.Model, n int) string {
	switch model {
	case sandbox.ModelRedis:
		n = min(max(n, 1), 2)
		return "the " + model.NodeName(n) + " (node " + strconv.Itoa(n) + ")"
	case sandbox.ModelDatabase:
		return "the " + model.NodeName(n)
	}
	return model.NodeName(n)
}

// sbSeconds formats milliseconds as seconds for messages: "15 s", "1.5 s".
func sbSeconds(ms int64) string {
	if ms%1000 == 0 {
		return strconv.FormatInt(ms/1000, 10) + " s"
	}
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "0"), ".") + " s"
}

// sameSettings reports whether a and b configure the lock service, the
// resource and the heartbeats of the clients they share alike (their
// clients and actions may differ).
func sameSettings(a, b sandbox.Scenario) bool {
	lag := func(p *int64) int64 {
		if p == nil {
			return -1
		}
		return *p
	}
	// A fork may change a client's heartbeat (QA-34 #1): a preset about a
	// heartbeat no longer teaches its lesson without it.
	for _, ca := range a.Clients {
		for _, cb := range b.Clients {
			if ca.ID == cb.ID && ca.HeartbeatMS != cb.HeartbeatMS {
				return false
			}
		}
	}
	la, lb := a.Lock, b.Lock
	ra, rb := a.Resource, b.Resource
	return la.Model == lb.Model && la.TTLMS == lb.TTLMS && la.Nodes == lb.Nodes && la.Acquire == lb.Acquire &&
		la.Release == lb.Release && lag(la.LagMS) == lag(lb.LagMS) && la.TokenSource == lb.TokenSource &&
		la.Persistence == lb.Persistence && la.Retries == lb.Retries && la.RetryDelayMS == lb.RetryDelayMS && la.Seed == lb.Seed &&
		ra.Fenced() == rb.Fenced() && ra.Kind == rb.Kind && ra.IdempotencyKeys == rb.IdempotencyKeys && a.Network == b.Network
}
