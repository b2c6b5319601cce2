#define _GNU_SOURCE
#include "CLaunchRunner.h"

#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

int lp_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int lp_pidfd_getfd(int pidfd, int targetfd) {
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
    return (int)syscall(SYS_pidfd_getfd, pidfd, targetfd, 0);
}
