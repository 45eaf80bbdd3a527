-- What an insurer asks of an item: its replacement value, where it was bought, its warranty,
-- when its owner last checked it, tags, and files attached to it (photos, receipts, manuals).
-- Every existing inventory upgrades in place: the new columns start empty, and an item's photo
-- becomes its first photo attachment (and stays its main photo).

-- The journal records the new fields too: its triggers are made again below, with them. They
-- go first, so that moving the photos is not recorded as an edit of every item.
DROP TRIGGER journal_added;
DROP TRIGGER journal_edited;
DROP TRIGGER journal_deleted;

ALTER TABLE items ADD COLUMN value INTEGER CHECK (value IS NULL OR value >= 0);
ALTER TABLE items ADD COLUMN purchased_from TEXT;
ALTER TABLE items ADD COLUMN warranty_until TEXT CHECK (warranty_until IS NULL OR warranty_until
    GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
ALTER TABLE items ADD COLUMN lifetime_warranty INTEGER NOT NULL DEFAULT 0
    CHECK (lifetime_warranty IN (0, 1));
ALTER TABLE items ADD COLUMN reviewed_at TEXT CHECK (reviewed_at IS NULL OR reviewed_at
    GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
-- The item's tags as first typed (a JSON array of strings), and their keys as the library
-- folds them (same order), from which the triggers below keep item_tags.
ALTER TABLE items ADD COLUMN tags TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(tags) AND json_type(tags) = 'array');
ALTER TABLE items ADD COLUMN tag_keys TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(tag_keys) AND json_type(tag_keys) = 'array');
-- The files attached to the item: a JSON array of {"id", "kind", "file", "caption"}; "file" is
-- the stored file's name (<sha256>.<ext>) in the folder beside the inventory.
ALTER TABLE items ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(attachments) AND json_type(attachments) = 'array');

UPDATE items SET attachments = json_array(json_object('id', 1, 'kind', 'photo', 'file', photo,
    'caption', NULL)) WHERE photo IS NOT NULL;

-- Each tag's label as first typed, so that "Jewelry" and "jewelry" are one tag.
CREATE TABLE tags (
    key   TEXT PRIMARY KEY NOT NULL,
    label TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- Which items carry which tag, and which items use which stored file: kept by the triggers
-- below from the item's own columns, so no write of an item can leave them behind.
CREATE TABLE item_tags (
    tag_key TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    PRIMARY KEY (tag_key, item_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX item_tags_by_item ON item_tags (item_id);

CREATE TABLE item_files (
    file    TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    PRIMARY KEY (file, item_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX item_files_by_item ON item_files (item_id);

INSERT INTO item_files (file, item_id)
SELECT DISTINCT json_extract(attachment.value, '$.file'), items.id
FROM items, json_each(items.attachments) AS attachment;

CREATE TRIGGER item_index_added AFTER INSERT ON items BEGIN
    INSERT OR IGNORE INTO item_tags (tag_key, item_id)
    SELECT value, NEW.id FROM json_each(NEW.tag_keys);
    INSERT OR IGNORE INTO item_files (file, item_id)
    SELECT json_extract(value, '$.file'), NEW.id FROM json_each(NEW.attachments);
END;

CREATE TRIGGER item_index_edited AFTER UPDATE OF tag_keys, attachments ON items BEGIN
    DELETE FROM item_tags WHERE item_id = OLD.id;
    INSERT OR IGNORE INTO item_tags (tag_key, item_id)
    SELECT value, NEW.id FROM json_each(NEW.tag_keys);
    DELETE FROM item_files WHERE item_id = OLD.id;
    INSERT OR IGNORE INTO item_files (file, item_id)
    SELECT json_extract(value, '$.file'), NEW.id FROM json_each(NEW.attachments);
END;

CREATE TRIGGER item_index_deleted AFTER DELETE ON items BEGIN
    DELETE FROM item_tags WHERE item_id = OLD.id;
    DELETE FROM item_files WHERE item_id = OLD.id;
END;

CREATE INDEX items_by_value ON items (value) WHERE value IS NOT NULL;


CREATE TRIGGER journal_added AFTER INSERT ON items BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'added', NEW.id, NULL,
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version, 'value', NEW.value,
        'purchased_from', NEW.purchased_from, 'warranty_until', NEW.warranty_until,
        'lifetime_warranty', NEW.lifetime_warranty, 'reviewed_at', NEW.reviewed_at,
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments))
    FROM journal_write;
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments)),
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version, 'value', NEW.value,
        'purchased_from', NEW.purchased_from, 'warranty_until', NEW.warranty_until,
        'lifetime_warranty', NEW.lifetime_warranty, 'reviewed_at', NEW.reviewed_at,
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments))
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments)),
        NULL
    FROM journal_write;
END;

-- What a claim recorded of each line when the claim was made: the replacement value then, and
-- whether a receipt was attached.
ALTER TABLE claim_items ADD COLUMN value INTEGER;
ALTER TABLE claim_items ADD COLUMN has_receipt INTEGER;
