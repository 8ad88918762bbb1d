-- What the grader said about a disputed item, so a dispute can become a
-- corpus item without re-grading: evidence is the text of the answer the
-- grader quoted for the item (a point's spans, a flag's sentence part), ''
-- when it quoted none; grader_score (0 to 1) and grader_verdict ('pass',
-- 'no-pass' or 'fatal') are the grader's own grade of the answer, before
-- any correction by the learner. Disputes kept before this migration have
-- '' and NULL: what the grader said then was not recorded.

-- +goose Up
ALTER TABLE disputes ADD COLUMN evidence TEXT NOT NULL DEFAULT '';
ALTER TABLE disputes ADD COLUMN grader_score REAL CHECK (grader_score IS NULL OR (grader_score >= 0 AND grader_score <= 1));
ALTER TABLE disputes ADD COLUMN grader_verdict TEXT NOT NULL DEFAULT '' CHECK (grader_verdict IN ('', 'pass', 'no-pass', 'fatal'));

-- +goose Down
ALTER TABLE disputes DROP COLUMN grader_verdict;
ALTER TABLE disputes DROP COLUMN grader_score;
ALTER TABLE disputes DROP COLUMN evidence;
