package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
)

// endless writes n chunks of 4 KB, as a huge page would.
func endless(n int, written *int) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		chunk := strings.Repeat("x", 4096)
		for range n {
			if _, err := io.WriteString(w, chunk); err != nil {
				return err
			}
			*written += len(chunk)
		}
		return nil
	})
}

func TestRenderStopsAtMaxPageBytes(t *testing.T) {
	e := echo.New()
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)
	written := 0
	err := render(c, http.StatusOK, endless(10*MaxPageBytes/4096, &written))
	if !errors.Is(err, errPageTooLarge) {
		t.Fatalf("render of a %d-byte page: err = %v, want errPageTooLarge", 10*MaxPageBytes, err)
	}
	if written > MaxPageBytes || rec.Body.Len() != 0 {
		t.Fatalf("wrote %d bytes and sent %d, want at most %d buffered and nothing sent", written, rec.Body.Len(), MaxPageBytes)
	}
}

func TestRenderStopsWhenTheRequestIsOver(t *testing.T) {
	e := echo.New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx), rec)
	written := 0
	err := render(c, http.StatusOK, endless(200, &written))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("render after the deadline: err = %v, want context.Canceled", err)
	}
	if written > 64<<10 || rec.Body.Len() != 0 {
		t.Fatalf("went on to write %d bytes (sent %d) after the request ended", written, rec.Body.Len())
	}
}
