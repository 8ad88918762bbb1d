package sandbox_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"lockdrill/sandbox"
)

func blank(t *testing.T) sandbox.Scenario {
	t.Helper()
	s, err := sandbox.Parse([]byte(`{"clients":[{"id":"A"},{"id":"B"}],"actions":[]}`))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return s
}

func TestAppend(t *testing.T) {
	full := blank(t)
	for i := range sandbox.MaxActions {
		full.Actions = append(full.Actions, sandbox.Action{AtMS: int64(i), Client: "A", Op: sandbox.OpExtend})
	}
	tests := []struct {
		name  string
		s     sandbox.Scenario
		a     sandbox.Action
		field string // "" means accepted
		msg   string
	}{
		{name: "an acquire", s: blank(t), a: sandbox.Action{AtMS: 0, Client: "A", Op: sandbox.OpAcquire}},
		{name: "a pause that ends exactly at the limit", s: blank(t), a: sandbox.Action{AtMS: 590000, Client: "A", Op: sandbox.OpPause, MS: 10000}},
		{name: "a pause that ends after the limit", s: blank(t), a: sandbox.Action{AtMS: 590000, Client: "A", Op: sandbox.OpPause, MS: 10001},
			field: "actions[0].ms", msg: "after the limit of 600000 ms"},
		{name: "a delay that ends after the limit", s: blank(t), a: sandbox.Action{AtMS: 599999, Client: "B", Op: sandbox.OpDelay, MS: 2},
			field: "actions[0].ms", msg: "after the limit"},
		{name: "an unknown client", s: blank(t), a: sandbox.Action{Client: "Z", Op: sandbox.OpCrash}, field: "actions[0].client", msg: `unknown client "Z"`},
		{name: "one action too many", s: full, a: sandbox.Action{AtMS: 600, Client: "A", Op: sandbox.OpCrash}, field: "actions", msg: "already 500 actions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(tt.s.Actions)
			got, err := tt.s.Append(tt.a)
			if len(tt.s.Actions) != before {
				t.Fatalf("Append changed its receiver: %d actions, want %d", len(tt.s.Actions), before)
			}
			if tt.field == "" {
				if err != nil || len(got.Actions) != before+1 || !reflect.DeepEqual(got.Actions[before], tt.a) {
					t.Fatalf("got %d actions, err %v; want the action appended", len(got.Actions), err)
				}
				return
			}
			var ve *sandbox.ValidationError
			if !errors.As(err, &ve) || ve.Field != tt.field || !strings.Contains(ve.Msg, tt.msg) {
				t.Fatalf("got error %v, want %s: …%s…", err, tt.field, tt.msg)
			}
		})
	}
}

func TestWithSettings(t *testing.T) {
	off, on := false, true
	tests := []struct {
		name    string
		model   sandbox.Model
		set     sandbox.Settings
		changed []string
		field   string
	}{
		{name: "nothing set changes nothing"},
		{name: "the same values change nothing", set: sandbox.Settings{TokenSource: "incr", CheckFencing: &on, TTLMS: 10000, Acquire: "atomic"}},
		{name: "fencing check off", set: sandbox.Settings{CheckFencing: &off}, changed: []string{"fencing check at the resource off"}},
		{name: "tokens off and a shorter TTL", set: sandbox.Settings{TokenSource: "none", TTLMS: 5000},
			changed: []string{"token source none", "TTL 5\u202f000 ms"}},
		{name: "replica acknowledges every write", set: sandbox.Settings{LagMS: new(int64)}, changed: []string{"every write acknowledged by the replica (as with WAIT 1)"}},
		{name: "a ledger with idempotency keys", set: sandbox.Settings{ResourceKind: "ledger", IdempotencyKeys: &on},
			changed: []string{"resource ledger", "idempotency keys on"}},
		{name: "idempotency keys on a register are refused", set: sandbox.Settings{IdempotencyKeys: &on}, field: "resource.idempotency_keys"},
		{name: "the epoch is not a redis token", set: sandbox.Settings{TokenSource: "epoch"}, field: "lock.token_source"},
		{name: "plain DEL", set: sandbox.Settings{Release: sandbox.ReleaseUnconditionalDel}, changed: []string{"release unconditional-del"}},
		{name: "tokens on redlock are refused", model: sandbox.ModelRedlock, set: sandbox.Settings{TokenSource: "incr"}, field: "lock.token_source"},
		{name: "an unknown acquire is refused", set: sandbox.Settings{Acquire: "maybe"}, field: "lock.acquire"},
		{name: "a TTL past ten minutes is refused", set: sandbox.Settings{TTLMS: sandbox.MaxTimeMS + 1}, field: "lock.ttl_ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var src sandbox.TokenSource
			if tt.model == "" {
				src = "incr"
			}
			s := sandbox.Scenario{Lock: sandbox.LockConfig{Model: tt.model, TokenSource: src}, Clients: []sandbox.Client{{ID: "A"}}}.WithDefaults()
			got, changed, err := s.WithSettings(tt.set)
			if tt.field != "" {
				var ve *sandbox.ValidationError
				if !errors.As(err, &ve) || ve.Field != tt.field {
					t.Fatalf("got error %v, want one naming %s", err, tt.field)
				}
				return
			}
			if err != nil || strings.Join(changed, "; ") != strings.Join(tt.changed, "; ") {
				t.Fatalf("got changed %q, err %v; want %q", changed, err, tt.changed)
			}
			if len(changed) > 0 && reflect.DeepEqual(got.Lock, s.Lock) && reflect.DeepEqual(got.Resource, s.Resource) {
				t.Fatalf("settings reported as changed but the scenario is the same")
			}
			if (tt.model == "" && s.Lock.TokenSource != "incr") || *s.Resource.CheckFencing != (tt.model == "") {
				t.Fatalf("WithSettings changed its receiver")
			}
		})
	}
}

func TestLastActionAt(t *testing.T) {
	s := blank(t)
	if got := s.LastActionAt(); got != 0 {
		t.Fatalf("empty scenario: got %d, want 0", got)
	}
	s.Actions = []sandbox.Action{{AtMS: 5000}, {AtMS: 12000}, {AtMS: 3000}}
	if got := s.LastActionAt(); got != 12000 {
		t.Fatalf("got %d, want 12000, the latest action", got)
	}
}
