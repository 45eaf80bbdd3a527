#ifndef CZLIBCHECKSUM_SHIM_H
#define CZLIBCHECKSUM_SHIM_H

// zlib, for its CRC-32 (the checksum a zip archive keeps of every entry) and its deflate and
// inflate (the backup archive's compressed entries).
#include <zlib.h>

#endif
