package timelineview

// The picture's types: what a Diagram holds, in SVG user units.

// Geometry of the picture, in SVG user units.
const (
	labelW      = 112 // the lane names on the left
	padRight    = 28
	axisH       = 30 // the time axis on top
	clientLaneH = 60
	serviceH    = 54
	nodeLaneH   = 44
	resourceH   = 58
	checkerH    = 34
	arrowClear  = 8  // from an arrow's line to a label beside its head (the head is 7 units wide)
	footH       = 34 // under the lanes: the labels of the replay cursor and of now
	minWidth    = 960
	maxWidth    = 24000
	// MaxShapes bounds the bars, arrows and marks of one picture: beyond
	// it, only the events around the replay step are drawn (violations
	// always), so a legal run of thousands of heartbeats still makes a
	// picture of bounded size.
	MaxShapes = 600
	perEvent  = 22 // width granted per event, so dense timelines widen and scroll
	charW     = 6.6
)

// Lane kinds (Lane.Kind), also used as CSS class suffixes.
const (
	LaneClient   = "client"
	LaneService  = "service"
	LaneResource = "resource"
	LaneChecker  = "checker"
)

// Diagram is the swimlane picture of one timeline at one step.
type Diagram struct {
	Width, Height int
	// PlotX is where time 0 is drawn; PlotW the width of the time axis.
	PlotX, PlotW int
	Lanes        []Lane
	Ticks        []Tick
	// Bars are leases and pauses; Arrows messages; Marks everything drawn
	// at one instant (writes, crashes, expiries, violations...).
	Bars   []Bar
	Arrows []Arrow
	Marks  []Mark
	// Bands highlight violations across every lane.
	Bands []Bar
	// PlotBottom is the y where the lanes end; the cursor and now labels
	// sit below it.
	PlotBottom int
	// Step is the step shown; CursorX the x of its time. CursorLabel
	// ("replay: step 8") is drawn under the lanes at CursorLabelX with
	// CursorAnchor ("start" or "end", so it stays inside the picture).
	Step         int
	CursorX      int
	CursorLabel  string
	CursorLabelX int
	CursorAnchor string
	// NowX is where the learner's next action lands ("now"), drawn as a
	// dashed marker distinct from the replay cursor; NowLabel is empty
	// when the picture has no now (the compare page, a preview, a view by
	// someone who cannot act).
	NowX      int
	NowLabel  string
	NowLabelX int
	NowAnchor string
	// StepX is the x of each step's time (index = step), for the scrubber;
	// StepMS the time itself, for the replay label.
	StepX  []int
	StepMS []int
	// Fluid is true for a picture at the minimum width: it may scale up to
	// fill its container. Wider ones keep their size and scroll.
	Fluid bool
	// Drawn and Omitted count the events whose shapes are drawn and left
	// out: a run too large to draw whole is drawn around the step (see
	// MaxShapes), and the page says so.
	Drawn, Omitted int
	// DrawnFrom and DrawnTo are the first and last step drawn when
	// Omitted > 0.
	DrawnFrom, DrawnTo int
	// Title and Desc describe the picture for assistive technology.
	Title, Desc string
	// Stretched is true when the time axis is not linear: stretches of
	// time dense with events are drawn wider (see stretch), and the tick
	// labels give the times.
	Stretched bool

	scale float64
	warp  warp
}

// Lane is one horizontal swim lane.
type Lane struct {
	Label string
	Kind  string
	Y, H  int
	// Odd alternates the background for readability.
	Odd bool
}

// Tick is one labelled time on the axis.
type Tick struct {
	X     int
	Label string
}

// Bar is a rectangle over a span of time.
type Bar struct {
	X, Y, W, H int
	// Class is one of "believes", "stale-belief", "holds", "holds-forever",
	// "pause", "violation".
	Class string
	// Text is drawn inside when it fits ("" otherwise); Title is the
	// tooltip and accessible name, always set.
	Text  string
	TextX int
	TextY int
	Title string
	// Step is the step from which the bar exists (for replay).
	Step int
	// Href, when set, makes the bar a link (violations).
	Href string
}

// Arrow is a message from one lane to another.
type Arrow struct {
	X1, Y1, X2, Y2 int
	// Class is "ok", "refused" or "write".
	Class string
	Title string
	Step  int

	// pre and ev make the title once the picture is summarised: pre, then
	// the event ev-1 (ev is 0 when Title is already set).
	pre string
	ev  int
}

// Mark is something that happens at one instant.
type Mark struct {
	X, Y int
	// Shape is "accepted" (circle with ✓), "rejected" (square with ✗),
	// "crash" (✕), "expired", "failover", "jump", "violation" (triangle
	// with !), "denied", "delay", "skipped", "granted" (a label only).
	Shape string
	// Glyph is the text symbol drawn in or beside the shape, so colour is
	// never the only cue.
	Glyph string
	// Text is the visible label ("" when it would collide), drawn at
	// TextX, TextY.
	Text         string
	TextX, TextY int
	Title        string
	Step         int
	Href         string
	// Y2 is the lower end of vertical marks (failover lines).
	Y2 int

	ev int // as in Arrow
}
