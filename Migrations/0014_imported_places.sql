-- The places another program's export lists as rows of their own. Homebox 0.26 exports its
-- locations beside its items (a row whose HB.url ends in /location/UUID, whose HB.location is
-- the path of the place holding it); such a row is a place, not an item. Until places form a
-- tree, an item's place is the text of its location ("Home / Garage"), which the export
-- already gives each item; these rows remember the places themselves — a place with nothing
-- in it too — so that importing the same file again, or a newer export of the same Homebox,
-- knows them, and so that places as a tree can take them over with their id there, their name
-- and their parent.
--
-- One row per place of a source: (source, source_id) is the place's identity there (Homebox's
-- location UUID). `parent_path` is the path of the place holding it, spaced "A / B" as item
-- locations are, NULL at the top; `path` is the place's own full path, the location of the
-- items in it; a place's parent is the imported place of the same source whose `path` is its
-- `parent_path`, when the export listed it.
CREATE TABLE imported_places (
    source      TEXT NOT NULL CHECK (source IN ('homebox')),
    source_id   TEXT NOT NULL CHECK (length(source_id) BETWEEN 1 AND 200),
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    parent_path TEXT CHECK (parent_path IS NULL OR length(parent_path) > 0),
    path        TEXT NOT NULL CHECK (length(path) > 0),
    description TEXT,
    import_ref  TEXT CHECK (import_ref IS NULL OR length(import_ref) BETWEEN 1 AND 200),
    -- milliseconds since 1970-01-01 UTC: first imported, last changed by an import
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (source, source_id)
) STRICT;

CREATE INDEX imported_places_by_path ON imported_places (source, path);
