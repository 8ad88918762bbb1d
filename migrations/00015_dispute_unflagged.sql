-- A learner may report a losing claim the grader did not flag: the dispute
-- is kept with was = 'unflagged' (the grader's decision contested is that
-- the answer raised no such red flag) and item the red flag's id. SQLite
-- cannot change a CHECK constraint in place, so the table is rebuilt with
-- the wider one, its rows and index copied as they were.

-- +goose Up
CREATE TABLE disputes_new (
    id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    surface     TEXT    NOT NULL CHECK (surface IN ('practice', 'round')),
    attempt_id  TEXT,
    round_id    TEXT,
    seq         INTEGER,
    question_id TEXT    NOT NULL,
    item        TEXT    NOT NULL,
    -- was is the grader's decision contested: hit, missed, flag or
    -- unflagged (a red flag it did not raise, reported by the learner).
    was         TEXT    NOT NULL CHECK (was IN ('hit', 'missed', 'flag', 'unflagged')),
    reason      TEXT    NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
    answer      TEXT    NOT NULL,
    grader      TEXT    NOT NULL,
    created_ms  INTEGER NOT NULL,
    evidence    TEXT    NOT NULL DEFAULT '',
    grader_score REAL CHECK (grader_score IS NULL OR (grader_score >= 0 AND grader_score <= 1)),
    grader_verdict TEXT NOT NULL DEFAULT '' CHECK (grader_verdict IN ('', 'pass', 'no-pass', 'fatal')),
    CHECK ((surface = 'practice') = (attempt_id IS NOT NULL)),
    CHECK ((surface = 'round') = (round_id IS NOT NULL AND seq IS NOT NULL))
) STRICT;

INSERT INTO disputes_new (id, learner_id, surface, attempt_id, round_id, seq, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict)
    SELECT id, learner_id, surface, attempt_id, round_id, seq, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict FROM disputes;
DROP TABLE disputes;
ALTER TABLE disputes_new RENAME TO disputes;
CREATE INDEX disputes_by_time ON disputes (created_ms);

-- +goose Down
CREATE TABLE disputes_old (
    id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    surface     TEXT    NOT NULL CHECK (surface IN ('practice', 'round')),
    attempt_id  TEXT,
    round_id    TEXT,
    seq         INTEGER,
    question_id TEXT    NOT NULL,
    item        TEXT    NOT NULL,
    was         TEXT    NOT NULL CHECK (was IN ('hit', 'missed', 'flag')),
    reason      TEXT    NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
    answer      TEXT    NOT NULL,
    grader      TEXT    NOT NULL,
    created_ms  INTEGER NOT NULL,
    evidence    TEXT    NOT NULL DEFAULT '',
    grader_score REAL CHECK (grader_score IS NULL OR (grader_score >= 0 AND grader_score <= 1)),
    grader_verdict TEXT NOT NULL DEFAULT '' CHECK (grader_verdict IN ('', 'pass', 'no-pass', 'fatal')),
    CHECK ((surface = 'practice') = (attempt_id IS NOT NULL)),
    CHECK ((surface = 'round') = (round_id IS NOT NULL AND seq IS NOT NULL))
) STRICT;

INSERT INTO disputes_old (id, learner_id, surface, attempt_id, round_id, seq, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict)
    SELECT id, learner_id, surface, attempt_id, round_id, seq, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict FROM disputes WHERE was <> 'unflagged';
DROP TABLE disputes;
ALTER TABLE disputes_old RENAME TO disputes;
CREATE INDEX disputes_by_time ON disputes (created_ms);
