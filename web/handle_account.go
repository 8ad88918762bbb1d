package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// Redeem attempts allowed per client address: a burst for typos, then one a
// minute. With 60-bit codes that live ten minutes, guessing stays hopeless.
const (
	redeemBurst = 10
	redeemEvery = time.Minute
)

// redeemLimiter bounds transfer-code redeem attempts per client address, on
// top of the general write limit, since each attempt is a guess at a code.
func redeemLimiter() echo.MiddlewareFunc {
	st := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: rate.Every(redeemEvery), Burst: redeemBurst, ExpiresIn: 30 * time.Minute,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store:               st,
		IdentifierExtractor: func(c echo.Context) (string, error) { return clientKey(c.RealIP()), nil },
		DenyHandler: func(c echo.Context, id string, err error) error {
			c.Response().Header().Set("Retry-After", "60")
			return echo.NewHTTPError(http.StatusTooManyRequests, "Too many transfer codes were tried from your address. Wait a minute and try again; nothing was changed.")
		},
	})
}

// handleAccount handles "GET /account": move to another browser, export,
// import, delete.
func (s *Server) handleAccount(c echo.Context) error {
	return s.renderAccount(c, http.StatusOK, accountForm{})
}

// renderAccount shows /account with what this request adds to it.
func (s *Server) renderAccount(c echo.Context, status int, f accountForm) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	hasData := false
	if learner != "" {
		if hasData, err = s.store.HasData(c.Request().Context(), learner); err != nil {
			return err
		}
	}
	p := s.page(c, "Your data", "account")
	p.Description = "Move your progress to another browser, export it, import it, or delete everything about you."
	return render(c, status, views.Account(p, buildAccount(learner != "", hasData, f)))
}

// handleTransferIssue handles "POST /account/transfer": a new one-time code
// for this learner. The code is shown in this response and nowhere else
// (not in a cookie, not in a URL), since whoever holds it becomes this
// learner; reloading asks for a fresh code, which cancels this one.
func (s *Server) handleTransferIssue(c echo.Context) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	if learner == "" {
		return s.seeOtherWith(c, urls.Account(), "warn", "This browser has no progress yet, so there is nothing to move. Answer a question first, or enter a code from your other browser below.")
	}
	code, expires, err := s.store.IssueTransferCode(c.Request().Context(), learner, s.now())
	if errors.Is(err, store.ErrTooManyCodes) {
		return s.seeOtherWith(c, urls.Account(), "bad", "You have asked for "+strconv.Itoa(store.MaxTransferCodesPerHour)+" codes in the last hour, the most lockdrill gives. Use the last one, or try again later.")
	}
	if err != nil {
		return err
	}
	return s.renderAccount(c, http.StatusOK, accountForm{Code: code, CodeExpires: expires})
}

// handleTransferRedeem handles "POST /account/transfer/redeem": the code
// from another browser makes this browser that learner. Whatever this
// browser had is merged into it, so nothing is lost.
func (s *Server) handleTransferRedeem(c echo.Context) error {
	typed := c.FormValue("code")
	if _, err := store.NormalizeTransferCode(typed); err != nil {
		return s.renderAccount(c, http.StatusUnprocessableEntity, accountForm{RedeemError: "Code: " + err.Error() + ".", RedeemCode: typed})
	}
	current, err := s.learnerID(c)
	if err != nil {
		return err
	}
	// A browser with progress of its own hands it to the code's learner,
	// who may not be this person (a code passed on by someone else): say
	// so and ask first. The code is checked before asking, so a wrong one
	// is refused at once, and it is not spent until the answer.
	if current != "" && c.FormValue("merge") != "yes" {
		owner, err := s.store.TransferCodeLearner(c.Request().Context(), typed, s.now())
		if errors.Is(err, store.ErrCodeInvalid) {
			return s.renderAccount(c, http.StatusUnprocessableEntity, codeRefused(typed))
		}
		if err != nil {
			return err
		}
		if owner == current {
			return s.seeOtherWith(c, urls.Account(), "warn", "That code is this browser's own: it already has this progress, so nothing was changed. Enter the code on your other browser.")
		}
		has, err := s.store.HasData(c.Request().Context(), current)
		if err != nil {
			return err
		}
		if has {
			return s.renderAccount(c, http.StatusOK, accountForm{ConfirmMerge: true, RedeemCode: typed})
		}
	}
	learner, err := s.store.RedeemTransferCode(c.Request().Context(), typed, current, s.now())
	if errors.Is(err, store.ErrCodeInvalid) {
		return s.renderAccount(c, http.StatusUnprocessableEntity, codeRefused(typed))
	}
	if err != nil {
		return err
	}
	s.setLearnerCookie(c, learner)
	msg := "Done: this browser now has your progress."
	if current != "" && current != learner {
		msg = "Done: this browser now has your progress, and what it had of its own was added to it."
	}
	return s.seeOther(c, urls.Progress(), msg)
}

// maxImportJSON bounds an import file once decompressed: far above any
// real history, low enough that a small compressed file cannot unpack
// into a memory problem.
const maxImportJSON = 32 << 20

// handleExport handles "GET /account/export.json" and "GET
// /account/export.json.gz": all of the learner's data as one JSON file to
// download, plain or gzip-compressed. The compressed file exists because
// uploads are capped at BodyLimit: a long history fits compressed where
// its plain JSON would not. A visitor gets an empty export.
func (s *Server) handleExport(c echo.Context) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	e, err := s.store.ExportLearner(c.Request().Context(), learner, s.now())
	if err != nil {
		return err
	}
	b, err := jsonIndent(e)
	if err != nil {
		return err
	}
	name := "lockdrill-" + s.now().UTC().Format("2006-01-02") + ".json"
	mime := echo.MIMEApplicationJSON
	if strings.HasSuffix(c.Request().URL.Path, ".gz") {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		if _, err := zw.Write(b); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		b, name, mime = buf.Bytes(), name+".gz", "application/gzip"
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	return c.Blob(http.StatusOK, mime, b)
}

// handleImport handles "POST /account/import": an export file, uploaded or
// pasted, is checked whole and then added to this learner's data in one
// transaction; a bad file changes nothing and every problem is listed by
// field.
func (s *Server) handleImport(c echo.Context) error {
	text := c.FormValue("data")
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "The uploaded file could not be read.")
		}
		b, err := readImportFile(f, strings.HasSuffix(strings.ToLower(fh.Filename), ".gz"))
		f.Close()
		if err != nil {
			return s.renderAccount(c, http.StatusUnprocessableEntity, accountForm{ImportProblems: []string{"file: " + err.Error()}})
		}
		text = string(b)
	}
	if strings.TrimSpace(text) == "" {
		return s.renderAccount(c, http.StatusUnprocessableEntity, accountForm{ImportProblems: []string{"The form was empty: choose the export file, or paste its contents."}})
	}
	e, err := store.DecodeExport(strings.NewReader(text))
	if err == nil {
		err = e.Validate(importRules(s.cat, s.presets))
	}
	var ie *store.ImportError
	if errors.As(err, &ie) {
		return s.renderAccount(c, http.StatusUnprocessableEntity, accountForm{ImportProblems: ie.Problems})
	}
	if err != nil {
		return err
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	// The file's scores are not trusted: every answer is graded again
	// here, its text kept (QA-9 Q9-23).
	regraded := regradeImport(s.cat, &e)
	sum, err := s.store.ImportLearner(c.Request().Context(), learner, e, s.now())
	if err != nil {
		return err
	}
	var parts []string
	// The reading is said as the learner did it, "guide sections marked
	// as read" (QA-34 #4: it said "20 section reads").
	for _, part := range []struct {
		n           int
		noun, after string
	}{{sum.Attempts, "answer", ""}, {sum.Cards, "review card", ""}, {sum.Rounds, "round", ""}, {sum.Timelines, "timeline", ""},
		{sum.Reading, "guide section", " marked as read"}, {sum.Cram, "cram review", ""}} {
		if part.n > 0 {
			parts = append(parts, countOf(part.n, part.noun)+part.after)
		}
	}
	if sum.Plan {
		parts = append(parts, "your interview date")
	}
	msg := "Nothing new to import: you already had everything in this file."
	if len(parts) > 0 {
		// What the import could not keep comes before the counts of what
		// was already here, and the notice is sized to hold it all.
		msg = "Imported " + joinList(parts) + "."
		if regraded.Answers > 0 && sum.Attempts+sum.Rounds > 0 {
			if regraded.Corrected > 0 {
				msg += " Every answer was re-graded by grader " + quiz.GraderGeneration() + ", its text kept; the file's scores were not used. Your hand corrections in it (" + countOf(regraded.Corrected, "answer") + ") were applied again to the new grading, still marked self-assessed."
			} else {
				msg += " Every answer was re-graded by grader " + quiz.GraderGeneration() + ", its text kept; the file's scores were not used."
			}
		}
		if regraded.Resumed > 0 && sum.Rounds > 0 {
			if regraded.Resumed == 1 {
				msg += " The round in progress when the file was exported resumes at its current question, with a fresh clock."
			} else {
				msg += " The " + countOf(regraded.Resumed, "round") + " in progress when the file was exported resume at their current questions, with a fresh clock."
			}
		}
		if sum.Skipped > 0 {
			msg += " Already here and left unchanged: " + countOf(sum.Skipped, "item") + "."
		}
	}
	return s.seeOther(c, urls.Account(), msg)
}

// handleDeleteEverything handles "POST /account/delete": with the word
// typed as confirmation, every row about the learner is deleted and the
// cookie cleared.
func (s *Server) handleDeleteEverything(c echo.Context) error {
	typed := c.FormValue("confirm")
	if strings.ToLower(strings.TrimSpace(typed)) != "delete" {
		// The field comes back as typed, with the error beside it naming
		// it (QA-33 #2: it came back empty, the error above the form).
		msg := "Type delete to confirm: the field is empty, and it must hold the word delete. Nothing was deleted."
		if strings.TrimSpace(typed) != "" {
			msg = "Type delete to confirm: the field holds “" + clipRunes(strings.TrimSpace(typed), 40) + "”, not the word delete. Nothing was deleted."
		}
		return s.renderAccount(c, http.StatusUnprocessableEntity, accountForm{DeleteError: msg, DeleteConfirm: typed})
	}
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	if err := s.store.DeleteLearner(c.Request().Context(), learner); err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: learnerCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(1, 0),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
	c.Set(ctxKeyLearner, "")
	// A pending id still held would make the next write this learner again.
	clearPendingLearner(c)
	return s.seeOther(c, urls.Home(), "Everything lockdrill knew about you has been deleted, and this browser's cookie with it.")
}

// clipRunes is s cut to at most n runes, with an ellipsis when cut, for
// quoting what was typed in a message.
func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// joinList joins items as English: "a", "a and b", "a, b and c".
func joinList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// importRules are the app's content an import file is checked against:
// the questions, follow-ups, guide sections and presets the normal paths
// accept.
func importRules(cat *content.Catalog, all []sandbox.Preset) store.ImportRules {
	presets := make(map[string]bool, len(all))
	for _, p := range all {
		presets[p.ID] = true
	}
	return store.ImportRules{
		Question: func(id string) (*quiz.Question, bool) { return cat.Questions.ByID(id) },
		FollowUp: func(id string) (*quiz.Question, bool) {
			f, ok := cat.FollowUps.ByID(id)
			if !ok {
				return nil, false
			}
			return f.Probe, true
		},
		Section: func(slug string) bool { _, ok := cat.Section(slug); return ok },
		Preset:  func(id string) bool { return presets[id] },
	}
}

// readImportFile reads an uploaded export, plain or gzip-compressed (the
// two downloads /account offers), up to maxImportJSON once decompressed.
// named says the file's name ends in .gz, so it should be compressed.
func readImportFile(f io.Reader, namedGz bool) ([]byte, error) {
	br := bufio.NewReader(f)
	var r io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, errors.New("it looks compressed but is not a gzip file, so it is not a lockdrill export")
		}
		defer zr.Close()
		r = zr
	} else if namedGz {
		return nil, errors.New("its name ends in .gz but it is not gzip-compressed, so it is not a lockdrill export (it may be damaged or renamed)")
	}
	b, err := io.ReadAll(io.LimitReader(r, maxImportJSON+1))
	if err != nil {
		return nil, errors.New("it could not be unpacked: the compressed file is damaged or cut short")
	}
	if len(b) > maxImportJSON {
		return nil, errors.New("it is larger than 32 MB uncompressed, more than any lockdrill export")
	}
	return b, nil
}
