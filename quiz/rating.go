package quiz

import (
	"fmt"
	"strings"
)

// Rating is a spaced-review rating. The values match FSRS and are stored.
type Rating int

// The ratings.
const (
	// Again: forgotten or failed; review soon.
	Again Rating = 1
	// Hard: recalled with serious difficulty.
	Hard Rating = 2
	// Good: recalled.
	Good Rating = 3
	// Easy: recalled effortlessly.
	Easy Rating = 4
)

// Ratings lists the ratings in button order.
func Ratings() []Rating { return []Rating{Again, Hard, Good, Easy} }

// Valid reports whether r is one of the four ratings.
func (r Rating) Valid() bool { return r >= Again && r <= Easy }

// String returns "Again", "Hard", "Good" or "Easy".
func (r Rating) String() string {
	switch r {
	case Again:
		return "Again"
	case Hard:
		return "Hard"
	case Good:
		return "Good"
	case Easy:
		return "Easy"
	}
	return fmt.Sprintf("Rating(%d)", int(r))
}

// ParseRating accepts a rating by number ("1".."4") or name, in any case.
func ParseRating(s string) (Rating, error) {
	for _, r := range Ratings() {
		if s == fmt.Sprint(int(r)) || strings.EqualFold(s, r.String()) {
			return r, nil
		}
	}
	return 0, fmt.Errorf("rating %q: want one of Again, Hard, Good, Easy (1-4)", s)
}

// SuggestRating maps a graded result to the rating the feedback page
// preselects: a failed answer (fatal flag or below the pass mark) is Again,
// a pass with gaps Hard, a solid pass Good, a full score without flags Easy.
func SuggestRating(score float64, fatal bool, flags int) Rating {
	switch {
	case fatal || score < PassMark:
		return Again
	case score < 0.8:
		return Hard
	case score >= 0.999 && flags == 0:
		return Easy
	default:
		return Good
	}
}
