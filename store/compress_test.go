package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pressly/goose/v3"

	"lockdrill/migrations"
	"lockdrill/quiz"
	"lockdrill/store"
)

// longAnswer is an answer and result of the largest size the app stores,
// which are kept compressed.
func longAnswer(selfAssessed bool) (quiz.Answer, quiz.Result) {
	text := strings.Repeat("A fencing token goes up with every grant; the storage refuses a lower one. ", 60)
	res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.75, Passed: true, Suggested: quiz.Good, SelfAssessed: selfAssessed}
	for i := range 30 {
		res.Points = append(res.Points, quiz.PointResult{ID: "p" + strings.Repeat("x", i), Label: "The storage <checks> the token & refuses a stale one", Hit: i%2 == 0, Weight: 1,
			Spans: []quiz.Span{{Start: i, End: i + 9}}})
	}
	return quiz.Answer{Text: text}, res
}

// rawColumns is how an attempt's answer and result sit in its row.
type rawColumns struct {
	answer, result   string
	answerZ, resultZ []byte
	selfAssessed     int
}

func readRaw(t *testing.T, path, id string) rawColumns {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_query_only=1")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var r rawColumns
	err = db.QueryRow("SELECT answer, result, answer_z, result_z, self_assessed FROM attempts WHERE id = ?", id).
		Scan(&r.answer, &r.result, &r.answerZ, &r.resultZ, &r.selfAssessed)
	if err != nil {
		t.Fatalf("read row %s: %v", id, err)
	}
	return r
}

// TestLongAttemptsAreStoredCompressed: a long answer and its result are
// stored compressed (text columns empty) and read back exactly; a choice
// answer, too short to gain, stays text.
func TestLongAttemptsAreStoredCompressed(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	s := mustOpen(t, path)
	me := mustLearner(t, s)
	a, res := longAnswer(false)
	long, err := s.CreateAttempt(ctx, me, freeQ, a, res, t0)
	if err != nil {
		t.Fatal(err)
	}
	short, err := s.CreateAttempt(ctx, me, singleQ, quiz.Answer{Choices: []string{"b"}}, quiz.Result{Question: singleQ.ID, Kind: singleQ.Kind}, t0)
	if err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, path, long)
	if raw.answer != "" || raw.result != "" || raw.answerZ == nil || raw.resultZ == nil {
		t.Fatalf("long attempt: answer %d bytes of text, result %d, compressed %d and %d; want only compressed",
			len(raw.answer), len(raw.result), len(raw.answerZ), len(raw.resultZ))
	}
	js, _ := json.Marshal(a)
	if len(raw.answerZ) >= len(js)/2 {
		t.Errorf("long answer: %d bytes compressed of %d", len(raw.answerZ), len(js))
	}
	got, err := s.Attempt(ctx, me, long)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got.Answer); diff != "" {
		t.Errorf("answer (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(res, got.Result); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	raw = readRaw(t, path, short)
	if raw.answer != `{"choices":["b"]}` || raw.answerZ != nil {
		t.Fatalf("choice answer stored as %q and %d compressed bytes, want the JSON as text", raw.answer, len(raw.answerZ))
	}
	if got, err := s.Attempt(ctx, me, short); err != nil || len(got.Answer.Choices) != 1 || got.Answer.Choices[0] != "b" {
		t.Fatalf("choice answer = %+v, %v", got.Answer, err)
	}
}

// TestSelfAssessedReadsOnCompressedResults: lists tell a self-assessed
// attempt from the grader's own whether its result is compressed or text,
// after a self-assessment and after a dispute.
func TestSelfAssessedReadsOnCompressedResults(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	s := mustOpen(t, path)
	me := mustLearner(t, s)
	a, graded := longAnswer(false)
	_, corrected := longAnswer(true)
	ids := make([]string, 4)
	for i := range ids {
		id, err := s.CreateAttempt(ctx, me, freeQ, a, graded, t0.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	short := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5, SelfAssessed: true}
	if err := s.UpdateAttemptResult(ctx, me, ids[1], corrected); err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: freeQ.ID, Item: "p", Was: "missed", Answer: a.Text, Grader: "g15", Created: day}
	if _, err := s.ContestAttempt(ctx, me, ids[2], d, corrected); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateAttemptResult(ctx, me, ids[3], short); err != nil {
		t.Fatal(err)
	}
	if raw := readRaw(t, path, ids[1]); raw.result != "" || raw.selfAssessed != 1 {
		t.Fatalf("self-assessed long result: text %d bytes, self_assessed %d; want compressed, 1", len(raw.result), raw.selfAssessed)
	}
	if raw := readRaw(t, path, ids[3]); raw.result == "" || raw.resultZ != nil {
		t.Fatalf("short result: text %q, %d compressed bytes; want text", raw.result, len(raw.resultZ))
	}
	log, err := s.AttemptLog(ctx, me)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{ids[0]: false, ids[1]: true, ids[2]: true, ids[3]: true}
	for _, e := range log {
		if e.SelfAssessed != want[e.ID] {
			t.Errorf("attempt %d: SelfAssessed = %v, want %v", slices.Index(ids, e.ID), e.SelfAssessed, want[e.ID])
		}
	}
	if got, err := s.Attempt(ctx, me, ids[2]); err != nil || !got.Result.SelfAssessed || len(got.Result.Points) != 30 {
		t.Fatalf("contested attempt: self assessed %v, %d points, %v", got.Result.SelfAssessed, len(got.Result.Points), err)
	}
}

// TestAttemptsWrittenBeforeCompressionStillLoad: a row stored by a build
// before migration 00010 (JSON as text, no compressed columns) reads as
// it did after the migration, in the attempt page, the lists (including
// self_assessed, read out of its JSON), the learner's export; changing
// its result stores the new one compressed.
func TestAttemptsWrittenBeforeCompressionStillLoad(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.FS)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 9); err != nil {
		t.Fatalf("migrate to 9: %v", err)
	}
	const me, id = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
	a, res := longAnswer(true)
	ans, _ := json.Marshal(a)
	rs, _ := json.Marshal(res)
	// As the builds before 00010 wrote it (insertAttemptTx then).
	if _, err := db.Exec("INSERT INTO learners (id, created_ms) VALUES (?, ?)", me, t0.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO attempts (id, learner_id, question_id, kind, answer, result, score, passed, created_ms, rating, rated_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
		id, me, freeQ.ID, string(freeQ.Kind), string(ans), string(rs), res.Score, 1, t0.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s := mustOpen(t, path)
	if v, err := s.SchemaVersion(ctx); err != nil || v < 10 {
		t.Fatalf("schema version %d, %v; want 10 or later", v, err)
	}
	got, err := s.Attempt(ctx, me, id)
	if err != nil {
		t.Fatalf("old row: %v", err)
	}
	if diff := cmp.Diff(a, got.Answer); diff != "" {
		t.Errorf("old row answer (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(res, got.Result); diff != "" {
		t.Errorf("old row result (-want +got):\n%s", diff)
	}
	log, err := s.AttemptLog(ctx, me)
	if err != nil || len(log) != 1 || !log[0].SelfAssessed || log[0].Score != res.Score {
		t.Fatalf("old row in the log: %+v, %v; want one self-assessed attempt", log, err)
	}
	e, err := s.ExportLearner(ctx, me, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Attempts) != 1 || e.Attempts[0].Answer.Text != a.Text || len(e.Attempts[0].Result.Points) != len(res.Points) {
		t.Fatalf("old row exported as %d attempts", len(e.Attempts))
	}

	_, graded := longAnswer(false)
	if err := s.UpdateAttemptResult(ctx, me, id, graded); err != nil {
		t.Fatal(err)
	}
	raw := readRaw(t, path, id)
	if raw.answer == "" || raw.result != "" || raw.resultZ == nil {
		t.Fatalf("old row after a new result: answer text %d bytes, result text %d, compressed %d; want the answer as it was, the result compressed",
			len(raw.answer), len(raw.result), len(raw.resultZ))
	}
	got, err = s.Attempt(ctx, me, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(graded, got.Result); diff != "" || got.Answer.Text != a.Text {
		t.Errorf("old row after a new result (-want +got):\n%s", diff)
	}
	if log, _ := s.AttemptLog(ctx, me); len(log) != 1 || log[0].SelfAssessed {
		t.Fatalf("old row with a grader's result in the log: %+v; want not self-assessed", log)
	}
}

// TestExportImportOfCompressedAttempts: a learner's data export holds
// compressed attempts in full, and importing it stores them readable.
func TestExportImportOfCompressedAttempts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	s := mustOpen(t, path)
	me, fresh := mustLearner(t, s), mustLearner(t, s)
	a, res := longAnswer(true)
	if _, err := s.CreateAttempt(ctx, me, freeQ, a, res, t0); err != nil {
		t.Fatal(err)
	}
	e, err := s.ExportLearner(ctx, me, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Attempts) != 1 {
		t.Fatalf("export has %d attempts, want 1", len(e.Attempts))
	}
	if diff := cmp.Diff(a, e.Attempts[0].Answer); diff != "" {
		t.Errorf("exported answer (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(res, e.Attempts[0].Result); diff != "" {
		t.Errorf("exported result (-want +got):\n%s", diff)
	}
	if _, err := s.ImportLearner(ctx, fresh, e, day); err != nil {
		t.Fatal(err)
	}
	log, err := s.AttemptLog(ctx, fresh)
	if err != nil || len(log) != 1 || !log[0].SelfAssessed {
		t.Fatalf("imported log %+v, %v; want one self-assessed attempt", log, err)
	}
	if raw := readRaw(t, path, log[0].ID); raw.answer != "" || raw.result != "" {
		t.Errorf("imported attempt stored as text (%d and %d bytes), want compressed", len(raw.answer), len(raw.result))
	}
	got, err := s.Attempt(ctx, fresh, log[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got.Answer); diff != "" {
		t.Errorf("imported answer (-want +got):\n%s", diff)
	}
}

// TestMigrationDownRefusesCompressedRows: going below migration 00010
// would drop the compressed answers, so it is refused while any exists,
// and allowed (dropping only empty columns) when none does.
func TestMigrationDownRefusesCompressedRows(t *testing.T) {
	ctx := context.Background()
	for _, long := range []bool{true, false} {
		path := filepath.Join(t.TempDir(), "test.db")
		s := mustOpen(t, path)
		me := mustLearner(t, s)
		a, res := longAnswer(false)
		if !long {
			a, res = quiz.Answer{Choices: []string{"b"}}, quiz.Result{Question: singleQ.ID, Kind: singleQ.Kind}
		}
		if _, err := s.CreateAttempt(ctx, me, freeQ, a, res, t0); err != nil {
			t.Fatal(err)
		}
		s.Close()
		db, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
		if err != nil {
			t.Fatal(err)
		}
		p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.FS)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.DownTo(ctx, 9)
		var n int
		if qerr := db.QueryRow("SELECT count(*) FROM attempts").Scan(&n); qerr != nil || n != 1 {
			t.Fatalf("long %v: %d attempts after going down, %v; want the one stored", long, n, qerr)
		}
		db.Close()
		if long && err == nil {
			t.Fatal("down to 9 with a compressed attempt: no error")
		}
		if !long && err != nil {
			t.Fatalf("down to 9 with text attempts only: %v", err)
		}
	}
}
