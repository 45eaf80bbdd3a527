/*
 * The C baseline for "add a batch of items": the same rows as BenchmarkRows.swift, written to
 * the same schema (the inventory's migrations, with their journal and search triggers) with
 * the same pragmas as InventoryKit's Database, in one transaction, the way a careful C
 * programmer would: one prepared statement, bound, stepped and reset per row.
 *
 * Usage: insert DATABASE COUNT   (DATABASE holds an empty, migrated inventory)
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
    if (argc != 3) {
        fprintf(stderr, "usage: insert DATABASE COUNT\n");
        return 64;
    }
    long count = atol(argv[2]);
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

    sqlite3_stmt *insert = NULL;
    const char *sql =
        "INSERT INTO items (name, name_key, description, price, purchase_date, photo, luxury, "
        "insured, quantity, location, brand, model, serial, notes, created_at, updated_at, "
        "version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    if (sqlite3_prepare_v2(db, sql, -1, &insert, NULL) != SQLITE_OK) fail(db, "prepare");
    char name[64], key[64], description[64], date[16];
    for (long i = 0; i < count; i++) {
        int n = snprintf(name, sizeof name, "%s %s %ld", adjectives[i % 7], nouns[i % 11], i);
        for (int k = 0; k <= n; k++) key[k] = (char)tolower((unsigned char)name[k]);
        snprintf(description, sizeof description, "Bought at %s", shops[i % 5]);
        snprintf(date, sizeof date, "20%02ld-%02ld-%02ld", 10 + i % 15, 1 + i % 12, 1 + i % 28);
        sqlite3_bind_text(insert, 1, name, n, SQLITE_STATIC);
        sqlite3_bind_text(insert, 2, key, n, SQLITE_STATIC);
        sqlite3_bind_text(insert, 3, description, -1, SQLITE_STATIC);
        sqlite3_bind_int64(insert, 4, 100 + (i * 7919) % 5000000);
        sqlite3_bind_text(insert, 5, date, 10, SQLITE_STATIC);
        sqlite3_bind_null(insert, 6);
        sqlite3_bind_int(insert, 7, i % 4 == 0);
        sqlite3_bind_int(insert, 8, i % 3 != 0);
        sqlite3_bind_int64(insert, 9, 1 + i % 3);
        sqlite3_bind_text(insert, 10, rooms[i % 6], -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 11, brands[i % 4], -1, SQLITE_STATIC);
        sqlite3_bind_null(insert, 12);
        sqlite3_bind_null(insert, 13);
        sqlite3_bind_null(insert, 14);
        sqlite3_bind_int64(insert, 15, millis);
        sqlite3_bind_int64(insert, 16, millis);
        sqlite3_bind_int64(insert, 17, 1);
        if (sqlite3_step(insert) != SQLITE_DONE) fail(db, "insert");
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    exec(db, "COMMIT");
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "close");
    return 0;
}
