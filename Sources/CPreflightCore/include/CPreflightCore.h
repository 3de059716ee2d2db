#ifndef CPREFLIGHTCORE_H
#define CPREFLIGHTCORE_H

#include <stddef.h>
#include <stdint.h>

/// Runs SHA-1's compression over `blocks` 64-byte blocks at `data`, updating `state` (h0…h4),
/// with the processor's SHA instructions. Returns 0, and leaves `state` alone, when this processor
/// (or this build's architecture) has none: the caller then compresses the blocks itself.
int pf_sha1_blocks(uint32_t state[5], const uint8_t *data, size_t blocks);

/// Whether zlib could be loaded (tried once, at the first call of this or `pf_zlib_inflate`).
int pf_zlib_available(void);

/// Inflates the zlib stream of `source_length` bytes at `source` into `destination`, which has
/// room for `capacity` bytes, and returns the bytes written. With `whole` set, only a stream that
/// ends having given exactly `capacity` bytes succeeds; otherwise inflating stops when
/// `destination` is full (a prefix) or the stream ends. `consumed`, when not NULL, is set to the
/// source bytes read. Returns -1 for a damaged stream (or, with `whole`, any other length), -2
/// when zlib is not available.
long pf_zlib_inflate(const uint8_t *source, size_t source_length, uint8_t *destination, size_t capacity,
                     int whole, size_t *consumed);

#endif
