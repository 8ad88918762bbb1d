-- notes_deleted is what became of the interviewer's notes and scores of a
-- peer round: 1 when the interviewer deleted their data and took them
-- with it, 0 when whatever the interviewer left is there (nothing, if
-- they left nothing), NULL when that cannot be told. An imported round
-- has no interviewer, so "no interviewer and nothing left" read as
-- deleted even when the interviewer had simply written nothing (QA-35 F2
-- #1); the export file now carries it.
--
-- Rounds from before this migration: one whose interviewer is still known,
-- that nobody joined, or that has notes or scores, kept them (0). One
-- played here since ended_by was recorded (00012) and left with no
-- interviewer lost them to a deletion (1): an import records no ended_by.
-- The rest, joined, with no interviewer and nothing left, may be either
-- (NULL), and their page says so.

-- +goose Up
ALTER TABLE peer_rounds ADD COLUMN notes_deleted INTEGER DEFAULT 0 CHECK (notes_deleted IN (0, 1));

UPDATE peer_rounds SET notes_deleted = CASE WHEN ended_by = '' THEN NULL ELSE 1 END
WHERE interviewer_id IS NULL AND joined_ms IS NOT NULL AND notes = '' AND scores = '{}';

DROP TRIGGER peer_interviewer_deleted;

-- +goose StatementBegin
CREATE TRIGGER peer_interviewer_deleted BEFORE DELETE ON learners
BEGIN
    UPDATE peer_rounds SET notes = '', scores = '{}', interviewer_id = NULL, notes_deleted = 1 WHERE interviewer_id = OLD.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER peer_interviewer_deleted;

-- +goose StatementBegin
CREATE TRIGGER peer_interviewer_deleted BEFORE DELETE ON learners
BEGIN
    UPDATE peer_rounds SET notes = '', scores = '{}', interviewer_id = NULL WHERE interviewer_id = OLD.id;
END;
-- +goose StatementEnd

ALTER TABLE peer_rounds DROP COLUMN notes_deleted;
