#define _GNU_SOURCE
#include "CLaunchRunner.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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

// The children of every thread of `pid`, read from /proc/PID/task/TID/children with plain
// system calls: run between two launches, where Foundation's directory and file reading took
// about 100 microseconds of the gap before the next launch. Returns how many were written, or -1
// when the list could not be read whole (the caller reads it another way).
int lp_children_of(pid_t pid, pid_t *children, int capacity) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = opendir(path);
    if (!tasks) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/%d/task/%s/children", (int)pid, entry->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        char text[4096];
        ssize_t length = read(fd, text, sizeof text - 1);
        close(fd);
        if (length >= (ssize_t)sizeof text - 1) { closedir(tasks); return -1; }
        if (length <= 0) continue;
        text[length] = 0;
        for (char *cursor = text, *end; count < capacity; cursor = end) {
            long child = strtol(cursor, &end, 10);
            if (end == cursor) break;
            children[count++] = (pid_t)child;
        }
    }
    closedir(tasks);
    return count < capacity ? count : -1;
}

int lp_has_no_children(void) {
    siginfo_t info;
    int result;
    do {
        result = waitid(P_ALL, 0, &info, WEXITED | WSTOPPED | WCONTINUED | WNOHANG | WNOWAIT | __WALL);
    } while (result != 0 && errno == EINTR);
    return result != 0 && errno == ECHILD;
}
