-- A contest of a finished mock round can change the rating its end gave a
-- main answer's question, and with it when that question comes back for
-- review (QA-52b M4: it did not). To reschedule the card without guessing,
-- each rated attempt keeps the card as it was before its rating
-- (card_before, the card's JSON; '' for a question never rated), and an
-- attempt filed by a round's end keeps the round (round_id). The card is
-- then replayed from card_before through this and every later rating.
-- Rows rated before this migration have neither, and their rounds are
-- not rescheduled.

-- +goose Up
ALTER TABLE attempts ADD COLUMN round_id TEXT;
ALTER TABLE attempts ADD COLUMN card_before TEXT;
CREATE INDEX attempts_by_round ON attempts (learner_id, round_id) WHERE round_id IS NOT NULL;

-- +goose Down
DROP INDEX attempts_by_round;
ALTER TABLE attempts DROP COLUMN card_before;
ALTER TABLE attempts DROP COLUMN round_id;
