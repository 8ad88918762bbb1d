-- Indexes for the data quotas and the retention of inactive learners: new
-- learners are counted per minute by creation time, and a learner's last
-- activity is looked up in each table that records one. Timelines are
-- counted by creation time; attempts and rounds already have their index.

-- +goose Up
CREATE INDEX learners_by_created ON learners (created_ms);
CREATE INDEX reading_by_learner_time ON reading_progress (learner_id, read_ms);
CREATE INDEX timelines_by_learner_created ON timelines (learner_id, created_ms);

-- +goose Down
DROP INDEX timelines_by_learner_created;
DROP INDEX reading_by_learner_time;
DROP INDEX learners_by_created;
