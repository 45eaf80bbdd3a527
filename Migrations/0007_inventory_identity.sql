-- Each inventory's identity: a random name made once, when the inventory is made (or first
-- opened by this release). An export names each item it writes with it (inventory-IDENTITY-ID),
-- so that two inventories' items never share a reference, and an import knows the items of
-- the inventory it is importing into. A restored backup or a copy of the file keeps it: it is
-- the same inventory.
CREATE TABLE inventory_identity (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    id        TEXT NOT NULL CHECK (length(id) = 12)
) STRICT;

INSERT INTO inventory_identity (singleton, id) VALUES (1, lower(hex(randomblob(6))));
