-- What is done to an item's maintenance is part of its history: an entry logged or removed, a
-- schedule made or dropped. Triggers write it here in the same transaction, with the write's
-- number and time from journal_write (as the item journal's triggers do), so no write of the
-- two maintenance tables can skip it. The write also touches the item's row (its updated_at,
-- not its version), so every view, process and browser following the item journal sees it.
--
-- The rows of an item that is deleted go with it by cascade; those deletions are not its
-- maintenance, and are not recorded.

CREATE TABLE maintenance_journal (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    write_id INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('logged', 'removed', 'scheduled', 'unscheduled')),
    item_id  INTEGER NOT NULL,
    what     TEXT NOT NULL,
    -- an entry: done_on, cost, done_by, file; a schedule: every_months, from_last, starts_on
    detail   TEXT NOT NULL CHECK (json_valid(detail))
) STRICT;

CREATE INDEX maintenance_journal_by_item ON maintenance_journal (item_id, seq);

CREATE TRIGGER maintenance_logged AFTER INSERT ON maintenance_entries BEGIN
    INSERT INTO maintenance_journal (write_id, at, kind, item_id, what, detail)
    SELECT id, at, 'logged', NEW.item_id, NEW.what,
        json_object('done_on', NEW.done_on, 'cost', NEW.cost, 'done_by', NEW.done_by,
            'file', NEW.file)
    FROM journal_write;
END;

CREATE TRIGGER maintenance_removed AFTER DELETE ON maintenance_entries
WHEN EXISTS (SELECT 1 FROM items WHERE id = OLD.item_id) BEGIN
    INSERT INTO maintenance_journal (write_id, at, kind, item_id, what, detail)
    SELECT id, at, 'removed', OLD.item_id, OLD.what,
        json_object('done_on', OLD.done_on, 'cost', OLD.cost, 'done_by', OLD.done_by,
            'file', OLD.file)
    FROM journal_write;
END;

CREATE TRIGGER maintenance_scheduled AFTER INSERT ON maintenance_schedules BEGIN
    INSERT INTO maintenance_journal (write_id, at, kind, item_id, what, detail)
    SELECT id, at, 'scheduled', NEW.item_id, NEW.what,
        json_object('every_months', NEW.every_months, 'from_last', NEW.from_last,
            'starts_on', NEW.starts_on)
    FROM journal_write;
END;

CREATE TRIGGER maintenance_unscheduled AFTER DELETE ON maintenance_schedules
WHEN EXISTS (SELECT 1 FROM items WHERE id = OLD.item_id) BEGIN
    INSERT INTO maintenance_journal (write_id, at, kind, item_id, what, detail)
    SELECT id, at, 'unscheduled', OLD.item_id, OLD.what,
        json_object('every_months', OLD.every_months, 'from_last', OLD.from_last,
            'starts_on', OLD.starts_on)
    FROM journal_write;
END;

-- What an earlier release recorded shows in history as of when it was recorded; its write is
-- not known (0).
INSERT INTO maintenance_journal (write_id, at, kind, item_id, what, detail)
SELECT 0, created_at, kind, item_id, what, detail FROM (
    SELECT created_at, 'scheduled' AS kind, item_id, what,
        json_object('every_months', every_months, 'from_last', from_last,
            'starts_on', starts_on) AS detail, 0 AS part, id
    FROM maintenance_schedules
    UNION ALL
    SELECT created_at, 'logged', item_id, what,
        json_object('done_on', done_on, 'cost', cost, 'done_by', done_by, 'file', file), 1, id
    FROM maintenance_entries
) ORDER BY created_at, part, id;
