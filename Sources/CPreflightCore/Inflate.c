// zlib's inflate, loaded at run time: git compresses every object with zlib, and reading a few of
// them in the process costs less than starting `git cat-file`. Building needs no zlib headers or
// library; where the system has no zlib, `pf_zlib_available` says so and the caller asks git.

#include "CPreflightCore.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

// zlib's z_stream as zlib.h declares it (unchanged since zlib 1.0), for LP64 systems. zlib checks
// the size passed to inflateInit_ against its own and refuses a mismatch (Z_VERSION_ERROR).
typedef struct {
    const uint8_t *next_in;
    unsigned avail_in;
    unsigned long total_in;
    uint8_t *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *(*zalloc)(void *, unsigned, unsigned);
    void (*zfree)(void *, void *);
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} pf_z_stream;

typedef int (*pf_inflate_init_f)(pf_z_stream *, const char *, int);
typedef int (*pf_inflate_f)(pf_z_stream *, int);
typedef int (*pf_inflate_end_f)(pf_z_stream *);

enum { PF_Z_OK = 0, PF_Z_STREAM_END = 1, PF_Z_BUF_ERROR = -5, PF_Z_NO_FLUSH = 0 };

static struct {
    pf_inflate_init_f init;
    pf_inflate_f inflate;
    pf_inflate_end_f end;
} zlib;
// 0: not tried yet, 1: loaded, -1: not available.
static atomic_int zlib_state = 0;

static int load_zlib(void) {
    int state = atomic_load_explicit(&zlib_state, memory_order_acquire);
    if (state != 0) return state == 1;
    static const char *const names[] = {"libz.so.1", "libz.so", "/usr/lib/libz.1.dylib", "libz.dylib"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library != NULL) {
        // Two threads may both get here: each stores the same addresses (dlopen counts references).
        zlib.init = (pf_inflate_init_f)dlsym(library, "inflateInit_");
        zlib.inflate = (pf_inflate_f)dlsym(library, "inflate");
        zlib.end = (pf_inflate_end_f)dlsym(library, "inflateEnd");
    }
    state = (library != NULL && zlib.init != NULL && zlib.inflate != NULL && zlib.end != NULL) ? 1 : -1;
    atomic_store_explicit(&zlib_state, state, memory_order_release);
    return state == 1;
}

int pf_zlib_available(void) { return load_zlib(); }

long pf_zlib_inflate(const uint8_t *source, size_t source_length, uint8_t *destination, size_t capacity,
                     int whole, size_t *consumed) {
    if (!load_zlib()) return -2;
    if (source_length > 0xFFFFFFFFu || capacity > 0xFFFFFFFFu) return -1;
    uint8_t spare;
    pf_z_stream stream = {0};
    stream.next_in = source;
    stream.avail_in = (unsigned)source_length;
    if (zlib.init(&stream, "1.2.11", (int)sizeof stream) != PF_Z_OK) return -1;
    stream.next_out = capacity > 0 ? destination : &spare;
    stream.avail_out = (unsigned)capacity;
    int status = zlib.inflate(&stream, PF_Z_NO_FLUSH);
    long written = (long)(capacity - stream.avail_out);
    if (whole && (status == PF_Z_OK || status == PF_Z_BUF_ERROR) && stream.avail_out == 0) {
        // Full: the stream must end here, giving no byte more (one byte of room to see that).
        stream.next_out = &spare;
        stream.avail_out = 1;
        status = zlib.inflate(&stream, PF_Z_NO_FLUSH);
        if (stream.avail_out == 0) status = PF_Z_BUF_ERROR;
    }
    if (consumed != NULL) *consumed = source_length - stream.avail_in;
    zlib.end(&stream);
    if (whole) return status == PF_Z_STREAM_END && (size_t)written == capacity ? written : -1;
    return status == PF_Z_STREAM_END || status == PF_Z_OK || status == PF_Z_BUF_ERROR ? written : -1;
}
