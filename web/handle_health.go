package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/store"
	"lockdrill/web/views"
)

// healthTimeout bounds /healthz: a monitor wants a prompt answer, and a
// database that cannot take a write within it is not healthy.
const healthTimeout = 2 * time.Second

// healthResponse is the JSON of /healthz.
type healthResponse struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Schema   int64  `json:"schema_version,omitempty"`
	Sections int    `json:"guide_sections"`
}

// handleHealth handles "GET /healthz": 200 when the database answers a read
// and would take a write, 503 when it does not, with JSON saying which
// ("unavailable", "busy" when its write lock is held, "read-only" when
// writes fail). It answers within healthTimeout.
func (s *Server) handleHealth(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), healthTimeout)
	defer cancel()
	resp := healthResponse{Status: "ok", Database: "ok", Sections: len(s.cat.Guide)}
	status := http.StatusOK
	err := s.store.Ping(ctx)
	if err != nil {
		resp.Database = "unavailable"
	} else if err = s.store.CheckWritable(ctx); err != nil {
		resp.Database = "read-only"
		if errors.Is(err, store.ErrBusy) || errors.Is(err, context.DeadlineExceeded) {
			resp.Database = "busy"
		}
	}
	if err != nil {
		// A monitor that hung up is not a failing database.
		if c.Request().Context().Err() != nil {
			return c.Request().Context().Err()
		}
		s.log.Error("health: database", "error", err, "database", resp.Database)
		resp.Status, status = "degraded", http.StatusServiceUnavailable
	} else if v, err := s.store.SchemaVersion(ctx); err == nil {
		resp.Schema = v
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	c.Response().Header().Add(echo.HeaderVary, echo.HeaderAccept)
	if strings.Contains(c.Request().Header.Get(echo.HeaderAccept), "text/html") {
		// A person who followed the footer's "Status" link reads it in
		// words (QA-8 Q8-15: it opened raw JSON); monitors get JSON.
		p := s.page(c, "Status", "")
		return render(c, status, views.Status(p, views.StatusView{OK: status == http.StatusOK, Database: resp.Database, Schema: resp.Schema, Sections: resp.Sections}))
	}
	return c.JSON(status, resp)
}
