package web_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// postImportBoth posts the import form with pasted text and a file.
func postImportBoth(t *testing.T, cl *client, pasted string, file []byte) *httptest.ResponseRecorder {
	t.Helper()
	token := csrfFrom(t, cl.get("/sandbox/import"))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	w.WriteField("scenario", pasted)
	fw, _ := w.CreateFormFile("file", "scenario.json")
	fw.Write(file)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/sandbox/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return cl.do(req)
}

// QA-32 #4: a scenario with no clients is refused, as the blank form
// refuses 0 clients, naming the field; the pasted text is kept.
func TestImportWithoutClientsIsRefused(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, tc := range []struct{ name, json string }{
		{"empty object", `{}`},
		{"empty list", `{"lock":{"model":"redis","ttl_ms":10000},"clients":[],"actions":[]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := postImport(t, cl, tc.json, false)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422 (to %q)", rec.Code, rec.Header().Get("Location"))
			}
			doc := mustDoc(t, rec)
			if got := spaces(doc.Find(`[data-testid=import-problem]`).Text()); !strings.HasPrefix(got, "clients:") || !strings.Contains(got, "1 to 8") {
				t.Fatalf("problem = %q, want clients named, 1 to 8", got)
			}
			if got := doc.Find(`textarea[name=scenario]`).Text(); got != tc.json {
				t.Fatalf("textarea = %q, want the pasted text kept", got)
			}
		})
	}
}

// QA-32 #10: a file that is not UTF-8 is named as such and its bytes are
// not echoed; a paste and a file together are refused, the paste kept.
func TestImportNonUTF8AndPasteWithFile(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	t.Run("file not UTF-8", func(t *testing.T) {
		rec := postImport(t, cl, "{\"clients\": [{\"id\": \"\xff\xfeA\"}]}", true)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", rec.Code)
		}
		if !utf8.Valid(rec.Body.Bytes()) {
			t.Fatalf("the page echoes bytes that are not UTF-8")
		}
		doc := mustDoc(t, rec)
		if got := doc.Find(`[data-testid=import-error]`).Text(); !strings.Contains(got, "not UTF-8") || !strings.Contains(got, "scenario.json") {
			t.Fatalf("error = %q, want the file named as not UTF-8", got)
		}
	})
	t.Run("pasted text not UTF-8", func(t *testing.T) {
		rec := postImport(t, cl, "{\"clients\": \xff}", false)
		if rec.Code != http.StatusUnprocessableEntity || !utf8.Valid(rec.Body.Bytes()) {
			t.Fatalf("status %d, UTF-8 page %v; want 422 and no invalid bytes echoed", rec.Code, utf8.Valid(rec.Body.Bytes()))
		}
		if got := mustDoc(t, rec).Find(`[data-testid=import-error]`).Text(); !strings.Contains(got, "not UTF-8") {
			t.Fatalf("error = %q, want not UTF-8", got)
		}
	})
	t.Run("paste and file", func(t *testing.T) {
		pasted := `{"clients":[{"id":"A"}],"actions":[]}`
		rec := postImportBoth(t, cl, pasted, []byte(`{"clients":[{"id":"B"}],"actions":[]}`))
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("status %d to %q, want 422: which one to import is the learner's choice", rec.Code, rec.Header().Get("Location"))
		}
		doc := mustDoc(t, rec)
		if got := doc.Find(`[data-testid=import-error]`).Text(); !strings.Contains(got, "pasted") || !strings.Contains(got, "scenario.json") {
			t.Fatalf("error = %q, want it to say both were given", got)
		}
		if got := doc.Find(`textarea[name=scenario]`).Text(); got != pasted {
			t.Fatalf("textarea = %q, want the pasted text kept", got)
		}
	})
}
