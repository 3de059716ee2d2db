#define _GNU_SOURCE
#include "CProcessKit.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__linux__)
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

// Faulting a page in (the kernel allocates and zeroes it) costs about as much as copying into it.
// A thread of its own does it ahead of the writer, on another core, so the writer only copies.

enum {
    pk_prefault_step = 4 << 20,     // one madvise call
    pk_prefault_least = 8 << 20,    // how far ahead at the start
    pk_prefault_most = 64 << 20,    // how far ahead at most: the resident memory not yet written
};

struct pk_prefaulter {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    uintptr_t start;    // first whole page of the region
    uintptr_t end;      // end of its last whole page
    uintptr_t base;     // the region's first byte: `written` counts from here
    uintptr_t faulted;  // pages below this address are faulted in
    size_t written;
    int waiting;
    int stopping;
};

static uintptr_t pk_page_size(void) {
    static uintptr_t size;
    if (size == 0) size = (uintptr_t)sysconf(_SC_PAGESIZE);
    return size;
}

/// Where the thread faults up to for `written` bytes: ahead by as much as was written, within limits.
static uintptr_t pk_prefault_target(const struct pk_prefaulter *p) {
    size_t ahead = p->written < pk_prefault_least ? pk_prefault_least
        : p->written > pk_prefault_most ? pk_prefault_most : p->written;
    uintptr_t target = p->base + p->written + ahead;
    return target > p->end || target < p->base ? p->end : target;
}

static void *pk_prefaulter_main(void *argument) {
    struct pk_prefaulter *p = argument;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        if (p->faulted >= pk_prefault_target(p)) {
            p->waiting = 1;
            pthread_cond_wait(&p->wake, &p->lock);
            p->waiting = 0;
            continue;
        }
        uintptr_t from = p->faulted;
        uintptr_t to = p->end - from < pk_prefault_step ? p->end : from + pk_prefault_step;
        pthread_mutex_unlock(&p->lock);
        // Only the address goes to the kernel, which does not change what the pages hold: the
        // writer may be copying into the pages below `from` meanwhile.
        int failed = madvise((void *)from, to - from, MADV_POPULATE_WRITE) != 0;
        pthread_mutex_lock(&p->lock);
        if (failed) break;  // an older kernel (EINVAL): pages fault in as they are written
        p->faulted = to;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pk_prefaulter *pk_prefaulter_start(void *base, size_t length, size_t written) {
    uintptr_t page = pk_page_size();
    uintptr_t first = ((uintptr_t)base + written + page - 1) / page * page;
    uintptr_t last = ((uintptr_t)base + length) / page * page;
    if (last <= first) return NULL;
    struct pk_prefaulter *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->start = first;
    p->end = last;
    p->base = (uintptr_t)base;
    p->faulted = first;
    p->written = written;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    if (pthread_create(&p->thread, NULL, pk_prefaulter_main, p) != 0) {
        pthread_cond_destroy(&p->wake);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    return p;
}

void pk_prefaulter_advance(pk_prefaulter *p, size_t written) {
    pthread_mutex_lock(&p->lock);
    p->written = written;
    if (p->waiting && p->faulted < pk_prefault_target(p)) pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

void pk_prefaulter_stop(pk_prefaulter *p, size_t kept) {
    pthread_mutex_lock(&p->lock);
    p->stopping = 1;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    // Give back the pages faulted in past the bytes kept: they hold nothing yet, and if they are
    // written later they fault in again, zeroed.
    uintptr_t page = pk_page_size();
    uintptr_t keep = kept > p->end - p->base ? p->end : ((p->base + kept + page - 1) / page * page);
    if (keep < p->start) keep = p->start;
    if (p->faulted > keep) madvise((void *)keep, p->faulted - keep, MADV_DONTNEED);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

#else

pk_prefaulter *pk_prefaulter_start(void *base, size_t length, size_t written) {
    (void)base;
    (void)length;
    (void)written;
    errno = ENOSYS;
    return NULL;
}

void pk_prefaulter_advance(pk_prefaulter *p, size_t written) {
    (void)p;
    (void)written;
}

void pk_prefaulter_stop(pk_prefaulter *p, size_t kept) {
    (void)p;
    (void)kept;
}

#endif
