package views

import "strings"

// joinWords lists words as a sentence does: "a", "a and b", "a, b and c".
func joinWords(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// back is where a dispute posted from the feedback page returns: the
// review variant of the page when the learner came from review.
func (v FeedbackView) back() string {
	if v.FromReview {
		return "review"
	}
	return ""
}
