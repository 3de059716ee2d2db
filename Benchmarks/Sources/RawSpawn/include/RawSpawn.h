#ifndef RAW_SPAWN_H
#define RAW_SPAWN_H

#include <stdint.h>

/// Spawns `path` with `argv` (NULL-terminated, argv[0] included) and the caller's environment and
/// standard streams, then waits for it. Returns the wait status, or -errno when it could not spawn
/// or wait.
int raw_spawn_wait(const char *path, char *const argv[]);

/// The two halves of raw_spawn_wait, to time the spawn alone: raw_spawn_start returns the child's
/// pid (posix_spawn returns once the child has exec'd) or -errno; raw_wait waits for it and
/// returns the wait status or -errno.
int raw_spawn_start(const char *path, char *const argv[]);
int raw_wait(int pid);

/// Spawns `path` with its standard output on a pipe, reads that pipe with read(2) into a 1 MiB
/// buffer until end-of-file, then waits for the child. Returns the number of bytes read, or
/// -errno on failure. `*status` receives the wait status. `pipe_size` > 0 asks the kernel for that
/// pipe capacity first (F_SETPIPE_SZ, Linux); 0 keeps the default (64 KiB).
int64_t raw_spawn_read(const char *path, char *const argv[], int pipe_size, int *status);

#endif
