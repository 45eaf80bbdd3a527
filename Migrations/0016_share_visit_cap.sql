-- A share link's log of visits has a size limit: it keeps the first 100 visits and the last
-- 100 (`ItemStore.keptFirstVisits`, `keptLastVisits`), and counts every request made through
-- the link, kept or not, in `visit_count`. A link holder could otherwise add rows at will and
-- fill the disk. The count includes the requests the server refused for coming too fast.
ALTER TABLE share_links ADD COLUMN visit_count INTEGER NOT NULL DEFAULT 0;

UPDATE share_links
SET visit_count = (SELECT count(*) FROM share_visits WHERE link_id = share_links.id);

-- A log already longer loses its middle, as it would have with the limit.
DELETE FROM share_visits WHERE rowid IN (
    SELECT rowid FROM (
        SELECT rowid,
            row_number() OVER (PARTITION BY link_id ORDER BY at, rowid) AS position,
            count(*) OVER (PARTITION BY link_id) AS logged
        FROM share_visits)
    WHERE position > 100 AND position <= logged - 100);
