-- advances lists, oldest first, the advances of time that undo can still
-- take back on a timeline: for each, the now before it and how many actions
-- the scenario had then (store.Advance), as JSON. now_ms alone could only
-- throw now back to the last action, taking back several advances at once
-- (QA-32 #5). Any edit other than an action at now or a move of now clears
-- it, and undo then falls back to that rule; rows written before this
-- migration start with none.

-- +goose Up
ALTER TABLE timelines ADD COLUMN advances TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE timelines DROP COLUMN advances;
