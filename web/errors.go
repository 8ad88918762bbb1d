package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleError is the one place where errors become responses. Known errors
// map to their status with a message written for the learner; anything else
// is a 500 whose details go to the log with the request id, never to the page.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	// A client that went away mid-request is not a server failure: record
	// the conventional 499 for the log and write nothing more.
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		_ = c.NoContent(499)
		return
	}
	// ContextTimeout cancels the request context as the handler returns,
	// before this runs; the error page must still render.
	c.SetRequest(c.Request().WithContext(context.WithoutCancel(c.Request().Context())))
	status, heading, msg := http.StatusInternalServerError, "Something went wrong on our side", "The error has been logged. Your saved work is safe; try again in a moment."
	var he *echo.HTTPError
	var qe *store.QuotaError
	var ne *nextStepError
	var next views.ErrorView
	var cr *csrfRefusal
	var mf *malformedForm
	switch {
	case errors.As(err, &cr):
		status, heading, msg = http.StatusForbidden, headingFor(http.StatusForbidden), csrfMessage
		next.Resend = cr.form
		switch {
		case cr.form == nil:
		case cr.form.Destructive:
			// The confirm box is left empty on purpose (one click there
			// must not delete), so "what you typed is kept" was untrue
			// (QA-34 #6).
			msg = "This form had expired, so nothing was deleted. To delete everything, type the word again below and send it."
		case cr.form.CanSend:
			msg = "This form had expired, so nothing was changed. What you typed is kept below: check it and send it again."
		default:
			msg = "This form had expired or did not come from lockdrill, so nothing was changed. What you typed is shown below: copy it, reload the page and send it again."
		}
	case errors.As(err, &mf):
		status, heading, msg = http.StatusBadRequest, headingFor(http.StatusBadRequest), "The form could not be read: its body is malformed, so nothing was changed."
		if mf.form != nil {
			next.Resend = mf.form
			msg += " What could be read of it is shown below (bytes that are not text are shown as \uFFFD): copy it, reload the page and send it again."
		}
	case errors.As(err, &ne):
		status, heading, msg = ne.status, headingFor(ne.status), ne.msg
		next.NextHref, next.NextLabel = ne.href, ne.label
	case errors.As(err, &qe) && qe.Global:
		c.Response().Header().Set("Retry-After", "60")
		status, heading, msg = http.StatusServiceUnavailable, "Too many new learners right now",
			"lockdrill takes in at most "+strconv.Itoa(qe.Limit)+" new learners a minute, and that many arrived in the last minute. Nothing was saved; try again in a minute."
	case errors.As(err, &qe):
		status, heading, msg = http.StatusTooManyRequests, "You have reached a limit",
			"lockdrill keeps at most "+strconv.Itoa(qe.Limit)+" "+qe.What+" per learner "+qe.Window+", and you have reached it, so this one was not saved. "+
				"Everything you saved before is kept."
		if qe.Window == "in 24 hours" {
			msg += " Try again tomorrow."
		}
	case errors.As(err, &he):
		status = he.Code
		heading, msg = headingFor(status), messageFor(status)
		if status == http.StatusRequestEntityTooLarge {
			msg = tooLargeMessage(c.Request().URL.Path)
		}
		if m, ok := he.Message.(string); ok && m != "" && status < 500 && !isEchoDefaultMessage(status, m) {
			msg = m
		}
	case errors.Is(err, store.ErrNotFound) && strings.HasPrefix(c.Path(), "/sandbox/:id"):
		// Q8-1: timelines are shareable, so "it belongs to someone else"
		// is untrue for them; a link to one that is gone was deleted or
		// cut short.
		status, heading, msg = http.StatusNotFound, "Timeline not found",
			"No timeline at this link: its owner may have deleted it, or the link is incomplete. Your own timelines are on the sandbox page."
		next.NextHref, next.NextLabel = urls.Sandbox(), "Go to the sandbox"
	case errors.Is(err, store.ErrNotFound):
		status, heading, msg = http.StatusNotFound, headingFor(http.StatusNotFound), "There is nothing here, or it belongs to someone else."
	case errors.Is(err, store.ErrBusy):
		c.Response().Header().Set("Retry-After", "2")
		status, heading, msg = http.StatusServiceUnavailable, "Busy for a moment",
			"lockdrill's database is busy with another change, so this one was not saved. Nothing was lost; send it again in a few seconds."
	case errors.Is(err, errPageTooLarge):
		status, heading, msg = http.StatusInternalServerError, "This page is too large to show", "It would be larger than lockdrill sends in one page. Nothing was lost; a timeline can be exported as JSON from its sandbox page."
	case errors.Is(err, context.DeadlineExceeded):
		status, heading, msg = http.StatusServiceUnavailable, "That took too long", "The request ran out of time and was stopped. Nothing was lost; try again."
	}
	reqID := c.Response().Header().Get(echo.HeaderXRequestID)
	if status >= 500 {
		level := slog.LevelError
		if errors.Is(err, store.ErrBusy) {
			level = slog.LevelWarn // expected while something holds the lock; the client is told to retry
		}
		s.log.LogAttrs(c.Request().Context(), level, "request failed",
			slog.String("request_id", reqID), slog.String("uri", c.Request().RequestURI), slog.String("error", err.Error()))
	}
	p := s.page(c, heading, "")
	v := views.ErrorView{Status: status, Heading: heading, Message: msg, NextHref: next.NextHref, NextLabel: next.NextLabel, Resend: next.Resend}
	if status >= 500 {
		v.RequestID = reqID
	}
	if rerr := render(c, status, views.ErrorPage(p, v)); rerr != nil {
		s.log.Error("render error page", "error", rerr, "request_id", reqID)
		_ = c.String(status, msg)
	}
}

// nextStepError is a refusal that knows where the learner goes on from
// it: its page leads with that link ("Back to the round").
type nextStepError struct {
	status      int
	msg         string
	href, label string
}

func (e *nextStepError) Error() string { return e.msg }

func headingFor(status int) string {
	switch status {
	case http.StatusNotFound:
		return "Page not found"
	case http.StatusForbidden:
		return "Not allowed"
	case http.StatusMethodNotAllowed:
		return "That action is not available here"
	case http.StatusRequestEntityTooLarge:
		return "That was too much to send"
	case http.StatusTooManyRequests:
		return "Slow down a little"
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return "That request could not be used"
	case http.StatusServiceUnavailable:
		return "Temporarily unavailable"
	}
	if status >= 500 {
		return "Something went wrong on our side"
	}
	return http.StatusText(status)
}

func messageFor(status int) string {
	switch status {
	case http.StatusNotFound:
		return "We looked everywhere, including behind the lock service. Check the address, or start again from the guide."
	case http.StatusForbidden:
		return "You are not allowed to do that here."
	case http.StatusMethodNotAllowed:
		return "This address exists, but not for that kind of request."
	case http.StatusRequestEntityTooLarge:
		return tooLargeMessage("")
	case http.StatusTooManyRequests:
		return "You are sending requests faster than lockdrill accepts. Wait a few seconds and try again."
	case http.StatusBadRequest:
		return "The request was malformed. Nothing was changed."
	}
	if status >= 500 {
		return "The error has been logged. Your saved work is safe; try again in a moment."
	}
	return http.StatusText(status)
}

// isEchoDefaultMessage reports whether m is echo's own terse text for status
// (such as "Not Found"), which the friendlier message replaces.
func isEchoDefaultMessage(status int, m string) bool {
	return m == http.StatusText(status)
}

// tooLargeMessage explains a 413 in the terms of the form that was sent to
// path: the answer limit on an answer, the upload limit on an import, the
// scenario limit in the sandbox.
func tooLargeMessage(path string) string {
	sent := "The request was larger than the " + strconv.Itoa(MaxBodyBytes/1024) + " KiB lockdrill reads, so it was not read and nothing was saved."
	switch {
	case isAnswerPath(path):
		return "An answer can be at most " + groupThousands(quiz.MaxAnswerChars) + " characters, and this one was far longer. " + sent +
			" Go back (the browser usually keeps what you typed), shorten the answer to " + groupThousands(quiz.MaxAnswerChars) + " characters and send it again."
	case path == "/account/import":
		return "An import file can be at most 1 MiB as uploaded. " + sent +
			" Import the compressed export (.json.gz) instead: it holds the same data in a tenth of the size or less."
	case path == "/sandbox" || strings.HasPrefix(path, "/sandbox/"):
		return "The request was larger than lockdrill accepts: " + strconv.Itoa(MaxBodyBytes/1024) + " KiB in all, enough for a scenario file of up to 1 MiB (1,048,576 bytes), the most the sandbox reads. A large scenario goes through the import page's file upload, since pasting it makes the form about three times larger. Nothing was changed."
	}
	return sent
}

// isAnswerPath reports whether path is where an answer is sent: a practice
// question or a round's current turn.
func isAnswerPath(path string) bool {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 2 && parts[0] == "practice":
		return true
	case len(parts) == 3 && parts[0] == "rounds" && parts[2] == "answer":
		return true
	}
	return false
}

// groupThousands writes n grouped as every page writes numbers: 5000 is
// "5 000" (timelineview.Group).
func groupThousands(n int) string { return timelineview.Group(int64(n)) }
