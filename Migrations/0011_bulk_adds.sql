-- A batch of added items writes its journal rows, its full-text index and its tag and file
-- indexes by one INSERT … SELECT each, after the rows, instead of the add triggers doing it
-- row by row (ItemStore.insert). While `journal_write.bulk` is 1 — only inside the write
-- transaction of such a batch, which sets it back before it commits — the three add triggers
-- stand aside; every other write of the items table still goes through them, so none can skip
-- the journal.
ALTER TABLE journal_write ADD COLUMN bulk INTEGER NOT NULL DEFAULT 0 CHECK (bulk IN (0, 1));

-- An added item as the journal records it: one definition, for the trigger and for batches.
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
    'tags', json(tags), 'attachments', json(attachments), 'scheduled', scheduled) AS after
FROM items;

DROP TRIGGER journal_added;
CREATE TRIGGER journal_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT journal_write.id, journal_write.at, 'added', NEW.id, NULL, added.after
    FROM journal_write, journal_added_items AS added
    WHERE added.item_id = NEW.id;
END;

DROP TRIGGER items_search_added;
CREATE TRIGGER items_search_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, location)
    VALUES (NEW.id, NEW.name, NEW.description, NEW.brand, NEW.model, NEW.serial, NEW.notes,
        NEW.location);
END;

DROP TRIGGER item_index_added;
CREATE TRIGGER item_index_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT OR IGNORE INTO item_tags (tag_key, item_id)
    SELECT value, NEW.id FROM json_each(NEW.tag_keys);
    INSERT OR IGNORE INTO item_files (file, item_id)
    SELECT json_extract(value, '$.file'), NEW.id FROM json_each(NEW.attachments);
END;
