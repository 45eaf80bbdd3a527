-- The household's items and the database's settings.
-- Timestamps are integer milliseconds since 1970-01-01 UTC; money is integer minor units of
-- the database's currency; purchase dates are 'YYYY-MM-DD' text.

-- Marks the file as an inventory ("INVT"), so another program's SQLite file is never taken for one.
PRAGMA application_id = 1229870676;

CREATE TABLE settings (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) STRICT;

INSERT INTO settings (key, value) VALUES ('currency', 'USD');

CREATE TABLE items (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL CHECK (length(name) > 0),
    -- the case-folded name that orders lists; computed by the library, compared bytewise
    name_key      TEXT NOT NULL,
    description   TEXT,
    price         INTEGER CHECK (price IS NULL OR price >= 0),
    purchase_date TEXT CHECK (purchase_date IS NULL OR purchase_date GLOB
                      '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    photo         TEXT,
    luxury        INTEGER NOT NULL DEFAULT 0 CHECK (luxury IN (0, 1)),
    insured       INTEGER NOT NULL DEFAULT 0 CHECK (insured IN (0, 1)),
    quantity      INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    location      TEXT,
    brand         TEXT,
    model         TEXT,
    serial        TEXT,
    notes         TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)
) STRICT;

CREATE INDEX items_by_name ON items (name_key, id);
CREATE INDEX luxury_items_by_name ON items (name_key, id) WHERE luxury = 1;
CREATE INDEX non_insured_items_by_name ON items (name_key, id) WHERE insured = 0;
CREATE INDEX items_by_photo ON items (photo) WHERE photo IS NOT NULL;
