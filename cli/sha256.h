/* SHA-256 (FIPS 180-4), streaming: what a shard records of every input it
 * read, so that merge can tell parts of different inputs apart
 * (docs/CLUSTER.md).  No dependency but the C library: it can move to
 * engine/base as it is. */
#ifndef PL_CLI_SHA256_H
#define PL_CLI_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { PL_SHA256_BYTES = 32, PL_SHA256_HEX = 65 /* 64 digits and a NUL */ };

typedef struct {
    uint32_t h[8];
    uint64_t bytes; /* hashed so far */
    unsigned char block[64];
    size_t used; /* bytes waiting in block */
} pl_sha256;

void pl_sha256_init(pl_sha256 *c);
void pl_sha256_update(pl_sha256 *c, const void *data, size_t len);
/* The digest; c must be initialised again before reuse. */
void pl_sha256_final(pl_sha256 *c, unsigned char digest[PL_SHA256_BYTES]);
/* A digest as 64 lowercase hex digits. */
void pl_sha256_hex(const unsigned char digest[PL_SHA256_BYTES], char hex[PL_SHA256_HEX]);

#endif
