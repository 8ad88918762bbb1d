-- Dead invitation links. A peer round's invitation stops working when it is
-- used (someone joined), replaced by a newer link, or cancelled with its
-- round; peer_rounds keeps only the live link's hash, so without this table
-- a dead link could not say which of the three happened. Each row is the
-- SHA-256 of a dead token (never the token), why it died, its round (no
-- foreign key: a cancelled round is gone) and when; rows
-- older than a week are deleted as new ones are written, so the table
-- stays small. Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE dead_invites (
    invite_hash TEXT    PRIMARY KEY CHECK (length(invite_hash) = 64),
    reason      TEXT    NOT NULL CHECK (reason IN ('used', 'replaced', 'cancelled')),
    round_id    TEXT    NOT NULL CHECK (length(round_id) = 32),
    dead_ms     INTEGER NOT NULL
) STRICT;

CREATE INDEX dead_invites_by_time ON dead_invites (dead_ms);

-- +goose Down
DROP TABLE dead_invites;
