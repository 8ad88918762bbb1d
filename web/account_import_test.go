package web_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// postNamedFile posts data as an import upload called name.
func postNamedFile(t *testing.T, cl *client, name string, data []byte) *httptest.ResponseRecorder {
	t.Helper()
	token := csrfFrom(t, cl.get("/account"))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	fw, _ := w.CreateFormFile("file", name)
	fw.Write(data)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/account/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return cl.do(req)
}

// importProblems lists the import problems the page shows, as "field: message".
func importProblems(t *testing.T, rec *httptest.ResponseRecorder) []string {
	t.Helper()
	var out []string
	mustDoc(t, rec).Find(`[data-testid=import-problem]`).Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.Join(strings.Fields(s.Text()), " "))
	})
	return out
}

func TestImportRefusesWhatTheAppItselfWouldRefuse(t *testing.T) {
	srv, _ := newTestServer(t)
	me := newClient(t, srv)
	me.postForm("/learn/fencing-tokens/read", url.Values{"_csrf": {csrfFrom(t, me.get("/learn/fencing-tokens"))}, "read": {"1"}})
	me.answerOK("fencing-token", url.Values{"answer": {partialFencing}})
	_, raw := exportOf(t, me)

	tests := []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"an unknown guide section", func(m map[string]any) {
			m["reading"].([]any)[0].(map[string]any)["slug"] = "nope"
		}, []string{`reading[0].slug: "nope" is not a section of this lockdrill's guide`}},
		{"an answer over the practice page's limit", func(m map[string]any) {
			m["attempts"].([]any)[0].(map[string]any)["answer"].(map[string]any)["text"] = strings.Repeat("a", 6000)
		}, []string{"attempts[0].answer: the answer is 6000 characters long; the limit is 5000"}},
		{"an empty answer", func(m map[string]any) {
			m["attempts"].([]any)[0].(map[string]any)["answer"].(map[string]any)["text"] = "  "
		}, []string{"attempts[0].answer: the answer is empty"}},
		{"a kind that is not the question's", func(m map[string]any) {
			m["attempts"].([]any)[0].(map[string]any)["kind"] = "single"
		}, []string{`attempts[0].kind: is "single", but question "fencing-token" is of kind "free-text"`}},
		{"every problem of the file at once", func(m map[string]any) {
			m["reading"].([]any)[0].(map[string]any)["slug"] = "nope"
			m["attempts"].([]any)[0].(map[string]any)["answer"].(map[string]any)["text"] = strings.Repeat("é", 5001)
			m["plan"] = map[string]any{"interview_date": "next tuesday"}
		}, []string{"plan.interview_date:", "reading[0].slug:", "attempts[0].answer: the answer is 5001 characters"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			tt.edit(m)
			data, _ := json.Marshal(m)
			fresh := newClient(t, srv)
			rec := postFile(t, fresh, data)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("import = %d, want 422", rec.Code)
			}
			got := strings.Join(importProblems(t, rec), "\n")
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("problems:\n%s\nwant one containing %q", got, w)
				}
			}
			if _, ok := fresh.cookies["lockdrill_learner"]; ok {
				t.Errorf("a refused import created a learner")
			}
			if n := mustDoc(t, fresh.get("/learn")).Find(`[data-testid=read-badge]`).Length(); n != 0 {
				t.Errorf("after a refused import /learn shows %d sections read, want 0", n)
			}
		})
	}
	t.Run("the unchanged file still imports", func(t *testing.T) {
		fresh := newClient(t, srv)
		if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
			t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
		}
		if n := mustDoc(t, fresh.get("/learn")).Find(`[data-testid=read-badge]`).Length(); n != 1 {
			t.Errorf("after the import /learn shows %d sections read, want 1", n)
		}
	})
}

func TestImportErrorsSpeakToTheLearner(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	accept, _ := mustDoc(t, cl.get("/account")).Find(`[data-testid=import-form] input[type=file]`).Attr("accept")
	if !strings.Contains(accept, ".gz") || !strings.Contains(accept, ".json") {
		t.Errorf("file picker accept = %q, want it to offer .json and .json.gz", accept)
	}
	paste := func(text string) string {
		rec := cl.postForm("/account/import", url.Values{"_csrf": {csrfFrom(t, cl.get("/account"))}, "data": {text}})
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("import of %q = %d, want 422", text, rec.Code)
		}
		return strings.Join(strings.Fields(mustDoc(t, rec).Find(`[data-testid=import-error]`).Text()), " ")
	}
	tests := []struct {
		name, text string
		want       string
	}{
		{"a list instead of an export", `[]`, "should be one JSON object, and it is a JSON array"},
		{"a misspelt field deep in a record", `{"format":"lockdrill-export","version":1,"attempts":[{"question":"fencing-token","result":{"score":1,"scroe":1}}]}`,
			"attempts[0].result.scroe: the export format has no such field"},
		{"a number as text", `{"format":"lockdrill-export","version":"1"}`, "version: should be a whole number"},
		{"not JSON at all", `no`, "this is not a lockdrill export: it is not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := paste(tt.text)
			if !strings.Contains(got, tt.want) {
				t.Errorf("error = %q, want it to say %q", got, tt.want)
			}
			for _, internal := range []string{"store.", "quiz.", "json:", "literal null", "int64", "[]"} {
				if strings.Contains(got, internal) {
					t.Errorf("error = %q shows the internal %q", got, internal)
				}
			}
		})
	}
	t.Run("a .json.gz that is not compressed", func(t *testing.T) {
		rec := postNamedFile(t, cl, "lockdrill-2026-12-01.json.gz", []byte("no"))
		got := strings.Join(importProblems(t, rec), " ")
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "not gzip-compressed") {
			t.Errorf("import = %d, %q; want 422 saying it is not compressed", rec.Code, got)
		}
	})
}

// TestImportTakesBackEverythingTheAppWrote: the stricter checks still take
// a real export with a finished round (follow-ups included), a sandbox
// prediction and a fork.
func TestImportTakesBackEverythingTheAppWrote(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	me := newClient(t, srv)
	round := startRound(t, me, "3", "8", "interview")
	answered := 0
	for i := 0; i < 20; i++ {
		if me.get(round).Code != http.StatusOK {
			break // finished: the round page sends on to the scorecard
		}
		rec, seq, _, _ := current(t, me, round)
		if seq == "" {
			break
		}
		text := "The lock is a lease, so a paused holder can write after it expired; the storage must check a fencing token from the lock service and refuse a lower one."
		if r := answerTurn(t, me, round, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("answer turn %s = %d", seq, r.Code)
		}
		answered++
	}
	if answered < 3 {
		t.Fatalf("answered %d turns, want the round's 3 at least", answered)
	}
	rec := me.get("/sandbox/presets/paused-holder-fenced?predict=obj-predict-paused-fenced")
	if r := me.postForm("/sandbox/presets/paused-holder-fenced", url.Values{"_csrf": {csrfFrom(t, rec)}, "predict": {"obj-predict-paused-fenced"}, "choice": {"a"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("predict = %d", r.Code)
	}
	m, raw := exportOf(t, me)
	if len(m["rounds"].([]any)) != 1 || len(m["timelines"].([]any)) != 1 {
		t.Fatalf("export has %d rounds and %d timelines, want 1 each", len(m["rounds"].([]any)), len(m["timelines"].([]any)))
	}
	fresh := newClient(t, srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import of a real export = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	var bad map[string]any
	json.Unmarshal(raw, &bad)
	tl := bad["timelines"].([]any)[0].(map[string]any)
	tl["prediction"] = "z"
	data, _ := json.Marshal(bad)
	rec = postFile(t, newClient(t, srv), data)
	if got := strings.Join(importProblems(t, rec), "\n"); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, `timelines[0].prediction: "z" is not one of the options`) {
		t.Errorf("a prediction that is no option = %d, %q", rec.Code, got)
	}
}
