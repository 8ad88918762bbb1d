package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// clock is a settable store clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func openAt(t *testing.T) (*store.Store, *clock, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "account.db")
	c := &clock{t: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)}
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, c, path
}

const validScenario = `{"lock": {"model": "redis", "ttl_ms": 10000, "fencing_tokens": true},
 "resource": {"check_fencing": true},
 "clients": [{"id": "A"}, {"id": "B"}],
 "actions": [{"at_ms": 0, "client": "A", "op": "acquire"}, {"at_ms": 1000, "client": "A", "op": "write", "value": "a"}]}`

// fill gives learner one of everything a learner can own, marked with tag
// so another learner's data can be told apart.
func fill(t *testing.T, s *store.Store, learner, tag string) {
	t.Helper()
	ctx := context.Background()
	q := &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	id, err := s.CreateAttempt(ctx, learner, q, quiz.Answer{Text: "answer of " + tag}, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.75, Passed: true}, t0)
	if err != nil {
		t.Fatalf("create attempt: %v", err)
	}
	if _, err := s.RateAttempt(ctx, learner, id, quiz.Good, func(c quiz.Card) quiz.Card {
		return quiz.Schedule(c, quiz.Good, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC))
	}, t0); err != nil {
		t.Fatalf("rate: %v", err)
	}
	mustRound(t, s, learner)
	if _, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: learner, Title: "timeline of " + tag, Scenario: json.RawMessage(validScenario), EngineVersion: "3"}, t0); err != nil {
		t.Fatalf("create timeline: %v", err)
	}
	if err := s.MarkRead(ctx, learner, "fencing-tokens", t0); err != nil {
		t.Fatalf("mark read: %v", err)
	}
	if err := s.SetInterviewDate(ctx, learner, time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC), t0); err != nil {
		t.Fatalf("set date: %v", err)
	}
	if err := s.RecordCram(ctx, learner, "choose-ttl", quiz.Hard, t0); err != nil {
		t.Fatalf("record cram: %v", err)
	}
	if _, _, err := s.IssueTransferCode(ctx, learner, t0); err != nil {
		t.Fatalf("issue code: %v", err)
	}
}

// rowsOf counts, in every table of the database, the rows that belong to
// learner: a learner_id column equal to it, the learners row itself, and
// round turns of its rounds. Reading the schema means a table added later
// is counted without editing this test.
func rowsOf(t *testing.T, path, learner string) map[string]int {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_query_only=1")
	if err != nil {
		t.Fatalf("open raw: %v", err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND p.name IN ('learner_id', 'round_id')`)
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	type col struct{ table, column string }
	var cols []col
	for rows.Next() {
		var c col
		if err := rows.Scan(&c.table, &c.column); err != nil {
			t.Fatalf("schema: %v", err)
		}
		cols = append(cols, c)
	}
	rows.Close()
	out := map[string]int{}
	for _, c := range cols {
		var n int
		q := "SELECT count(*) FROM " + c.table + " WHERE learner_id = ?"
		if c.column == "round_id" {
			q = "SELECT count(*) FROM " + c.table + " WHERE round_id IN (SELECT id FROM rounds WHERE learner_id = ?)"
		}
		if err := db.QueryRow(q, learner).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", c.table, err)
		}
		out[c.table] += n
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM learners WHERE id = ?", learner).Scan(&n); err != nil {
		t.Fatalf("count learners: %v", err)
	}
	out["learners"] = n
	return out
}

func TestDeleteLearnerRemovesEveryRowAndOnlyTheirs(t *testing.T) {
	s, _, path := openAt(t)
	ctx := context.Background()
	me, other := mustLearner(t, s), mustLearner(t, s)
	fill(t, s, me, "me")
	fill(t, s, other, "other")
	before := rowsOf(t, path, me)
	for _, table := range []string{"attempts", "cards", "rounds", "round_turns", "timelines", "reading_progress", "study_plans", "cram_reviews", "transfer_codes"} {
		if before[table] == 0 {
			t.Fatalf("fill left %s empty (%v): the test would prove nothing", table, before)
		}
	}
	otherBefore := rowsOf(t, path, other)
	if err := s.DeleteLearner(ctx, me); err != nil {
		t.Fatalf("delete: %v", err)
	}
	for table, n := range rowsOf(t, path, me) {
		if n != 0 {
			t.Errorf("%s still has %d rows of the deleted learner", table, n)
		}
	}
	if ok, _ := s.LearnerExists(ctx, me); ok {
		t.Errorf("learner still exists after delete")
	}
	if got := rowsOf(t, path, other); !sameCounts(got, otherBefore) {
		t.Errorf("other learner's rows = %v, want unchanged %v", got, otherBefore)
	}
}

func sameCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestTransferCodeMovesLearnerOnceWithinItsLifetime(t *testing.T) {
	ctx := context.Background()
	t.Run("fresh code redeems once", func(t *testing.T) {
		s, c, _ := openAt(t)
		me := mustLearner(t, s)
		code, exp, err := s.IssueTransferCode(ctx, me, c.now())
		if err != nil {
			t.Fatalf("issue: %v", err)
		}
		if len(code) != 14 || strings.Count(code, "-") != 2 {
			t.Fatalf("code = %q, want XXXX-XXXX-XXXX", code)
		}
		if want := time.Date(2026, 11, 30, 9, 10, 0, 0, time.UTC); !exp.Equal(want) {
			t.Fatalf("expires = %v, want %v", exp, want)
		}
		got, err := s.RedeemTransferCode(ctx, strings.ToLower(strings.ReplaceAll(code, "-", " ")), "", c.now())
		if err != nil || got != me {
			t.Fatalf("redeem = %q, %v; want %q", got, err, me)
		}
		if got, err := s.RedeemTransferCode(ctx, code, "", c.now()); !errors.Is(err, store.ErrCodeInvalid) || got != "" {
			t.Fatalf("second redeem = %q, %v; want ErrCodeInvalid", got, err)
		}
	})
	t.Run("expired code does nothing", func(t *testing.T) {
		s, c, _ := openAt(t)
		me := mustLearner(t, s)
		code, _, err := s.IssueTransferCode(ctx, me, c.now())
		if err != nil {
			t.Fatalf("issue: %v", err)
		}
		c.add(store.TransferCodeTTL)
		if got, err := s.RedeemTransferCode(ctx, code, "", c.now()); !errors.Is(err, store.ErrCodeInvalid) || got != "" {
			t.Fatalf("redeem at expiry = %q, %v; want ErrCodeInvalid", got, err)
		}
	})
	t.Run("a new code cancels the old one", func(t *testing.T) {
		s, c, _ := openAt(t)
		me := mustLearner(t, s)
		old, _, _ := s.IssueTransferCode(ctx, me, c.now())
		fresh, _, _ := s.IssueTransferCode(ctx, me, c.now())
		if _, err := s.RedeemTransferCode(ctx, old, "", c.now()); !errors.Is(err, store.ErrCodeInvalid) {
			t.Fatalf("old code: err = %v, want ErrCodeInvalid", err)
		}
		if got, err := s.RedeemTransferCode(ctx, fresh, "", c.now()); err != nil || got != me {
			t.Fatalf("fresh code = %q, %v; want %q", got, err, me)
		}
	})
	t.Run("codes per hour are limited", func(t *testing.T) {
		s, c, _ := openAt(t)
		me := mustLearner(t, s)
		for i := 0; i < store.MaxTransferCodesPerHour; i++ {
			if _, _, err := s.IssueTransferCode(ctx, me, c.now()); err != nil {
				t.Fatalf("code %d: %v", i, err)
			}
		}
		if _, _, err := s.IssueTransferCode(ctx, me, c.now()); !errors.Is(err, store.ErrTooManyCodes) {
			t.Fatalf("code past the limit: err = %v, want ErrTooManyCodes", err)
		}
		c.add(time.Hour + time.Second)
		if _, _, err := s.IssueTransferCode(ctx, me, c.now()); err != nil {
			t.Fatalf("code an hour later: %v", err)
		}
	})
	t.Run("malformed codes are invalid", func(t *testing.T) {
		s, c, _ := openAt(t)
		for _, code := range []string{"", "ABCD", "ABCD-EFGH-JKLM-NPQR", "ABCD-EFGH-JKL0", "'; DROP TABLE learners; --"} {
			if _, err := s.RedeemTransferCode(ctx, code, "", c.now()); !errors.Is(err, store.ErrCodeInvalid) {
				t.Errorf("redeem %q: err = %v, want ErrCodeInvalid", code, err)
			}
		}
	})
}

func TestRedeemMergesThisBrowsersDataAndNobodyElses(t *testing.T) {
	ctx := context.Background()
	s, c, path := openAt(t)
	laptop, phone, stranger := mustLearner(t, s), mustLearner(t, s), mustLearner(t, s)
	fill(t, s, laptop, "laptop")
	fill(t, s, stranger, "stranger")
	// The phone answered one question of its own before the transfer.
	q := &quiz.Question{ID: "choose-ttl", Kind: quiz.KindFreeText}
	phoneAttempt, err := s.CreateAttempt(ctx, phone, q, quiz.Answer{Text: "phone"}, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.5}, c.now())
	if err != nil {
		t.Fatalf("phone attempt: %v", err)
	}
	strangerBefore := rowsOf(t, path, stranger)
	laptopBefore := rowsOf(t, path, laptop)

	code, _, err := s.IssueTransferCode(ctx, laptop, c.now())
	if err != nil {
		t.Fatalf("issue: %v", err)
	}
	got, err := s.RedeemTransferCode(ctx, code, phone, c.now())
	if err != nil || got != laptop {
		t.Fatalf("redeem = %q, %v; want %q", got, err, laptop)
	}
	if a, err := s.Attempt(ctx, laptop, phoneAttempt); err != nil || a.Answer.Text != "phone" {
		t.Fatalf("phone's attempt under the laptop learner = %+v, %v; want it kept with its id", a, err)
	}
	if ok, _ := s.LearnerExists(ctx, phone); ok {
		t.Errorf("the phone's old learner still exists after merging")
	}
	after := rowsOf(t, path, laptop)
	if after["attempts"] != laptopBefore["attempts"]+1 {
		t.Errorf("laptop attempts = %d, want %d", after["attempts"], laptopBefore["attempts"]+1)
	}
	if got := rowsOf(t, path, stranger); !sameCounts(got, strangerBefore) {
		t.Errorf("stranger's rows = %v, want unchanged %v", got, strangerBefore)
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, c, path := openAt(t)
	me, other := mustLearner(t, s), mustLearner(t, s)
	fill(t, s, me, "me")
	fill(t, s, other, "other")
	e, err := s.ExportLearner(ctx, me, c.now())
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(e); err != nil {
		t.Fatalf("encode: %v", err)
	}
	if strings.Contains(buf.String(), me) {
		t.Fatalf("export contains the learner id, the cookie's secret")
	}
	if strings.Contains(buf.String(), "other") {
		t.Fatalf("export of me contains another learner's data: %s", buf.String())
	}
	if len(e.Attempts) != 1 || len(e.Cards) != 1 || len(e.Rounds) != 1 || len(e.Rounds[0].Turns) != 3 ||
		len(e.Timelines) != 1 || len(e.Reading) != 1 || len(e.Cram) != 1 || e.Plan == nil || e.Plan.InterviewDate != "2026-12-10" {
		t.Fatalf("export = %+v, want one of each", e)
	}

	dec, err := store.DecodeExport(&buf)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if err := dec.Validate(store.ImportRules{}); err != nil {
		t.Fatalf("validate own export: %v", err)
	}
	fresh := mustLearner(t, s)
	sum, err := s.ImportLearner(ctx, fresh, dec, c.now())
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	if sum.Attempts != 1 || sum.Cards != 1 || sum.Rounds != 1 || sum.Timelines != 1 || sum.Reading != 1 || sum.Cram != 1 || !sum.Plan {
		t.Fatalf("import summary = %+v, want one of each", sum)
	}
	if got, want := rowsOf(t, path, fresh), rowsOf(t, path, me); got["attempts"] != want["attempts"] || got["round_turns"] != want["round_turns"] || got["cards"] != want["cards"] {
		t.Fatalf("imported rows = %v, want those of the exporter %v", got, want)
	}
	again, err := s.ExportLearner(ctx, fresh, c.now())
	if err != nil {
		t.Fatalf("export again: %v", err)
	}
	again.ExportedAt, e.ExportedAt = time.Time{}, time.Time{}
	a, _ := json.Marshal(again)
	b, _ := json.Marshal(e)
	if !bytes.Equal(a, b) {
		t.Fatalf("re-export differs from the original:\n got %s\nwant %s", a, b)
	}
	// The same file a second time adds nothing.
	sum, err = s.ImportLearner(ctx, fresh, dec, c.now())
	if err != nil {
		t.Fatalf("import again: %v", err)
	}
	if sum.Added() != 0 || sum.Skipped == 0 {
		t.Fatalf("second import = %+v, want nothing added, all skipped", sum)
	}
}

func TestImportRejectsBadFilesNamingTheField(t *testing.T) {
	ctx := context.Background()
	s, c, path := openAt(t)
	me := mustLearner(t, s)
	fill(t, s, me, "me")
	e, err := s.ExportLearner(ctx, me, c.now())
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	good, _ := json.Marshal(e)
	known := store.ImportRules{
		Question: func(id string) (*quiz.Question, bool) {
			return nil, id == "fencing-token" || id == "choose-ttl" || id == "avoid-the-lock"
		},
		Section: func(slug string) bool { return slug != "no-such-section" },
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		raw  string
		want []string
	}{
		{name: "not JSON", raw: "{\n  \"format\": \"lockdrill-export\",\n  oops\n}", want: []string{"line 3, column 3"}},
		{name: "wrong type", raw: `{"format":"lockdrill-export","version":"one"}`, want: []string{"version: should be a whole number, and it is a JSON string"}},
		{name: "not an object", raw: `[]`, want: []string{"the file should be one JSON object, and it is a JSON array"}},
		{name: "unknown field", raw: `{"format":"lockdrill-export","version":1,"atempts":[]}`, want: []string{`atempts: the export format has no such field`}},
		{name: "unknown nested field", edit: func(m map[string]any) {
			m["attempts"].([]any)[0].(map[string]any)["result"].(map[string]any)["bogus"] = 1
		}, want: []string{"attempts[0].result.bogus: the export format has no such field"}},
		{name: "unknown guide section", edit: func(m map[string]any) {
			m["reading"].([]any)[0].(map[string]any)["slug"] = "no-such-section"
		}, want: []string{`reading[0].slug: "no-such-section" is not a section`}},
		{name: "not an export", edit: func(m map[string]any) { m["format"] = "something" }, want: []string{"format: "}},
		{name: "newer version", edit: func(m map[string]any) { m["version"] = 9 }, want: []string{"version: is 9, newer"}},
		{name: "score out of range", edit: func(m map[string]any) {
			m["attempts"].([]any)[0].(map[string]any)["result"].(map[string]any)["score"] = 1.5
		}, want: []string{"attempts[0].result.score: is 1.5"}},
		{name: "unknown question", edit: func(m map[string]any) {
			m["cards"].([]any)[0].(map[string]any)["question"] = "no-such-question"
		}, want: []string{`cards[0].question: "no-such-question" is not a question`}},
		{name: "bad rating and date", edit: func(m map[string]any) {
			m["cram_reviews"].([]any)[0].(map[string]any)["rating"] = 7
			m["plan"].(map[string]any)["interview_date"] = "next tuesday"
		}, want: []string{"cram_reviews[0].rating: is 7", `plan.interview_date: "next tuesday" is not a date`}},
		{name: "invalid scenario", edit: func(m map[string]any) {
			m["timelines"].([]any)[0].(map[string]any)["scenario"] = map[string]any{"lock": map[string]any{"model": "memcached"}}
		}, want: []string{"timelines[0].scenario: "}},
		{name: "turn answered without result", edit: func(m map[string]any) {
			m["rounds"].([]any)[0].(map[string]any)["turns"].([]any)[1].(map[string]any)["answered_at"] = "2026-11-30T09:01:00Z"
		}, want: []string{"rounds[0].turns[1].result: must be present"}},
	}
	fresh := mustLearner(t, s)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.raw)
			if tt.edit != nil {
				var m map[string]any
				if err := json.Unmarshal(good, &m); err != nil {
					t.Fatal(err)
				}
				tt.edit(m)
				data, _ = json.Marshal(m)
			}
			e, err := store.DecodeExport(bytes.NewReader(data))
			if err == nil {
				err = e.Validate(known)
			}
			var ie *store.ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an ImportError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
	for table, n := range rowsOf(t, path, fresh) {
		if table != "learners" && n != 0 {
			t.Errorf("%s has %d rows after only rejected files", table, n)
		}
	}
}
