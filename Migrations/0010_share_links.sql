-- Read-only links for an insurer (`inventory share`): each opens one view or one claim through
-- `inventory serve`, without signing in, until it expires or is revoked. Only the SHA-256 of a
-- link's token is kept (64 hexadecimal digits), so neither this file nor a backup of it gives
-- a link away. A link keeps its claim's number even once the claim is deleted (it then shows
-- nothing), so that its log of visits stays.
CREATE TABLE share_links (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash  TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    view        TEXT CHECK (view IS NULL OR length(view) > 0),
    -- the view's order and filter as the link's maker saw them (ItemFilter.canonicalText): a
    -- server whose view of that name selects otherwise refuses the link
    view_definition TEXT,
    claim_id    INTEGER,
    -- milliseconds since 1970, UTC
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL CHECK (expires_at > created_at),
    revoked_at  INTEGER,
    CHECK ((view IS NULL) <> (claim_id IS NULL)),
    CHECK ((view IS NULL) = (view_definition IS NULL))
) STRICT;

-- Every request made through a link: when, from which address, what was asked (the path
-- after the link's own, never the token) and the status of the answer.
CREATE TABLE share_visits (
    link_id  INTEGER NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
    at       INTEGER NOT NULL,
    address  TEXT NOT NULL,
    method   TEXT NOT NULL,
    path     TEXT NOT NULL,
    status   INTEGER NOT NULL
) STRICT;

CREATE INDEX share_visits_by_link ON share_visits (link_id, at);
