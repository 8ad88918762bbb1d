-- Learners are anonymous: a random id in a cookie, created on first write.
-- Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE learners (
    id         TEXT    PRIMARY KEY CHECK (length(id) = 32),
    created_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE reading_progress (
    learner_id TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    slug       TEXT    NOT NULL,
    read_ms    INTEGER NOT NULL,
    PRIMARY KEY (learner_id, slug)
) STRICT;

-- +goose Down
DROP TABLE reading_progress;
DROP TABLE learners;
