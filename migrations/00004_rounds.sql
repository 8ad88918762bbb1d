-- Mock interview rounds. A round is its settings plus an ordered list of
-- turns: the main questions, drawn when the round starts, and the follow-ups,
-- inserted after a main question once its answer is graded. Everything a
-- round in progress needs lives here, so it survives a restart and can be
-- resumed. Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE rounds (
    id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    mode        TEXT    NOT NULL CHECK (mode IN ('interview', 'coached')),
    size        INTEGER NOT NULL CHECK (size IN (3, 5)),
    limit_ms    INTEGER NOT NULL CHECK (limit_ms > 0),
    -- seed drew the main questions; kept so a round can be reproduced.
    seed        INTEGER NOT NULL,
    started_ms  INTEGER NOT NULL,
    -- finished_ms, score and verdict are set once, when the last turn is
    -- answered; the history and its trend read them without re-scoring.
    finished_ms INTEGER,
    score       REAL    CHECK (score BETWEEN 0 AND 1),
    verdict     TEXT
) STRICT;

CREATE INDEX rounds_by_learner ON rounds (learner_id, started_ms);

CREATE TABLE round_turns (
    round_id    TEXT    NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    -- seq orders the turns: main question i is 10*i, its follow-ups 10*i+1
    -- and 10*i+2, so follow-ups slot in without renumbering.
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    question_id TEXT    NOT NULL,
    follow_up   TEXT    NOT NULL DEFAULT '',
    shown_ms    INTEGER,
    answered_ms INTEGER,
    answer      TEXT,
    -- result is the quiz.Result JSON of the graded answer.
    result      TEXT,
    PRIMARY KEY (round_id, seq),
    CHECK ((answered_ms IS NULL) = (result IS NULL))
) STRICT;

-- +goose Down
DROP TABLE round_turns;
DROP TABLE rounds;
