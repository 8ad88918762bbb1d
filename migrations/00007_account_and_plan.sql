-- A learner's account tools and study plan. Times are Unix milliseconds (UTC).
--
-- transfer_codes: one-time codes that move a learner to another browser.
-- Only a SHA-256 of the code is kept, so the table cannot be read back into
-- working codes; a code is spent by setting used_ms, once.
--
-- study_plans: the day of the learner's interview, a calendar date
-- (YYYY-MM-DD) rather than an instant, since the learner names a day.
--
-- cram_reviews: self-rated recalls from a cram session. They are kept apart
-- from attempts and cards on purpose: a cram session ignores the FSRS
-- intervals, so its ratings must never reach a card's stability or due day.

-- +goose Up
CREATE TABLE transfer_codes (
    code_hash  TEXT    PRIMARY KEY CHECK (length(code_hash) = 64),
    learner_id TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    used_ms    INTEGER
) STRICT;

CREATE INDEX transfer_codes_by_learner ON transfer_codes (learner_id, created_ms);

CREATE TABLE study_plans (
    learner_id    TEXT    PRIMARY KEY REFERENCES learners (id) ON DELETE CASCADE,
    interview_day TEXT    NOT NULL CHECK (interview_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    updated_ms    INTEGER NOT NULL
) STRICT;

CREATE TABLE cram_reviews (
    learner_id  TEXT    NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id TEXT    NOT NULL,
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
    reviewed_ms INTEGER NOT NULL
) STRICT;

CREATE INDEX cram_reviews_by_learner ON cram_reviews (learner_id, reviewed_ms);

-- +goose Down
DROP TABLE cram_reviews;
DROP TABLE study_plans;
DROP TABLE transfer_codes;
