package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// rawScenario decodes the top level while keeping each client and action
// raw, so that a decoding error can name its index and the action count can
// be checked before any action is decoded.
type rawScenario struct {
	Lock     json.RawMessage   `json:"lock"`
	Resource json.RawMessage   `json:"resource"`
	Network  json.RawMessage   `json:"network"`
	Clients  []json.RawMessage `json:"clients"`
	Actions  []json.RawMessage `json:"actions"`
	UntilMS  int64             `json:"until_ms"`
}

// Parse decodes a scenario from JSON (unknown fields are errors), applies
// WithDefaults and Validate. Every error is a *ValidationError naming the
// field ("actions[3].op: unknown op \"teleport\"").
func Parse(data []byte) (Scenario, error) {
	if len(data) > MaxInputBytes {
		return Scenario{}, &ValidationError{Msg: fmt.Sprintf("scenario is %d bytes, more than the limit of %d", len(data), MaxInputBytes)}
	}
	var raw rawScenario
	if err := decodeStrict(data, &raw, ""); err != nil {
		return Scenario{}, err
	}
	if len(raw.Clients) > MaxClients {
		return Scenario{}, &ValidationError{Field: "clients", Msg: fmt.Sprintf("%d clients, more than the limit of %d", len(raw.Clients), MaxClients)}
	}
	if len(raw.Actions) > MaxActions {
		return Scenario{}, &ValidationError{Field: "actions", Msg: fmt.Sprintf("%d actions, more than the limit of %d", len(raw.Actions), MaxActions)}
	}
	s := Scenario{UntilMS: raw.UntilMS}
	if err := decodeOptional(raw.Lock, &s.Lock, "lock"); err != nil {
		return Scenario{}, err
	}
	if err := decodeOptional(raw.Resource, &s.Resource, "resource"); err != nil {
		return Scenario{}, err
	}
	if err := decodeOptional(raw.Network, &s.Network, "network"); err != nil {
		return Scenario{}, err
	}
	if raw.Clients != nil {
		s.Clients = make([]Client, len(raw.Clients))
	}
	for i, c := range raw.Clients {
		if err := decodeStrict(c, &s.Clients[i], "clients["+strconv.Itoa(i)+"]"); err != nil {
			return Scenario{}, err
		}
	}
	if raw.Actions != nil {
		s.Actions = make([]Action, len(raw.Actions))
	}
	for i, a := range raw.Actions {
		if err := decodeStrict(a, &s.Actions[i], "actions["+strconv.Itoa(i)+"]"); err != nil {
			return Scenario{}, err
		}
	}
	s = s.WithDefaults()
	if err := s.Validate(); err != nil {
		return Scenario{}, err
	}
	return s, nil
}

// decodeOptional decodes an object that may be absent or null.
func decodeOptional(data json.RawMessage, v any, path string) error {
	if len(data) == 0 || string(data) == "null" {
		return nil
	}
	return decodeStrict(data, v, path)
}

// decodeStrict decodes one JSON object into v, rejecting unknown fields and
// trailing data, and turns encoding/json's errors into ValidationErrors that
// name the field under path.
func decodeStrict(data []byte, v any, path string) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return &ValidationError{Field: path, Msg: "empty input, want a JSON object"}
	}
	if trimmed[0] != '{' {
		return &ValidationError{Field: path, Msg: "want a JSON object"}
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, path)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &ValidationError{Field: path, Msg: "unexpected data after the JSON object"}
	}
	return nil
}

func decodeError(err error, path string) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return &ValidationError{Field: joinPath(path, typeErr.Field), Msg: fmt.Sprintf("got %s, want %s", typeErr.Value, jsonTypeName(typeErr.Type.Kind().String()))}
	case errors.As(err, &syntaxErr):
		return &ValidationError{Field: path, Msg: fmt.Sprintf("invalid JSON at byte %d: %s", syntaxErr.Offset, syntaxErr.Error())}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &ValidationError{Field: path, Msg: "truncated JSON"}
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return &ValidationError{Field: path, Msg: "unknown field " + name}
	}
	return &ValidationError{Field: path, Msg: strings.TrimPrefix(msg, "json: ")}
}

func joinPath(path, field string) string {
	switch {
	case field == "":
		return path
	case path == "":
		return field
	}
	return path + "." + field
}

func jsonTypeName(kind string) string {
	switch kind {
	case "int", "int64", "int32":
		return "an integer"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "ptr":
		return "true or false"
	case "slice":
		return "a list"
	case "struct":
		return "an object"
	}
	return kind
}

// WithDefaults returns s with every unset field given its default: model
// redis, ttl_ms 10000, nodes (redlock 5, consensus 3, else 1),
// fencing_tokens (true where the model has tokens), acquire atomic,
// release compare-and-delete, lag_ms 1000 (redis, redlock),
// check_fencing true. It never changes a field that is set.
func (s Scenario) WithDefaults() Scenario {
	l := &s.Lock
	if l.Model == "" {
		l.Model = ModelRedis
	}
	if l.TTLMS == 0 {
		l.TTLMS = 10000
	}
	if l.Nodes == 0 {
		switch l.Model {
		case ModelRedlock:
			l.Nodes = 5
		case ModelConsensus:
			l.Nodes = 3
		default:
			l.Nodes = 1
		}
	}
	if l.FencingTokens == nil {
		v := l.Model == ModelRedis || l.Model == ModelConsensus
		l.FencingTokens = &v
	}
	if l.Acquire == "" {
		l.Acquire = AcquireAtomic
	}
	if l.Release == "" {
		l.Release = ReleaseCompareAndDelete
	}
	if l.LagMS == 0 && (l.Model == ModelRedis || l.Model == ModelRedlock) {
		l.LagMS = 1000
	}
	if s.Resource.CheckFencing == nil {
		v := true
		s.Resource.CheckFencing = &v
	}
	return s
}

// Validate reports the first problem of s as a *ValidationError naming the
// field, or nil. It expects a scenario after WithDefaults (an unset field is
// an error) and enforces the limits (MaxClients, MaxActions, MaxTimeMS,
// MaxRedlockNodes...).
func (s Scenario) Validate() error {
	if err := s.validateConfig(); err != nil {
		return err
	}
	if len(s.Clients) > MaxClients {
		return &ValidationError{Field: "clients", Msg: fmt.Sprintf("%d clients, more than the limit of %d", len(s.Clients), MaxClients)}
	}
	for i, c := range s.Clients {
		f := "clients[" + strconv.Itoa(i) + "]"
		if err := validateClientID(c.ID); err != nil {
			return &ValidationError{Field: f + ".id", Msg: err.Error()}
		}
		for j := range i {
			if s.Clients[j].ID == c.ID {
				return &ValidationError{Field: f + ".id", Msg: fmt.Sprintf("duplicate client id %q (also clients[%d])", c.ID, j)}
			}
		}
		if c.HeartbeatMS != 0 && (c.HeartbeatMS < MinHeartbeatMS || c.HeartbeatMS > MaxTimeMS) {
			return &ValidationError{Field: f + ".heartbeat_ms", Msg: fmt.Sprintf("%d is out of range %d..%d", c.HeartbeatMS, MinHeartbeatMS, MaxTimeMS)}
		}
	}
	if len(s.Actions) > MaxActions {
		return &ValidationError{Field: "actions", Msg: fmt.Sprintf("%d actions, more than the limit of %d", len(s.Actions), MaxActions)}
	}
	for i, a := range s.Actions {
		if err := s.validateAction(a); err != nil {
			err.Field = "actions[" + strconv.Itoa(i) + "]" + err.Field
			return err
		}
	}
	if s.UntilMS < 0 || s.UntilMS > MaxTimeMS {
		return &ValidationError{Field: "until_ms", Msg: fmt.Sprintf("%d is out of range 0..%d", s.UntilMS, MaxTimeMS)}
	}
	return nil
}

func (s Scenario) validateConfig() error {
	l := s.Lock
	switch l.Model {
	case ModelRedis, ModelRedlock, ModelConsensus, ModelDatabase:
	case "":
		return &ValidationError{Field: "lock.model", Msg: "missing"}
	default:
		return &ValidationError{Field: "lock.model", Msg: fmt.Sprintf("unknown model %q (want redis, redlock, consensus or database)", l.Model)}
	}
	if l.TTLMS < 1 || l.TTLMS > MaxTimeMS {
		return &ValidationError{Field: "lock.ttl_ms", Msg: fmt.Sprintf("%d is out of range 1..%d", l.TTLMS, MaxTimeMS)}
	}
	switch l.Model {
	case ModelRedlock:
		if l.Nodes < 1 || l.Nodes > MaxRedlockNodes {
			return &ValidationError{Field: "lock.nodes", Msg: fmt.Sprintf("%d is out of range 1..%d", l.Nodes, MaxRedlockNodes)}
		}
	case ModelConsensus:
		if l.Nodes < 1 || l.Nodes > MaxRedlockNodes {
			return &ValidationError{Field: "lock.nodes", Msg: fmt.Sprintf("%d is out of range 1..%d", l.Nodes, MaxRedlockNodes)}
		}
	default:
		if l.Nodes != 1 {
			return &ValidationError{Field: "lock.nodes", Msg: fmt.Sprintf("model %s has 1 node, not %d", l.Model, l.Nodes)}
		}
	}
	if l.FencingTokens == nil {
		return &ValidationError{Field: "lock.fencing_tokens", Msg: "missing"}
	}
	if *l.FencingTokens && (l.Model == ModelRedlock || l.Model == ModelDatabase) {
		why := "redlock issues no fencing token of its own"
		if l.Model == ModelDatabase {
			why = "the database model has no lock service to issue tokens; its writes are guarded by the holder column"
		}
		return &ValidationError{Field: "lock.fencing_tokens", Msg: why}
	}
	switch l.Acquire {
	case AcquireAtomic:
	case AcquireSetThenExpire:
		if l.Model != ModelRedis {
			return &ValidationError{Field: "lock.acquire", Msg: fmt.Sprintf("%q applies to model redis only", l.Acquire)}
		}
	default:
		return &ValidationError{Field: "lock.acquire", Msg: fmt.Sprintf("unknown acquire %q (want atomic or set-then-expire)", l.Acquire)}
	}
	switch l.Release {
	case ReleaseCompareAndDelete, ReleaseUnconditionalDel:
	default:
		return &ValidationError{Field: "lock.release", Msg: fmt.Sprintf("unknown release %q (want compare-and-delete or unconditional-del)", l.Release)}
	}
	switch {
	case l.Model == ModelRedis || l.Model == ModelRedlock:
		if l.LagMS < 0 || l.LagMS > MaxTimeMS {
			return &ValidationError{Field: "lock.lag_ms", Msg: fmt.Sprintf("%d is out of range 0..%d", l.LagMS, MaxTimeMS)}
		}
	case l.LagMS != 0:
		return &ValidationError{Field: "lock.lag_ms", Msg: fmt.Sprintf("model %s replicates synchronously: no lag", l.Model)}
	}
	if s.Resource.CheckFencing == nil {
		return &ValidationError{Field: "resource.check_fencing", Msg: "missing"}
	}
	if s.Network.LatencyMS < 0 || s.Network.LatencyMS > MaxTimeMS {
		return &ValidationError{Field: "network.latency_ms", Msg: fmt.Sprintf("%d is out of range 0..%d", s.Network.LatencyMS, MaxTimeMS)}
	}
	return nil
}

func validateClientID(id string) error {
	if id == "" {
		return errors.New("missing")
	}
	if len(id) > MaxClientIDLen {
		return fmt.Errorf("%q is longer than %d characters", id, MaxClientIDLen)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("%q: use letters, digits, - and _ only", id)
		}
	}
	switch id {
	case "service", "resource", "checker":
		return fmt.Errorf("%q is the name of a lane; pick another id", id)
	}
	return nil
}

// validateAction checks one action; the returned error's Field is relative
// (".op"), the caller prefixes the index.
func (s Scenario) validateAction(a Action) *ValidationError {
	bad := func(field, format string, args ...any) *ValidationError {
		return &ValidationError{Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	if a.AtMS < 0 || a.AtMS > MaxTimeMS {
		return bad(".at_ms", "%d is out of range 0..%d", a.AtMS, MaxTimeMS)
	}
	var clientOp, needsMS, needsValue, needsNode bool
	switch a.Op {
	case OpAcquire, OpRelease, OpExtend, OpCrash:
		clientOp = true
	case OpClaim:
		clientOp = true
	case OpWrite:
		clientOp, needsValue = true, true
	case OpPause, OpDelay:
		clientOp, needsMS = true, true
	case OpFailover:
		needsNode = s.Lock.Model == ModelRedlock
	case OpClockJump:
		needsMS, needsNode = true, true
	case "":
		return bad(".op", "missing")
	default:
		return bad(".op", "unknown op %q", a.Op)
	}
	switch {
	case a.Op == OpAcquire && s.Lock.Model == ModelDatabase:
		return bad(".op", "model database has no lock service: use claim (the conditional UPDATE)")
	case a.Op == OpClaim && s.Lock.Model != ModelDatabase:
		return bad(".op", "claim is the database model's conditional UPDATE: model %s uses acquire", s.Lock.Model)
	case a.Op == OpFailover && s.Lock.Model == ModelDatabase:
		return bad(".op", "failover does not apply to model database (the row is the resource itself)")
	}
	if clientOp {
		if a.Client == "" {
			return bad(".client", "op %s needs a client", a.Op)
		}
		if !s.hasClient(a.Client) {
			return bad(".client", "unknown client %q", a.Client)
		}
	} else if a.Client != "" {
		return bad(".client", "op %s is a service op and takes no client", a.Op)
	}
	if needsMS {
		if a.MS < 1 || a.MS > MaxTimeMS {
			return bad(".ms", "%d is out of range 1..%d", a.MS, MaxTimeMS)
		}
		// A pause or a delay is time the run must cover: it has to end
		// within the ten virtual minutes too.
		if (a.Op == OpPause || a.Op == OpDelay) && a.AtMS+a.MS > MaxTimeMS {
			return bad(".ms", "a %s of %d ms at %d ms would end at %d ms, after the limit of %d ms", a.Op, a.MS, a.AtMS, a.AtMS+a.MS, MaxTimeMS)
		}
	} else if a.MS != 0 {
		return bad(".ms", "op %s takes no ms", a.Op)
	}
	if needsValue {
		if a.Value == "" {
			return bad(".value", "op write needs a value")
		}
		if len(a.Value) > MaxValueLen {
			return bad(".value", "longer than %d bytes", MaxValueLen)
		}
	} else if a.Value != "" {
		return bad(".value", "op %s takes no value", a.Op)
	}
	switch {
	case needsNode && (a.Node < 1 || a.Node > s.Lock.Nodes):
		if a.Node == 0 {
			return bad(".node", "op %s needs a node (1..%d)", a.Op, s.Lock.Nodes)
		}
		return bad(".node", "%d is out of range 1..%d", a.Node, s.Lock.Nodes)
	case !needsNode && a.Op == OpFailover && a.Node != 0 && a.Node != 1:
		return bad(".node", "model %s fails over as a whole: omit node", s.Lock.Model)
	case !needsNode && a.Op != OpFailover && a.Node != 0:
		return bad(".node", "op %s takes no node", a.Op)
	}
	return nil
}

func (s Scenario) hasClient(id string) bool {
	for _, c := range s.Clients {
		if c.ID == id {
			return true
		}
	}
	return false
}
