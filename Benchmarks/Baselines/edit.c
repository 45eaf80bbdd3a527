/*
 * The C baseline for "one edit of one item": the same UPDATE InventoryKit makes to rename an
 * item (name, its sort key, the time, the version), each in its own transaction that first
 * stamps the journal's write (as every write of InventoryKit does), on the same file, with the
 * same pragmas. The schema's triggers journal each change and keep the search index, as they
 * do for ours. The item's name alternates between two spellings, as the benchmark's does.
 *
 * Usage: edit DATABASE ID COUNT
 * Prints the nanoseconds the COUNT edits took (opening the file is not counted); one line on
 * stderr and exit 1 on failure.
 */
#include <ctype.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "edit: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

static void exec(sqlite3 *db, const char *sql) {
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) fail(db, sql);
}

static sqlite3_int64 milliseconds(void) {
    struct timeval now;
    gettimeofday(&now, NULL);
    return (sqlite3_int64)now.tv_sec * 1000 + now.tv_usec / 1000;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: edit DATABASE ID COUNT\n");
        return 64;
    }
    sqlite3_int64 id = atoll(argv[2]);
    long count = atol(argv[3]);
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) fail(db, "open");
    sqlite3_busy_timeout(db, 5000);
    exec(db, "PRAGMA journal_mode = WAL");
    exec(db, "PRAGMA foreign_keys = ON");
    exec(db, "PRAGMA synchronous = NORMAL");
    exec(db, "PRAGMA temp_store = MEMORY");

    /* The item's name now, and the other spelling it alternates with. */
    sqlite3_stmt *read = NULL;
    if (sqlite3_prepare_v2(db, "SELECT name FROM items WHERE id = ?", -1, &read, NULL))
        fail(db, "prepare");
    sqlite3_bind_int64(read, 1, id);
    if (sqlite3_step(read) != SQLITE_ROW) fail(db, "no such item");
    char names[2][136], keys[2][136];
    snprintf(names[0], 128, "%s", (const char *)sqlite3_column_text(read, 0));
    snprintf(names[1], sizeof names[1], "Zz %.128s", names[0]);
    sqlite3_finalize(read);
    for (int v = 0; v < 2; v++) {
        size_t n = strlen(names[v]);
        for (size_t k = 0; k <= n; k++) keys[v][k] = (char)tolower((unsigned char)names[v][k]);
    }

    sqlite3_stmt *begin = NULL, *commit = NULL, *stamp = NULL, *update = NULL;
    if (sqlite3_prepare_v2(db, "BEGIN IMMEDIATE", -1, &begin, NULL) ||
        sqlite3_prepare_v2(db, "COMMIT", -1, &commit, NULL) ||
        sqlite3_prepare_v2(db, "UPDATE journal_write SET id = id + 1, at = ?", -1, &stamp, NULL) ||
        sqlite3_prepare_v2(db,
                           "UPDATE items SET name = ?, name_key = ?, updated_at = ?, "
                           "version = version + 1 WHERE id = ?",
                           -1, &update, NULL))
        fail(db, "prepare");

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < count; i++) {
        int v = (int)((i + 1) % 2);
        sqlite3_int64 now = milliseconds();
        if (sqlite3_step(begin) != SQLITE_DONE) fail(db, "begin");
        sqlite3_reset(begin);
        sqlite3_bind_int64(stamp, 1, now);
        if (sqlite3_step(stamp) != SQLITE_DONE) fail(db, "journal_write");
        sqlite3_reset(stamp);
        sqlite3_bind_text(update, 1, names[v], -1, SQLITE_STATIC);
        sqlite3_bind_text(update, 2, keys[v], -1, SQLITE_STATIC);
        sqlite3_bind_int64(update, 3, now);
        sqlite3_bind_int64(update, 4, id);
        if (sqlite3_step(update) != SQLITE_DONE) fail(db, "update");
        sqlite3_reset(update);
        if (sqlite3_step(commit) != SQLITE_DONE) fail(db, "commit");
        sqlite3_reset(commit);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%lld\n", (long long)(end.tv_sec - start.tv_sec) * 1000000000LL +
                         (end.tv_nsec - start.tv_nsec));
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    sqlite3_finalize(stamp);
    sqlite3_finalize(update);
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "close");
    return 0;
}
