-- An addition's journal row no longer repeats the item: its `after` is NULL from now on. The
-- item it added is still known exactly, forever: every later change of an item writes a
-- journal row whose `before` is the item as it was (an edit, a deletion), so the item an
-- addition added is the `before` of the item's next row, and when there is none the item is
-- still as the items table has it (nothing changed it since). A million-item import wrote
-- about 500 bytes a row here: its journal was twice the size of its items, search index and
-- indexes together. Rows written before this migration keep their `after`.
--
-- A migration that changes item rows without the journal triggers (none does) must first
-- write the `after` of every addition that has no later row, or the history would say the
-- item was added as it is after that migration.

DROP TRIGGER journal_added;
CREATE TRIGGER journal_added AFTER INSERT ON items
WHEN (SELECT bulk FROM journal_write) = 0 BEGIN
    INSERT INTO journal (write_id, at, kind, item_id, before, after)
    SELECT id, at, 'added', NEW.id, NULL, NULL FROM journal_write;
END;

-- The journal as every reader reads it: an addition's `after` is its own when it has one,
-- else the `before` of the item's next row, else the item as it is.
CREATE VIEW journal_entries AS
SELECT seq, write_id, at, kind, item_id, before,
    CASE WHEN after IS NULL AND kind = 'added' THEN
        COALESCE(
            (SELECT later.before FROM journal AS later
                WHERE later.item_id = journal.item_id AND later.seq > journal.seq
                ORDER BY later.seq LIMIT 1),
            (SELECT added.after FROM journal_added_items AS added
                WHERE added.item_id = journal.item_id))
    ELSE after END AS after
FROM journal;
