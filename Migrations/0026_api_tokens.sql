-- API tokens: for other programs (a home assistant, a script, an AI assistant's MCP client)
-- to use the JSON API and the change stream of `inventory serve` as a member, sent as
-- `Authorization: Bearer TOKEN`. Each is named, reads only or reads and writes, and ends on its
-- day; the inventory keeps only its digest. A token without a member is the household owner's.
-- A token's number is never given twice: a script's note of a revoked one names no other.

CREATE TABLE api_tokens (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id  INTEGER REFERENCES members (id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    scope      TEXT NOT NULL CHECK (scope IN ('read', 'write')),
    digest     TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;

CREATE INDEX api_tokens_by_member ON api_tokens (member_id);
