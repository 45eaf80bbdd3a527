-- What an adjuster takes in besides the ledger: sales tax added to replacement costs, whether
-- a lost thing was used for business, the categories listed as one grouped line, and the
-- payments the insurer made.

-- The sales tax added to the replacement cost of every line, in millionths (8.875 % is
-- 88750); NULL: none. A line may have its own rate (claim_items.tax_ppm), which wins.
ALTER TABLE claims ADD COLUMN tax_ppm INTEGER
    CHECK (tax_ppm IS NULL OR tax_ppm BETWEEN 0 AND 1000000);
-- The depreciation categories whose lines the exports list as one line per category, with a
-- count ("clothing: 40 items"), as a JSON array of names.
ALTER TABLE claims ADD COLUMN grouped TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(grouped) AND json_type(grouped) = 'array');

ALTER TABLE claim_items ADD COLUMN tax_ppm INTEGER
    CHECK (tax_ppm IS NULL OR tax_ppm BETWEEN 0 AND 1000000);
-- Whether the thing was used for a business (policies cover that apart, or not at all).
ALTER TABLE claim_items ADD COLUMN business_use INTEGER NOT NULL DEFAULT 0
    CHECK (business_use IN (0, 1));

-- What the insurer paid on a claim: an advance before the claim is settled, or a payment;
-- amounts in minor units of the inventory's currency, the day it was received, and what for.
CREATE TABLE claim_payments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    claim_id    INTEGER NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
    received_on TEXT NOT NULL CHECK (received_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('advance', 'payment')),
    memo        TEXT,
    created_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX claim_payments_by_claim ON claim_payments (claim_id, received_on, id);
