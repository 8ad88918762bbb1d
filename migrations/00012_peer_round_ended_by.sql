-- ended_by is which side ended a peer round that is over: 'candidate' (the
-- candidate's "End the round now") or 'interviewer' (their end, or moving
-- on from the last answer). An interviewer who comes to a round already
-- ended is told who ended it (QA-34 #4: they were told "Round ended" as if
-- they had). Rounds ended before this migration, and imported ones, have
-- ''.

-- +goose Up
ALTER TABLE peer_rounds ADD COLUMN ended_by TEXT NOT NULL DEFAULT '' CHECK (ended_by IN ('', 'candidate', 'interviewer'));

-- +goose Down
ALTER TABLE peer_rounds DROP COLUMN ended_by;
