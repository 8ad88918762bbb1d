package web

import (
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

const flashCookie = "lockdrill_flash"

// setFlash leaves a one-line notice for the next page the browser shows.
func setFlash(c echo.Context, kind, msg string) {
	// 500 runes, even of four bytes each, keep the cookie under 4 KB;
	// an import's report needs more than 300 (QA-33 #5).
	if r := []rune(msg); len(r) > 500 {
		msg = string(r[:499]) + "…"
	}
	v := base64.RawURLEncoding.EncodeToString([]byte(kind + "|" + msg))
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: v, Path: "/", MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
}

func decodeFlash(v string) (kind, msg string) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return "", ""
	}
	kind, msg, ok := strings.Cut(string(b), "|")
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
