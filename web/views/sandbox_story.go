package views

// Story is the narrated replay of a timeline: one caption per step, of
// which the page lists those from First on (a long run lists a window
// around the shown step, so the page stays small).
type Story struct {
	Captions []string
	First    int
	// Authored is true when some captions are the preset's own words.
	Authored bool
}

// StoryLine is one listed caption.
type StoryLine struct {
	Step    int
	Text    string
	Current bool
}

// MaxStoryLines bounds the captions listed on one page.
const MaxStoryLines = 120

// NewStory keeps the window of captions around step that a page lists.
func NewStory(captions []string, step int, authored bool) Story {
	first := 0
	if len(captions) > MaxStoryLines {
		first = min(max(step-MaxStoryLines/2, 0), len(captions)-MaxStoryLines)
		captions = captions[first : first+MaxStoryLines]
	}
	return Story{Captions: captions, First: first, Authored: authored}
}

// Lines are the listed captions, the shown step's marked current.
func (s Story) Lines(step int) []StoryLine {
	out := make([]StoryLine, len(s.Captions))
	for i, c := range s.Captions {
		out[i] = StoryLine{Step: s.First + i, Text: c, Current: s.First+i == step}
	}
	return out
}

// At is the caption of step, or "" when the page does not list it.
func (s Story) At(step int) string {
	if i := step - s.First; i >= 0 && i < len(s.Captions) {
		return s.Captions[i]
	}
	return ""
}

// Partial reports whether the page lists only part of the run.
func (s Story) Partial(total int) bool {
	return s.First > 0 || len(s.Captions) < total+1
}
