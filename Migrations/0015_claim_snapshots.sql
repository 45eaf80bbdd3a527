-- A claim is a record of the loss: each line keeps the item as it was when it was claimed, and
-- an edit of the item afterwards (a higher price, "insured" ticked after the fire) no longer
-- changes the claim, its ledger or its exports. Until now a line of a living item read the
-- item as it is (only its value and receipt were recorded) and copied it only when the item
-- was deleted. From now on every line holds every field the claim shows; the line still names
-- its item while it exists, so that `claim show` can say what changed since, and
-- `claim refresh` takes the item's values on purpose (recorded in claim_journal below).

ALTER TABLE claim_items ADD COLUMN purchased_from TEXT;
ALTER TABLE claim_items ADD COLUMN warranty_until TEXT CHECK (warranty_until IS NULL OR
    warranty_until GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
ALTER TABLE claim_items ADD COLUMN lifetime_warranty INTEGER NOT NULL DEFAULT 0
    CHECK (lifetime_warranty IN (0, 1));
ALTER TABLE claim_items ADD COLUMN scheduled INTEGER NOT NULL DEFAULT 0
    CHECK (scheduled IN (0, 1));
-- The item's tags and its files (as items.tags and items.attachments) and its main photo; a
-- file a line lists stays stored while the line does, even once the item lets go of it.
ALTER TABLE claim_items ADD COLUMN tags TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(tags) AND json_type(tags) = 'array');
ALTER TABLE claim_items ADD COLUMN photo TEXT;
ALTER TABLE claim_items ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(attachments) AND json_type(attachments) = 'array');

-- The lines an earlier release made of living items are frozen here, at the moment of the
-- upgrade, from the items as they are now: what they were when they were claimed is not
-- known (only the value and receipt were recorded, and they are kept), and this is the best
-- that can be known. A line that copied a deleted item keeps its copy.
UPDATE claim_items SET
    (name, description, brand, model, serial, price, purchase_date, location, quantity, luxury,
        insured, purchased_from, warranty_until, lifetime_warranty, scheduled, tags, photo,
        attachments) = (
        SELECT name, description, brand, model, serial, price, purchase_date, location,
            quantity, luxury, insured, purchased_from, warranty_until, lifetime_warranty,
            scheduled, tags, photo, attachments
        FROM items WHERE items.id = claim_items.item_id),
    value = CASE WHEN has_receipt IS NULL
        THEN (SELECT value FROM items WHERE items.id = claim_items.item_id) ELSE value END,
    has_receipt = coalesce(has_receipt, (
        SELECT count(*) > 0 FROM items, json_each(items.attachments) AS file
        WHERE items.id = claim_items.item_id
            AND json_extract(file.value, '$.kind') = 'receipt'))
WHERE item_id IS NOT NULL;

-- What was done to claim lines on purpose, newest last: `refreshed` is a line that took its
-- item's values as they were then (`claim refresh`). `before` and `after` are the line's
-- recorded fields as JSON. A row stays when its claim is deleted, as the items' journal keeps
-- the rows of deleted items; `position` is the line's place in its claim then (0 first).
CREATE TABLE claim_journal (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    at       INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('refreshed')),
    claim_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    item_id  INTEGER,
    before   TEXT NOT NULL CHECK (json_valid(before)),
    after    TEXT NOT NULL CHECK (json_valid(after))
) STRICT;

CREATE INDEX claim_journal_by_item ON claim_journal (item_id, seq);
