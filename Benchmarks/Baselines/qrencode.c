/*
 * The C baseline for "QR codes of label URLs": libqrencode (Debian's libqrencode-dev), the
 * library behind the `qrencode` command, encoding the same label URLs as the benchmark's, in
 * byte mode at level M, each symbol made and freed.
 *
 * Usage: qrencode COUNT
 * Prints the nanoseconds the COUNT symbols took; one line on stderr and exit 1 on failure.
 */
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: qrencode COUNT\n");
        return 64;
    }
    long count = atol(argv[1]);
    char text[128];
    long dark = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < count; i++) {
        /* The label of item i: "https://house.example:8080/l/000-042". */
        snprintf(text, sizeof text, "https://house.example:8080/l/%03ld-%03ld", i / 1000 % 1000,
                 i % 1000);
        QRcode *code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
        if (!code) {
            fprintf(stderr, "qrencode: cannot encode %s\n", text);
            return 1;
        }
        dark += code->data[0] & 1;
        QRcode_free(code);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%lld\n", (long long)(end.tv_sec - start.tv_sec) * 1000000000LL +
                         (end.tv_nsec - start.tv_nsec) + (dark < 0));
    return 0;
}
