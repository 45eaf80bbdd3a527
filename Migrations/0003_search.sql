-- Full-text search over the words of an item (FTS5, kept in step by triggers), used by the
-- `text` filter of views and by `list --search`. Diacritics are kept (é is not e) so the
-- library's in-memory test of a filter gives exactly the answer of the query.
CREATE VIRTUAL TABLE items_search USING fts5(
    name, description, brand, model, serial, notes, location,
    content = 'items', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);

INSERT INTO items_search (items_search) VALUES ('rebuild');

CREATE TRIGGER items_search_added AFTER INSERT ON items BEGIN
    INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, location)
    VALUES (NEW.id, NEW.name, NEW.description, NEW.brand, NEW.model, NEW.serial, NEW.notes,
        NEW.location);
END;

CREATE TRIGGER items_search_deleted AFTER DELETE ON items BEGIN
    INSERT INTO items_search (items_search, rowid, name, description, brand, model, serial,
        notes, location)
    VALUES ('delete', OLD.id, OLD.name, OLD.description, OLD.brand, OLD.model, OLD.serial,
        OLD.notes, OLD.location);
END;

CREATE TRIGGER items_search_edited AFTER UPDATE ON items BEGIN
    INSERT INTO items_search (items_search, rowid, name, description, brand, model, serial,
        notes, location)
    VALUES ('delete', OLD.id, OLD.name, OLD.description, OLD.brand, OLD.model, OLD.serial,
        OLD.notes, OLD.location);
    INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, location)
    VALUES (NEW.id, NEW.name, NEW.description, NEW.brand, NEW.model, NEW.serial, NEW.notes,
        NEW.location);
END;
