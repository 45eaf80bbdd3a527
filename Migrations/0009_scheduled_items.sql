-- A rider ("scheduled" item): an item the policy lists by name, with its own cover, beyond the
-- sub-limit of its category. `inventory check` asks for one for a luxury item worth more than
-- its category's sub-limit. The journal records it too: its triggers are made again, with it.
DROP TRIGGER journal_added;
DROP TRIGGER journal_edited;
DROP TRIGGER journal_deleted;

ALTER TABLE items ADD COLUMN scheduled INTEGER NOT NULL DEFAULT 0 CHECK (scheduled IN (0, 1));

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
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments), 'scheduled', NEW.scheduled)
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments), 'scheduled', OLD.scheduled),
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version, 'value', NEW.value,
        'purchased_from', NEW.purchased_from, 'warranty_until', NEW.warranty_until,
        'lifetime_warranty', NEW.lifetime_warranty, 'reviewed_at', NEW.reviewed_at,
        'tags', json(NEW.tags), 'attachments', json(NEW.attachments), 'scheduled', NEW.scheduled)
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
        'tags', json(OLD.tags), 'attachments', json(OLD.attachments), 'scheduled', OLD.scheduled),
        NULL
    FROM journal_write;
END;
