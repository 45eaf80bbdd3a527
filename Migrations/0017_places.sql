-- Where things are, as a tree: places in places (house → floor → room → shelf, any depth, several
-- houses), and items inside other items (a box, a toolbox, a drawer unit).
--
-- A place is a row of `places`, under its parent (NULL at the top); two places under the same
-- parent never share a name, and a name holds no '/', which separates the names of a path.
-- An item is in a place or inside another item (`items.container_id`), which is itself
-- somewhere. Its `location` stays the full path of where it is, spaced "A / B / C": the path
-- of its place, then the names of the containers around it, outermost first. The library keeps
-- it so (moving, renaming a place or a container rewrites the paths under it, journaled), so
-- every filter, search, export and history reads where a thing is from the item itself.
CREATE TABLE places (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    parent_id   INTEGER REFERENCES places (id) DEFERRABLE INITIALLY DEFERRED,
    name        TEXT NOT NULL CHECK (length(name) > 0 AND instr(name, '/') = 0),
    -- milliseconds since 1970-01-01 UTC
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX places_by_parent ON places (ifnull(parent_id, 0), name);

-- Today's locations become places: each "A / B / C" (split on '/', each name trimmed, empty
-- names dropped) is the place C in B in A, and the same spelling in two items is one place.
-- Homebox's places (migration 0014) become places too, with nothing in them if so.
CREATE TEMP TABLE migration_steps (
    item_id INTEGER,
    path    TEXT,
    parent  TEXT,
    name    TEXT,
    depth   INTEGER NOT NULL,
    last    INTEGER NOT NULL
);

WITH RECURSIVE steps (item_id, rest, path, parent, name, depth) AS (
    SELECT id, location || '/', NULL, NULL, NULL, 0 FROM items WHERE location IS NOT NULL
    UNION ALL
    SELECT NULL, path || '/', NULL, NULL, NULL, 0 FROM imported_places
    UNION ALL
    SELECT item_id, substr(rest, instr(rest, '/') + 1),
        CASE WHEN trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) = '' THEN path
        ELSE coalesce(path || ' / ', '')
            || trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) END,
        CASE WHEN trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) = '' THEN parent
        ELSE path END,
        CASE WHEN trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) = '' THEN name
        ELSE trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) END,
        depth + (trim(substr(rest, 1, instr(rest, '/') - 1), ' ' || char(9)) <> '')
    FROM steps WHERE rest <> ''
)
INSERT INTO migration_steps (item_id, path, parent, name, depth, last)
SELECT item_id, path, parent, name, depth, rest = '' FROM steps;

-- Each place once, numbered parents first.
CREATE TEMP TABLE migration_places (
    id     INTEGER PRIMARY KEY,
    path   TEXT NOT NULL UNIQUE,
    parent TEXT,
    name   TEXT NOT NULL
);

INSERT OR IGNORE INTO migration_places (path, parent, name)
SELECT path, parent, name FROM migration_steps WHERE depth > 0 ORDER BY depth, path;

INSERT INTO places (id, parent_id, name, created_at, updated_at)
SELECT place.id, parent.id, place.name, unixepoch() * 1000, unixepoch() * 1000
FROM migration_places AS place LEFT JOIN migration_places AS parent ON parent.path = place.parent
ORDER BY place.id;

-- The items whose location was spelled otherwise ("Home/Office", "Home /  Office /"): their
-- location becomes the path of their place. That is not an edit (no version, no journal row),
-- so an addition whose item the journal reads from the items table (migration 0012) first gets
-- the item as it was added.
CREATE TEMP TABLE migration_respelled (
    item_id  INTEGER PRIMARY KEY,
    location TEXT
);

INSERT INTO migration_respelled (item_id, location)
SELECT steps.item_id, steps.path FROM migration_steps AS steps JOIN items ON items.id = steps.item_id
WHERE steps.last AND steps.path IS NOT items.location;

UPDATE journal
SET after = (SELECT added.after FROM journal_added_items AS added
    WHERE added.item_id = journal.item_id)
WHERE kind = 'added' AND after IS NULL
    AND item_id IN (SELECT item_id FROM migration_respelled)
    AND NOT EXISTS (SELECT 1 FROM journal AS later
        WHERE later.item_id = journal.item_id AND later.seq > journal.seq);

-- The journal records the container too: its triggers and the view of an added item are made
-- again, with it (and the respelled locations are written between, unjournaled).
DROP TRIGGER journal_added;
DROP TRIGGER journal_edited;
DROP TRIGGER journal_deleted;
DROP VIEW journal_added_items;

UPDATE items
SET location = (SELECT location FROM migration_respelled WHERE item_id = items.id)
WHERE id IN (SELECT item_id FROM migration_respelled);

DROP TABLE migration_respelled;
DROP TABLE migration_places;
DROP TABLE migration_steps;

ALTER TABLE items ADD COLUMN container_id INTEGER
    REFERENCES items (id) DEFERRABLE INITIALLY DEFERRED;

CREATE INDEX items_by_container ON items (container_id) WHERE container_id IS NOT NULL;

CREATE VIEW journal_added_items AS
SELECT id AS item_id,
    json_object('id', id, 'name', name, 'description', description,
    'price', price, 'purchase_date', purchase_date, 'photo', photo,
    'luxury', luxury, 'insured', insured, 'quantity', quantity,
    'location', location, 'brand', brand, 'model', model,
    'serial', serial, 'notes', notes, 'created_at', created_at,
    'updated_at', updated_at, 'version', version, 'value', value,
    'purchased_from', purchased_from, 'warranty_until', warranty_until,
    'lifetime_warranty', lifetime_warranty, 'reviewed_at', reviewed_at,
    'tags', json(tags), 'attachments', json(attachments), 'scheduled', scheduled,
    'container_id', container_id) AS after
FROM items;

CREATE TRIGGER journal_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'added', NEW.id, NULL, NULL FROM journal_write;
END;

CREATE TRIGGER journal_edited AFTER UPDATE ON items BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'edited', NEW.id,
        json_object('id', OLD.id, 'name', OLD.name, 'description', OLD.description,
        'price', OLD.price, 'purchase_date', OLD.purchase_date, 'photo', OLD.photo,
        'luxury', OLD.luxury, 'insured', OLD.insured, 'quantity', OLD.quantity,
        'location', OLD.location, 'brand', OLD.brand, 'model', OLD.model,
        'serial', OLD.serial, 'notes', OLD.notes, 'created_at', OLD.created_at,
        'updated_at', OLD.updated_at, 'version', OLD.version, 'value', OLD.value,
        'purchased_from', OLD.purchased_from, 'warranty_until', OLD.warranty_until,
        'lifetime_warranty', OLD.lifetime_warranty, 'reviewed_at', OLD.reviewed_at,
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments), 'scheduled', OLD.scheduled,
        'container_id', OLD.container_id),
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version, 'value', NEW.value,
        'purchased_from', NEW.purchased_from, 'warranty_until', NEW.warranty_until,
        'lifetime_warranty', NEW.lifetime_warranty, 'reviewed_at', NEW.reviewed_at,
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments), 'scheduled', NEW.scheduled,
        'container_id', NEW.container_id)
    FROM journal_write;
END;

CREATE TRIGGER journal_deleted AFTER DELETE ON items BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'deleted', OLD.id,
        json_object('id', OLD.id, 'name', OLD.name, 'description', OLD.description,
        'price', OLD.price, 'purchase_date', OLD.purchase_date, 'photo', OLD.photo,
        'luxury', OLD.luxury, 'insured', OLD.insured, 'quantity', OLD.quantity,
        'location', OLD.location, 'brand', OLD.brand, 'model', OLD.model,
        'serial', OLD.serial, 'notes', OLD.notes, 'created_at', OLD.created_at,
        'updated_at', OLD.updated_at, 'version', OLD.version, 'value', OLD.value,
        'purchased_from', OLD.purchased_from, 'warranty_until', OLD.warranty_until,
        'lifetime_warranty', OLD.lifetime_warranty, 'reviewed_at', OLD.reviewed_at,
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments), 'scheduled', OLD.scheduled,
        'container_id', OLD.container_id),
        NULL
    FROM journal_write;
END;
