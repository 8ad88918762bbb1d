package web

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// Peer rounds: the candidate's side is the round's own routes (/rounds/:id
// and below), where the store checks the round is theirs; the interviewer's
// side is /peer/:id and below, where store.UpdatePeerRound and PeerRound
// check the learner is the round's interviewer. Nobody else gets anything
// but 404.

// peerPollLimit bounds how often one learner may poll a peer round's live
// state: the pages poll every 1.5 s, so this is only ever met by a loop.
const (
	peerPollRate  = 4
	peerPollBurst = 20
)

// pollLimiter is a per-learner token bucket for the live endpoints.
type pollLimiter struct {
	mu sync.Mutex
	m  map[string]*pollEntry
}

type pollEntry struct {
	lim  *rate.Limiter
	seen time.Time
}

// allow reports whether learner may poll now; entries idle for a minute
// are dropped, so the map stays the size of the active learners.
func (p *pollLimiter) allow(learner string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.m == nil {
		p.m = map[string]*pollEntry{}
	}
	if len(p.m) > 1000 {
		for k, e := range p.m {
			if now.Sub(e.seen) > time.Minute {
				delete(p.m, k)
			}
		}
	}
	e, ok := p.m[learner]
	if !ok {
		e = &pollEntry{lim: rate.NewLimiter(peerPollRate, peerPollBurst)}
		p.m[learner] = e
	}
	e.seen = now
	return e.lim.Allow()
}

var peerPolls pollLimiter

func (s *Server) pollAllowed(c echo.Context, learner string) error {
	if !peerPolls.allow(learner) {
		c.Response().Header().Set("Retry-After", "2")
		return echo.NewHTTPError(http.StatusTooManyRequests, "This page is asking for updates faster than lockdrill sends them. Wait a moment and reload.")
	}
	return nil
}

// peerRef returns the learner and the round id in the URL; a visitor and a
// malformed id are 404.
func (s *Server) peerRef(c echo.Context) (string, string, error) {
	return s.roundRef(c)
}

// peerRound loads the peer round named in the URL for its learner in role.
func (s *Server) peerRound(c echo.Context, role store.Role) (*store.PeerRound, error) {
	learner, id, err := s.peerRef(c)
	if err != nil {
		return nil, err
	}
	p, err := s.store.PeerRound(c.Request().Context(), learner, id)
	if err != nil {
		return nil, err
	}
	if p.Role != role {
		return nil, store.ErrNotFound
	}
	return p, nil
}

// renderPeerCandidate renders the candidate's page of a peer round that is
// not on a question: the invitation before anyone joined, the wait while
// the interviewer decides. It reports false when the round is on a
// question (the usual play page then shows it).
func (s *Server) renderPeerCandidate(c echo.Context, p *store.PeerRound, inviteURL string) (bool, error) {
	r := p.Round
	now := s.now()
	switch {
	case p.Interviewer == "" && !r.Over():
		v := views.PeerLobbyView{RoundID: r.ID, Size: r.Size, Minutes: int(r.Limit / time.Minute), InviteURL: inviteURL, InviteMinutes: int(store.InviteTTL / time.Minute),
			InviteHref: urls.RoundInvite(r.ID), FinishHref: urls.RoundFinish(r.ID), LiveHref: urls.RoundLive(r.ID), State: peerState(p, false)}
		if !p.InviteExpires.IsZero() && p.InviteExpires.After(now) {
			v.Pending = inviteURL == ""
			v.InviteExpires, v.InviteExpiresISO = formatWhen(p.InviteExpires, now), p.InviteExpires.UTC().Format(time.RFC3339)
		}
		pg := s.page(c, "Peer interview: invitation", "rounds")
		pg.Scripts = []string{"js/peer.js"}
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return true, render(c, http.StatusOK, views.PeerLobby(pg, v))
	case r.Waiting():
		last, _ := r.LastAnswered()
		v := views.PeerWaitView{RoundID: r.ID, Number: quiz.MainNumber(last.Seq), Size: r.Size, LiveHref: urls.RoundLive(r.ID), State: peerState(p, false), FinishHref: urls.RoundFinish(r.ID)}
		pg := s.page(c, "Waiting for the interviewer", "rounds")
		pg.Scripts = []string{"js/peer.js"}
		return true, render(c, http.StatusOK, views.PeerWait(pg, v))
	}
	return false, nil
}

// peerState is a fingerprint of what a side's page shows: it changes when
// the page should change. The candidate's leaves the draft out (their own
// typing must not reload their page); the interviewer's has it.
func peerState(p *store.PeerRound, interviewer bool) string {
	r := p.Round
	answered := 0
	for _, t := range r.Turns {
		if t.Done() {
			answered++
		}
	}
	st := fmt.Sprintf("t%d.a%d.w%t.o%t.j%t", len(r.Turns), answered, r.Waiting(), r.Over(), p.Interviewer != "")
	if cur, ok := r.Current(); ok {
		st += fmt.Sprintf(".s%t", !cur.Shown.IsZero())
	}
	if interviewer {
		h := fnv.New64a()
		h.Write([]byte(p.Draft.Text))
		st += fmt.Sprintf(".d%d.%x", p.Draft.Seq, h.Sum64())
	}
	return st
}

// handleRoundInvite handles "POST /rounds/:id/invite": the candidate asks
// for an invitation link, shown on the page it returns (only its hash is
// kept, so it cannot be shown again).
func (s *Server) handleRoundInvite(c echo.Context) error {
	learner, id, err := s.roundRef(c)
	if err != nil {
		return err
	}
	token, _, err := s.store.IssueInvite(c.Request().Context(), learner, id, s.now())
	switch {
	case errors.Is(err, store.ErrHasInterviewer):
		return s.seeOther(c, urls.Round(id), "Your interviewer has joined already.")
	case errors.Is(err, quiz.ErrRoundFinished):
		return s.seeOther(c, urls.Scorecard(id), "")
	case err != nil:
		return err
	}
	// The link is shown by the lobby the browser is sent to, which reads
	// it from a cookie of that round's path for as long as it is valid:
	// a reload shows the same link instead of posting again and replacing
	// the one just sent (QA-3 D21). Only the candidate's browser holds it.
	c.SetCookie(&http.Cookie{Name: inviteCookie, Value: token, Path: urls.Round(id), MaxAge: int(store.InviteTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
	return s.seeOther(c, urls.Round(id), "")
}

// inviteCookie holds the candidate's latest invitation token, on the path
// of its round.
const inviteCookie = "lockdrill_invite"

// shownInvite is the invitation link the candidate's lobby shows: the one
// in their cookie while the store still takes it (the store refuses a
// candidate joining their own round, which is how a valid token of theirs
// answers), else "".
func (s *Server) shownInvite(c echo.Context, learner, id string) string {
	ck, err := c.Cookie(inviteCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	if rid, err := s.store.CheckInvite(c.Request().Context(), learner, ck.Value, s.now()); !errors.Is(err, store.ErrOwnInvite) || rid != id {
		return ""
	}
	return requestOrigin(c) + urls.PeerJoin(ck.Value)
}

// handleRoundDraft handles "POST /rounds/:id/draft": the candidate's page
// sends the answer as typed so far (debounced), for the interviewer's
// screen. It answers 204; a draft for a turn that is no longer current is
// 409, one over the answer limit 413.
func (s *Server) handleRoundDraft(c echo.Context) error {
	learner, id, err := s.roundRef(c)
	if err != nil {
		return err
	}
	seq, err := formSeq(c)
	if err != nil {
		return err
	}
	draft := quiz.StripInvisible(c.FormValue("answer"))
	// The draft is shown on the interviewer's screen: the characters an
	// answer may not hold (they would reorder or hide text there) are
	// refused here as they are when the answer is sent.
	if r, ok := quiz.HiddenChar(draft); ok {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("answer: it holds an invisible control or text-direction character (U+%04X); delete it.", r))
	}
	err = s.store.SaveDraft(c.Request().Context(), learner, id, seq, draft, s.now())
	switch {
	case errors.Is(err, store.ErrBadPeerInput):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "answer: the limit is "+groupThousands(quiz.MaxAnswerChars)+" characters.")
	case errors.Is(err, quiz.ErrTurnNotCurrent):
		return echo.NewHTTPError(http.StatusConflict, "That question is no longer the current one.")
	case err != nil:
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// handleRoundLive handles "GET /rounds/:id/live": the candidate's page
// asks whether it should change (a JSON fingerprint; 204 when it equals
// the one sent in X-Peer-State).
func (s *Server) handleRoundLive(c echo.Context) error {
	p, err := s.peerRound(c, store.RoleCandidate)
	if err != nil {
		return err
	}
	if err := s.pollAllowed(c, p.Candidate); err != nil {
		return err
	}
	return liveReply(c, peerState(p, false), nil)
}

// liveReply answers a poll: 204 when the page's state is current, else the
// new state and, for the interviewer, the live panel's HTML.
func liveReply(c echo.Context, state string, panel func() (string, error)) error {
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("X-Peer-State", state)
	if c.Request().Header.Get("X-Peer-State") == state {
		return c.NoContent(http.StatusNoContent)
	}
	if panel == nil {
		return c.JSON(http.StatusOK, map[string]string{"state": state})
	}
	html, err := panel()
	if err != nil {
		return err
	}
	return c.HTML(http.StatusOK, html)
}

// handlePeerJoinForm handles "GET /peer/join/:token": what the invitation
// link opens. It changes nothing (a link preview must not use it up); the
// button on it joins.
func (s *Server) handlePeerJoinForm(c echo.Context) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	token := c.Param("token")
	v := views.PeerJoinView{JoinHref: urls.PeerJoin(token)}
	status := http.StatusOK
	if _, err := s.store.CheckInvite(c.Request().Context(), learner, token, s.now()); err != nil {
		if v, status, err = s.deadInviteView(c, learner, err); status == 0 {
			return err
		}
		v.JoinHref = urls.PeerJoin(token)
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, status, views.PeerJoin(s.page(c, "Interview a candidate", "rounds"), v))
}

// deadInviteView is the join page of a link that cannot be used (err),
// with its status; status 0 means err is not an invitation's. Someone the
// dead link's round belongs to, its candidate or the interviewer who used
// the link, is sent to the round instead of being told to ask the
// candidate for a new link (QA-8 Q8-6); anyone else is offered the rounds
// they are interviewing now (QA-3 D17).
func (s *Server) deadInviteView(c echo.Context, learner string, err error) (views.PeerJoinView, int, error) {
	var v views.PeerJoinView
	msg, status := inviteError(err)
	if status == 0 {
		return v, 0, err
	}
	v.Error = msg
	var dead *store.DeadInviteError
	if errors.As(err, &dead) && dead.RoundID != "" && learner != "" {
		p, perr := s.store.PeerRound(c.Request().Context(), learner, dead.RoundID)
		switch {
		case perr == nil && p.Role == store.RoleCandidate:
			v.Error = "This link to your own round no longer lets anyone in: " + deadInviteFor(dead.Reason)
			v.Yours = &views.PeerJoinYours{Href: urls.Round(dead.RoundID), Label: "Open your round"}
			if p.Round.Over() {
				v.Yours = &views.PeerJoinYours{Href: urls.Scorecard(dead.RoundID), Label: "Open your round's scorecard"}
			}
			return v, status, nil
		case perr == nil && p.Role == store.RoleInterviewer:
			v.Error = "You joined this round with this link already, as its interviewer."
			v.Yours = &views.PeerJoinYours{Href: urls.Peer(dead.RoundID), Label: "Open the round you are interviewing"}
			if p.Round.Over() {
				v.Yours = &views.PeerJoinYours{Href: urls.PeerScorecard(dead.RoundID), Label: "Open the scorecard of the round you interviewed"}
			}
			return v, status, nil
		case perr != nil && !errors.Is(perr, store.ErrNotFound):
			return v, 0, perr
		}
	}
	if v.Interviewing, err = s.interviewingNow(c, learner); err != nil {
		return v, 0, err
	}
	return v, status, nil
}

// deadInviteFor says why a link of the candidate's own round died.
func deadInviteFor(reason string) string {
	switch reason {
	case "used":
		return "your interviewer joined with it."
	case "replaced":
		return "you made a newer one, which replaced it."
	}
	return "it was cancelled."
}

// interviewingNow lists the peer rounds learner interviews that are still
// going, for the page of a link that cannot be used (QA-3 D17: the
// interviewer reopening the link they joined with).
func (s *Server) interviewingNow(c echo.Context, learner string) ([]views.PeerJoinRound, error) {
	rounds, err := s.store.PeerInterviews(c.Request().Context(), learner)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var out []views.PeerJoinRound
	for _, r := range rounds {
		if r.Finished.IsZero() {
			out = append(out, views.PeerJoinRound{Started: formatWhen(r.Started, now), StartedISO: r.Started.UTC().Format(time.RFC3339), Href: urls.Peer(r.ID)})
		}
	}
	return out, nil
}

// inviteError is what an invitation refused says, and its status; status
// 0 means err is not an invitation's.
func inviteError(err error) (string, int) {
	switch {
	case errors.Is(err, store.ErrInviteExpired):
		return capitalise(store.ErrInviteExpired.Error()) + ".", http.StatusGone
	case errors.Is(err, store.ErrInviteInvalid):
		var dead *store.DeadInviteError
		if errors.As(err, &dead) {
			return capitalise(dead.Error()) + ".", http.StatusGone
		}
		return capitalise(store.ErrInviteInvalid.Error()) + ".", http.StatusNotFound
	case errors.Is(err, store.ErrOwnInvite):
		return capitalise(store.ErrOwnInvite.Error()) + ".", http.StatusConflict
	case errors.Is(err, quiz.ErrRoundFinished):
		return "That round is over.", http.StatusGone
	}
	return "", 0
}

// handlePeerJoin handles "POST /peer/join/:token": the learner (made one
// if a visitor) becomes the round's interviewer and the link is used up.
func (s *Server) handlePeerJoin(c echo.Context) error {
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	id, err := s.store.JoinPeerRound(c.Request().Context(), learner, c.Param("token"), s.now())
	if err != nil {
		v, status, err := s.deadInviteView(c, learner, err)
		if status == 0 {
			return err
		}
		return render(c, status, views.PeerJoin(s.page(c, "Interview a candidate", "rounds"), v))
	}
	return s.seeOther(c, urls.Peer(id), "You are the interviewer. The first question is on its way to the candidate; the status above the question says when it is on their screen.")
}

// handlePeerShow handles "GET /peer/:id": the interviewer's screen.
func (s *Server) handlePeerShow(c echo.Context) error {
	p, err := s.peerRound(c, store.RoleInterviewer)
	if err != nil {
		return err
	}
	v, err := buildPeerInterviewer(s.cat, peerData{Peer: p}, s.now())
	if err != nil {
		return err
	}
	pg := s.page(c, "Interviewing", "rounds")
	pg.Scripts = []string{"js/peer.js"}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, http.StatusOK, views.PeerInterviewer(pg, v))
}

// handlePeerLive handles "GET /peer/:id/live": the interviewer's live
// panel, when it changed since the state the page sends.
func (s *Server) handlePeerLive(c echo.Context) error {
	p, err := s.peerRound(c, store.RoleInterviewer)
	if err != nil {
		return err
	}
	if err := s.pollAllowed(c, p.Interviewer); err != nil {
		return err
	}
	return liveReply(c, peerState(p, true), func() (string, error) {
		v, err := buildPeerLive(s.cat, peerData{Peer: p}, s.now())
		if err != nil {
			return "", err
		}
		var b strings.Builder
		// Not s.page: a poll must not take the notice meant for the next
		// page the interviewer loads.
		token, _ := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string)
		err = views.PeerLive(views.Page{CSRF: token, Asset: s.assets.URL}, v).Render(c.Request().Context(), &b)
		return b.String(), err
	})
}

// peerStep runs one of the interviewer's steps and sends them back to
// their screen, with why when the round's rules refused it.
func (s *Server) peerStep(c echo.Context, decide func(*store.PeerRound) (quiz.RoundChange, error), done string) error {
	learner, id, err := s.peerRef(c)
	if err != nil {
		return err
	}
	if stop, err := s.saveNotesWithStep(c, learner, id); stop || err != nil {
		return err
	}
	p, change, err := s.store.UpdatePeerRound(c.Request().Context(), learner, id, store.RoleInterviewer, decide)
	var invalid *quiz.InvalidAnswerError
	switch {
	case p == nil && err != nil:
		return err
	case errors.As(err, &invalid):
		return s.seeOtherWith(c, urls.Peer(id), "bad", capitalise(invalid.Error())+".")
	case errors.Is(err, quiz.ErrRoundFinished):
		return s.seeOtherWith(c, urls.Peer(id), "warn", alreadyEnded(p))
	case err != nil:
		for _, refused := range []error{quiz.ErrNotWaiting, quiz.ErrFollowUpCap} {
			if errors.Is(err, refused) {
				return s.seeOtherWith(c, urls.Peer(id), "warn", capitalise(refused.Error())+".")
			}
		}
		return err
	}
	if change.Finish != nil {
		return s.seeOther(c, urls.PeerScorecard(id), "The round is over.")
	}
	return s.seeOther(c, urls.Peer(id), done)
}

// handlePeerAsk handles "POST /peer/:id/ask": the interviewer asks a
// suggested follow-up (follow_up) or their own (follow_up=custom, asked).
func (s *Server) handlePeerAsk(c echo.Context) error {
	followUp, asked, now := c.FormValue("follow_up"), c.FormValue("asked"), s.now()
	rules := s.roundRules(nil)
	return s.peerStep(c, func(p *store.PeerRound) (quiz.RoundChange, error) {
		return p.Round.Ask(rules, followUp, asked, now)
	}, "The follow-up is sent; the status says when it is on the candidate's screen.")
}

// handlePeerNext handles "POST /peer/:id/next": the interviewer moves on to
// the next main question, or ends the round after the last.
func (s *Server) handlePeerNext(c echo.Context) error {
	rules, now := s.roundRules(nil), s.now()
	return s.peerStep(c, func(p *store.PeerRound) (quiz.RoundChange, error) {
		return p.Round.Continue(rules, now)
	}, "The next question is sent; the status says when it is on the candidate's screen.")
}

// handlePeerFinish handles "POST /peer/:id/finish": the interviewer ends
// the round; unanswered questions score zero.
func (s *Server) handlePeerFinish(c echo.Context) error {
	rules, now := s.roundRules(nil), s.now()
	learner, id, err := s.peerRef(c)
	if err != nil {
		return err
	}
	if stop, err := s.saveNotesWithStep(c, learner, id); stop || err != nil {
		return err
	}
	p, change, err := s.store.UpdatePeerRound(c.Request().Context(), learner, id, store.RoleInterviewer, func(p *store.PeerRound) (quiz.RoundChange, error) {
		return p.Round.Finish(rules, now), nil
	})
	if err != nil {
		return err
	}
	if change.Finish == nil {
		return s.seeOtherWith(c, urls.PeerScorecard(id), "warn", alreadyEndedOnEnd(p))
	}
	return s.seeOther(c, urls.PeerScorecard(id), endedMessage(p.Round != nil && leftUnanswered(p.Round)))
}

// peerEndedBy says, to the interviewer, who ended peer round p, or ""
// when that is not known.
func peerEndedBy(p *store.PeerRound) string {
	switch p.EndedBy {
	case store.RoleCandidate:
		return "The candidate ended the round."
	case store.RoleInterviewer:
		return "You ended the round."
	}
	return ""
}

// alreadyEnded is what an interviewer's step on a round that was over
// already is told: who ended it, so that the candidate's end does not read
// as theirs (QA-34 #4).
func alreadyEnded(p *store.PeerRound) string {
	switch p.EndedBy {
	case store.RoleCandidate:
		return "The candidate had already ended the round, so nothing more can be asked. Questions not answered scored zero."
	case store.RoleInterviewer:
		return "You had already ended the round. Questions not answered scored zero."
	}
	return "The round had already ended, so nothing more can be asked. Questions not answered scored zero."
}

// alreadyEndedOnEnd is what an interviewer's "End the round now" on a round
// that was over already is told: there was nothing to end, while notes and
// scores stay open for NotesGrace, so "nothing more can be asked" would
// answer a step they did not take (QA-34 #3).
func alreadyEndedOnEnd(p *store.PeerRound) string {
	still := fmt.Sprintf(" Your notes and scores can still be written for %d minutes after the end. Questions not answered scored zero.", int(store.NotesGrace/time.Minute))
	switch p.EndedBy {
	case store.RoleCandidate:
		return "The candidate had already ended the round, so there was nothing left to end." + still
	case store.RoleInterviewer:
		return "You had already ended the round." + still
	}
	return "The round had already ended, so there was nothing left to end." + still
}

// handlePeerNotes handles "POST /peer/:id/notes": the interviewer's notes
// and 1-4 scores per dimension (score-<dimension>).
func (s *Server) handlePeerNotes(c echo.Context) error {
	learner, id, err := s.peerRef(c)
	if err != nil {
		return err
	}
	if stop, err := s.saveNotes(c, learner, id); stop || err != nil {
		return err
	}
	return s.seeOther(c, urls.Peer(id), "Notes and scores saved.")
}

// saveNotesWithStep saves the notes and scores that came with one of the
// interviewer's steps (every button of their page submits the notes form),
// so moving on never loses what they typed. A form without a notes field
// saves nothing. stop reports the response is written (a refusal).
func (s *Server) saveNotesWithStep(c echo.Context, learner, id string) (stop bool, err error) {
	if _, ok := c.Request().Form["notes"]; !ok {
		if err := c.Request().ParseForm(); err != nil {
			return true, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
		}
		if _, ok := c.Request().PostForm["notes"]; !ok {
			return false, nil
		}
	}
	return s.saveNotes(c, learner, id)
}

// saveNotes saves the form's notes and 1-4 scores per dimension
// (score-<dimension>). On a refusal it answers 422 with the interviewer's
// page showing what they typed and the error at the field (notesRefused),
// and stop is true.
func (s *Server) saveNotes(c echo.Context, learner, id string) (stop bool, err error) {
	scores := map[string]int{}
	for _, d := range quiz.Dimensions() {
		v := c.FormValue("score-" + d)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 4 {
			return true, s.notesRefused(c, "score-"+d, fmt.Sprintf("The score for %s: choose 1 to 4. Nothing was saved.", quiz.DimensionLabel(d)))
		}
		scores[d] = n
	}
	notes := c.FormValue("notes")
	if r, ok := quiz.HiddenChar(notes); ok {
		return true, s.notesRefused(c, "notes", fmt.Sprintf("Notes: they hold an invisible control or text-direction character (U+%04X); delete it. Nothing was saved.", r))
	}
	err = s.store.SavePeerNotes(c.Request().Context(), learner, id, notes, scores, s.now())
	switch {
	case errors.Is(err, store.ErrBadPeerInput):
		return true, s.notesRefused(c, "notes", fmt.Sprintf("Notes: the limit is %d characters. Nothing was saved.", store.MaxNotesChars))
	case errors.Is(err, quiz.ErrRoundFinished):
		return true, s.notesClosed(c, notesClosedReason)
	case err != nil:
		return true, err
	}
	return false, nil
}

// notesRefused answers a refused notes form with 422 and the interviewer's
// page showing the notes, the valid scores and the asked follow-up as
// typed, with msg at field (notes or score-<dimension>): a crafted or
// out-of-range score must not cost the notes (QA-33 #3).
func (s *Server) notesRefused(c echo.Context, field, msg string) error {
	p, err := s.peerRound(c, store.RoleInterviewer)
	if err != nil {
		return err
	}
	v, err := buildPeerInterviewer(s.cat, peerData{Peer: p}, s.now())
	if err != nil {
		return err
	}
	if !v.NotesOpen {
		// The page has no notes form any more: what was typed is shown
		// back with the reason nothing can be saved (QA-34 #4).
		return s.notesClosed(c, strings.TrimSuffix(msg, " Nothing was saved.")+" "+notesClosedReason)
	}
	v.Notes, v.Live.Asked = c.FormValue("notes"), c.FormValue("asked")
	v.Error, v.ErrorField = msg, field
	for i := range v.Dimensions {
		d := &v.Dimensions[i]
		d.Score = 0
		if n, err := strconv.Atoi(c.FormValue("score-" + d.ID)); err == nil && n >= 1 && n <= 4 {
			d.Score = n
		}
		d.Invalid = field == "score-"+d.ID
	}
	pg := s.page(c, "Interviewing", "rounds")
	pg.Scripts = []string{"js/peer.js"}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, http.StatusUnprocessableEntity, views.PeerInterviewer(pg, v))
}

// notesClosedReason is why notes sent after NotesGrace are refused.
var notesClosedReason = fmt.Sprintf("The round ended more than %d minutes ago: its notes and scores can no longer change. Nothing was saved.", int(store.NotesGrace/time.Minute))

// notesClosed answers notes and scores sent after the round's notes
// closed with 409 and the interviewer's page showing them as typed, with
// reason, for copying: they cannot be saved, and must not vanish behind a
// redirect (QA-34 #4).
func (s *Server) notesClosed(c echo.Context, reason string) error {
	p, err := s.peerRound(c, store.RoleInterviewer)
	if err != nil {
		return err
	}
	v, err := buildPeerInterviewer(s.cat, peerData{Peer: p}, s.now())
	if err != nil {
		return err
	}
	closed := &views.PeerNotesClosed{Reason: reason, Notes: c.FormValue("notes"), ScorecardHref: urls.PeerScorecard(p.Round.ID)}
	for _, d := range v.Dimensions {
		if sent := c.FormValue("score-" + d.ID); sent != "" {
			closed.Scores = append(closed.Scores, views.PeerScoreTyped{ID: d.ID, Label: d.Label, Value: sent})
		}
	}
	v.Closed = closed
	pg := s.page(c, "Interviewing", "rounds")
	pg.Scripts = []string{"js/peer.js"}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, http.StatusConflict, views.PeerInterviewer(pg, v))
}

// handlePeerScorecard handles "GET /peer/:id/scorecard": the interviewer's
// copy of the finished round's scorecard, both views side by side.
func (s *Server) handlePeerScorecard(c echo.Context) error {
	p, err := s.peerRound(c, store.RoleInterviewer)
	if err != nil {
		return err
	}
	if !p.Round.Over() {
		return s.seeOther(c, urls.Peer(p.Round.ID), "The scorecard is ready when the round ends.")
	}
	card := buildScorecard(s.cat, scorecardData{Round: p.Round, Interviewer: true}, s.now())
	v := views.PeerScorecardView{Card: card, Peer: buildPeerCard(s.cat, p)}
	return render(c, http.StatusOK, views.PeerScorecard(s.page(c, "Scorecard of the round you interviewed", "rounds"), v))
}

// requestOrigin is the scheme and host the request came to ("https://
// example.org"), for links that must work outside the app: an invitation
// sent to someone else, a downloaded export. The scheme follows
// X-Forwarded-Proto only from a trusted proxy (see the server's set-up).
func requestOrigin(c echo.Context) string {
	return c.Scheme() + "://" + c.Request().Host
}
