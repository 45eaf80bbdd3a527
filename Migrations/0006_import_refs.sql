-- Where an imported item came from: the reference a file gave it (Homebox's HB.import_ref, or
-- a column mapped to it), so that importing the file again updates the item instead of adding
-- it twice. One reference per item, one item per reference; it goes with its item.
CREATE TABLE import_refs (
    ref     TEXT PRIMARY KEY NOT NULL CHECK (length(ref) BETWEEN 1 AND 200),
    item_id INTEGER NOT NULL UNIQUE REFERENCES items (id) ON DELETE CASCADE
) STRICT;
