-- undo lists, oldest first, the changes of a timeline that undo can still
-- take back, each as the state before it: now, and how many actions the
-- scenario had (store.UndoStep), as JSON. now_ms alone could only throw now
-- back to the last action, taking back several advances of time at once,
-- or an advance where an action inserted at the replay cursor came last
-- (QA-32 #1, #5). An edit of the list of actions clears it, and undo then
-- falls back to that rule; rows written before this migration start with
-- none.

-- +goose Up
ALTER TABLE timelines ADD COLUMN undo TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE timelines DROP COLUMN undo;
