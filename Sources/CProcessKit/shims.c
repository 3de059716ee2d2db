#define _GNU_SOURCE
#include "CProcessKit.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

int pk_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) {
        return -1;
    }
    (void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    (void)fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int pk_pidfd_open(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    return fd;
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int pk_peek_exit_status(pid_t pid, int *exited, int *value) {
    siginfo_t info;
    memset(&info, 0, sizeof(info));
    int rc;
    do {
        rc = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT | WNOHANG);
    } while (rc == -1 && errno == EINTR);
    if (rc == -1) {
        return -1;
    }
    if (info.si_pid == 0) {
        return 0;
    }
    if (info.si_code == CLD_EXITED) {
        *exited = 1;
    } else {
        *exited = 0;
    }
    *value = info.si_status;
    return 1;
}

int pk_set_pipe_size(int fd, int size) {
#if defined(__linux__) && defined(F_SETPIPE_SZ)
    return fcntl(fd, F_SETPIPE_SZ, size);
#else
    (void)fd;
    (void)size;
    return -1;
#endif
}

static volatile sig_atomic_t pk_signal_fds[65];

static void pk_write_signal_number(int signo) {
    int saved = errno;
    if (signo > 0 && signo < 65) {
        int fd = pk_signal_fds[signo];
        if (fd >= 0) {
            unsigned char byte = (unsigned char)signo;
            ssize_t ignored = write(fd, &byte, 1);
            (void)ignored;
        }
    }
    errno = saved;
}

int pk_route_signal_to_fd(int signo, int fd) {
    if (signo <= 0 || signo >= 65) {
        errno = EINVAL;
        return -1;
    }
    pk_signal_fds[signo] = fd;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = pk_write_signal_number;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}

static void pk_do_nothing(int signo) { (void)signo; }

int pk_install_noop_handler(int signo) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) {
        return -1;
    }
    if (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN) {
        return 0;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = pk_do_nothing;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}

int pk_signal_is_ignored(int signo) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) {
        return 0;
    }
    return current.sa_handler == SIG_IGN ? 1 : 0;
}
