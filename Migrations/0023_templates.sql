-- Templates: named defaults for new items (tags, place, insured, the household's own fields, …).
-- `defaults` is a JSON object of the fields a template sets, by their JSON keys, and the
-- household's own under "fields" (`ItemTemplate.storedJSON`). A name is found in any case.
CREATE TABLE item_templates (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    key        TEXT NOT NULL UNIQUE,
    defaults   TEXT NOT NULL CHECK (json_valid(defaults)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
