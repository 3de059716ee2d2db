#ifndef CPROCESSKIT_H
#define CPROCESSKIT_H

#include <stddef.h>
#include <sys/types.h>

/// Creates a pipe whose two ends are close-on-exec (atomically where the platform allows).
/// Returns 0 or -1 with errno set.
int pk_pipe_cloexec(int fds[2]);

/// Opens a pidfd for `pid` (Linux 5.3+). Returns the descriptor, or -1 with errno set
/// (ENOSYS where the kernel or platform has none).
int pk_pidfd_open(pid_t pid);

/// Reads the exit status of `pid` without reaping it (waitid with WNOWAIT), so that
/// Foundation's own reaping is not disturbed.
/// Returns 1 when the child has exited (`*exited` is 1 for a normal exit with `*value` the
/// exit code, 0 for a signal with `*value` the signal number), 0 when it is still running,
/// and -1 with errno set on failure (ECHILD once someone else reaped it).
int pk_peek_exit_status(pid_t pid, int *exited, int *value);

/// Grows a pipe's kernel buffer (Linux F_SETPIPE_SZ); a no-op elsewhere. Returns the new size or -1.
int pk_set_pipe_size(int fd, int size);

/// A thread that faults in the pages of a writable region ahead of the bytes written into it, so
/// that the writer copies into resident memory while the kernel allocates and zeroes the next pages
/// on another core (Linux 5.14+ MADV_POPULATE_WRITE). It stays at most 64 MiB ahead.
typedef struct pk_prefaulter pk_prefaulter;

/// Starts the thread for `[base, base + length)`, of which the first `written` bytes are written.
/// Returns `NULL` (errno set) where the platform has no such call or the thread cannot start.
pk_prefaulter *pk_prefaulter_start(void *base, size_t length, size_t written);

/// Tells the thread that the first `written` bytes of the region are written.
void pk_prefaulter_advance(pk_prefaulter *prefaulter, size_t written);

/// Stops and joins the thread, gives back the pages it faulted in past the first `kept` bytes
/// (MADV_DONTNEED: they read as zeros again), and frees `prefaulter`.
void pk_prefaulter_stop(pk_prefaulter *prefaulter, size_t kept);

/// Routes `signo` to a handler that writes the signal number as one byte to `fd`
/// (async-signal-safe). A handler, unlike SIG_IGN, is reset to the default on exec, so
/// children start with normal signal dispositions. Returns 0 or -1 with errno set.
int pk_route_signal_to_fd(int signo, int fd);

/// Installs a handler that does nothing for `signo` when its disposition is the default or
/// ignore. Used for SIGPIPE: writes to a closed pipe fail with EPIPE instead of killing us,
/// while children still start with SIGPIPE at its default. Returns 0 or -1 with errno set.
int pk_install_noop_handler(int signo);

/// Returns 1 when `signo` is currently ignored (SIG_IGN) in this process, 0 otherwise.
int pk_signal_is_ignored(int signo);

#endif
