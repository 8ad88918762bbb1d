package views

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"lockdrill/web/timelineview"
)

// Prerendered is a component whose HTML was rendered earlier by one of
// this package's components (the timeline page keeps its picture
// rendered per step). It writes those bytes as they are: they were
// escaped when they were rendered, so it must never be given anything
// else.
func Prerendered(html []byte) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(html)
		return err
	})
}

// Option is one choice of a select: the value sent and its label. The
// sandbox forms' options come from the sandbox's own vocabulary.
type Option struct{ Value, Label string }

// PresetCard is one scenario of the library on /sandbox.
type PresetCard struct {
	ID, Title, Lesson string
	Model             string
	// Fencing says whether the resource refuses stale writers; ByHolder
	// that its check is the holder guard of an UPDATE (the database
	// model), not a comparison of tokens; ByEpoch that the guard also
	// compares the claim's epoch (the per-claim fence the guide asks for),
	// not the holder's name alone.
	Fencing, ByHolder, ByEpoch bool
	GuideSlug                  string
	GuideTitle                 string
}

// BlankForm is the "start blank" configuration form, with the values as
// entered and an error per field name.
type BlankForm struct {
	Model, TTL, Clients, Heartbeat string
	// TokenSource is "" for the model's own default, or a source.
	TokenSource     string
	CheckFencing    bool
	Acquire         string
	Release         string
	ResourceKind    string
	IdempotencyKeys bool
	Errors          map[string]string
	// The options of the selects, and the most clients a timeline may
	// have.
	Models, Acquires, Releases, TokenSources, ResourceKinds []Option
	MaxClients                                              int
	// MinHeartbeat is the shortest heartbeat period that a holder can keep
	// up for the whole run within the events budget, on any model.
	MinHeartbeat int
}

// TimelineLink is one of the learner's saved timelines.
type TimelineLink struct {
	Href, Title string
	// Updated says when it last changed ("changed today, 00:41 UTC"), and
	// UpdatedISO is the same instant for the time element.
	Updated, UpdatedISO string
	Forked              bool
}

// SandboxIndexView is /sandbox.
type SandboxIndexView struct {
	Presets []PresetCard
	Blank   BlankForm
	Mine    []TimelineLink
}

// PredictOption is one option of a predict-the-outcome question.
type PredictOption struct {
	ID, HTML string
	// Correct, Chosen and WhyHTML are filled only once the prediction is
	// revealed.
	Correct, Chosen bool
	WhyHTML         string
}

// PredictView is a predict-the-outcome question tied to a preset.
type PredictView struct {
	QuestionID, Title, PromptHTML string
	Options                       []PredictOption
	// Revealed is set once the learner has predicted: Right says whether
	// the chosen option was correct.
	Revealed, Right bool
	ExplanationHTML string
	Error           string
}

// PresetView is /sandbox/presets/{id}: a preset before it is opened, or
// the question asked before it runs.
type PresetView struct {
	Card    PresetCard
	Actions []string
	Predict *PredictView
	// Diagram is the run, shown when no prediction is asked.
	Diagram *timelineview.Diagram
	// Conformance says whether real servers reproduce the run.
	Conformance *ConformanceLine
}

// ConfigLine is one line of a timeline's configuration summary.
type ConfigLine struct{ Name, Value string }

// SettingsForm is the form that forks a timeline with other settings.
type SettingsForm struct {
	TokenSource           string
	CheckFencing          bool
	Acquire, Release, TTL string
	Model                 string
	// Lag is the redis replica's lag in ms ("0": the replica acknowledges every write, as WAIT 1 would);
	// Persistence what a restarted redis or redlock node keeps.
	Lag, Persistence string
	ResourceKind     string
	IdempotencyKeys  bool
	// Retries of a refused acquire, and the seed of their random delays.
	Retries, RetryDelay, Seed string
	// Heartbeats are the clients' heartbeat periods, in the scenario's
	// client order; MinHeartbeat is the shortest period the form states,
	// the blank form's.
	Heartbeats   []HeartbeatSetting
	MinHeartbeat int
	// The options the model offers: Acquires is empty where the model has
	// no choice (the form keeps Acquire), Persistences where a restarted
	// node loses nothing; Lagged says the model has a replica lag.
	TokenSources, Acquires, Releases, Persistences, ResourceKinds []Option
	Lagged                                                        bool
	MaxRetries                                                    int
}

// HeartbeatSetting is one client's heartbeat period in the settings form:
// the client's id and the period in ms as shown ("0": none).
type HeartbeatSetting struct{ Client, Value string }

// ActionPanel is what the "act at now" forms need.
type ActionPanel struct {
	Now       string
	NowMS     int64
	Clients   []string
	AcquireOp string // "acquire", or "claim" for the database model
	// Extend: the model's lease can be extended (not a database claim).
	Extend bool
	// PauseOutcome ends the "Try the classic pause" box: what the late
	// write does under these settings, and how to see the other outcome.
	PauseOutcome string
	// MaxValueLen and MaxKeyLen bound a write's value and idempotency key.
	MaxValueLen, MaxKeyLen int
	Nodes                  []int // lock nodes, for clock jumps and redlock failover
	Failover               bool  // the model can fail over
	// FaultNodes are the nodes node_down/node_up/restart may name (redis:
	// the primary and, for down/up only, its replica); CutNodes those a
	// partition may cut off (redis: the primary only). The labels name
	// them. Members can split from each other only in the consensus model
	// (NodeSplit).
	FaultNodes  []int
	FaultLabels []string
	CutNodes    []int
	CutLabels   []string
	NodeSplit   bool

	// RestartNodes are the nodes a restart may name, with their labels;
	// RestartNote, set when they are fewer than FaultNodes, says which
	// do not restart, and the restart gets a form of its own.
	RestartNodes  []int
	RestartLabels []string
	RestartNote   string

	// NodeWord names one of the nodes in the forms: "member" for a
	// consensus service, "node" otherwise.
	NodeWord string
	// Ledger: the resource is a ledger, so a write may carry a key.
	Ledger  bool
	Actions int
	Max     int
	EndMS   int64
}

// ViolationLink is one violation of the summary.
type ViolationLink struct {
	Kind, T, Detail, Href string
	// Event is the index of the event the violation is about: one bad
	// write can break two rules, so the page counts events too.
	Event int
}

// TimelineView is the timeline page /sandbox/{id}.
type TimelineView struct {
	ID, Title string
	Base      string
	Preset    *PresetCard
	Owner     bool
	// Forbidden explains, on a refused action, why and offers the fork.
	Forbidden string
	// SettingsErrors holds, by input id, why each refused setting was
	// refused: all of them at once (QA-32 #8).
	SettingsErrors map[string]string
	// Refused is the one input of an action or the rename form that was
	// refused, shown again as typed (QA-32 #3); nil when none was.
	Refused *RefusedInput
	// SettingsError says why a settings form was refused; the form then
	// shows what was typed.
	SettingsError string
	EngineNote    string
	ParentHref    string
	// ParentGone: this is a fork whose original was deleted.
	ParentGone bool
	ExportHref string
	Config     []ConfigLine
	Settings   SettingsForm
	Act        ActionPanel
	Predict    *PredictView

	// Picture is the swimlane picture (Swimlane), rendered once per
	// (run, step) and shared by every reader of that step.
	Picture templ.Component
	// EventsTable is the event list (SandboxEvents of the window around
	// the step), rendered once per (run, step) like Picture.
	EventsTable templ.Component
	Panel       timelineview.Panel
	// Story is the run told step by step, one caption per step (index =
	// step), the picture's text alternative and the narrated replay.
	Story Story
	// Cursor and Actions are the owner's edits at the replay cursor and of
	// the list of actions.
	Cursor  CursorPanel
	Actions []ActionItem
	// ActionsNote says which part of a long action list is shown.
	ActionsNote string

	Step, Total                             int
	FirstHref, PrevHref, NextHref, LastHref string
	StateHref                               string
	WritesAccepted, WritesRejected          int
	FinalValue, Stopped                     string
	Violations                              []ViolationLink
	Invalid                                 string
}

// CompareSide is one timeline of a side-by-side comparison.
type CompareSide struct {
	Heading, Href  string
	Config         []ConfigLine
	Diagram        timelineview.Diagram
	WritesAccepted int
	WritesRejected int
	FinalValue     string
	Violations     []ViolationLink
}

// CompareView is /sandbox/{id}/compare.
type CompareView struct {
	Left, Right CompareSide
	// Changed names the settings that differ.
	Changed []string
	// Summary says, from both timelines as they are now, which settings
	// changed and which actions one has and the other lacks.
	Summary string
}

// ImportView is /sandbox/import.
type ImportView struct {
	JSON string
	// Error is a problem with the form itself (empty, unreadable file).
	Error string
	// Problems is every problem of the scenario, in the order of the file.
	Problems []ImportProblem
}

// ImportProblem is one problem of an imported scenario: the field it names
// ("actions[3].op", or "" for the whole input) and what is wrong.
type ImportProblem struct {
	Field string
	Msg   string
}
