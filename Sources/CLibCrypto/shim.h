#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto: SHA-256 (the names of stored files, the backup's manifest, share links'
// and sessions' digests) and scrypt (the household password), through its EVP interface.
#include <openssl/evp.h>

#endif
