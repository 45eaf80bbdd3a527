-- Labels: a short number printed with a QR code on a sticker (`000-042`), for an item (a box
-- too) or a place, given on request. A number is never given twice (AUTOINCREMENT): when its
-- thing is deleted the label stays, naming nothing, so an old sticker never opens another
-- thing.
CREATE TABLE labels (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id     INTEGER UNIQUE REFERENCES items (id) ON DELETE SET NULL,
    place_id    INTEGER UNIQUE REFERENCES places (id) ON DELETE SET NULL,
    -- milliseconds since 1970-01-01 UTC
    assigned_at INTEGER NOT NULL,
    CHECK (item_id IS NULL OR place_id IS NULL)
) STRICT;
