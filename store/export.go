package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lockdrill/quiz"
	"lockdrill/sandbox"
)

// ExportFormat and ExportVersion identify an export file. The version goes
// up when a field changes meaning; an import refuses versions it does not
// know rather than guess.
const (
	ExportFormat  = "lockdrill-export"
	ExportVersion = 1
)

// MaxImportItems bounds each list of an imported file.
const MaxImportItems = 5000

// Export is all of one learner's data, as the export file holds it. It
// carries no learner id: the id is the cookie's secret, and a file shared
// for help must not hand over the account. Nor does it carry the ids of
// attempts, rounds or timelines: an import gives them new ones.
type Export struct {
	Format     string           `json:"format"`
	Version    int              `json:"version"`
	ExportedAt time.Time        `json:"exported_at"`
	Plan       *ExportPlan      `json:"plan,omitempty"`
	Reading    []ExportRead     `json:"reading"`
	Attempts   []ExportAttempt  `json:"attempts"`
	Cards      []ExportCard     `json:"cards"`
	Rounds     []ExportRound    `json:"rounds"`
	Timelines  []ExportTimeline `json:"timelines"`
	Cram       []ExportCram     `json:"cram_reviews"`
	// Interviewed are the peer rounds the learner played the interviewer
	// in, with their notes and scores. They are in the file because they
	// are the learner's words; an import leaves them out, since each
	// belongs to its candidate's round.
	Interviewed []ExportInterview `json:"interviewed,omitempty"`
}

// ExportPeer is what the interviewer of a peer round left on it: their
// notes and 1-4 score per dimension.
type ExportPeer struct {
	// JoinedAt is when the interviewer joined, if anyone did.
	JoinedAt *time.Time     `json:"joined_at,omitempty"`
	Notes    string         `json:"notes"`
	Scores   map[string]int `json:"scores"`
	// NotesDeleted, on a round of the learner's, says whether the
	// interviewer's notes and scores were deleted with the interviewer's
	// data (true) or are what they left (false), so a round imported
	// without notes can say which; absent when that is not known, in a
	// file written before it was carried, and in Interviewed.
	NotesDeleted *bool `json:"notes_deleted,omitempty"`
}

// ExportInterview is one peer round the learner interviewed in.
type ExportInterview struct {
	StartedAt time.Time `json:"started_at"`
	Questions []string  `json:"questions"`
	ExportPeer
}

// ExportPlan is the learner's study plan.
type ExportPlan struct {
	// InterviewDate is a calendar day, YYYY-MM-DD.
	InterviewDate string `json:"interview_date"`
}

// ExportRead is one guide section marked read.
type ExportRead struct {
	Slug   string    `json:"slug"`
	ReadAt time.Time `json:"read_at"`
}

// ExportAttempt is one practice attempt. Its score and pass come from
// Result, so they cannot disagree with it.
type ExportAttempt struct {
	Question  string      `json:"question"`
	Kind      quiz.Kind   `json:"kind"`
	Answer    quiz.Answer `json:"answer"`
	Result    quiz.Result `json:"result"`
	CreatedAt time.Time   `json:"created_at"`
	// Rating is 1..4 (Again..Easy), or 0 when the attempt was never rated.
	Rating  quiz.Rating `json:"rating,omitempty"`
	RatedAt *time.Time  `json:"rated_at,omitempty"`
}

// ExportCard is one question's spaced-review card.
type ExportCard struct {
	Question  string    `json:"question"`
	Card      quiz.Card `json:"card"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ExportRound is one mock round with its turns.
type ExportRound struct {
	Mode    quiz.Mode `json:"mode"`
	Size    int       `json:"size"`
	LimitMS int64     `json:"limit_ms"`
	// Seed is written as a string: it is a 64-bit number, which many JSON
	// tools would round through a float.
	Seed       uint64       `json:"seed,string"`
	StartedAt  time.Time    `json:"started_at"`
	FinishedAt *time.Time   `json:"finished_at,omitempty"`
	Score      *float64     `json:"score,omitempty"`
	Verdict    string       `json:"verdict,omitempty"`
	Turns      []ExportTurn `json:"turns"`
	// Peer is the interviewer's view of a peer round.
	Peer *ExportPeer `json:"peer,omitempty"`
}

// ExportTurn is one turn of a round.
type ExportTurn struct {
	Seq      int    `json:"seq"`
	Question string `json:"question"`
	FollowUp string `json:"follow_up,omitempty"`
	// Asked is the follow-up an interviewer typed (follow_up "custom").
	Asked      string       `json:"asked,omitempty"`
	ShownAt    *time.Time   `json:"shown_at,omitempty"`
	AnsweredAt *time.Time   `json:"answered_at,omitempty"`
	Answer     *string      `json:"answer,omitempty"`
	Result     *quiz.Result `json:"result,omitempty"`
}

// ExportTimeline is one sandbox timeline: its scenario and how far it was
// played.
type ExportTimeline struct {
	ParentID        string          `json:"parent_id,omitempty"`
	PresetID        string          `json:"preset_id,omitempty"`
	Title           string          `json:"title"`
	Scenario        json.RawMessage `json:"scenario"`
	EngineVersion   string          `json:"engine_version"`
	NowMS           int64           `json:"now_ms"`
	PredictQuestion string          `json:"predict_question,omitempty"`
	Prediction      string          `json:"prediction,omitempty"`
	CreatedAt       time.Time       `json:"created_at"`
	UpdatedAt       time.Time       `json:"updated_at"`
}

// ExportCram is one self-rated recall of a cram session.
type ExportCram struct {
	Question   string      `json:"question"`
	Rating     quiz.Rating `json:"rating"`
	ReviewedAt time.Time   `json:"reviewed_at"`
}

// ImportSummary counts what an import added, and what it skipped because
// the learner already had it (the same file imported twice adds nothing).
type ImportSummary struct {
	Reading, Attempts, Cards, Rounds, Timelines, Cram int
	Plan                                              bool
	Skipped                                           int
}

// Added is the number of items an import added.
func (s ImportSummary) Added() int {
	n := s.Reading + s.Attempts + s.Cards + s.Rounds + s.Timelines + s.Cram
	if s.Plan {
		n++
	}
	return n
}

// ImportError lists every problem of an import file, each naming its field
// (such as "attempts[3].result.score"); nothing was imported.
type ImportError struct {
	Problems []string
}

func (e *ImportError) Error() string {
	return "the file was not imported: " + strings.Join(e.Problems, "; ")
}

// maxImportProblems caps the problems reported for one file.
const maxImportProblems = 20

// ExportLearner returns all of learner's data, read in one snapshot, as
// exported at now.
func (s *Store) ExportLearner(ctx context.Context, learner string, now time.Time) (Export, error) {
	if !ValidID(learner) {
		return emptyExport(now), nil
	}
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return Export{}, fmt.Errorf("export: %w", err)
	}
	defer tx.Rollback()
	e, err := exportTx(ctx, tx, learner, now)
	if err != nil {
		return Export{}, fmt.Errorf("export: %w", err)
	}
	return e, nil
}

func emptyExport(now time.Time) Export {
	return Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: now.UTC(),
		Reading: []ExportRead{}, Attempts: []ExportAttempt{}, Cards: []ExportCard{}, Rounds: []ExportRound{},
		Timelines: []ExportTimeline{}, Cram: []ExportCram{}}
}

func exportTx(ctx context.Context, q querier, learner string, now time.Time) (Export, error) {
	e := emptyExport(now)
	var day string
	err := q.QueryRowContext(ctx, "SELECT interview_day FROM study_plans WHERE learner_id = ?", learner).Scan(&day)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return e, fmt.Errorf("plan: %w", err)
	default:
		e.Plan = &ExportPlan{InterviewDate: day}
	}
	err = eachRow(ctx, q, "SELECT slug, read_ms FROM reading_progress WHERE learner_id = ? ORDER BY read_ms, slug", []any{learner},
		func(rows *sql.Rows) error {
			var r ExportRead
			var ms int64
			if err := rows.Scan(&r.Slug, &ms); err != nil {
				return err
			}
			r.ReadAt = msTime(ms)
			e.Reading = append(e.Reading, r)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("reading: %w", err)
	}
	err = eachRow(ctx, q, `SELECT question_id, kind, answer, answer_z, result, result_z, created_ms, rating, rated_ms FROM attempts
		WHERE learner_id = ? ORDER BY created_ms, rowid`, []any{learner},
		func(rows *sql.Rows) error {
			var a ExportAttempt
			var kind, ans, res string
			var ansZ, resZ []byte
			var created int64
			var rating, rated sql.NullInt64
			if err := rows.Scan(&a.Question, &kind, &ans, &ansZ, &res, &resZ, &created, &rating, &rated); err != nil {
				return err
			}
			a.Kind, a.CreatedAt = quiz.Kind(kind), msTime(created)
			if err := decodeAttemptJSON(ans, ansZ, res, resZ, &a.Answer, &a.Result); err != nil {
				return err
			}
			if rating.Valid {
				a.Rating = quiz.Rating(rating.Int64)
				t := msTime(rated.Int64)
				a.RatedAt = &t
			}
			e.Attempts = append(e.Attempts, a)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("attempts: %w", err)
	}
	err = eachRow(ctx, q, "SELECT question_id, card, updated_ms FROM cards WHERE learner_id = ? ORDER BY question_id", []any{learner},
		func(rows *sql.Rows) error {
			var c ExportCard
			var raw string
			var updated int64
			if err := rows.Scan(&c.Question, &raw, &updated); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(raw), &c.Card); err != nil {
				return fmt.Errorf("decode card %q: %w", c.Question, err)
			}
			c.UpdatedAt = msTime(updated)
			e.Cards = append(e.Cards, c)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("cards: %w", err)
	}
	var roundIDs, interviewIDs []string
	err = eachRow(ctx, q, `SELECT id, mode, size, limit_ms, seed, started_ms, finished_ms, score, verdict FROM rounds
		WHERE learner_id = ? ORDER BY started_ms, rowid`, []any{learner},
		func(rows *sql.Rows) error {
			var r ExportRound
			var id, mode string
			var started, seed int64
			var finished sql.NullInt64
			var score sql.NullFloat64
			var verdict sql.NullString
			if err := rows.Scan(&id, &mode, &r.Size, &r.LimitMS, &seed, &started, &finished, &score, &verdict); err != nil {
				return err
			}
			r.Seed = uint64(seed)
			r.Mode, r.StartedAt, r.Verdict, r.Turns = quiz.Mode(mode), msTime(started), verdict.String, []ExportTurn{}
			if finished.Valid {
				t := msTime(finished.Int64)
				r.FinishedAt = &t
			}
			if score.Valid {
				v := score.Float64
				r.Score = &v
			}
			roundIDs = append(roundIDs, id)
			e.Rounds = append(e.Rounds, r)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("rounds: %w", err)
	}
	for i, id := range roundIDs {
		err = eachRow(ctx, q, `SELECT t.seq, t.question_id, t.follow_up, t.asked, t.shown_ms, t.answered_ms, t.answer, t.result
			FROM round_turns t JOIN rounds r ON r.id = t.round_id WHERE t.round_id = ? AND r.learner_id = ? ORDER BY t.seq`,
			[]any{id, learner},
			func(rows *sql.Rows) error {
				var t ExportTurn
				var shown, answered sql.NullInt64
				var answer, result sql.NullString
				if err := rows.Scan(&t.Seq, &t.Question, &t.FollowUp, &t.Asked, &shown, &answered, &answer, &result); err != nil {
					return err
				}
				t.ShownAt, t.AnsweredAt = nullTime(shown), nullTime(answered)
				if answer.Valid {
					t.Answer = &answer.String
				}
				if result.Valid {
					var res quiz.Result
					if err := json.Unmarshal([]byte(result.String), &res); err != nil {
						return fmt.Errorf("decode result of turn %d: %w", t.Seq, err)
					}
					t.Result = &res
				}
				e.Rounds[i].Turns = append(e.Rounds[i].Turns, t)
				return nil
			})
		if err != nil {
			return e, fmt.Errorf("round turns: %w", err)
		}
		err = eachRow(ctx, q, `SELECT p.joined_ms, p.notes, p.scores, p.notes_deleted FROM peer_rounds p JOIN rounds r ON r.id = p.round_id
			WHERE p.round_id = ? AND r.learner_id = ?`, []any{id, learner},
			func(rows *sql.Rows) error {
				var pv ExportPeer
				var joined sql.NullInt64
				var scores string
				var deleted sql.NullBool
				if err := rows.Scan(&joined, &pv.Notes, &scores, &deleted); err != nil {
					return err
				}
				pv.JoinedAt = nullTime(joined)
				if deleted.Valid {
					pv.NotesDeleted = &deleted.Bool
				}
				if err := json.Unmarshal([]byte(scores), &pv.Scores); err != nil {
					return fmt.Errorf("decode scores: %w", err)
				}
				e.Rounds[i].Peer = &pv
				return nil
			})
		if err != nil {
			return e, fmt.Errorf("peer round: %w", err)
		}
	}
	err = eachRow(ctx, q, `SELECT r.id, r.started_ms, p.notes, p.scores FROM peer_rounds p JOIN rounds r ON r.id = p.round_id
		WHERE p.interviewer_id = ? ORDER BY r.started_ms, r.rowid`, []any{learner},
		func(rows *sql.Rows) error {
			var iv ExportInterview
			var id, scores string
			var started int64
			if err := rows.Scan(&id, &started, &iv.Notes, &scores); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(scores), &iv.Scores); err != nil {
				return fmt.Errorf("decode scores: %w", err)
			}
			iv.StartedAt, iv.Questions = msTime(started), []string{}
			e.Interviewed = append(e.Interviewed, iv)
			interviewIDs = append(interviewIDs, id)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("interviewed rounds: %w", err)
	}
	for i, id := range interviewIDs {
		err = eachRow(ctx, q, `SELECT question_id FROM round_turns WHERE round_id = ? AND follow_up = '' ORDER BY seq`, []any{id},
			func(rows *sql.Rows) error {
				var qid string
				if err := rows.Scan(&qid); err != nil {
					return err
				}
				e.Interviewed[i].Questions = append(e.Interviewed[i].Questions, qid)
				return nil
			})
		if err != nil {
			return e, fmt.Errorf("interviewed rounds: %w", err)
		}
	}
	err = eachRow(ctx, q, `SELECT parent_id, preset_id, title, scenario, engine_version, now_ms, predict_question, prediction,
		created_ms, updated_ms FROM timelines WHERE learner_id = ? ORDER BY created_ms, rowid`, []any{learner},
		func(rows *sql.Rows) error {
			var t ExportTimeline
			var scenario string
			var created, updated int64
			if err := rows.Scan(&t.ParentID, &t.PresetID, &t.Title, &scenario, &t.EngineVersion, &t.NowMS,
				&t.PredictQuestion, &t.Prediction, &created, &updated); err != nil {
				return err
			}
			t.Scenario = json.RawMessage(scenario)
			t.CreatedAt, t.UpdatedAt = msTime(created), msTime(updated)
			e.Timelines = append(e.Timelines, t)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("timelines: %w", err)
	}
	err = eachRow(ctx, q, "SELECT question_id, rating, reviewed_ms FROM cram_reviews WHERE learner_id = ? ORDER BY reviewed_ms, rowid",
		[]any{learner},
		func(rows *sql.Rows) error {
			var c ExportCram
			var ms int64
			if err := rows.Scan(&c.Question, &c.Rating, &ms); err != nil {
				return err
			}
			c.ReviewedAt = msTime(ms)
			e.Cram = append(e.Cram, c)
			return nil
		})
	if err != nil {
		return e, fmt.Errorf("cram reviews: %w", err)
	}
	return e, nil
}

func eachRow(ctx context.Context, q querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func nullTime(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := msTime(v.Int64)
	return &t
}

// DecodeExport reads an export file strictly: a field the format does not
// have is an error (a misspelt field would otherwise vanish silently), and
// so is anything after the document. Errors name the field or the line
// and column.
func DecodeExport(r io.Reader) (Export, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Export{}, &ImportError{Problems: []string{"the file could not be read: " + err.Error()}}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var e Export
	if err := dec.Decode(&e); err != nil {
		return Export{}, &ImportError{Problems: []string{describeJSONError(data, err)}}
	}
	if dec.More() {
		return Export{}, &ImportError{Problems: []string{"the file has more after the export's closing brace"}}
	}
	return e, nil
}

func describeJSONError(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off := syn.Offset - 1 // Offset is just past the bad byte
		line, col := lineCol(data, off)
		what := "the file"
		if off >= 0 && off < int64(len(data)) {
			what = fmt.Sprintf("%q", data[off:off+1])
		}
		return fmt.Sprintf("this is not a lockdrill export: it is not valid JSON (at line %d, column %d, %s was not expected)", line, col, what)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Sprintf("this is not a lockdrill export: the file should be one JSON object, and it is a JSON %s", typ.Value)
		}
		return fmt.Sprintf("%s: should be %s, and it is a JSON %s", typ.Field, describeType(typ.Type), typ.Value)
	case errors.Is(err, io.EOF):
		return "the file is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the file ends in the middle of the JSON document: it may have been cut short"
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		name, _ := strconv.Unquote(f)
		if path := unknownFieldPath(data, name); path != "" {
			return path + ": the export format has no such field (check its spelling)"
		}
		return "unknown field " + f + ": the export format has no such field (check its spelling)"
	}
	return strings.TrimPrefix(msg, "json: ")
}

// describeType says in plain words what JSON a Go type is read from.
func describeType(t reflect.Type) string {
	if t == reflect.TypeOf(time.Time{}) {
		return "a time such as \"2026-12-01T15:04:05Z\""
	}
	switch t.Kind() {
	case reflect.Pointer:
		return describeType(t.Elem())
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "a JSON value"
		}
		return "a list"
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another kind of value"
}

// unknownFieldPath finds where the field name, which the export format does
// not have, sits in data, as a path such as "attempts[0].result.score", by
// walking the document alongside the Export type. It returns "" when it
// cannot tell.
func unknownFieldPath(data []byte, name string) string {
	var doc any
	if json.Unmarshal(data, &doc) != nil {
		return ""
	}
	return findUnknown(doc, reflect.TypeOf(Export{}), "", name)
}

func findUnknown(v any, t reflect.Type, path, name string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch v := v.(type) {
	case map[string]any:
		if t.Kind() != reflect.Struct || t == reflect.TypeOf(time.Time{}) {
			return ""
		}
		fields := jsonFields(t)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ft, ok := fields[k]
			if !ok {
				if strings.EqualFold(k, name) {
					return joinPath(path, k)
				}
				continue
			}
			if p := findUnknown(v[k], ft, joinPath(path, k), name); p != "" {
				return p
			}
		}
	case []any:
		if t.Kind() != reflect.Slice || t.Elem().Kind() == reflect.Uint8 {
			return ""
		}
		for i, e := range v {
			if p := findUnknown(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i), name); p != "" {
				return p
			}
		}
	}
	return ""
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// jsonFields maps the JSON names of t's fields to their types, as
// encoding/json reads them (embedded structs' fields included).
func jsonFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		n, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && n == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					m[k] = v
				}
				continue
			}
		}
		if n == "" {
			n = f.Name
		}
		m[n] = f.Type
	}
	return m
}

func lineCol(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// ImportRules are the app's own content an import is checked against, so
// that a file cannot store what the app's normal paths would refuse. A nil
// function leaves that check out.
type ImportRules struct {
	// Question returns the bank's question with this id. An attempt at a
	// question this lockdrill does not have could never be shown, and its
	// answer must be one the practice page would take (quiz.Answer.Validate).
	// A nil question with true checks the id only.
	Question func(id string) (*quiz.Question, bool)
	// FollowUp returns the follow-up with this id as the free-text question
	// a round asks.
	FollowUp func(id string) (*quiz.Question, bool)
	// Section reports whether slug is a section of the guide.
	Section func(slug string) bool
	// Preset reports whether id is a sandbox preset.
	Preset func(id string) bool
}

// Validate checks every field an import would store against the same rules
// and limits the app applies when the learner does the same thing by hand,
// and returns an *ImportError listing the problems (at most 20), or nil.
// Each problem starts with the field it is about, such as
// "attempts[3].answer.text".
func (e *Export) Validate(rules ImportRules) error {
	var p problems
	known := func(id string) bool {
		if rules.Question == nil {
			return true
		}
		_, ok := rules.Question(id)
		return ok
	}
	if e.Format != ExportFormat {
		p.add("format", "is %q, want %q: this is not a lockdrill export", e.Format, ExportFormat)
	}
	switch {
	case e.Version < 1:
		p.add("version", "is missing or not a positive number")
	case e.Version > ExportVersion:
		p.add("version", "is %d, newer than this lockdrill reads (%d); update lockdrill first", e.Version, ExportVersion)
	}
	for name, n := range map[string]int{"reading": len(e.Reading), "attempts": len(e.Attempts), "cards": len(e.Cards),
		"rounds": len(e.Rounds), "timelines": len(e.Timelines), "cram_reviews": len(e.Cram)} {
		if n > MaxImportItems {
			p.add(name, "has %d entries, more than the %d an import takes", n, MaxImportItems)
		}
	}
	if len(p) > 0 {
		return p.err()
	}
	if e.Plan != nil {
		if _, err := ParseDay(e.Plan.InterviewDate); err != nil {
			p.add("plan.interview_date", "%v", err)
		}
	}
	for i, r := range e.Reading {
		f := fmt.Sprintf("reading[%d]", i)
		switch {
		case r.Slug == "" || len(r.Slug) > 200:
			p.add(f+".slug", "must be the name of a guide section")
		case rules.Section != nil && !rules.Section(r.Slug):
			p.add(f+".slug", "%q is not a section of this lockdrill's guide", r.Slug)
		}
		p.time(f+".read_at", r.ReadAt)
	}
	for i, a := range e.Attempts {
		f := fmt.Sprintf("attempts[%d]", i)
		p.question(f+".question", a.Question, known)
		if !a.Kind.Valid() {
			p.add(f+".kind", "%q is not a question kind", a.Kind)
		} else if q := rules.question(a.Question); q != nil {
			if a.Kind != q.Kind {
				p.add(f+".kind", "is %q, but question %q is of kind %q", a.Kind, a.Question, q.Kind)
			} else if err := a.Answer.Validate(q); err != nil {
				p.add(f+".answer", "%s, which the practice page would not accept", err)
			}
		}
		p.result(f+".result", a.Result)
		p.time(f+".created_at", a.CreatedAt)
		switch {
		case a.Rating == 0 && a.RatedAt != nil:
			p.add(f+".rated_at", "is set but the attempt has no rating")
		case a.Rating != 0 && !a.Rating.Valid():
			p.add(f+".rating", "is %d; a rating is 1 (Again) to 4 (Easy)", int(a.Rating))
		case a.Rating != 0 && a.RatedAt == nil:
			p.add(f+".rated_at", "is missing for a rated attempt")
		case a.RatedAt != nil:
			p.time(f+".rated_at", *a.RatedAt)
		}
	}
	seenCard := map[string]bool{}
	for i, c := range e.Cards {
		f := fmt.Sprintf("cards[%d]", i)
		p.question(f+".question", c.Question, known)
		if seenCard[c.Question] {
			p.add(f+".question", "%q has a card already earlier in the file", c.Question)
		}
		seenCard[c.Question] = true
		cd := c.Card
		if cd.State < quiz.StateNew || cd.State > quiz.StateRelearning {
			p.add(f+".card.state", "is %d; a state is 0 to 3", int(cd.State))
		}
		if cd.Stability < 0 || cd.Stability > 1e6 {
			p.add(f+".card.stability", "is %g; it must be between 0 and 1000000 days", cd.Stability)
		}
		if cd.Difficulty < 0 || cd.Difficulty > 10 {
			p.add(f+".card.difficulty", "is %g; it must be between 0 and 10", cd.Difficulty)
		}
		if cd.State != quiz.StateNew && cd.Due.IsZero() {
			p.add(f+".card.due", "is missing for a card that has been reviewed")
		}
		p.time(f+".updated_at", c.UpdatedAt)
	}
	for i, r := range e.Rounds {
		f := fmt.Sprintf("rounds[%d]", i)
		if !r.Mode.Valid() {
			p.add(f+".mode", "%q is not a round mode (interview or coached)", r.Mode)
		}
		if r.Size != 3 && r.Size != 5 {
			p.add(f+".size", "is %d; a round has 3 or 5 questions", r.Size)
		}
		if r.LimitMS <= 0 || r.LimitMS > int64(24*time.Hour/time.Millisecond) {
			p.add(f+".limit_ms", "is %d; it must be more than 0 and at most a day", r.LimitMS)
		}
		p.time(f+".started_at", r.StartedAt)
		if r.FinishedAt != nil {
			p.time(f+".finished_at", *r.FinishedAt)
		}
		switch quiz.Verdict(r.Verdict) {
		case "", quiz.StrongHire, quiz.Hire, quiz.LeanNo, quiz.NoHire:
		default:
			p.add(f+".verdict", "%q is not a verdict (strong-hire, hire, lean-no or no)", r.Verdict)
		}
		if r.Score != nil && (*r.Score < 0 || *r.Score > 1) {
			p.add(f+".score", "is %g; a score is between 0 and 1", *r.Score)
		}
		if len(r.Turns) == 0 || len(r.Turns) > 100 {
			p.add(f+".turns", "has %d turns; a round has 1 to 100", len(r.Turns))
		}
		seq := map[int]bool{}
		for j, t := range r.Turns {
			tf := fmt.Sprintf("%s.turns[%d]", f, j)
			if t.Seq < 0 || seq[t.Seq] {
				p.add(tf+".seq", "%d is negative or repeated", t.Seq)
			}
			seq[t.Seq] = true
			p.question(tf+".question", t.Question, known)
			asked := rules.question(t.Question)
			if t.FollowUp == quiz.CustomFollowUp {
				// A follow-up the interviewer typed is graded as its main
				// question; its words are in asked.
				if n := utf8.RuneCountInString(t.Asked); strings.TrimSpace(t.Asked) == "" || n > quiz.MaxAskedChars {
					p.add(tf+".asked", "is %d characters; a typed follow-up has 1 to %d", n, quiz.MaxAskedChars)
				}
			} else if t.Asked != "" {
				p.add(tf+".asked", "is set, but only a typed follow-up (follow_up \"custom\") has one")
			}
			if t.FollowUp != "" && t.FollowUp != quiz.CustomFollowUp && rules.FollowUp != nil {
				probe, ok := rules.FollowUp(t.FollowUp)
				if !ok {
					p.add(tf+".follow_up", "%q is not a follow-up question of this lockdrill", t.FollowUp)
				}
				asked = probe
			}
			if asked != nil && asked.Kind != quiz.KindFreeText {
				p.add(tf+".question", "%q is not a free-text question, and a round asks only those", t.Question)
				asked = nil
			}
			if t.Answer != nil && asked != nil {
				if err := (quiz.Answer{Text: *t.Answer}).Validate(asked); err != nil && strings.TrimSpace(*t.Answer) != "" {
					p.add(tf+".answer", "%s, which a round would not accept", err)
				}
			}
			if (t.AnsweredAt == nil) != (t.Result == nil) {
				p.add(tf+".result", "must be present exactly when answered_at is")
			}
			if t.Result != nil {
				p.result(tf+".result", *t.Result)
			}
		}
		if r.Peer != nil {
			if r.Peer.JoinedAt != nil {
				p.time(f+".peer.joined_at", *r.Peer.JoinedAt)
			}
			if n := utf8.RuneCountInString(r.Peer.Notes); n > MaxNotesChars {
				p.add(f+".peer.notes", "is %d characters; the limit is %d", n, MaxNotesChars)
			}
			dims := map[string]bool{}
			for _, d := range quiz.Dimensions() {
				dims[d] = true
			}
			for d, v := range r.Peer.Scores {
				if !dims[d] || v < 1 || v > 4 {
					p.add(f+".peer.scores", "%q = %d; a score is 1 to 4 on one of the dimensions %s", d, v, strings.Join(quiz.Dimensions(), ", "))
				}
			}
		}
	}
	for i, t := range e.Timelines {
		f := fmt.Sprintf("timelines[%d]", i)
		if strings.TrimSpace(t.Title) == "" {
			p.add(f+".title", "is empty")
		}
		if len(t.Scenario) == 0 {
			p.add(f+".scenario", "is missing")
		} else if _, err := sandbox.Parse(t.Scenario); err != nil {
			p.add(f+".scenario", "%s", oneLine(err.Error()))
		}
		if t.EngineVersion == "" {
			p.add(f+".engine_version", "is empty")
		}
		if t.NowMS < 0 {
			p.add(f+".now_ms", "is %d; it cannot be negative", t.NowMS)
		}
		if t.ParentID != "" && !ValidID(t.ParentID) {
			p.add(f+".parent_id", "%q is not a timeline id", t.ParentID)
		}
		if t.PresetID != "" && rules.Preset != nil && !rules.Preset(t.PresetID) {
			p.add(f+".preset_id", "%q is not a sandbox preset of this lockdrill", t.PresetID)
		}
		switch {
		case t.PredictQuestion != "":
			p.question(f+".predict_question", t.PredictQuestion, known)
			if q := rules.question(t.PredictQuestion); q != nil {
				switch {
				case q.Kind != quiz.KindPredict || q.Preset != t.PresetID:
					p.add(f+".predict_question", "%q is not a prediction exercise about this timeline's preset", t.PredictQuestion)
				case (quiz.Answer{Choices: []string{t.Prediction}}).Validate(q) != nil:
					p.add(f+".prediction", "%q is not one of the options of %q", t.Prediction, t.PredictQuestion)
				}
			}
		case t.Prediction != "":
			p.add(f+".prediction", "is set but the timeline has no predict_question")
		}
		p.time(f+".created_at", t.CreatedAt)
		p.time(f+".updated_at", t.UpdatedAt)
	}
	for i, c := range e.Cram {
		f := fmt.Sprintf("cram_reviews[%d]", i)
		p.question(f+".question", c.Question, known)
		if !c.Rating.Valid() {
			p.add(f+".rating", "is %d; a rating is 1 (Again) to 4 (Easy)", int(c.Rating))
		}
		p.time(f+".reviewed_at", c.ReviewedAt)
	}
	if len(p) > 0 {
		return p.err()
	}
	return nil
}

// question returns the bank's question with id, or nil when there is none
// or no bank to ask.
func (r ImportRules) question(id string) *quiz.Question {
	if r.Question == nil {
		return nil
	}
	q, ok := r.Question(id)
	if !ok {
		return nil
	}
	return q
}

type problems []string

func (p *problems) add(field, format string, args ...any) {
	*p = append(*p, field+": "+fmt.Sprintf(format, args...))
}

func (p problems) err() error {
	if len(p) > maxImportProblems {
		more := len(p) - maxImportProblems
		p = append(p[:maxImportProblems:maxImportProblems], fmt.Sprintf("and %d more", more))
	}
	return &ImportError{Problems: p}
}

// earliest and latest bound the times a file may hold: before lockdrill
// existed or far in the future is a damaged file.
var (
	earliest = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	latest   = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

func (p *problems) time(field string, t time.Time) {
	switch {
	case t.IsZero():
		p.add(field, "is missing")
	case t.Before(earliest) || t.After(latest):
		p.add(field, "%s is not a plausible time", t.Format(time.RFC3339))
	}
}

func (p *problems) question(field, id string, known func(string) bool) {
	switch {
	case id == "":
		p.add(field, "is empty")
	case known != nil && !known(id):
		p.add(field, "%q is not a question of this lockdrill", id)
	}
}

func (p *problems) result(field string, r quiz.Result) {
	if r.Score < 0 || r.Score > 1 {
		p.add(field+".score", "is %g; a score is between 0 and 1", r.Score)
	}
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", "; ")
	if len(s) > 300 {
		s = s[:297] + "..."
	}
	return s
}

// ImportLearner adds the data of e to learner's, in one transaction, so a
// failure imports nothing. e must have passed Validate. What the learner
// already has is kept: an attempt, round, timeline or cram review already
// present (same question or scenario at the same time) is skipped, a
// section read keeps its first time, and of two cards for a question the
// more recently updated one stays. Imported items get new ids. It returns
// ErrNotFound for an unknown learner.
func (s *Store) ImportLearner(ctx context.Context, learner string, e Export, now time.Time) (ImportSummary, error) {
	if !ValidID(learner) {
		return ImportSummary{}, fmt.Errorf("import: %w", ErrNotFound)
	}
	var sum ImportSummary
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM learners WHERE id = ?", learner).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		var err error
		sum, err = importTx(ctx, tx, learner, e, now.UnixMilli())
		return err
	})
	if err != nil {
		return ImportSummary{}, fmt.Errorf("import: %w", err)
	}
	return sum, nil
}

func importTx(ctx context.Context, tx *sql.Tx, learner string, e Export, nowMS int64) (ImportSummary, error) {
	var sum ImportSummary
	count := func(res sql.Result, err error, n *int) error {
		if err != nil {
			return err
		}
		k, err := res.RowsAffected()
		if err != nil {
			return err
		}
		*n += int(k)
		return nil
	}
	if e.Plan != nil {
		var k int
		res, err := tx.ExecContext(ctx,
			"INSERT INTO study_plans (learner_id, interview_day, updated_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
			learner, e.Plan.InterviewDate, nowMS)
		if err := count(res, err, &k); err != nil {
			return sum, fmt.Errorf("plan: %w", err)
		}
		sum.Plan = k > 0
		sum.Skipped += 1 - k
	}
	for i, r := range e.Reading {
		res, err := tx.ExecContext(ctx,
			"INSERT INTO reading_progress (learner_id, slug, read_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
			learner, r.Slug, r.ReadAt.UnixMilli())
		if err := count(res, err, &sum.Reading); err != nil {
			return sum, fmt.Errorf("reading[%d]: %w", i, err)
		}
	}
	for i, a := range e.Attempts {
		ans, err := json.Marshal(a.Answer)
		if err != nil {
			return sum, fmt.Errorf("attempts[%d].answer: %w", i, err)
		}
		rs, err := json.Marshal(a.Result)
		if err != nil {
			return sum, fmt.Errorf("attempts[%d].result: %w", i, err)
		}
		var rating, rated any
		if a.Rating != 0 && a.RatedAt != nil {
			rating, rated = int(a.Rating), a.RatedAt.UnixMilli()
		}
		ansText, ansZ := encodeColumn(ans)
		rsText, rsZ := encodeColumn(rs)
		res, err := tx.ExecContext(ctx,
			`INSERT INTO attempts (id, learner_id, question_id, kind, answer, answer_z, result, result_z, self_assessed, score, passed, created_ms, rating, rated_ms)
			 SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
			 WHERE NOT EXISTS (SELECT 1 FROM attempts WHERE learner_id = ? AND question_id = ? AND created_ms = ?)`,
			NewID(), learner, a.Question, string(a.Kind), ansText, blobOrNull(ansZ), rsText, blobOrNull(rsZ), boolInt(a.Result.SelfAssessed),
			a.Result.Score, boolInt(a.Result.Passed), a.CreatedAt.UnixMilli(), rating, rated, learner, a.Question, a.CreatedAt.UnixMilli())
		if err := count(res, err, &sum.Attempts); err != nil {
			return sum, fmt.Errorf("attempts[%d]: %w", i, err)
		}
	}
	for i, c := range e.Cards {
		enc, err := json.Marshal(c.Card)
		if err != nil {
			return sum, fmt.Errorf("cards[%d].card: %w", i, err)
		}
		res, err := tx.ExecContext(ctx,
			`INSERT INTO cards (learner_id, question_id, card, due_ms, updated_ms) VALUES (?, ?, ?, ?, ?)
			 ON CONFLICT (learner_id, question_id) DO UPDATE SET card = excluded.card, due_ms = excluded.due_ms, updated_ms = excluded.updated_ms
			 WHERE excluded.updated_ms > cards.updated_ms`,
			learner, c.Question, string(enc), c.Card.Due.UnixMilli(), c.UpdatedAt.UnixMilli())
		if err := count(res, err, &sum.Cards); err != nil {
			return sum, fmt.Errorf("cards[%d]: %w", i, err)
		}
	}
	for i, r := range e.Rounds {
		var dup int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM rounds WHERE learner_id = ? AND started_ms = ? AND seed = ?",
			learner, r.StartedAt.UnixMilli(), int64(r.Seed)).Scan(&dup); err != nil {
			return sum, fmt.Errorf("rounds[%d]: %w", i, err)
		}
		if dup > 0 {
			continue
		}
		id := NewID()
		var finished, score, verdict any
		if r.FinishedAt != nil {
			finished = r.FinishedAt.UnixMilli()
		}
		if r.Score != nil {
			score = *r.Score
		}
		if r.Verdict != "" {
			verdict = r.Verdict
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO rounds (id, learner_id, mode, size, limit_ms, seed, started_ms, finished_ms, score, verdict)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, learner, string(r.Mode), r.Size, r.LimitMS, int64(r.Seed), r.StartedAt.UnixMilli(), finished, score, verdict); err != nil {
			return sum, fmt.Errorf("rounds[%d]: %w", i, err)
		}
		for j, t := range r.Turns {
			var shown, answered, answer, result any
			if t.ShownAt != nil {
				shown = t.ShownAt.UnixMilli()
			}
			if t.AnsweredAt != nil {
				answered = t.AnsweredAt.UnixMilli()
			}
			if t.Answer != nil {
				answer = *t.Answer
			}
			if t.Result != nil {
				rs, err := json.Marshal(t.Result)
				if err != nil {
					return sum, fmt.Errorf("rounds[%d].turns[%d].result: %w", i, j, err)
				}
				result = string(rs)
			}
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO round_turns (round_id, seq, question_id, follow_up, asked, shown_ms, answered_ms, answer, result)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, t.Seq, t.Question, t.FollowUp, t.Asked, shown, answered, answer, result); err != nil {
				return sum, fmt.Errorf("rounds[%d].turns[%d]: %w", i, j, err)
			}
		}
		if r.Peer != nil {
			// The interviewer is not carried over: the invitation was for
			// the other browser's learner, and the notes stay with the round.
			scores := r.Peer.Scores
			if scores == nil {
				scores = map[string]int{}
			}
			js, err := json.Marshal(scores)
			if err != nil {
				return sum, fmt.Errorf("rounds[%d].peer: %w", i, err)
			}
			var joined any
			if r.Peer.JoinedAt != nil {
				joined = r.Peer.JoinedAt.UnixMilli()
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO peer_rounds (round_id, joined_ms, notes, scores, notes_deleted) VALUES (?, ?, ?, ?, ?)`,
				id, joined, r.Peer.Notes, string(js), importedNotesDeleted(r.Peer)); err != nil {
				return sum, fmt.Errorf("rounds[%d].peer: %w", i, err)
			}
		}
		sum.Rounds++
	}
	for i, t := range e.Timelines {
		res, err := tx.ExecContext(ctx,
			`INSERT INTO timelines (id, learner_id, parent_id, preset_id, title, scenario, engine_version, now_ms,
			   predict_question, prediction, created_ms, updated_ms)
			 SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
			 WHERE NOT EXISTS (SELECT 1 FROM timelines WHERE learner_id = ? AND created_ms = ? AND title = ?)`,
			NewID(), learner, t.ParentID, t.PresetID, cutTitle(t.Title, MaxTimelineTitle), string(t.Scenario), t.EngineVersion,
			t.NowMS, t.PredictQuestion, t.Prediction, t.CreatedAt.UnixMilli(), t.UpdatedAt.UnixMilli(),
			learner, t.CreatedAt.UnixMilli(), cutTitle(t.Title, MaxTimelineTitle))
		if err := count(res, err, &sum.Timelines); err != nil {
			return sum, fmt.Errorf("timelines[%d]: %w", i, err)
		}
	}
	for i, c := range e.Cram {
		res, err := tx.ExecContext(ctx,
			`INSERT INTO cram_reviews (learner_id, question_id, rating, reviewed_ms)
			 SELECT ?, ?, ?, ?
			 WHERE NOT EXISTS (SELECT 1 FROM cram_reviews WHERE learner_id = ? AND question_id = ? AND reviewed_ms = ?)`,
			learner, c.Question, int(c.Rating), c.ReviewedAt.UnixMilli(), learner, c.Question, c.ReviewedAt.UnixMilli())
		if err := count(res, err, &sum.Cram); err != nil {
			return sum, fmt.Errorf("cram_reviews[%d]: %w", i, err)
		}
	}
	total := len(e.Reading) + len(e.Attempts) + len(e.Cards) + len(e.Rounds) + len(e.Timelines) + len(e.Cram)
	sum.Skipped += total - (sum.Reading + sum.Attempts + sum.Cards + sum.Rounds + sum.Timelines + sum.Cram)
	return sum, nil
}

// importedNotesDeleted is peer_rounds.notes_deleted for an imported peer
// round: what the file says when the round has nothing of the
// interviewer's, since a deletion leaves nothing; 0 when it has notes or
// scores or nobody joined, whatever the file says; NULL (not known) for a
// file that does not say.
func importedNotesDeleted(p *ExportPeer) any {
	left := p.Notes != "" || p.JoinedAt == nil
	for _, n := range p.Scores {
		left = left || n != 0
	}
	switch {
	case left:
		return 0
	case p.NotesDeleted == nil:
		return nil
	case *p.NotesDeleted:
		return 1
	}
	return 0
}
