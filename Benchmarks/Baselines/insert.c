/*
 * The C baselines for "add a batch of items": the same rows as BenchmarkRows.swift, written to
 * the same schema (the inventory's migrations, with their journal, search and index triggers)
 * with the same pragmas as InventoryKit's Database, in one transaction, three ways:
 *
 *   rows       one prepared statement, bound, stepped and reset per row: the triggers write
 *              the journal and the indexes row by row;
 *   multirow   a prepared statement of 36 rows (as InventoryKit writes them), the last one
 *              shorter: the triggers still run per row, but per statement once;
 *   setbased   what a careful C programmer would do for a batch: the add triggers stand aside
 *              (journal_write.bulk, migration 0011) while one prepared statement inserts the
 *              rows, then the journal, the full-text index and the tag and file indexes of
 *              the batch are written by one INSERT ... SELECT each.
 *
 * Usage: insert DATABASE COUNT [rows|multirow|setbased]   (an empty, migrated inventory)
 * Prints nothing on success; one line on stderr and exit 1 on failure.
 */
#include <ctype.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static const char *adjectives[] = {"Red", "Old", "Oak", "Big", "Steel", "Small", "Blue"};
static const char *nouns[] = {"Lamp", "Chair", "Table", "Camera", "Watch", "Bicycle",
                              "Guitar", "Sofa", "Laptop", "Ring", "Painting"};
static const char *shops[] = {"the market", "a shop in town", "an auction", "online",
                              "a friend"};
static const char *rooms[] = {"Kitchen", "Living room", "Bedroom", "Garage", "Attic", "Office"};
static const char *brands[] = {"Acme", "Globex", "Initech", "Umbrella"};

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "insert: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

static void exec(sqlite3 *db, const char *sql) {
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) fail(db, sql);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: insert DATABASE COUNT [rows|multirow|setbased]\n");
        return 64;
    }
    long count = atol(argv[2]);
    const char *way = argc == 4 ? argv[3] : "rows";
    int rowsPerStatement = strcmp(way, "multirow") == 0 ? 36 : 1;
    int setBased = strcmp(way, "setbased") == 0;
    if (!setBased && strcmp(way, "rows") != 0 && rowsPerStatement == 1) {
        fprintf(stderr, "insert: unknown way %s\n", way);
        return 64;
    }
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) fail(db, "open");
    sqlite3_busy_timeout(db, 5000);
    exec(db, "PRAGMA journal_mode = WAL");
    exec(db, "PRAGMA foreign_keys = ON");
    exec(db, "PRAGMA synchronous = NORMAL");
    exec(db, "PRAGMA temp_store = MEMORY");

    struct timeval now;
    gettimeofday(&now, NULL);
    sqlite3_int64 millis = (sqlite3_int64)now.tv_sec * 1000 + now.tv_usec / 1000;

    exec(db, "BEGIN IMMEDIATE");
    sqlite3_stmt *stamp = NULL;
    if (sqlite3_prepare_v2(db, "UPDATE journal_write SET id = id + 1, at = ?", -1, &stamp, NULL))
        fail(db, "prepare");
    sqlite3_bind_int64(stamp, 1, millis);
    if (sqlite3_step(stamp) != SQLITE_DONE) fail(db, "journal_write");
    sqlite3_finalize(stamp);

    if (setBased) exec(db, "UPDATE journal_write SET bulk = 1");
    sqlite3_int64 first = 0;
    {
        sqlite3_stmt *next = NULL;
        if (sqlite3_prepare_v2(db,
                               "SELECT coalesce((SELECT seq FROM sqlite_sequence "
                               "WHERE name = 'items'), 0) + 1",
                               -1, &next, NULL) != SQLITE_OK ||
            sqlite3_step(next) != SQLITE_ROW)
            fail(db, "next id");
        first = sqlite3_column_int64(next, 0);
        sqlite3_finalize(next);
    }

    const char *columns =
        "INSERT INTO items (name, name_key, description, price, purchase_date, photo, luxury, "
        "insured, quantity, location, brand, model, serial, notes, created_at, updated_at, "
        "version) VALUES ";
    const char *row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    enum { columnCount = 17 };
    char sql[4096];
    sqlite3_stmt *full = NULL, *last = NULL;
    /* The statement of `rows` rows. */
#define PREPARE(statement, rows)                                                              \
    do {                                                                                    \
        size_t at = (size_t)snprintf(sql, sizeof sql, "%s", columns);                       \
        for (int r = 0; r < (rows); r++)                                                    \
            at += (size_t)snprintf(sql + at, sizeof sql - at, "%s%s", r ? ", " : "", row);  \
        if (sqlite3_prepare_v2(db, sql, -1, &(statement), NULL) != SQLITE_OK)               \
            fail(db, "prepare");                                                            \
    } while (0)
    PREPARE(full, rowsPerStatement);
    char name[36][64], key[36][64], description[36][64], date[36][16];
    for (long start = 0; start < count; start += rowsPerStatement) {
        int rows = count - start < rowsPerStatement ? (int)(count - start) : rowsPerStatement;
        sqlite3_stmt *insert = full;
        if (rows != rowsPerStatement) {
            PREPARE(last, rows);
            insert = last;
        }
        for (int r = 0; r < rows; r++) {
            long i = start + r;
            int base = r * columnCount;
            int n = snprintf(name[r], sizeof name[r], "%s %s %ld", adjectives[i % 7],
                             nouns[i % 11], i);
            for (int k = 0; k <= n; k++) key[r][k] = (char)tolower((unsigned char)name[r][k]);
            snprintf(description[r], sizeof description[r], "Bought at %s", shops[i % 5]);
            snprintf(date[r], sizeof date[r], "20%02ld-%02ld-%02ld", 10 + i % 15, 1 + i % 12,
                     1 + i % 28);
            sqlite3_bind_text(insert, base + 1, name[r], n, SQLITE_STATIC);
            sqlite3_bind_text(insert, base + 2, key[r], n, SQLITE_STATIC);
            sqlite3_bind_text(insert, base + 3, description[r], -1, SQLITE_STATIC);
            sqlite3_bind_int64(insert, base + 4, 100 + (i * 7919) % 5000000);
            sqlite3_bind_text(insert, base + 5, date[r], 10, SQLITE_STATIC);
            sqlite3_bind_null(insert, base + 6);
            sqlite3_bind_int(insert, base + 7, i % 4 == 0);
            sqlite3_bind_int(insert, base + 8, i % 3 != 0);
            sqlite3_bind_int64(insert, base + 9, 1 + i % 3);
            sqlite3_bind_text(insert, base + 10, rooms[i % 6], -1, SQLITE_STATIC);
            sqlite3_bind_text(insert, base + 11, brands[i % 4], -1, SQLITE_STATIC);
            sqlite3_bind_null(insert, base + 12);
            sqlite3_bind_null(insert, base + 13);
            sqlite3_bind_null(insert, base + 14);
            sqlite3_bind_int64(insert, base + 15, millis);
            sqlite3_bind_int64(insert, base + 16, millis);
            sqlite3_bind_int64(insert, base + 17, 1);
        }
        if (sqlite3_step(insert) != SQLITE_DONE) fail(db, "insert");
        sqlite3_reset(insert);
    }
    sqlite3_finalize(full);
    sqlite3_finalize(last);

    if (setBased && count > 0) {
        /* What the add triggers write, for the whole batch at once (an addition's journal
           row without the item since migration 0012, as the trigger writes it). */
        const char *sets[] = {
            "INSERT INTO journal (write_id, at, kind, item_id, before, after) "
            "SELECT journal_write.id, journal_write.at, 'added', items.id, NULL, NULL "
            "FROM journal_write, items WHERE items.id BETWEEN ?1 AND ?2 ORDER BY items.id",
            "INSERT INTO items_search (rowid, name, description, brand, model, serial, notes, "
            "location) SELECT id, name, description, brand, model, serial, notes, location "
            "FROM items WHERE id BETWEEN ?1 AND ?2",
            "INSERT OR IGNORE INTO item_tags (tag_key, item_id) SELECT tag.value, items.id "
            "FROM items, json_each(items.tag_keys) AS tag "
            "WHERE items.id BETWEEN ?1 AND ?2 AND items.tag_keys != '[]'",
            "INSERT OR IGNORE INTO item_files (file, item_id) "
            "SELECT json_extract(file.value, '$.file'), items.id "
            "FROM items, json_each(items.attachments) AS file "
            "WHERE items.id BETWEEN ?1 AND ?2 AND items.attachments != '[]'",
        };
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
            sqlite3_stmt *set = NULL;
            if (sqlite3_prepare_v2(db, sets[k], -1, &set, NULL) != SQLITE_OK) fail(db, "prepare");
            sqlite3_bind_int64(set, 1, first);
            sqlite3_bind_int64(set, 2, first + count - 1);
            if (sqlite3_step(set) != SQLITE_DONE) fail(db, sets[k]);
            sqlite3_finalize(set);
        }
        exec(db, "UPDATE journal_write SET bulk = 0");
    }
    exec(db, "COMMIT");
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "close");
    return 0;
}
