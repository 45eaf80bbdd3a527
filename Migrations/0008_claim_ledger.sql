-- The claim ledger: what the insurer will pay for each claimed line. A line records, when it
-- is made, the depreciation terms of its category (so a later change of the table does not
-- change a claim already made), and the household adds a replacement cost with its source,
-- the item's condition, and, once bought, what the replacement cost and its receipt.
-- Amounts are minor units of the inventory's currency; rates are basis points (1/100 of a
-- percent); dates are 'YYYY-MM-DD'.

-- What one would cost to replace, as priced for the claim; NULL: the value the line recorded,
-- else the price.
ALTER TABLE claim_items ADD COLUMN replacement INTEGER CHECK (replacement IS NULL OR replacement >= 0);
-- Where that price was found (a shop, an address) and on which day.
ALTER TABLE claim_items ADD COLUMN replacement_source TEXT;
ALTER TABLE claim_items ADD COLUMN priced_on TEXT;
-- The item's condition before the loss; NULL is 'good'.
ALTER TABLE claim_items ADD COLUMN condition TEXT
    CHECK (condition IS NULL OR condition IN ('new', 'good', 'average', 'poor'));
-- The depreciation category and its terms as the table gave them when the line was made: a
-- useful life in months and a yearly rate (NULL, NULL: it never depreciates), and the most
-- that may be taken. A line made before this release has none; it takes today's table.
ALTER TABLE claim_items ADD COLUMN category TEXT;
ALTER TABLE claim_items ADD COLUMN life_months INTEGER CHECK (life_months IS NULL OR life_months > 0);
ALTER TABLE claim_items ADD COLUMN rate_bp INTEGER CHECK (rate_bp IS NULL OR rate_bp BETWEEN 0 AND 10000);
ALTER TABLE claim_items ADD COLUMN max_bp INTEGER CHECK (max_bp IS NULL OR max_bp BETWEEN 0 AND 10000);
-- The replacement bought: what it cost, when, and its receipt (a stored file's name).
ALTER TABLE claim_items ADD COLUMN replaced_paid INTEGER CHECK (replaced_paid IS NULL OR replaced_paid >= 0);
ALTER TABLE claim_items ADD COLUMN replaced_on TEXT;
ALTER TABLE claim_items ADD COLUMN replaced_receipt TEXT;

CREATE INDEX claim_items_by_receipt ON claim_items (replaced_receipt)
    WHERE replaced_receipt IS NOT NULL;
