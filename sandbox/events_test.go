package sandbox_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"lockdrill/sandbox"
)

// encodings are the ways the code base writes JSON: json.Marshal and
// MarshalIndent (the web layer, lockdrill sim --json), and an Encoder that
// does not escape <, > and & (the exports), with and without indent.
var encodings = map[string]func(v any) ([]byte, error){
	"Marshal": json.Marshal,
	"MarshalIndent": func(v any) ([]byte, error) {
		return json.MarshalIndent(v, "", "  ")
	},
	"Encoder/no-escape": func(v any) ([]byte, error) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		err := enc.Encode(v)
		return b.Bytes(), err
	},
	"Encoder/no-escape/indent": func(v any) ([]byte, error) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "\t")
		err := enc.Encode(v)
		return b.Bytes(), err
	},
}

// eventsScenario writes values and keys that JSON escapes (HTML
// characters, quotes, a line separator, invalid UTF-8) and crosses every
// kind of field: nodes, holders, violations, details.
func eventsScenario() sandbox.Scenario {
	s := sandbox.Scenario{Lock: sandbox.LockConfig{Model: sandbox.ModelRedlock, TTLMS: 1000, Nodes: 5},
		Resource: sandbox.ResourceConfig{Kind: sandbox.ResourceLedger},
		Clients:  []sandbox.Client{{ID: "A"}, {ID: "B", HeartbeatMS: 300}},
		Actions: []sandbox.Action{
			{AtMS: 0, Client: "A", Op: sandbox.OpAcquire},
			{AtMS: 10, Client: "A", Op: sandbox.OpWrite, Value: `<b>&"x"` + "\u2028", Key: "k<1>"},
			{AtMS: 20, Client: "A", Op: sandbox.OpPause, MS: 3000},
			{AtMS: 1500, Client: "B", Op: sandbox.OpAcquire},
			{AtMS: 1600, Client: "B", Op: sandbox.OpWrite, Value: "\xff&<"},
			{AtMS: 1700, Op: sandbox.OpPartition, Client: "B", Nodes: []int{1, 2, 3}},
			{AtMS: 1800, Op: sandbox.OpHeal},
			{AtMS: 3100, Client: "A", Op: sandbox.OpWrite, Value: `<b>&"x"` + "\u2028", Key: "k<1>"},
			{AtMS: 3200, Client: "B", Op: sandbox.OpRelease},
			{AtMS: 3300, Client: "A", Op: sandbox.OpCrash},
		}}
	return s.WithDefaults()
}

// TestEventsJSONIsEventSlices: the compact Events write, in every
// encoding, exactly the bytes encoding/json writes for the same events as
// a slice of Event (what Timeline.Events was before it was compact), and
// read them back to the same events.
func TestEventsJSONIsEventSlices(t *testing.T) {
	tls := []sandbox.Timeline{sandbox.Run(eventsScenario())}
	for _, p := range sandbox.Presets() {
		tls = append(tls, sandbox.Run(p.Scenario))
	}
	tls = append(tls, sandbox.Run(sandbox.Scenario{}), sandbox.Timeline{})
	for i, tl := range tls {
		slice := tl.Events.Slice()
		if tl.Events.Len() > 0 && len(slice) != tl.Events.Len() {
			t.Fatalf("timeline %d: Slice has %d events of %d", i, len(slice), tl.Events.Len())
		}
		for name, enc := range encodings {
			got, err := enc(tl.Events)
			if err != nil {
				t.Fatal(err)
			}
			var want []byte
			if i == len(tls)-1 {
				want, err = enc([]sandbox.Event(nil)) // the zero Timeline: null, as before
			} else {
				want, err = enc(slice)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("timeline %d, %s:\n got %s\nwant %s", i, name, got, want)
			}
			var wantBack []sandbox.Event
			if err := json.Unmarshal(want, &wantBack); err != nil {
				t.Fatal(err)
			}
			// The whole timeline too, through the struct's field.
			whole, err := enc(tl)
			if err != nil {
				t.Fatal(err)
			}
			var back sandbox.Timeline
			if err := json.Unmarshal(whole, &back); err != nil {
				t.Fatalf("timeline %d, %s: %v", i, name, err)
			}
			if got := back.Events.Slice(); back.Events.Len() != len(wantBack) || (len(wantBack) > 0 && !reflect.DeepEqual(got, wantBack)) {
				t.Fatalf("timeline %d, %s: the events read back differ", i, name)
			}
			// Read back, they write what the slice read back writes.
			again, err := enc(back.Events)
			if err != nil {
				t.Fatal(err)
			}
			if wantAgain, _ := enc(wantBack); !bytes.Equal(again, wantAgain) && wantBack != nil {
				t.Fatalf("timeline %d, %s: written, read and written again differs", i, name)
			}
		}
	}
}

// TestEventsOfKeepsEveryField: EventsOf and At give back each event as it
// was, nil and empty Nodes apart, and a timeline of them writes the same
// JSON and table.
func TestEventsOfKeepsEveryField(t *testing.T) {
	events := []sandbox.Event{
		{T: 1, Kind: sandbox.KindAcquireGranted, Client: "A", Node: 3, Nodes: []int{1, 2}, Grant: 7, Token: 9, Holder: "B",
			ValidUntil: 11, ExpiresAt: 12, Value: "v", Key: "k", MS: 13, Reason: "r", LatencyMS: 14, ArrivesAt: 15, Ref: 16, Detail: "d"},
		{T: 1 << 60, Kind: "made-up", Nodes: []int{}, Grant: -1, Ref: 1 << 40, Detail: "é\xff"},
		{},
	}
	es := sandbox.EventsOf(events)
	if es.Len() != len(events) {
		t.Fatalf("%d events, want %d", es.Len(), len(events))
	}
	for i := range events {
		if got := es.At(i); !reflect.DeepEqual(got, events[i]) {
			t.Fatalf("event %d:\n got %+v\nwant %+v", i, got, events[i])
		}
	}
	if got := es.Head(2).Len(); got != 2 {
		t.Fatalf("Head(2) has %d events", got)
	}
	if !es.Equal(sandbox.EventsOf(events)) || es.Equal(es.Head(2)) {
		t.Fatal("Equal is wrong")
	}
}

// TestTimelinesOutliveLaterRuns: Run builds the events in buffers it
// reuses from run to run; a timeline it returned must not change when
// later runs (of other scenarios, and beside it) reuse them.
func TestTimelinesOutliveLaterRuns(t *testing.T) {
	var scenarios []sandbox.Scenario
	for _, p := range sandbox.Presets() {
		scenarios = append(scenarios, p.Scenario)
	}
	scenarios = append(scenarios, eventsScenario())
	var kept []sandbox.Timeline
	var want []string
	for round := range 3 {
		for _, s := range scenarios {
			tl := sandbox.Run(s)
			js, err := json.Marshal(tl)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				kept, want = append(kept, tl), append(want, string(js))
			}
		}
	}
	for i, tl := range kept {
		if js, _ := json.Marshal(tl); string(js) != want[i] {
			t.Fatalf("timeline %d changed after later runs", i)
		}
	}
}
