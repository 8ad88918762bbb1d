-- An attempt's answer and graded result may be stored compressed: answer_z
-- and result_z hold the JSON that answer and result held until now,
-- compressed (a format byte, then the codec's bytes: store/compress.go).
-- The largest answer and its result are ~21 KB of JSON, and the pages they
-- filled were most of what the single writer's commits wrote. A row keeps
-- each value as text or compressed, never both: where the text column is
-- non-empty it is the JSON (every row written before this migration, and
-- values too short to gain by compressing); where it is '' the _z column
-- holds it. No row is rewritten here, so the migration takes no time on a
-- large file, and rows written by older builds read as before.
--
-- self_assessed repeats the result's self_assessed for rows whose result is
-- compressed, which SQL cannot look into; for a text result it is read from
-- the JSON as before.

-- +goose Up
ALTER TABLE attempts ADD COLUMN answer_z BLOB;
ALTER TABLE attempts ADD COLUMN result_z BLOB;
ALTER TABLE attempts ADD COLUMN self_assessed INTEGER NOT NULL DEFAULT 0 CHECK (self_assessed IN (0, 1));

-- +goose Down
-- A build that predates the compressed columns could not read a row that
-- uses them, and dropping them would lose those answers: going down is
-- refused (learner_id is NOT NULL, so this fails and the transaction rolls
-- back) while any row is compressed.
UPDATE attempts SET learner_id = NULL WHERE answer_z IS NOT NULL OR result_z IS NOT NULL;
ALTER TABLE attempts DROP COLUMN self_assessed;
ALTER TABLE attempts DROP COLUMN result_z;
ALTER TABLE attempts DROP COLUMN answer_z;
