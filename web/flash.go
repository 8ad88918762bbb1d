package web

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
)

const (
	flashCookie = "lockdrill_flash"
	// pageFlashCookie carries a notice that belongs to one page (an
	// attempt's feedback, a turn, a scorecard): the browser sends it to
	// that path alone, so with two attempts open in two tabs the
	// confirmation of a change to one never shows on the other, nor is
	// eaten by it (pageFlash).
	pageFlashCookie = "lockdrill_page_flash"
)

// maxFlashRunes keeps a notice's cookie under 4 KB, even at four bytes a
// rune; an import's report needs more than 300 (QA-33 #5).
const maxFlashRunes = 500

// setFlash leaves a one-line notice for the next page the browser shows.
func setFlash(c echo.Context, kind, msg string) {
	v := base64.RawURLEncoding.EncodeToString([]byte(kind + "|" + clipFlash(msg)))
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: v, Path: "/", MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
}

func clipFlash(msg string) string {
	if r := []rune(msg); len(r) > maxFlashRunes {
		return string(r[:maxFlashRunes-1]) + "…"
	}
	return msg
}

// setPageFlash leaves a one-line notice for the page at target (its path;
// the query is ignored), to be shown there, to the learner who made the
// change, and nowhere else. The cookie's Path keeps a browser from sending
// it to any other page; the path and learner written in its value keep
// the server from showing it anywhere else to a client that sends it
// anyway (pageFlash). target's fragment, which the browser never sends,
// names the element the notice is about (views.Page.FlashFor).
func setPageFlash(c echo.Context, learner, target, kind, msg string) {
	path := flashPath(target)
	v := base64.RawURLEncoding.EncodeToString([]byte(path + "\n" + learnerTag(learner) + "\n" + flashFragment(target) + "\n" + kind + "|" + clipFlash(msg)))
	c.SetCookie(&http.Cookie{Name: pageFlashCookie, Value: v, Path: path, MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
}

// flashPath is the escaped path of target, a URL the server built.
func flashPath(target string) string {
	u, err := url.Parse(target)
	if err != nil || u.Path == "" {
		return "/"
	}
	return u.EscapedPath()
}

// flashFragment is the fragment of target, a URL the server built, on
// one line.
func flashFragment(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return ""
	}
	return strings.ReplaceAll(u.Fragment, "\n", "")
}

// learnerTag names learner in a page notice without copying their id,
// which is the credential of their cookie, into a second cookie.
func learnerTag(learner string) string {
	sum := sha256.Sum256([]byte("lockdrill page flash\n" + learner))
	return hex.EncodeToString(sum[:12])
}

// pageNotice is a notice left for one page: its kind, its text and the
// id of the element of the page it is about ("" for the whole page).
type pageNotice struct{ kind, msg, about string }

// pageFlash returns the notice of the page cookie v when it was left for
// the page at path and for learner; ok is false for any other.
func pageFlash(v, path, learner string) (n pageNotice, ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return pageNotice{}, false
	}
	parts := strings.SplitN(string(b), "\n", 4)
	if len(parts) != 4 || parts[0] != path || parts[1] != learnerTag(learner) {
		return pageNotice{}, false
	}
	n.about = parts[2]
	n.kind, n.msg = decodeFlashText(parts[3])
	return n, n.msg != ""
}

func decodeFlash(v string) (kind, msg string) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return "", ""
	}
	return decodeFlashText(string(b))
}

// decodeFlashText splits a notice "kind|msg"; an unknown kind is "".
func decodeFlashText(s string) (kind, msg string) {
	kind, msg, ok := strings.Cut(s, "|")
	if !ok {
		return "", ""
	}
	switch kind {
	case "ok", "bad", "warn":
	default:
		kind = ""
	}
	return kind, msg
}
