-- Practice: every answered exercise is kept as an attempt, and each question a
-- learner has rated has one spaced-review card. Times are Unix milliseconds
-- (UTC). The answer, the graded result and the card are JSON documents of the
-- quiz package's types, so a feedback page never has to grade again.

-- +goose Up
CREATE TABLE attempts (
    id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    answer      TEXT    NOT NULL,
    result      TEXT    NOT NULL,
    score       REAL    NOT NULL CHECK (score BETWEEN 0 AND 1),
    passed      INTEGER NOT NULL CHECK (passed IN (0, 1)),
    created_ms  INTEGER NOT NULL,
    -- rating is 1..4 (Again..Easy) once the learner has rated the attempt;
    -- a rating schedules the card, so it is given at most once.
    rating      INTEGER CHECK (rating BETWEEN 1 AND 4),
    rated_ms    INTEGER
) STRICT;

CREATE INDEX attempts_by_question ON attempts (learner_id, question_id, created_ms);
CREATE INDEX attempts_by_time ON attempts (learner_id, created_ms);

CREATE TABLE cards (
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id TEXT    NOT NULL,
    card        TEXT    NOT NULL,
    -- due_ms repeats the card's due day so due cards can be listed in order.
    due_ms      INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (learner_id, question_id)
) STRICT;

CREATE INDEX cards_by_due ON cards (learner_id, due_ms);

-- +goose Down
DROP TABLE cards;
DROP TABLE attempts;
