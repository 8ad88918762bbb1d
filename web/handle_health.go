package web

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/store"
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
	return c.JSON(status, resp)
}
