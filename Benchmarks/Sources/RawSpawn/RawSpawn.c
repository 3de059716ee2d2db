#define _GNU_SOURCE
#include "RawSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { READ_BUFFER_SIZE = 1 << 20 };

static int wait_for(pid_t pid, int *status) {
    for (;;) {
        if (waitpid(pid, status, 0) == pid) return 0;
        if (errno != EINTR) return -errno;
    }
}

int raw_spawn_start(const char *path, char *const argv[]) {
    pid_t pid;
    int rc = posix_spawn(&pid, path, NULL, NULL, argv, environ);
    return rc != 0 ? -rc : (int)pid;
}

int raw_wait(int pid) {
    int status = 0;
    int rc = wait_for((pid_t)pid, &status);
    return rc < 0 ? rc : status;
}

int raw_spawn_wait(const char *path, char *const argv[]) {
    int pid = raw_spawn_start(path, argv);
    return pid < 0 ? pid : raw_wait(pid);
}

int64_t raw_spawn_read(const char *path, char *const argv[], int pipe_size, int *status) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -errno;
#ifdef F_SETPIPE_SZ
    if (pipe_size > 0) (void)fcntl(fds[1], F_SETPIPE_SZ, pipe_size);
#else
    (void)pipe_size;
#endif

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the new descriptor 1; both originals close at exec.
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);

    pid_t pid;
    int rc = posix_spawn(&pid, path, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        return -rc;
    }

    char *buffer = malloc(READ_BUFFER_SIZE);
    int64_t total = 0;
    int failure = 0;
    if (buffer == NULL) failure = ENOMEM;
    while (buffer != NULL) {
        ssize_t count = read(fds[0], buffer, READ_BUFFER_SIZE);
        if (count > 0) {
            total += count;
        } else if (count == 0) {
            break;
        } else if (errno != EINTR) {
            failure = errno;
            break;
        }
    }
    free(buffer);
    close(fds[0]);

    int waited = wait_for(pid, status);
    if (failure != 0) return -failure;
    return waited < 0 ? waited : total;
}
