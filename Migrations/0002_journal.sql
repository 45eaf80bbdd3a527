-- The change journal: every committed write of an item records, in the same transaction,
-- one row per item changed, with a strictly increasing sequence number, the time, the kind,
-- and the item before and after as JSON (enough to rebuild either). Triggers write it, so no
-- write of the items table can skip it. Rows of one write share a write_id: the manager bumps
-- journal_write before each write, so other processes can post one notification per write.

CREATE TABLE journal_write (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    id        INTEGER NOT NULL,
    at        INTEGER NOT NULL
) STRICT;

INSERT INTO journal_write (singleton, id, at) VALUES (1, 0, 0);

CREATE TABLE journal (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    write_id INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('added', 'edited', 'deleted')),
    item_id  INTEGER NOT NULL,
    before   TEXT,
    after    TEXT
) STRICT;

CREATE INDEX journal_by_item ON journal (item_id, seq);

CREATE TRIGGER journal_added AFTER INSERT ON items BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'added', NEW.id, NULL,
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version)
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
        'updated_at', OLD.updated_at, 'version', OLD.version),
        json_object('id', NEW.id, 'name', NEW.name, 'description', NEW.description,
        'price', NEW.price, 'purchase_date', NEW.purchase_date, 'photo', NEW.photo,
        'luxury', NEW.luxury, 'insured', NEW.insured, 'quantity', NEW.quantity,
        'location', NEW.location, 'brand', NEW.brand, 'model', NEW.model,
        'serial', NEW.serial, 'notes', NEW.notes, 'created_at', NEW.created_at,
        'updated_at', NEW.updated_at, 'version', NEW.version)
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
        'updated_at', OLD.updated_at, 'version', OLD.version),
        NULL
    FROM journal_write;
END;
