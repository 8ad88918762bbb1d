package web

import (
	"net/url"
	"strconv"
)

// The URLs of the round pages, built here and nowhere else. A round id is
// a store id (checked by store.ValidID before any page is made), but every
// segment is escaped all the same.

// roundsURL is the rounds page: start form, resume link, history.
func roundsURL() string { return "/rounds" }

// roundURL is the round's current question.
func roundURL(id string) string { return "/rounds/" + url.PathEscape(id) }

// roundAnswerURL is where an answer to the round is posted.
func roundAnswerURL(id string) string { return roundURL(id) + "/answer" }

// roundFinishURL is where the learner ends or closes the round.
func roundFinishURL(id string) string { return roundURL(id) + "/finish" }

// roundTurnURL is the feedback on turn seq.
func roundTurnURL(id string, seq int) string { return roundURL(id) + "/turns/" + strconv.Itoa(seq) }

// roundScorecardURL is the finished round's scorecard.
func roundScorecardURL(id string) string { return roundURL(id) + "/scorecard" }

// roundMarkdownURL is the scorecard as a Markdown file.
func roundMarkdownURL(id string) string { return roundURL(id) + "/scorecard.md" }

// practiceQuestionURL is the practice page of question id.
func practiceQuestionURL(id string) string { return "/practice/" + url.PathEscape(id) }

// learnSectionURL is the guide section slug.
func learnSectionURL(slug string) string { return "/learn/" + url.PathEscape(slug) }
