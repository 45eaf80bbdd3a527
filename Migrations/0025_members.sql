-- One sign-in per person. The owner makes a member (`inventory members add NAME --role
-- editor`), which gives an invitation, kept only as its token's digest; the member opens it
-- and chooses a password, kept only as its salted scrypt hash. A member's role says what the
-- member may do: an owner everything, an editor change the inventory, a viewer only look.
--
-- The sessions of `inventory serve` are kept here too, by the digest of their cookie, so that
-- a person's sessions can be listed and ended from any process, and a restart of the server
-- does not sign the household out. A session without a member is the household owner's: a
-- sign-in link the server printed, or the household password of earlier releases.
--
-- Every journaled write may name its author (the member on the web, the local user at the
-- terminal) in write_authors, by the write's number: the name is copied, so that the history
-- still says who did it after the member is gone.

CREATE TABLE members (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    name               TEXT NOT NULL UNIQUE COLLATE NOCASE
                       CHECK (length(name) BETWEEN 1 AND 60),
    role               TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    password_hash      TEXT,
    invitation_digest  TEXT UNIQUE,
    invitation_expires INTEGER,
    created_at         INTEGER NOT NULL,
    CHECK ((invitation_digest IS NULL) = (invitation_expires IS NULL))
) STRICT;

CREATE TABLE member_sessions (
    digest    TEXT PRIMARY KEY,
    member_id INTEGER REFERENCES members (id) ON DELETE CASCADE,
    csrf      TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    used_at   INTEGER NOT NULL,
    device    TEXT NOT NULL DEFAULT ''
) STRICT, WITHOUT ROWID;

CREATE INDEX member_sessions_by_member ON member_sessions (member_id);

CREATE TABLE write_authors (
    write_id  INTEGER PRIMARY KEY,
    member_id INTEGER,
    name      TEXT NOT NULL
) STRICT;
