#define _GNU_SOURCE
#include "CByteSearch.h"

#include <string.h>

const void *pf_find_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
