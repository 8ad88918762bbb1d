package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// healthResponse is the JSON of /healthz.
type healthResponse struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Schema   int64  `json:"schema_version,omitempty"`
	Sections int    `json:"guide_sections"`
}

// handleHealth handles "GET /healthz": 200 when the database answers, 503
// when it does not, with JSON saying which.
func (s *Server) handleHealth(c echo.Context) error {
	ctx := c.Request().Context()
	resp := healthResponse{Status: "ok", Database: "ok", Sections: len(s.cat.Guide)}
	status := http.StatusOK
	if err := s.store.Ping(ctx); err != nil {
		s.log.Error("health: database", "error", err)
		resp.Status, resp.Database, status = "degraded", "unavailable", http.StatusServiceUnavailable
	} else if v, err := s.store.SchemaVersion(ctx); err == nil {
		resp.Schema = v
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(status, resp)
}
