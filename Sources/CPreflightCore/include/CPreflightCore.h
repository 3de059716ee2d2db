#ifndef CPREFLIGHTCORE_H
#define CPREFLIGHTCORE_H

#include <stddef.h>
#include <stdint.h>

/// Runs SHA-1's compression over `blocks` 64-byte blocks at `data`, updating `state` (h0…h4),
/// with the processor's SHA instructions. Returns 0, and leaves `state` alone, when this processor
/// (or this build's architecture) has none: the caller then compresses the blocks itself.
int pf_sha1_blocks(uint32_t state[5], const uint8_t *data, size_t blocks);

#endif
