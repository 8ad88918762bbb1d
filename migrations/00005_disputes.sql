-- Disputes: a learner contesting one decision of the grader (a point ticked,
-- a point missed, a red flag raised) on a practice attempt or a round turn.
-- Each is kept with the answer and the version of the grader that judged it,
-- so disputes can be exported and become labelled corpus items. Times are
-- Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE disputes (
    id          TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    surface     TEXT    NOT NULL CHECK (surface IN ('practice', 'round')),
    -- attempt_id for a practice attempt; round_id and seq for a round turn.
    attempt_id  TEXT,
    round_id    TEXT,
    seq         INTEGER,
    question_id TEXT    NOT NULL,
    item        TEXT    NOT NULL,
    -- was is the grader's decision contested: hit, missed or flag.
    was         TEXT    NOT NULL CHECK (was IN ('hit', 'missed', 'flag')),
    reason      TEXT    NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
    answer      TEXT    NOT NULL,
    grader      TEXT    NOT NULL,
    created_ms  INTEGER NOT NULL,
    CHECK ((surface = 'practice') = (attempt_id IS NOT NULL)),
    CHECK ((surface = 'round') = (round_id IS NOT NULL AND seq IS NOT NULL))
) STRICT;

CREATE INDEX disputes_by_time ON disputes (created_ms);

-- +goose Down
DROP TABLE disputes;
