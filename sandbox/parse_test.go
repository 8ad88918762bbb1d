package sandbox_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

// designExample is the scenario of DESIGN.md, verbatim.
const designExample = `{"lock": {"model": "redis", "ttl_ms": 10000, "nodes": 1, "fencing_tokens": true,
          "acquire": "atomic", "release": "compare-and-delete"},
 "resource": {"check_fencing": true},
 "clients": [{"id": "A"}, {"id": "B", "heartbeat_ms": 3000}],
 "actions": [{"at_ms": 0, "client": "A", "op": "acquire"},
             {"at_ms": 1000, "client": "A", "op": "pause", "ms": 15000},
             {"at_ms": 12000, "client": "B", "op": "acquire"},
             {"at_ms": 13000, "client": "B", "op": "write", "value": "b"},
             {"at_ms": 14000, "client": "A", "op": "write", "value": "a"}]}`

func TestParseDesignExample(t *testing.T) {
	s, err := sandbox.Parse([]byte(designExample))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if got, want := len(s.Actions), 5; got != want {
		t.Fatalf("actions = %d, want %d", got, want)
	}
	if got, want := s.Clients[1].HeartbeatMS, int64(3000); got != want {
		t.Fatalf("heartbeat_ms = %d, want %d", got, want)
	}
}

func TestParseDefaults(t *testing.T) {
	lag := func(v int64) *int64 { return &v }
	tests := []struct {
		name  string
		lock  string
		want  sandbox.LockConfig
		check bool // the default of resource.check_fencing
	}{
		// Redis and Redlock have no token of their own, so none is issued
		// and the resource has nothing to check.
		{"redis", `{}`, sandbox.LockConfig{Model: "redis", TTLMS: 10000, Nodes: 1, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete", LagMS: lag(1000), Persistence: "everysec"}, false},
		{"redlock", `{"model":"redlock"}`, sandbox.LockConfig{Model: "redlock", TTLMS: 10000, Nodes: 5, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete", Persistence: "everysec"}, false},
		{"consensus", `{"model":"consensus"}`, sandbox.LockConfig{Model: "consensus", TTLMS: 10000, Nodes: 3, TokenSource: "revision", Acquire: "atomic", Release: "compare-and-delete"}, true},
		{"database", `{"model":"database"}`, sandbox.LockConfig{Model: "database", TTLMS: 10000, Nodes: 1, TokenSource: "epoch", Acquire: "atomic", Release: "compare-and-delete"}, true},
		{"incr on redis", `{"token_source":"incr"}`, sandbox.LockConfig{Model: "redis", TTLMS: 10000, Nodes: 1, TokenSource: "incr", Acquire: "atomic", Release: "compare-and-delete", LagMS: lag(1000), Persistence: "everysec"}, true},
		// lag_ms 0 is synchronous replication now, not "use the default".
		{"lag 0 stays 0", `{"lag_ms":0}`, sandbox.LockConfig{Model: "redis", TTLMS: 10000, Nodes: 1, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete", LagMS: lag(0), Persistence: "everysec"}, false},
		// Scenarios saved by engine 3 carry fencing_tokens: it becomes the
		// model's own source, and redlock's lag_ms (no replicas) is dropped.
		{"engine 3 tokens on redis", `{"fencing_tokens":true,"lag_ms":1000}`, sandbox.LockConfig{Model: "redis", TTLMS: 10000, Nodes: 1, TokenSource: "incr", Acquire: "atomic", Release: "compare-and-delete", LagMS: lag(1000), Persistence: "everysec"}, true},
		{"engine 3 explicit false", `{"fencing_tokens":false,"ttl_ms":500}`, sandbox.LockConfig{Model: "redis", TTLMS: 500, Nodes: 1, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete", LagMS: lag(1000), Persistence: "everysec"}, false},
		{"engine 3 redlock", `{"model":"redlock","fencing_tokens":false,"lag_ms":1000}`, sandbox.LockConfig{Model: "redlock", TTLMS: 10000, Nodes: 5, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete", Persistence: "everysec"}, false},
		{"engine 3 database", `{"model":"database","fencing_tokens":false}`, sandbox.LockConfig{Model: "database", TTLMS: 10000, Nodes: 1, TokenSource: "none", Acquire: "atomic", Release: "compare-and-delete"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := sandbox.Parse([]byte(`{"lock":` + tt.lock + `,"clients":[{"id":"A"}],"actions":[]}`))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !reflect.DeepEqual(s.Lock, tt.want) {
				t.Fatalf("lock = %s, want %s", show(s.Lock), show(tt.want))
			}
			if s.Resource.CheckFencing == nil || *s.Resource.CheckFencing != tt.check {
				t.Fatalf("check_fencing = %v, want %v", s.Resource.CheckFencing, tt.check)
			}
			if s.Resource.Kind != sandbox.ResourceRegister {
				t.Fatalf("resource kind = %q, want register", s.Resource.Kind)
			}
			if s.Network.LatencyMS != 0 {
				t.Fatalf("latency_ms = %d, want 0", s.Network.LatencyMS)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	acquireA := `{"at_ms":0,"client":"A","op":"acquire"}`
	scen := func(lock, actions string) string {
		return `{"lock":{` + lock + `},"clients":[{"id":"A"},{"id":"B"}],"actions":[` + actions + `]}`
	}
	many := func(n int, item string) string {
		return strings.TrimSuffix(strings.Repeat(item+",", n), ",")
	}
	tests := []struct {
		name, in, want string
	}{
		{"unknown op", scen("", acquireA+","+acquireA+","+acquireA+`,{"at_ms":5,"client":"A","op":"teleport"}`), `actions[3].op: unknown op "teleport"`},
		{"missing op", scen("", `{"at_ms":5,"client":"A"}`), `actions[0].op: missing`},
		{"pause past the time limit", scen("", `{"at_ms":590000,"client":"A","op":"pause","ms":20000}`), `actions[0].ms: a pause of 20000 ms at 590000 ms would end at 610000 ms, after the limit of 600000 ms`},
		{"delay past the time limit", scen("", `{"at_ms":600000,"client":"A","op":"delay","ms":1}`), `actions[0].ms: a delay of 1 ms at 600000 ms would end at 600001 ms, after the limit of 600000 ms`},
		{"unknown field in action", scen("", `{"at_ms":5,"client":"A","op":"crash","speed":3}`), `actions[0]: unknown field "speed"`},
		{"unknown top-level field", `{"lock":{},"clients":[],"actions":[],"extra":1}`, `unknown field "extra"`},
		{"unknown lock field", scen(`"colour":"red"`, ""), `lock: unknown field "colour"`},
		{"wrong type", scen("", `{"at_ms":"soon","client":"A","op":"acquire"}`), `actions[0].at_ms: got string, want an integer`},
		{"fractional time", scen("", `{"at_ms":1.5,"client":"A","op":"acquire"}`), `actions[0].at_ms: got number 1.5, want an integer`},
		{"not an object", `[1,2]`, `line 1, column 1: want a JSON object`},
		{"syntax error placed by line and column", "{\n  \"lock\": {\n    \"model\": \"redis\",}\n}", `line 3, column 22: expected a key in double quotes, found '}' (a comma before a closing brace, or a key without quotes?)`},
		{"syntax error after leading blank lines", "\n\n  {\"clients\": [}", `line 3, column 16: expected a value, found '}' (a comma before a closing bracket, or text without quotes?)`},
		{"empty", ``, `empty input, want a JSON object`},
		{"truncated", `{"lock":{`, `line 1, column 10: truncated JSON: the input ends inside a value`},
		{"trailing data", `{"clients":[],"actions":[]} {}`, `line 1, column 29: unexpected data after the JSON object`},
		{"unknown model", scen(`"model":"zookeeper"`, ""), `lock.model: unknown model "zookeeper" (want redis, redlock, consensus or database)`},
		{"ttl too long", scen(`"ttl_ms":600001`, ""), `lock.ttl_ms: 600001 is out of range 1..600000`},
		{"negative ttl", scen(`"ttl_ms":-5`, ""), `lock.ttl_ms: -5 is out of range 1..600000`},
		{"zero ttl written", scen(`"ttl_ms":0`, ""), `lock.ttl_ms: 0 is out of range 1..600000 (leave ttl_ms out for the default, 10000)`},
		{"negative replica lag", scen(`"lag_ms":-3`, ""), `lock.lag_ms: -3 is out of range: the lag is from 0 ms (the replica acknowledges every write, as WAIT 1 would) to 600000 ms`},
		{"too many redlock nodes", scen(`"model":"redlock","nodes":10`, ""), `lock.nodes: 10 is out of range 1..9`},
		{"redis with nodes", scen(`"nodes":3`, ""), `lock.nodes: model redis has 1 node, not 3`},
		{"redlock tokens", scen(`"model":"redlock","fencing_tokens":true`, ""), `lock.fencing_tokens: redlock issues no fencing token of its own`},
		{"two-step acquire on redlock", scen(`"model":"redlock","acquire":"set-then-expire"`, ""), `lock.acquire: "set-then-expire" applies to model redis only`},
		{"unknown release", scen(`"release":"DEL"`, ""), `lock.release: unknown release "DEL" (want compare-and-delete or unconditional-del)`},
		{"lag on consensus", scen(`"model":"consensus","lag_ms":5`, ""), `lock.lag_ms: model consensus replicates synchronously: no lag`},
		{"latency", `{"network":{"latency_ms":-1},"clients":[],"actions":[]}`, `network.latency_ms: -1 is out of range 0..600000`},
		{"too many clients", `{"clients":[` + many(9, `{"id":"x"}`) + `],"actions":[]}`, `clients: 9 clients, more than the limit of 8`},
		{"too many actions", scen("", many(501, acquireA)), `actions: 501 actions, more than the limit of 500`},
		{"duplicate client", `{"clients":[{"id":"A"},{"id":"A"}],"actions":[]}`, `clients[1].id: duplicate client id "A" (also clients[0])`},
		{"client id missing", `{"clients":[{"heartbeat_ms":1000}],"actions":[]}`, `clients[0].id: missing`},
		{"client id with space", `{"clients":[{"id":"a b"}],"actions":[]}`, `clients[0].id: "a b": use letters, digits, - and _ only`},
		{"lane name as id", `{"clients":[{"id":"resource"}],"actions":[]}`, `clients[0].id: "resource" is the name of a lane; pick another id`},
		{"heartbeat too fast", `{"clients":[{"id":"A","heartbeat_ms":10}],"actions":[]}`, `clients[0].heartbeat_ms: 10 is out of range 100..600000`},
		{"time beyond ten minutes", scen("", `{"at_ms":600001,"client":"A","op":"acquire"}`), `actions[0].at_ms: 600001 is out of range 0..600000`},
		{"unknown client", scen("", `{"at_ms":0,"client":"Z","op":"acquire"}`), `actions[0].client: unknown client "Z"`},
		{"client op without client", scen("", `{"at_ms":0,"op":"write","value":"x"}`), `actions[0].client: op write needs a client`},
		{"service op with client", scen("", `{"at_ms":0,"client":"A","op":"failover"}`), `actions[0].client: op failover is a service op and takes no client`},
		{"pause without ms", scen("", `{"at_ms":0,"client":"A","op":"pause"}`), `actions[0].ms: 0 is out of range 1..600000`},
		{"ms on acquire", scen("", `{"at_ms":0,"client":"A","op":"acquire","ms":5}`), `actions[0].ms: op acquire takes no ms`},
		{"write without value", scen("", `{"at_ms":0,"client":"A","op":"write"}`), `actions[0].value: op write needs a value`},
		{"value on release", scen("", `{"at_ms":0,"client":"A","op":"release","value":"x"}`), `actions[0].value: op release takes no value`},
		{"clock jump without node", scen("", `{"at_ms":0,"op":"clock_jump","ms":5}`), `actions[0].node: op clock_jump needs a node (1..1)`},
		{"clock jump node out of range", scen(`"model":"redlock"`, `{"at_ms":0,"op":"clock_jump","ms":5,"node":6}`), `actions[0].node: 6 is out of range 1..5`},
		{"acquire in database", scen(`"model":"database"`, acquireA), `actions[0].op: model database has no lock service: use claim (the conditional UPDATE)`},
		{"claim in redis", scen("", `{"at_ms":0,"client":"A","op":"claim"}`), `actions[0].op: claim is the database model's conditional UPDATE: model redis uses acquire`},
		{"until beyond limit", `{"clients":[],"actions":[],"until_ms":700000}`, `until_ms: 700000 is out of range 0..600000`},
		{"token source of another model", scen(`"token_source":"revision"`, ""), `lock.token_source: "revision" (the revision of the grant) comes with the consensus lock service, not with redis: choose none or incr`},
		{"unknown token source", scen(`"token_source":"uuid"`, ""), `lock.token_source: unknown token source "uuid" (want none, incr, revision or epoch)`},
		{"persistence on consensus", scen(`"model":"consensus","persistence":"none"`, ""), `lock.persistence: model consensus keeps every committed write: omit persistence`},
		{"too many retries", scen(`"retries":11`, ""), `lock.retries: 11 is out of range 0..10`},
		{"unknown resource kind", `{"resource":{"kind":"queue"},"clients":[],"actions":[]}`, `resource.kind: unknown kind "queue" (want register or ledger)`},
		{"idempotency on a register", `{"resource":{"idempotency_keys":true},"clients":[],"actions":[]}`, `resource.idempotency_keys: applies to kind ledger only: a register write is idempotent already`},
		{"key on a register", scen("", `{"at_ms":0,"client":"A","op":"write","value":"x","key":"k"}`), `actions[0].key: an idempotency key needs resource kind ledger`},
		{"node_down without node", scen("", `{"at_ms":0,"op":"node_down"}`), `actions[0].node: op node_down needs a node (1..2)`},
		{"redis restart of the replica", scen("", `{"at_ms":0,"op":"restart","node":2}`), `actions[0].node: on redis only the primary (node 1) restarts, jumps its clock or is cut off; the replica (node 2) only goes down and comes up`},
		{"redis partition of the replica", scen("", `{"at_ms":0,"op":"partition","client":"A","nodes":[1,2]}`), `actions[0].nodes: on redis only the primary (node 1) restarts, jumps its clock or is cut off; the replica (node 2) only goes down and comes up`},
		{"restart that ends after ten minutes", scen(`"model":"redlock"`, `{"at_ms":599000,"op":"restart","node":1,"ms":2000}`), `actions[0].ms: a restart of 2000 ms at 599000 ms would end at 601000 ms, after the limit of 600000 ms`},
		{"partition without nodes", scen(`"model":"redlock"`, `{"at_ms":0,"op":"partition","client":"A"}`), `actions[0].nodes: op partition needs the nodes it cuts off (1..5)`},
		{"partition node out of range", scen(`"model":"redlock"`, `{"at_ms":0,"op":"partition","client":"A","nodes":[2,6]}`), `actions[0].nodes[1]: 6 is out of range 1..5`},
		{"partition node twice", scen(`"model":"consensus"`, `{"at_ms":0,"op":"partition","nodes":[2,2]}`), `actions[0].nodes[1]: node 2 is listed twice`},
		{"redlock nodes do not talk", scen(`"model":"redlock"`, `{"at_ms":0,"op":"partition","nodes":[1]}`), `actions[0].client: the nodes of model redlock do not talk to each other: a partition needs the client it cuts off`},
		{"nodes on heal", scen("", `{"at_ms":0,"op":"heal","nodes":[1]}`), `actions[0].nodes: op heal takes no nodes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sandbox.Parse([]byte(tt.in))
			if err == nil {
				t.Fatalf("Parse succeeded, want error %q", tt.want)
			}
			var ve *sandbox.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *ValidationError", err, err)
			}
			if got := err.Error(); got != tt.want {
				t.Fatalf("error = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseTooLarge(t *testing.T) {
	data := make([]byte, sandbox.MaxInputBytes+1)
	_, err := sandbox.Parse(data)
	if err == nil || !strings.Contains(err.Error(), "more than the limit") {
		t.Fatalf("error = %v, want the size limit", err)
	}
}

// TestScenarioRoundTrip: what the UI saves (Marshal after Parse) parses back
// to the same scenario, for the design example and every preset.
func TestScenarioRoundTrip(t *testing.T) {
	inputs := map[string][]byte{"design": []byte(designExample)}
	for _, p := range sandbox.Presets() {
		data, err := json.Marshal(p.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		inputs[p.ID] = data
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			first, err := sandbox.Parse(in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			data, err := json.Marshal(first)
			if err != nil {
				t.Fatal(err)
			}
			second, err := sandbox.Parse(data)
			if err != nil {
				t.Fatalf("Parse of marshalled scenario: %v\n%s", err, data)
			}
			if !reflect.DeepEqual(first, second) {
				t.Fatalf("round trip changed the scenario:\n got %s\nwant %s", show(second), show(first))
			}
		})
	}
}

func TestValidateWithoutDefaults(t *testing.T) {
	err := sandbox.Scenario{}.Validate()
	want := `lock.model: missing; lock.ttl_ms: 0 is out of range 1..600000; lock.token_source: missing; ` +
		`lock.acquire: unknown acquire "" (want atomic or set-then-expire); ` +
		`lock.release: unknown release "" (want compare-and-delete or unconditional-del); resource.check_fencing: missing; resource.kind: missing`
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %s", err, want)
	}
}

// TestParseReportsEveryProblem: a file with several mistakes lists each
// one, naming its field, in the order of the file, so it can be fixed in
// one pass; past MaxReportedErrors the rest are counted, not listed.
func TestParseReportsEveryProblem(t *testing.T) {
	tooMany := `{"clients":[{"id":"A"}],"actions":[` +
		strings.TrimSuffix(strings.Repeat(`{"at_ms":0,"client":"Z","op":"acquire"},`, 25), ",") + `]}`
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"config, clients and actions", `{"lock":{"ttl_ms":-5,"release":"DEL"},"clients":[{"id":"A"},{"id":"A","heartbeat_ms":1}],` +
			`"actions":[{"at_ms":0,"client":"B","op":"acquire"},{"at_ms":1,"op":"teleport"},{"at_ms":2,"client":"A","op":"write"}],"until_ms":-1}`,
			[]string{
				`lock.ttl_ms: -5 is out of range 1..600000`,
				`lock.release: unknown release "DEL" (want compare-and-delete or unconditional-del)`,
				`clients[1].id: duplicate client id "A" (also clients[0])`,
				`clients[1].heartbeat_ms: 1 is out of range 100..600000`,
				`actions[0].client: unknown client "B"`,
				`actions[1].op: unknown op "teleport"`,
				`actions[2].value: op write needs a value`,
				`until_ms: -1 is out of range 0..600000`,
			}},
		{"several fields of one action", `{"clients":[{"id":"A"}],"actions":[{"at_ms":-1,"client":"A","op":"acquire","ms":5,"value":"x"}]}`,
			[]string{`actions[0].at_ms: -1 is out of range 0..600000`, `actions[0].ms: op acquire takes no ms`, `actions[0].value: op acquire takes no value`}},
		{"decoding errors of several parts", `{"lock":{"colour":"red"},"clients":[{"id":"A","x":1}],"actions":[{"at_ms":"soon","client":"A","op":"acquire"}]}`,
			[]string{`lock: unknown field "colour"`, `clients[0]: unknown field "x"`, `actions[0].at_ms: got string, want an integer`}},
		{"an unknown model is one problem, not a cascade", `{"lock":{"model":"etcd"},"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"claim"}]}`,
			[]string{`lock.model: unknown model "etcd" (want redis, redlock, consensus or database)`}},
		{"capped", tooMany, append(slices.Repeat([]string{``}, 20), `and 5 more problems not listed`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sandbox.Parse([]byte(tt.in))
			var list sandbox.ValidationErrors
			if !errors.As(err, &list) {
				t.Fatalf("error %T %v is not a ValidationErrors", err, err)
			}
			if len(list) != len(tt.want) {
				t.Fatalf("got %d problems, want %d:\n%v", len(list), len(tt.want), err)
			}
			for i, want := range tt.want {
				if want == "" {
					want = fmt.Sprintf(`actions[%d].client: unknown client "Z"`, i)
				}
				if got := list[i].Error(); got != want {
					t.Fatalf("problem %d = %q, want %q", i, got, want)
				}
			}
			if got, want := err.Error(), strings.Join(func() []string {
				var s []string
				for _, v := range list {
					s = append(s, v.Error())
				}
				return s
			}(), "; "); got != want {
				t.Fatalf("Error() = %q, want the problems joined: %q", got, want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// TestParseSkipsByteOrderMark: a file saved as "UTF-8 with BOM" imports
// like the same file without it.
func TestParseSkipsByteOrderMark(t *testing.T) {
	in := `{"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"}]}`
	plain, err := sandbox.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	bom, err := sandbox.Parse(append([]byte("\xef\xbb\xbf"), in...))
	if err != nil {
		t.Fatalf("with a byte-order mark: %v", err)
	}
	a, _ := json.Marshal(plain)
	b, _ := json.Marshal(bom)
	if string(a) != string(b) {
		t.Fatalf("with a byte-order mark the scenario differs: %+v vs %+v", bom, plain)
	}
}
