package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
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
// WithDefaults and Validate. The error is a ValidationErrors listing every
// problem found (up to MaxReportedErrors), each naming its field
// ("actions[3].op: unknown op \"teleport\""); malformed JSON is one
// problem placed by line and column ("line 3, column 14: invalid
// character '}' ..."), since nothing after it can be read.
func Parse(data []byte) (Scenario, error) {
	if len(data) > MaxInputBytes {
		return Scenario{}, ValidationErrors{{Msg: fmt.Sprintf("scenario is %d bytes, more than the limit of %d", len(data), MaxInputBytes)}}
	}
	// A byte-order mark is what some editors put before UTF-8 text
	// (QA-7 P11: "want a JSON object" for a file that is one).
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var raw rawScenario
	if err := decodeStrict(data, &raw, ""); err != nil {
		return Scenario{}, ValidationErrors{placeSyntax(err, data)}
	}
	var p problems
	if len(raw.Clients) > MaxClients {
		p.add("clients", "%d clients, more than the limit of %d", len(raw.Clients), MaxClients)
	}
	if len(raw.Actions) > MaxActions {
		p.add("actions", "%d actions, more than the limit of %d", len(raw.Actions), MaxActions)
	}
	if err := p.err(); err != nil {
		return Scenario{}, err
	}
	s := Scenario{UntilMS: raw.UntilMS}
	p.addErr(decodeOptional(raw.Lock, &s.Lock, "lock"))
	// A written 0 is not "use the default": every other way in refuses a
	// zero lease (QA-7 P3). It is reported with the rest, first.
	zeroTTL := s.Lock.TTLMS == 0 && jsonHasKey(raw.Lock, "ttl_ms")
	p.addErr(decodeOptional(raw.Resource, &s.Resource, "resource"))
	p.addErr(decodeOptional(raw.Network, &s.Network, "network"))
	if raw.Clients != nil {
		s.Clients = make([]Client, len(raw.Clients))
	}
	for i, c := range raw.Clients {
		p.addErr(decodeStrict(c, &s.Clients[i], "clients["+strconv.Itoa(i)+"]"))
	}
	if raw.Actions != nil {
		s.Actions = make([]Action, len(raw.Actions))
	}
	for i, a := range raw.Actions {
		p.addErr(decodeStrict(a, &s.Actions[i], "actions["+strconv.Itoa(i)+"]"))
		if s.Actions[i].Nodes != nil && len(s.Actions[i].Nodes) == 0 {
			// "nodes": [] says nothing that an absent list does not, and
			// is written back as absent.
			s.Actions[i].Nodes = nil
		}
	}
	// A part that failed to decode is half filled: validating the rest
	// would report problems the learner did not write.
	if err := p.err(); err != nil {
		return Scenario{}, err
	}
	s = s.WithDefaults()
	err := s.Validate()
	if zeroTTL {
		zero := &ValidationError{Field: "lock.ttl_ms", Msg: fmt.Sprintf("0 is out of range 1..%d (leave ttl_ms out for the default, %d)", MaxTimeMS, DefaultTTLMS)}
		var ves ValidationErrors
		var one *ValidationError
		switch {
		case err == nil, errors.As(err, &ves):
		case errors.As(err, &one):
			ves = ValidationErrors{one}
		default:
			return Scenario{}, err
		}
		if len(ves) < MaxReportedErrors {
			ves = append(ValidationErrors{zero}, ves...)
		}
		return Scenario{}, ves
	}
	if err != nil {
		return Scenario{}, err
	}
	return s, nil
}

// jsonHasKey reports whether the JSON object obj names key (false when obj
// is absent or not an object).
func jsonHasKey(obj json.RawMessage, key string) bool {
	var m map[string]json.RawMessage
	if len(obj) == 0 || json.Unmarshal(obj, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}

// placeSyntax prefixes a whole-input decoding error that carries a byte
// offset with its line and column (from 1, columns in characters), which
// is what an editor shows.
func placeSyntax(ve *ValidationError, data []byte) *ValidationError {
	if ve.offset <= 0 {
		return ve
	}
	off := min(int(ve.offset), len(data)+1)
	// The offset counts the bytes read, the offending one included.
	before := data[:off-1]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return &ValidationError{Field: ve.Field, Msg: fmt.Sprintf("line %d, column %d: %s", line, col, plainSyntax(ve.Msg))}
}

// plainSyntax says a JSON syntax error of encoding/json in the words of
// someone editing the file: what was expected where the character stands
// (QA-4: the parser's own "looking for beginning of object key string").
func plainSyntax(msg string) string {
	ch, rest, ok := strings.Cut(strings.TrimPrefix(msg, "invalid character "), " ")
	if !ok || !strings.HasPrefix(msg, "invalid character ") {
		return msg
	}
	switch rest {
	case "looking for beginning of object key string":
		return "expected a key in double quotes, found " + ch + " (a comma before a closing brace, or a key without quotes?)"
	case "looking for beginning of value":
		return "expected a value, found " + ch + " (a comma before a closing bracket, or text without quotes?)"
	case "after object key":
		return "expected a colon after the key, found " + ch
	case "after object key:value pair":
		return "expected a comma or a closing brace, found " + ch
	case "after array element":
		return "expected a comma or a closing bracket, found " + ch
	}
	return msg
}

// decodeOptional decodes an object that may be absent or null.
func decodeOptional(data json.RawMessage, v any, path string) *ValidationError {
	if len(data) == 0 || string(data) == "null" {
		return nil
	}
	return decodeStrict(data, v, path)
}

// decodeStrict decodes one JSON object into v, rejecting unknown fields and
// trailing data, and turns encoding/json's errors into ValidationErrors that
// name the field under path.
func decodeStrict(data []byte, v any, path string) *ValidationError {
	trimmed := bytes.TrimSpace(data)
	lead := int64(len(data) - len(bytes.TrimLeft(data, " \t\r\n")))
	if len(trimmed) == 0 {
		return &ValidationError{Field: path, Msg: "empty input, want a JSON object"}
	}
	if trimmed[0] != '{' {
		return &ValidationError{Field: path, Msg: "want a JSON object", offset: lead + 1}
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		ve := decodeError(err, path)
		if ve.offset > 0 {
			ve.offset += lead
		} else if errors.Is(err, io.ErrUnexpectedEOF) {
			ve.offset = int64(len(data)) + 1
		}
		return ve
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		ws := int64(len(trimmed[end:]) - len(bytes.TrimLeft(trimmed[end:], " \t\r\n")))
		return &ValidationError{Field: path, Msg: "unexpected data after the JSON object", offset: lead + end + ws + 1}
	}
	return nil
}

func decodeError(err error, path string) *ValidationError {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return &ValidationError{Field: joinPath(path, typeErr.Field), Msg: fmt.Sprintf("got %s, want %s", typeErr.Value, jsonTypeName(typeErr.Type.Kind().String()))}
	case errors.As(err, &syntaxErr):
		return &ValidationError{Field: path, Msg: syntaxErr.Error(), offset: syntaxErr.Offset}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &ValidationError{Field: path, Msg: "truncated JSON: the input ends inside a value"}
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
// token_source (consensus revision, database epoch, else none; an old
// fencing_tokens turned into its source), acquire atomic, release
// compare-and-delete, lag_ms 1000 when absent (redis), persistence
// everysec (redis, redlock), check_fencing (true for the database guard or
// when tokens are issued), resource kind register, retry_delay_ms 200 and
// seed 1 when retrying. It never changes a field that is set, except that
// it drops the fields an older engine wrote and this one reads another way
// (fencing_tokens, redlock's lag_ms).
func (s Scenario) WithDefaults() Scenario {
	l := &s.Lock
	if l.Model == "" {
		l.Model = DefaultModel
	}
	if l.TTLMS == 0 {
		l.TTLMS = DefaultTTLMS
	}
	if l.Nodes == 0 {
		l.Nodes = l.Model.DefaultNodes()
	}
	if l.FencingTokens != nil {
		// Engine 3 and earlier: true meant the model's own counter.
		src := TokenNone
		if *l.FencingTokens {
			src = LegacyTokenSource(l.Model)
		}
		if l.TokenSource == "" && src != "" {
			l.TokenSource = src
		}
		if src != "" && l.TokenSource == src {
			l.FencingTokens = nil
		}
	}
	if l.TokenSource == "" {
		l.TokenSource = l.Model.DefaultTokenSource()
	}
	if l.Acquire == "" {
		l.Acquire = DefaultAcquire
	}
	if l.Release == "" {
		l.Release = DefaultRelease
	}
	switch l.Model {
	case ModelRedis:
		if l.LagMS == nil {
			l.LagMS = int64p(DefaultLagMS)
		}
	case ModelRedlock:
		l.LagMS = nil
	}
	if l.Persistence == "" && l.Model.HasPersistence() {
		l.Persistence = DefaultPersistence
	}
	if l.Retries > 0 {
		if l.RetryDelayMS == 0 {
			l.RetryDelayMS = DefaultRetryDelayMS
		}
		if l.Seed == 0 {
			l.Seed = DefaultSeed
		}
	}
	if s.Resource.CheckFencing == nil {
		v := l.Model == ModelDatabase || (l.TokenSource != TokenNone && l.TokenSource != "")
		s.Resource.CheckFencing = &v
	}
	if s.Resource.Kind == "" {
		s.Resource.Kind = DefaultResource
	}
	return s
}

// LegacyTokenSource is what fencing_tokens: true (engine 3 and earlier,
// and the forms of then) meant for model: its own counter, or "" where it
// was never allowed (redlock, database).
func LegacyTokenSource(model Model) TokenSource {
	switch model {
	case ModelRedis, "":
		return TokenIncr
	case ModelConsensus:
		return TokenRevision
	}
	return ""
}

func int64p(v int64) *int64 { return &v }

// Validate reports every problem of s (up to MaxReportedErrors) as
// ValidationErrors, each naming its field, in the order of the scenario;
// nil when there is none. It expects a scenario after WithDefaults (an
// unset field is an error) and enforces the limits (MaxClients,
// MaxActions, MaxTimeMS, MaxRedlockNodes...).
func (s Scenario) Validate() error {
	_, err := s.validate(nil, nil, nil)
	return err
}

// validate is Validate; when actClient, actOp and actT have room for
// every action, it also records there each action's client index (-1:
// none or unknown), op code (opCode) and time, and reports whether the
// actions are listed in time order, which Run would otherwise work out
// again in a pass of its own.
func (s Scenario) validate(actClient []int, actOp []uint8, actT []int64) (sorted bool, err error) {
	var p problems
	modelOK := s.validateConfig(&p)
	if len(s.Clients) > MaxClients {
		p.add("clients", "%d clients, more than the limit of %d", len(s.Clients), MaxClients)
	}
	for i, c := range s.Clients {
		f := "clients[" + strconv.Itoa(i) + "]"
		if err := validateClientID(c.ID); err != nil {
			p.add(f+".id", "%s", err.Error())
		} else {
			for j := range i {
				if s.Clients[j].ID == c.ID {
					p.add(f+".id", "duplicate client id %q (also clients[%d])", c.ID, j)
					break
				}
			}
		}
		if c.HeartbeatMS != 0 && (c.HeartbeatMS < MinHeartbeatMS || c.HeartbeatMS > MaxTimeMS) {
			p.add(f+".heartbeat_ms", "%d is out of range %d..%d", c.HeartbeatMS, MinHeartbeatMS, MaxTimeMS)
		}
	}
	if len(s.Actions) > MaxActions {
		p.add("actions", "%d actions, more than the limit of %d", len(s.Actions), MaxActions)
	} else {
		v := s.newActionCheck(modelOK)
		if len(actClient) >= len(s.Actions) && len(actOp) >= len(s.Actions) && len(actT) >= len(s.Actions) {
			v.actClient, v.actOp = actClient, actOp
		} else {
			actT = nil
		}
		v.actT = actT
		// The quick path passes the plain client actions, most of a
		// scenario, a run of them at a time; the others are looked at
		// by validateAction.
		for i := v.quickRun(s.Actions, 0); i < len(s.Actions); i = v.quickRun(s.Actions, i+1) {
			if actT != nil {
				actT[i] = s.Actions[i].AtMS
			}
			s.validateAction(&p, i, &s.Actions[i], &v)
		}
		sorted = true
		for i := 1; i < len(actT); i++ {
			if actT[i] < actT[i-1] {
				sorted = false
				break
			}
		}
	}
	if s.UntilMS < 0 || s.UntilMS > MaxTimeMS {
		p.add("until_ms", "%d is out of range 0..%d", s.UntilMS, MaxTimeMS)
	}
	return sorted, p.err()
}

// validateConfig checks lock, resource and network, and reports whether
// the model is known: the checks that depend on it are skipped otherwise,
// so one typo in the model gives one problem, not a cascade.
func (s *Scenario) validateConfig(p *problems) bool {
	l := s.Lock
	modelOK := true
	switch {
	case l.Model.Known():
	case l.Model == "":
		p.add("lock.model", "missing")
		modelOK = false
	default:
		p.add("lock.model", "unknown model %q (want redis, redlock, consensus or database)", l.Model)
		modelOK = false
	}
	if l.TTLMS < 1 || l.TTLMS > MaxTimeMS {
		p.add("lock.ttl_ms", "%d is out of range 1..%d", l.TTLMS, MaxTimeMS)
	}
	if modelOK {
		switch l.Model {
		case ModelRedlock, ModelConsensus:
			if l.Nodes < 1 || l.Nodes > MaxRedlockNodes {
				p.add("lock.nodes", "%d is out of range 1..%d", l.Nodes, MaxRedlockNodes)
			}
		default:
			if l.Nodes != 1 {
				p.add("lock.nodes", "model %s has 1 node, not %d", l.Model, l.Nodes)
			}
		}
	}
	switch {
	case l.FencingTokens != nil && *l.FencingTokens && l.Model == ModelRedlock:
		p.add("lock.fencing_tokens", "redlock issues no fencing token of its own")
	case l.FencingTokens != nil && *l.FencingTokens && l.Model == ModelDatabase:
		p.add("lock.fencing_tokens", "the database model has no lock service to issue tokens: use token_source epoch, the row's epoch column")
	case l.FencingTokens != nil:
		p.add("lock.fencing_tokens", "contradicts token_source %q: give token_source alone", l.TokenSource)
	}
	switch l.TokenSource {
	case "":
		p.add("lock.token_source", "missing")
	case TokenNone:
	case TokenIncr, TokenRevision, TokenEpoch:
		want := l.TokenSource.Model()
		switch {
		case !modelOK || l.Model == want:
		case want == ModelDatabase:
			// The database model has no lock service (QA-32 #12): the
			// epoch is the resource row's own column.
			p.add("lock.token_source", "%q (%s) comes with the database model, which has no lock service, not with %s: choose %s", l.TokenSource, l.TokenSource.Label(), l.Model, tokenSourcesOf(l.Model))
		default:
			p.add("lock.token_source", "%q (%s) comes with the %s lock service, not with %s: choose %s", l.TokenSource, l.TokenSource.Label(), want, l.Model, tokenSourcesOf(l.Model))
		}
	default:
		p.add("lock.token_source", "unknown token source %q (want none, incr, revision or epoch)", l.TokenSource)
	}
	switch l.Acquire {
	case AcquireAtomic:
	case AcquireSetThenExpire:
		if modelOK && !slices.Contains(l.Model.AcquireModes(), l.Acquire) {
			p.add("lock.acquire", "%q applies to model redis only", l.Acquire)
		}
	default:
		p.add("lock.acquire", "unknown acquire %q (want atomic or set-then-expire)", l.Acquire)
	}
	switch l.Release {
	case ReleaseCompareAndDelete, ReleaseUnconditionalDel:
	default:
		p.add("lock.release", "unknown release %q (want compare-and-delete or unconditional-del)", l.Release)
	}
	switch {
	case !modelOK || l.LagMS == nil:
	case l.Model == ModelRedis:
		if *l.LagMS < 0 || *l.LagMS > MaxTimeMS {
			p.add("lock.lag_ms", "%d is out of range: the lag is from 0 ms (the replica acknowledges every write, as WAIT 1 would) to %d ms", *l.LagMS, MaxTimeMS)
		}
	case l.Model == ModelRedlock:
		p.add("lock.lag_ms", "redlock nodes are independent and have no replicas: no lag")
	case *l.LagMS != 0:
		p.add("lock.lag_ms", "model %s replicates synchronously: no lag", l.Model)
	}
	switch l.Persistence {
	case "":
		if modelOK && l.Model.HasPersistence() {
			p.add("lock.persistence", "missing")
		}
	case PersistNone, PersistEverySec, PersistAlways:
		if modelOK && !l.Model.HasPersistence() {
			p.add("lock.persistence", "model %s keeps every committed write: omit persistence", l.Model)
		}
	default:
		p.add("lock.persistence", "unknown persistence %q (want none, everysec or always)", l.Persistence)
	}
	if l.Retries < 0 || l.Retries > MaxRetries {
		p.add("lock.retries", "%d is out of range 0..%d", l.Retries, MaxRetries)
	}
	if l.RetryDelayMS < 0 || l.RetryDelayMS > MaxTimeMS || (l.Retries > 0 && l.RetryDelayMS < 1) {
		p.add("lock.retry_delay_ms", "%d is out of range 1..%d", l.RetryDelayMS, MaxTimeMS)
	}
	if s.Resource.CheckFencing == nil {
		p.add("resource.check_fencing", "missing")
	}
	switch s.Resource.Kind {
	case ResourceRegister:
		if s.Resource.IdempotencyKeys {
			p.add("resource.idempotency_keys", "applies to kind ledger only: a register write is idempotent already")
		}
	case ResourceLedger:
	case "":
		p.add("resource.kind", "missing")
	default:
		p.add("resource.kind", "unknown kind %q (want register or ledger)", s.Resource.Kind)
	}
	if s.Network.LatencyMS < 0 || s.Network.LatencyMS > MaxTimeMS {
		p.add("network.latency_ms", "%d is out of range 0..%d", s.Network.LatencyMS, MaxTimeMS)
	}
	return modelOK
}

// tokenSourcesOf names the token sources model may use, for messages.
func tokenSourcesOf(model Model) string {
	srcs := model.TokenSources()
	out := srcs[0].String()
	for _, t := range srcs[1:] {
		out += " or " + t.String()
	}
	return out
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

// Op codes number the ops (opcNone: none), for Run's tables and
// switches, which would otherwise compare the op's name again and again.
const (
	opcNone = iota
	opcAcquire
	opcClaim
	opcWrite
	opcRelease
	opcExtend
	opcPause
	opcCrash
	opcDelay
	opcFailover
	opcClockJump
	opcNodeDown
	opcNodeUp
	opcRestart
	opcPartition
	opcHeal
	numOpCodes
)

// actionCheck is what validateAction needs of the scenario, worked out
// once for all its actions: the model as flags, the clients' ids.
type actionCheck struct {
	ids                                 clientIDs
	modelOK                             bool
	redis, redlock, consensus, database bool
	serviceNodes                        int  // Model.ServiceNodes
	ledger                              bool // the resource is a ledger (writes may name a key)
	actClient                           []int
	actOp                               []uint8
	actT                                []int64
}

// newActionCheck works out what validateAction needs of s; modelOK says
// whether s's lock model passed validation.
func (s *Scenario) newActionCheck(modelOK bool) actionCheck {
	v := actionCheck{ids: newClientIDs(s.Clients), modelOK: modelOK, serviceNodes: s.Lock.Model.ServiceNodes(s.Lock.Nodes), ledger: s.Resource.Kind == ResourceLedger}
	switch s.Lock.Model {
	case ModelRedis:
		v.redis = true
	case ModelRedlock:
		v.redlock = true
	case ModelConsensus:
		v.consensus = true
	case ModelDatabase:
		v.database = true
	}
	return v
}

// quickClientAction is validateAction's common case, made quick: a
// client op in which validateAction would find nothing wrong, with its
// client index and op code. ok false means only that validateAction must
// look (and find the problems, if any). Every check here is one of
// validateAction's, for client ops of a known model.
func (s *Scenario) quickClientAction(a *Action, v *actionCheck) (ci int, code uint8, ok bool) {
	w := *v
	var c [1]int
	var o [1]uint8
	w.actClient, w.actOp, w.actT = c[:], o[:], nil
	if w.quickRun(unsafe.Slice(a, 1), 0) == 0 {
		return -1, 0, false
	}
	return c[0], o[0], true
}

// quickRun is quickClientAction of actions[i], actions[i+1] and so on,
// as long as it passes them, recording each one's client index, op code
// (and time, if v records times) as validate does; it returns the index
// of the first action it does not pass (len(actions): none).
func (v *actionCheck) quickRun(actions []Action, i int) int {
	rec := v.actClient != nil
	for ; i < len(actions); i++ {
		a := &actions[i]
		// uint64: a time below 0 is past MaxTimeMS too.
		if !v.modelOK || uint64(a.AtMS) > MaxTimeMS || a.Client == "" || a.Node != 0 || len(a.Nodes) != 0 {
			return i
		}
		code := opCodeOf(a.Op)
		switch code {
		case opcWrite:
			if a.MS != 0 || a.Value == "" || len(a.Value) > MaxValueLen ||
				(a.Key != "" && (!v.ledger || len(a.Key) > MaxKeyLen)) {
				return i
			}
		case opcPause, opcDelay:
			if a.MS < 1 || a.MS > MaxTimeMS || a.AtMS+a.MS > MaxTimeMS || a.Value != "" || a.Key != "" {
				return i
			}
		case opcAcquire, opcClaim, opcRelease, opcExtend, opcCrash:
			if a.MS != 0 || a.Value != "" || a.Key != "" || (code == opcAcquire && v.database) || (code == opcClaim && !v.database) {
				return i
			}
		default:
			return i
		}
		// clientIDs.index, its common case in line: the one client of
		// the id's hash.
		id := a.Client
		ci := -1
		switch sl := v.ids.slot[idHash(id)]; {
		case sl > 0:
			if x := v.ids.ids[sl-1].ID; len(x) == len(id) && (unsafe.StringData(x) == unsafe.StringData(id) || x == id) {
				ci = int(sl - 1)
			}
		case sl < 0:
			ci = v.ids.index(id)
		}
		if ci < 0 {
			return i
		}
		if rec {
			v.actClient[i], v.actOp[i] = ci, code
			if v.actT != nil {
				v.actT[i] = a.AtMS
			}
		}
	}
	return i
}

// opCodeOf is op's code (opcNone: none, or unknown): the one op of its
// hash (opHash), if op is that op. An op that is the very string of the
// constant (as in a scenario built in Go: a preset, a test) is known by
// its address without comparing its bytes.
func opCodeOf(op Op) uint8 {
	if len(op) < 4 {
		return opcNone
	}
	c := opOfHash[opHash(op)]
	if name := opNames[c]; len(name) == len(op) && (unsafe.StringData(string(name)) == unsafe.StringData(string(op)) || name == op) {
		return c
	}
	return opcNone
}

// opHash tells the ops apart (opOfHash checks that no two share one).
func opHash(op Op) uint8 { return (op[0]*8 + op[len(op)-1]*15 + uint8(len(op))) & 31 }

// opNames are the ops by code.
var opNames = [numOpCodes]Op{opcAcquire: OpAcquire, opcClaim: OpClaim, opcWrite: OpWrite, opcRelease: OpRelease,
	opcExtend: OpExtend, opcPause: OpPause, opcCrash: OpCrash, opcDelay: OpDelay, opcFailover: OpFailover,
	opcClockJump: OpClockJump, opcNodeDown: OpNodeDown, opcNodeUp: OpNodeUp, opcRestart: OpRestart,
	opcPartition: OpPartition, opcHeal: OpHeal}

// opOfHash is the code of the op of each hash (opcNone: none).
var opOfHash = func() (t [32]uint8) {
	for c := opcNone + 1; c < numOpCodes; c++ {
		h := opHash(opNames[c])
		if t[h] != opcNone {
			panic("sandbox: two ops share a hash: " + string(opNames[c]) + ", " + string(opNames[t[h]]))
		}
		t[h] = uint8(c)
	}
	return t
}()

// validateAction checks action i. An op that is
// missing or unknown is its only problem (what else it needs depends on
// it); otherwise each field is checked on its own, and the model-specific
// checks only when the model is known.
func (s *Scenario) validateAction(p *problems, i int, a *Action, v *actionCheck) {
	// The field path is built only for a problem: a valid action, the
	// common case on every run, costs no string.
	f := func(sub string) string { return "actions[" + strconv.Itoa(i) + "]" + sub }
	if a.AtMS < 0 || a.AtMS > MaxTimeMS {
		p.add(f(".at_ms"), "%d is out of range 0..%d", a.AtMS, MaxTimeMS)
	}
	modelOK := v.modelOK
	var clientOp, optClient, needsMS, optMS, needsValue, needsNode, needsNodes bool
	// The op once, as flags: the checks below ask about it again and again.
	var acquire, claim, write, failover, endsLater bool
	code := uint8(opcNone)
	switch a.Op {
	case OpAcquire:
		clientOp, acquire, code = true, true, opcAcquire
	case OpClaim:
		clientOp, claim, code = true, true, opcClaim
	case OpRelease:
		clientOp, code = true, opcRelease
	case OpExtend:
		clientOp, code = true, opcExtend
	case OpCrash:
		clientOp, code = true, opcCrash
	case OpWrite:
		clientOp, needsValue, write, code = true, true, true, opcWrite
	case OpPause:
		clientOp, needsMS, endsLater, code = true, true, true, opcPause
	case OpDelay:
		clientOp, needsMS, endsLater, code = true, true, true, opcDelay
	case OpFailover:
		needsNode, failover, code = v.redlock, true, opcFailover
	case OpClockJump:
		needsMS, needsNode, code = true, true, opcClockJump
	case OpNodeDown:
		needsNode, code = true, opcNodeDown
	case OpNodeUp:
		needsNode, code = true, opcNodeUp
	case OpRestart:
		needsNode, optMS, endsLater, code = true, true, true, opcRestart
	case OpPartition:
		needsNodes = true
		optClient, code = true, opcPartition
	case OpHeal:
		code = opcHeal
	case "":
		p.add(f(".op"), "missing")
		return
	default:
		p.add(f(".op"), "unknown op %q", a.Op)
		return
	}
	switch {
	case !modelOK:
	case acquire && v.database:
		p.add(f(".op"), "model database has no lock service: use claim (the conditional UPDATE)")
	case claim && !v.database:
		p.add(f(".op"), "claim is the database model's conditional UPDATE: model %s uses acquire", s.Lock.Model)
	case failover && v.database:
		p.add(f(".op"), "failover does not apply to model database (the row is the resource itself)")
	case optClient && a.Client == "" && !v.consensus: // a partition
		p.add(f(".client"), "the nodes of model %s do not talk to each other: a partition needs the client it cuts off", s.Lock.Model)
	}
	ci := v.ids.index(a.Client) // -1 for none
	if v.actClient != nil {
		v.actClient[i], v.actOp[i] = ci, code
		if partition := optClient; partition {
			// A partition names a client but is the network's doing:
			// Run takes it for a service op.
			v.actClient[i] = -1
		}
	}
	switch {
	case optClient && a.Client == "":
	case optClient && ci < 0:
		p.add(f(".client"), "unknown client %q", a.Client)
	case optClient:
	case clientOp && a.Client == "":
		p.add(f(".client"), "op %s needs a client", a.Op)
	case clientOp && ci < 0:
		p.add(f(".client"), "unknown client %q", a.Client)
	case !clientOp && a.Client != "":
		p.add(f(".client"), "op %s is a service op and takes no client", a.Op)
	}
	switch {
	case optMS && (a.MS < 0 || a.MS > MaxTimeMS):
		p.add(f(".ms"), "%d is out of range 0..%d", a.MS, MaxTimeMS)
	case needsMS && (a.MS < 1 || a.MS > MaxTimeMS):
		p.add(f(".ms"), "%d is out of range 1..%d", a.MS, MaxTimeMS)
	case (needsMS || optMS) && endsLater && a.AtMS+a.MS > MaxTimeMS:
		// A pause or a delay is time the run must cover: it has to end
		// within the ten virtual minutes too.
		p.add(f(".ms"), "a %s of %d ms at %d ms would end at %d ms, after the limit of %d ms", a.Op, a.MS, a.AtMS, a.AtMS+a.MS, MaxTimeMS)
	case !needsMS && !optMS && a.MS != 0:
		p.add(f(".ms"), "op %s takes no ms", a.Op)
	}
	switch {
	case needsValue && a.Value == "":
		p.add(f(".value"), "op write needs a value")
	case needsValue && len(a.Value) > MaxValueLen:
		p.add(f(".value"), "longer than %d bytes", MaxValueLen)
	case !needsValue && a.Value != "":
		p.add(f(".value"), "op %s takes no value", a.Op)
	}
	switch {
	case a.Key == "":
	case !write:
		p.add(f(".key"), "op %s takes no key", a.Op)
	case s.Resource.Kind != ResourceLedger:
		p.add(f(".key"), "an idempotency key needs resource kind ledger")
	case len(a.Key) > MaxKeyLen:
		p.add(f(".key"), "longer than %d bytes", MaxKeyLen)
	}
	// How many nodes a node op may name (Model.OpNodes).
	n := 0
	if needsNode || needsNodes {
		n = s.Lock.Model.OpNodes(a.Op, s.Lock.Nodes)
	}
	const replicaOnly = "on redis only the primary (node 1) restarts, jumps its clock or is cut off; the replica (node 2) only goes down and comes up"
	switch {
	case !modelOK:
	case needsNode && a.Node == 0:
		p.add(f(".node"), "op %s needs a node (1..%d)", a.Op, n)
	case needsNode && v.redis && a.Node == 2 && n == 1:
		p.add(f(".node"), "%s", replicaOnly)
	case needsNode && (a.Node < 1 || a.Node > n):
		p.add(f(".node"), "%d is out of range 1..%d", a.Node, n)
	case !needsNode && failover && a.Node != 0 && a.Node != 1:
		p.add(f(".node"), "model %s fails over as a whole: omit node", s.Lock.Model)
	case !needsNode && !failover && a.Node != 0:
		p.add(f(".node"), "op %s takes no node", a.Op)
	}
	switch {
	case !modelOK:
	case needsNodes && len(a.Nodes) == 0:
		p.add(f(".nodes"), "op %s needs the nodes it cuts off (1..%d)", a.Op, n)
	case needsNodes && v.redis && slices.Contains(a.Nodes, 2):
		p.add(f(".nodes"), "%s", replicaOnly)
	case needsNodes && len(a.Nodes) > n:
		p.add(f(".nodes"), "%d nodes, more than the %d there are", len(a.Nodes), n)
	case needsNodes:
		for j, v := range a.Nodes {
			if v < 1 || v > n {
				p.add(f(".nodes["+strconv.Itoa(j)+"]"), "%d is out of range 1..%d", v, n)
			} else if slices.Contains(a.Nodes[:j], v) {
				p.add(f(".nodes["+strconv.Itoa(j)+"]"), "node %d is listed twice", v)
			}
		}
	case len(a.Nodes) > 0:
		p.add(f(".nodes"), "op %s takes no nodes", a.Op)
	}
}
