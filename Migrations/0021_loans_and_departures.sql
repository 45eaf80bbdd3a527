-- The life of an item after it is bought: a loan (who has it, since when, when it is due back)
-- and its leaving the household (the day, how: sold, given, discarded, lost or stolen, to whom,
-- for how much). An item that left stays, with its history and claims, but every view and
-- total leaves it out unless it asks for the archive. Both are columns of the item, so the
-- journal records them as it records every field: its triggers and the view of an added item
-- are made again, with them.
DROP TRIGGER journal_added;
DROP TRIGGER journal_edited;
DROP TRIGGER journal_deleted;
DROP VIEW journal_added_items;

ALTER TABLE items ADD COLUMN lent_to TEXT CHECK (lent_to IS NULL OR length(lent_to) > 0);
ALTER TABLE items ADD COLUMN lent_on TEXT CHECK (lent_on IS NULL OR lent_on
    GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
ALTER TABLE items ADD COLUMN loan_due TEXT CHECK (loan_due IS NULL OR loan_due
    GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
ALTER TABLE items ADD COLUMN left_on TEXT CHECK (left_on IS NULL OR left_on
    GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
ALTER TABLE items ADD COLUMN left_how TEXT CHECK (left_how IS NULL
    OR left_how IN ('sold', 'given', 'discarded', 'lost', 'stolen'));
ALTER TABLE items ADD COLUMN left_to TEXT CHECK (left_to IS NULL OR length(left_to) > 0);
ALTER TABLE items ADD COLUMN left_for INTEGER CHECK (left_for IS NULL OR left_for >= 0);

-- Few items are lent or gone: these stay small, and find them (the "on loan" view, loans due,
-- the archive, and the count of items still here as all items less those gone).
CREATE INDEX items_on_loan ON items (loan_due) WHERE lent_to IS NOT NULL;
CREATE INDEX items_left ON items (left_on) WHERE left_on IS NOT NULL;

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
        'left_for', left_for) AS after
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
        'left_for', OLD.left_for),
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
        'left_for', NEW.left_for)
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
        'left_for', OLD.left_for),
        NULL
    FROM journal_write;
END;
