-- Fields of the household's own: each defined once per inventory (`custom_fields`) with a type
-- and an optional rule, each item holding its values in `items.custom`, a JSON object of text by
-- the field's key (its name folded): {"wattage": "1200", "fuel": "Diesel"}. Keyed by name, so
-- filters, exports and imports name a field as people do; a field is not renamed, and removing
-- one clears its values from the items first (journaled).
--
-- The journal records the values as it records every field (its triggers and the view of an
-- added item are made again, with them), and search finds them: the full-text index is made
-- again with a column of them (the JSON text: its words are the names and the values), and its
-- triggers with it.
CREATE TABLE custom_fields (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    -- the name folded: what items key their values by
    key          TEXT NOT NULL UNIQUE,
    -- text, number, money, date, flag, choice
    kind         TEXT NOT NULL CHECK (kind IN ('text', 'number', 'money', 'date', 'flag', 'choice')),
    -- a choice's options, a JSON array of text
    options      TEXT CHECK (options IS NULL OR json_valid(options)),
    required_tag TEXT,
    minimum      REAL,
    maximum      REAL,
    created_at   INTEGER NOT NULL
) STRICT;

DROP TRIGGER journal_added;
DROP TRIGGER journal_edited;
DROP TRIGGER journal_deleted;
DROP VIEW journal_added_items;
DROP TRIGGER items_search_added;
DROP TRIGGER items_search_deleted;
DROP TRIGGER items_search_edited;
DROP TABLE items_search;

ALTER TABLE items ADD COLUMN custom TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(custom));

CREATE VIRTUAL TABLE items_search USING fts5(
    name, description, brand, model, serial, notes, location, custom,
    content = 'items', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO items_search (items_search) VALUES ('rebuild');

CREATE TRIGGER items_search_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, location, custom)
    VALUES (NEW.id, NEW.name, NEW.description, NEW.brand, NEW.model, NEW.serial, NEW.notes, NEW.location, NEW.custom);
END;

CREATE TRIGGER items_search_deleted AFTER DELETE ON items BEGIN
    INSERT INTO items_search (items_search, rowid, name, description, brand, model, serial, notes, location, custom)
    VALUES ('delete', OLD.id, OLD.name, OLD.description, OLD.brand, OLD.model, OLD.serial, OLD.notes, OLD.location, OLD.custom);
END;

CREATE TRIGGER items_search_edited AFTER UPDATE ON items BEGIN
    INSERT INTO items_search (items_search, rowid, name, description, brand, model, serial, notes, location, custom)
    VALUES ('delete', OLD.id, OLD.name, OLD.description, OLD.brand, OLD.model, OLD.serial, OLD.notes, OLD.location, OLD.custom);
    INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, location, custom)
    VALUES (NEW.id, NEW.name, NEW.description, NEW.brand, NEW.model, NEW.serial, NEW.notes, NEW.location, NEW.custom);
END;

CREATE VIEW journal_added_items AS
SELECT id AS item_id,
    json_object('id', id, 'name', name, 'description', description, 'price', price,
        'purchase_date', purchase_date, 'photo', photo, 'luxury', luxury,
        'insured', insured, 'quantity', quantity, 'location', location, 'brand', brand,
        'model', model, 'serial', serial, 'notes', notes, 'created_at', created_at,
        'updated_at', updated_at, 'version', version, 'value', value,
        'purchased_from', purchased_from, 'warranty_until', warranty_until,
        'lifetime_warranty', lifetime_warranty, 'reviewed_at', reviewed_at,
        'tags', json(tags), 'attachments', json(attachments), 'scheduled', scheduled,
        'container_id', container_id, 'lent_to', lent_to, 'lent_on', lent_on,
        'loan_due', loan_due, 'left_on', left_on, 'left_how', left_how, 'left_to', left_to,
        'left_for', left_for, 'custom', json(custom)) AS after
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments),
        'scheduled', OLD.scheduled, 'container_id', OLD.container_id,
        'lent_to', OLD.lent_to, 'lent_on', OLD.lent_on, 'loan_due', OLD.loan_due,
        'left_on', OLD.left_on, 'left_how', OLD.left_how, 'left_to', OLD.left_to,
        'left_for', OLD.left_for, 'custom', json(OLD.custom)),
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version, 'value', NEW.value,
        'purchased_from', NEW.purchased_from, 'warranty_until', NEW.warranty_until,
        'lifetime_warranty', NEW.lifetime_warranty, 'reviewed_at', NEW.reviewed_at,
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments),
        'scheduled', NEW.scheduled, 'container_id', NEW.container_id,
        'lent_to', NEW.lent_to, 'lent_on', NEW.lent_on, 'loan_due', NEW.loan_due,
        'left_on', NEW.left_on, 'left_how', NEW.left_how, 'left_to', NEW.left_to,
        'left_for', NEW.left_for, 'custom', json(NEW.custom))
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments),
        'scheduled', OLD.scheduled, 'container_id', OLD.container_id,
        'lent_to', OLD.lent_to, 'lent_on', OLD.lent_on, 'loan_due', OLD.loan_due,
        'left_on', OLD.left_on, 'left_how', OLD.left_how, 'left_to', OLD.left_to,
        'left_for', OLD.left_for, 'custom', json(OLD.custom)),
        NULL
    FROM journal_write;
END;
