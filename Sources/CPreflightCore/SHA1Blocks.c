#include "CPreflightCore.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/// Whether CPUID reports the SHA extensions (leaf 7, EBX bit 29) and the SSSE3 and SSE4.1
/// instructions the rounds below also use (leaf 1, ECX bits 9 and 19).
static int pf_cpu_has_sha(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & (1u << 9)) || !(ecx & (1u << 19))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 29)) != 0;
}

/// Four rounds (`group` 0…19 of a block): the round function changes every five groups, and the
/// instruction takes it as an immediate.
__attribute__((target("sha,ssse3,sse4.1"))) static inline __m128i pf_rounds(__m128i abcd, __m128i e, int group) {
    switch (group / 5) {
    case 0: return _mm_sha1rnds4_epu32(abcd, e, 0);
    case 1: return _mm_sha1rnds4_epu32(abcd, e, 1);
    case 2: return _mm_sha1rnds4_epu32(abcd, e, 2);
    default: return _mm_sha1rnds4_epu32(abcd, e, 3);
    }
}

__attribute__((target("sha,ssse3,sse4.1"))) static void pf_sha1_blocks_ni(
    uint32_t state[5], const uint8_t *data, size_t blocks) {
    // The instructions keep a in the highest lane: the words of h0…h3 reversed, e beside them.
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abcdBefore = abcd, eBefore = e0;
        // The message schedule, four words per group of rounds, the last four groups' kept.
        __m128i words[4];
        __m128i previous = abcd;
        for (int group = 0; group < 20; group++) {
            __m128i w;
            if (group < 4) {
                // Big-endian words, the first in the highest lane.
                w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), reverse);
            } else {
                // w[t] = rotl1(w[t-3] ^ w[t-8] ^ w[t-14] ^ w[t-16]), four at a time.
                __m128i partial = _mm_sha1msg1_epu32(words[group & 3], words[(group + 1) & 3]);
                partial = _mm_xor_si128(partial, words[(group + 2) & 3]);
                w = _mm_sha1msg2_epu32(partial, words[(group + 3) & 3]);
            }
            words[group & 3] = w;
            // e for these rounds: the initial e, or a of four rounds ago rotated, plus the words.
            __m128i e = group == 0 ? _mm_add_epi32(e0, w) : _mm_sha1nexte_epu32(previous, w);
            previous = abcd;
            abcd = pf_rounds(abcd, e, group);
        }
        e0 = _mm_sha1nexte_epu32(previous, eBefore);
        abcd = _mm_add_epi32(abcd, abcdBefore);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#endif

int pf_sha1_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
#if defined(__x86_64__)
    // -1 not yet asked, else the answer; asking twice at once gives the same answer.
    static int supported = -1;
    int known = __atomic_load_n(&supported, __ATOMIC_RELAXED);
    if (known < 0) {
        known = pf_cpu_has_sha();
        __atomic_store_n(&supported, known, __ATOMIC_RELAXED);
    }
    if (known) {
        pf_sha1_blocks_ni(state, data, blocks);
        return 1;
    }
#endif
    (void)state;
    (void)data;
    (void)blocks;
    return 0;
}
