// Package urls builds the address of every page and form action of the app,
// so that a route's shape is written once (here and in web/routes.go) and
// handlers and templates ask for an address instead of concatenating one.
//
// Each function names the route it builds in its doc comment; the web
// package's tests route every one of them through the real router. Path
// parameters are escaped, so an identifier can never change which route an
// address reaches; the identifiers the app issues (slugs, hex ids) need no
// escaping and come out unchanged.
package urls

import (
	"net/url"
	"strconv"
)

func seg(s string) string { return url.PathEscape(s) }

// Home is "GET /".
func Home() string { return "/" }

// Health is "GET /healthz".
func Health() string { return "/healthz" }

// Static is "GET /static/*" for the asset path name (as static.Assets names
// it, fingerprint included).
func Static(name string) string { return "/static/" + name }

// Learn is the guide's index, "GET /learn".
func Learn() string { return "/learn" }

// LearnSection is a guide section, "GET /learn/:slug".
func LearnSection(slug string) string { return "/learn/" + seg(slug) }

// LearnMarkRead is "POST /learn/:slug/read".
func LearnMarkRead(slug string) string { return LearnSection(slug) + "/read" }

// Practice is the question list, "GET /practice".
func Practice() string { return "/practice" }

// PracticeTopic is the question list filtered to one topic,
// "GET /practice?topic=".
func PracticeTopic(topic string) string { return "/practice?topic=" + url.QueryEscape(topic) }

// Question is a question's exercise page, "GET /practice/:id", and its
// answer form's action, "POST /practice/:id".
func Question(id string) string { return "/practice/" + seg(id) }

// Attempt is an answer's feedback page,
// "GET /practice/:id/attempts/:attempt".
func Attempt(question, attempt string) string {
	return Question(question) + "/attempts/" + seg(attempt)
}

// AttemptTicks is "POST /practice/:id/attempts/:attempt/ticks".
func AttemptTicks(question, attempt string) string { return Attempt(question, attempt) + "/ticks" }

// AttemptRating is "POST /practice/:id/attempts/:attempt/rating".
func AttemptRating(question, attempt string) string { return Attempt(question, attempt) + "/rating" }

// AttemptDisputes is "POST /practice/:id/attempts/:attempt/disputes".
func AttemptDisputes(question, attempt string) string {
	return Attempt(question, attempt) + "/disputes"
}

// Review is the due-review page, "GET /review".
func Review() string { return "/review" }

// Cram is the cram session, "GET /review/cram", and its rating form's
// action, "POST /review/cram".
func Cram() string { return "/review/cram" }

// AboutGrader is "GET /about/grader".
func AboutGrader() string { return "/about/grader" }

// Rounds is the mock rounds page, "GET /rounds", and the start form's
// action, "POST /rounds".
func Rounds() string { return "/rounds" }

// Round is a round's current question, "GET /rounds/:id".
func Round(id string) string { return "/rounds/" + seg(id) }

// RoundAnswer is "POST /rounds/:id/answer".
func RoundAnswer(id string) string { return Round(id) + "/answer" }

// RoundFinish is "POST /rounds/:id/finish".
func RoundFinish(id string) string { return Round(id) + "/finish" }

// RoundTurn is a turn's feedback, "GET /rounds/:id/turns/:seq".
func RoundTurn(id string, seq int) string { return Round(id) + "/turns/" + strconv.Itoa(seq) }

// TurnDisputes is "POST /rounds/:id/turns/:seq/disputes".
func TurnDisputes(id string, seq int) string { return RoundTurn(id, seq) + "/disputes" }

// Scorecard is "GET /rounds/:id/scorecard".
func Scorecard(id string) string { return Round(id) + "/scorecard" }

// ScorecardMarkdown is "GET /rounds/:id/scorecard.md".
func ScorecardMarkdown(id string) string { return Round(id) + "/scorecard.md" }

// RoundInvite is "POST /rounds/:id/invite", a peer round's invitation.
func RoundInvite(id string) string { return Round(id) + "/invite" }

// RoundDraft is "POST /rounds/:id/draft", a peer round's live draft.
func RoundDraft(id string) string { return Round(id) + "/draft" }

// RoundLive is "GET /rounds/:id/live", the candidate's poll of a peer round.
func RoundLive(id string) string { return Round(id) + "/live" }

// PeerJoin is the invitation link, "GET /peer/join/:token", and its
// join button's action, "POST /peer/join/:token".
func PeerJoin(token string) string { return "/peer/join/" + seg(token) }

// Peer is the interviewer's screen, "GET /peer/:id".
func Peer(id string) string { return "/peer/" + seg(id) }

// PeerLive is "GET /peer/:id/live", the interviewer's live panel.
func PeerLive(id string) string { return Peer(id) + "/live" }

// PeerAsk is "POST /peer/:id/ask".
func PeerAsk(id string) string { return Peer(id) + "/ask" }

// PeerNext is "POST /peer/:id/next".
func PeerNext(id string) string { return Peer(id) + "/next" }

// PeerNotes is "POST /peer/:id/notes".
func PeerNotes(id string) string { return Peer(id) + "/notes" }

// PeerFinish is "POST /peer/:id/finish".
func PeerFinish(id string) string { return Peer(id) + "/finish" }

// PeerScorecard is "GET /peer/:id/scorecard", the interviewer's copy.
func PeerScorecard(id string) string { return Peer(id) + "/scorecard" }

// Sandbox is the sandbox's index, "GET /sandbox", and the blank timeline
// form's action, "POST /sandbox".
func Sandbox() string { return "/sandbox" }

// SandboxImport is "GET /sandbox/import" and "POST /sandbox/import".
func SandboxImport() string { return "/sandbox/import" }

// Preset is a preset's page, "GET /sandbox/presets/:preset", and the
// action that opens it as a timeline, "POST /sandbox/presets/:preset".
func Preset(id string) string { return "/sandbox/presets/" + seg(id) }

// Timeline is a saved timeline, "GET /sandbox/:id".
func Timeline(id string) string { return "/sandbox/" + seg(id) }

// TimelineStep is a saved timeline at replay step step,
// "GET /sandbox/:id?step=".
func TimelineStep(id string, step int) string { return Timeline(id) + "?step=" + strconv.Itoa(step) }

// TimelineExport is a timeline's scenario as JSON, "GET /sandbox/:id.json"
// (served by the timeline's route).
func TimelineExport(id string) string { return Timeline(id) + ".json" }

// TimelineState is "GET /sandbox/:id/state".
func TimelineState(id string) string { return Timeline(id) + "/state" }

// TimelineCompare is "GET /sandbox/:id/compare".
func TimelineCompare(id string) string { return Timeline(id) + "/compare" }

// TimelineActions is "POST /sandbox/:id/actions".
func TimelineActions(id string) string { return Timeline(id) + "/actions" }

// TimelineInsert is "POST /sandbox/:id/insert".
func TimelineInsert(id string) string { return Timeline(id) + "/insert" }

// TimelineEditAction is "POST /sandbox/:id/actions/edit".
func TimelineEditAction(id string) string { return Timeline(id) + "/actions/edit" }

// TimelineSettings is "POST /sandbox/:id/settings".
func TimelineSettings(id string) string { return Timeline(id) + "/settings" }

// TimelineRename is "POST /sandbox/:id/rename".
func TimelineRename(id string) string { return Timeline(id) + "/rename" }

// TimelineDelete is "POST /sandbox/:id/delete".
func TimelineDelete(id string) string { return Timeline(id) + "/delete" }

// TimelineFork is "POST /sandbox/:id/fork".
func TimelineFork(id string) string { return Timeline(id) + "/fork" }

// Progress is "GET /progress".
func Progress() string { return "/progress" }

// Plan is "POST /plan".
func Plan() string { return "/plan" }

// PlanClear is "POST /plan/clear".
func PlanClear() string { return "/plan/clear" }

// Account is "GET /account".
func Account() string { return "/account" }

// AccountTransfer is "POST /account/transfer".
func AccountTransfer() string { return "/account/transfer" }

// AccountRedeem is "POST /account/transfer/redeem".
func AccountRedeem() string { return "/account/transfer/redeem" }

// AccountExport is "GET /account/export.json".
func AccountExport() string { return "/account/export.json" }

// AccountExportGzip is "GET /account/export.json.gz".
func AccountExportGzip() string { return "/account/export.json.gz" }

// AccountImport is "POST /account/import".
func AccountImport() string { return "/account/import" }

// AccountDelete is "POST /account/delete".
func AccountDelete() string { return "/account/delete" }

// AttemptFromReview is an answer's feedback page reached from the review
// queue, whose "next" link returns to it: Attempt with "?from=review".
func AttemptFromReview(question, attempt string) string {
	return Attempt(question, attempt) + "?from=review"
}

// PresetPredict is a preset's page showing the prediction asked by the
// predict question next to the run: Preset with "?predict=".
func PresetPredict(preset, question string) string {
	return Preset(preset) + "?predict=" + url.QueryEscape(question)
}
