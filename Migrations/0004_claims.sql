-- Insurance claims and the items they list. A line refers to its item; the item cannot be
-- deleted while a claim lists it (RESTRICT), unless the line first keeps a copy of it and lets
-- go of the reference (what `inventory delete --force` does).
CREATE TABLE claims (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    title         TEXT NOT NULL CHECK (length(title) > 0),
    incident_date TEXT,
    kind          TEXT NOT NULL CHECK (kind IN ('theft', 'fire', 'water', 'other')),
    notes         TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE claim_items (
    claim_id      INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    item_id       INTEGER REFERENCES items (id) ON DELETE RESTRICT,
    -- the item as it was when it was deleted; NULL while item_id refers to it
    name          TEXT,
    description   TEXT,
    brand         TEXT,
    model         TEXT,
    serial        TEXT,
    price         INTEGER,
    purchase_date TEXT,
    location      TEXT,
    quantity      INTEGER,
    luxury        INTEGER,
    insured       INTEGER,
    PRIMARY KEY (claim_id, position),
    CHECK (item_id IS NOT NULL OR name IS NOT NULL)
) STRICT;

CREATE INDEX claim_items_by_item ON claim_items (item_id) WHERE item_id IS NOT NULL;
