#ifndef CBYTESEARCH_H
#define CBYTESEARCH_H

#include <stddef.h>

/// The first occurrence of `needle` in `haystack` (the C library's optimized memmem), or NULL.
const void *pf_find_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
