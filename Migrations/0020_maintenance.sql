-- The life of an item between buying it and claiming it: what was done to it (maintenance), what
-- is to be done and when (schedules), and the reminders already sent.

-- A schedule: "every 12 months" (on the calendar, from its first day), "every 3 months from the
-- last service" (from_last = 1), or once, on a day (every_months NULL). The next day it is due
-- follows from the latest entry that counts for it.
CREATE TABLE maintenance_schedules (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id      INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
    what         TEXT NOT NULL CHECK (length(what) > 0),
    every_months INTEGER CHECK (every_months IS NULL OR every_months BETWEEN 1 AND 1200),
    from_last    INTEGER NOT NULL DEFAULT 0 CHECK (from_last IN (0, 1)),
    starts_on    TEXT NOT NULL CHECK (starts_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    created_at   INTEGER NOT NULL
) STRICT;

CREATE INDEX maintenance_schedules_by_item ON maintenance_schedules (item_id);

-- An entry of an item's maintenance log: the day, what was done, what it cost (minor units of
-- the inventory's currency), who did it, a receipt or photo (a stored file's name), and the
-- schedule it counts for, if any.
CREATE TABLE maintenance_entries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id     INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
    schedule_id INTEGER REFERENCES maintenance_schedules (id) ON DELETE SET NULL,
    done_on     TEXT NOT NULL CHECK (done_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    what        TEXT NOT NULL CHECK (length(what) > 0),
    cost        INTEGER CHECK (cost IS NULL OR cost >= 0),
    done_by     TEXT,
    file        TEXT,
    created_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX maintenance_entries_by_item ON maintenance_entries (item_id, done_on);
CREATE INDEX maintenance_entries_by_schedule ON maintenance_entries (schedule_id, done_on)
    WHERE schedule_id IS NOT NULL;
CREATE INDEX maintenance_entries_by_file ON maintenance_entries (file) WHERE file IS NOT NULL;

-- Reminders `inventory remind` has sent: one row per thing due and its day, so that a thing is
-- sent once (a later day, such as the next service, is a new reminder).
CREATE TABLE reminders_sent (
    key     TEXT PRIMARY KEY,
    sent_at INTEGER NOT NULL
) STRICT;
