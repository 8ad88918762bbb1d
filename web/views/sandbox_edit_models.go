package views

import "strconv"

// CursorPanel is what the "act at the replay cursor" forms need: the time
// of the shown step, where an inserted action goes.
type CursorPanel struct {
	AtMS      int64
	At        string
	Step      int
	Clients   []string
	AcquireOp string
}

// ActionItem is one action of a timeline in the list that edits it.
type ActionItem struct {
	// Index is the action's place in the scenario; Key what the form saw,
	// so a stale form is refused.
	Index int
	Text  string
	Key   string
	AtS   string
	AtMS  int64
	// Op and its editable parameter: PauseS for a pause, DelayMS for a
	// delay, Value for a write.
	Op      string
	PauseS  string
	DelayMS string
	Value   string
}

func i64toa(n int64) string { return strconv.FormatInt(n, 10) }
