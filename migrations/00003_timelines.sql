-- Sandbox timelines. A timeline is only its scenario (the JSON export
-- format) and the engine version that last ran it: the events are a re-run,
-- never stored. The id is an unguessable capability: anyone with the link may
-- read the timeline, only its learner may change it.

-- +goose Up
CREATE TABLE timelines (
    id               TEXT    PRIMARY KEY CHECK (length(id) = 32),
    learner_id       TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    -- parent_id is the timeline this one was forked from; no foreign key, so
    -- a fork outlives its parent.
    parent_id        TEXT    NOT NULL DEFAULT '',
    preset_id        TEXT    NOT NULL DEFAULT '',
    title            TEXT    NOT NULL,
    scenario         TEXT    NOT NULL CHECK (json_valid(scenario)),
    engine_version   TEXT    NOT NULL,
    -- now_ms is the virtual time at which the learner's next action goes.
    now_ms           INTEGER NOT NULL DEFAULT 0 CHECK (now_ms >= 0),
    -- predict_question and prediction: a preset opened from a
    -- predict-the-outcome question, and the option the learner chose.
    predict_question TEXT    NOT NULL DEFAULT '',
    prediction       TEXT    NOT NULL DEFAULT '',
    created_ms       INTEGER NOT NULL,
    updated_ms       INTEGER NOT NULL
) STRICT;

CREATE INDEX timelines_by_learner ON timelines (learner_id, updated_ms DESC);

-- +goose Down
DROP TABLE timelines;
