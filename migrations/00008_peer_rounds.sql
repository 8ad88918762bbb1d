-- Peer rounds: a mock round whose candidate invites another learner to play
-- the interviewer. The round itself stays the candidate's (rounds,
-- round_turns); this table holds what only a peer round has: the
-- invitation (its token is never stored, only its SHA-256), the
-- interviewer, the step the round waits for, the candidate's live draft,
-- and the interviewer's notes and scores. Times are Unix milliseconds (UTC).

-- +goose Up
-- asked is the interviewer's own follow-up question, typed in a peer round
-- (follow_up is then 'custom').
ALTER TABLE round_turns ADD COLUMN asked TEXT NOT NULL DEFAULT '' CHECK (length(asked) <= 2000);

CREATE TABLE peer_rounds (
    round_id          TEXT    PRIMARY KEY REFERENCES rounds (id) ON DELETE CASCADE,
    -- invite_hash is the hex SHA-256 of the invitation's token, cleared
    -- when the invitation is used; invite_expires_ms is when it lapses.
    invite_hash       TEXT    UNIQUE CHECK (invite_hash IS NULL OR length(invite_hash) = 64),
    invite_expires_ms INTEGER,
    interviewer_id    TEXT    REFERENCES learners (id) ON DELETE SET NULL,
    joined_ms         INTEGER,
    -- waiting is 1 while the candidate's last answer awaits the
    -- interviewer's next step (a follow-up or the next question).
    waiting           INTEGER NOT NULL DEFAULT 0 CHECK (waiting IN (0, 1)),
    draft_seq         INTEGER,
    draft             TEXT    NOT NULL DEFAULT '' CHECK (length(draft) <= 20000),
    draft_ms          INTEGER,
    notes             TEXT    NOT NULL DEFAULT '' CHECK (length(notes) <= 20000),
    -- scores is a JSON object: dimension id -> the interviewer's 1-4.
    scores            TEXT    NOT NULL DEFAULT '{}' CHECK (length(scores) <= 1000)
) STRICT;

CREATE INDEX peer_rounds_by_interviewer ON peer_rounds (interviewer_id);

-- An interviewer who deletes everything about themselves takes their notes
-- and scores with them; the candidate's round stays.
-- +goose StatementBegin
CREATE TRIGGER peer_interviewer_deleted BEFORE DELETE ON learners
BEGIN
    UPDATE peer_rounds SET notes = '', scores = '{}', interviewer_id = NULL WHERE interviewer_id = OLD.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER peer_interviewer_deleted;
DROP TABLE peer_rounds;
ALTER TABLE round_turns DROP COLUMN asked;
