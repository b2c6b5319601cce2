// The keeper of a headless display server (lp_display.h). The keeper is a fork of launchprof
// that never execs: it only calls async-signal-safe functions (fork, execve, poll, waitpid,
// kill, nanosleep, unlink, rmdir), with every argument made before the fork.
#define _GNU_SOURCE
#include "lp_display.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { LP_KEEP_CONTROL = 1000, LP_KEEP_READY = 1001 };

static void lp_keeper_sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/// The server's side of the fork: its own process group, descriptors 0-3, exec.
static void lp_keeper_exec_server(const char *path, char *const argv[], char *const envp[], int log_fd) {
    setpgid(0, 0);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    if (log_fd >= 0) {
        dup2(log_fd, 1);
        dup2(log_fd, 2);
    }
    if (fcntl(LP_KEEP_READY, F_GETFD) >= 0) dup2(LP_KEEP_READY, 3);
    syscall(SYS_close_range, 4, ~0U, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // What the keeper ignores, the server must not: an ignored signal stays ignored across exec,
    // and SIGTERM is how the keeper ends it.
    int ignored[] = {SIGINT, SIGHUP, SIGTERM, SIGPIPE};
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) signal(ignored[i], SIG_DFL);
    execve(path, argv, envp);
    _exit(127);
}

/// Ends the server's process group: SIGTERM, then SIGKILL after `grace_ms`.
static void lp_keeper_end_server(pid_t server, int grace_ms) {
    kill(-server, SIGTERM);
    kill(server, SIGTERM);
    int status;
    for (int waited = 0; waited < grace_ms; waited += 10) {
        if (waitpid(server, &status, WNOHANG) == server) {
            // The server is gone; what it started (weston's helpers) goes with its group.
            kill(-server, SIGKILL);
            return;
        }
        lp_keeper_sleep_ms(10);
    }
    kill(-server, SIGKILL);
    kill(server, SIGKILL);
    waitpid(server, &status, 0);
}

/// Removes the folder `fd` holds everything of (files, then folders `depth` levels down) with
/// system calls only: getdents64 into a buffer on the stack, unlinkat.
static void lp_keeper_empty(int fd, int depth) {
    char buffer[4096];
    for (;;) {
        long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (n <= 0) break;
        for (long offset = 0; offset < n;) {
            struct {
                uint64_t ino;
                int64_t off;
                unsigned short reclen;
                unsigned char type;
                char name[];
            } *entry = (void *)(buffer + offset);
            offset += entry->reclen;
            if (!strcmp(entry->name, ".") || !strcmp(entry->name, "..")) continue;
            if (unlinkat(fd, entry->name, 0) == 0 || depth == 0) continue;
            int child = openat(fd, entry->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child >= 0) {
                lp_keeper_empty(child, depth - 1);
                close(child);
                unlinkat(fd, entry->name, AT_REMOVEDIR);
            }
        }
    }
}

/// Removes a file, or a folder with what is in it.
static void lp_keeper_remove(const char *path) {
    if (unlink(path) == 0) return;
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    lp_keeper_empty(fd, 4);
    close(fd);
    rmdir(path);
}

/// The keeper's life: start the server, wait for the control pipe to close, end the server,
/// remove what it left behind.
static void lp_keeper_main(const char *path, char *const argv[], char *const envp[], int log_fd, const char *log_path,
                           const char *log_folder, char *const cleanup[], int grace_ms) {
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    setpgid(0, 0);
    pid_t server = fork();
    if (server == 0) lp_keeper_exec_server(path, argv, envp, log_fd);
    if (LP_KEEP_READY >= 0) close(LP_KEEP_READY);
    if (log_fd >= 0) close(log_fd);
    int server_running = server > 0;
    struct pollfd control = {LP_KEEP_CONTROL, POLLIN, 0};
    int closed = 0;
    for (;;) {
        int n = poll(&control, 1, 100);
        if (n > 0) {
            char byte;
            ssize_t got = read(LP_KEEP_CONTROL, &byte, 1);
            if (got <= 0 && !(got < 0 && errno == EINTR)) {
                closed = 1;
                break;
            }
        }
        int status;
        if (server_running && waitpid(server, &status, WNOHANG) == server) {
            // The server ended by itself: what it started goes too, and so does the keeper.
            server_running = 0;
            kill(-server, SIGKILL);
            break;
        }
    }
    if (server_running) lp_keeper_end_server(server, grace_ms);
    for (int i = 0; cleanup && cleanup[i]; i++) {
        lp_keeper_remove(cleanup[i]);
    }
    // A server that ended by itself leaves its log for the runner to show; else it goes too,
    // with its folder (launchprof's own).
    if (closed && log_path) {
        unlink(log_path);
        if (log_folder[0]) rmdir(log_folder);
    }
    _exit(0);
}

pid_t lp_display_start(
    const char *path, char *const argv[], char *const envp[], const char *log_path, int ready_fd,
    char *const cleanup[], int grace_ms, int *control_fd) {
    // The log's folder, made before the fork (the keeper only removes it).
    char log_folder[4096] = "";
    if (log_path && strlen(log_path) < sizeof log_folder) {
        memcpy(log_folder, log_path, strlen(log_path) + 1);
        char *slash = strrchr(log_folder, '/');
        if (slash && slash != log_folder) *slash = 0;
        else log_folder[0] = 0;
    }
    // A new file: never one that is there already, nor a link's target.
    int log_fd = log_path ? open(log_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600) : -1;
    if (log_path && log_fd < 0) return -1;
    int control[2];
    if (pipe2(control, O_CLOEXEC) != 0) {
        int saved = errno;
        if (log_fd >= 0) close(log_fd);
        unlink(log_path);
        errno = saved;
        return -1;
    }
    pid_t keeper = fork();
    if (keeper < 0) {
        int saved = errno;
        close(control[0]);
        close(control[1]);
        if (log_fd >= 0) close(log_fd);
        if (log_path) unlink(log_path);
        errno = saved;
        return -1;
    }
    if (keeper == 0) {
        // Only the control pipe's read end, the ready descriptor and the log stay open.
        dup2(control[0], LP_KEEP_CONTROL);
        if (ready_fd >= 0) dup2(ready_fd, LP_KEEP_READY);
        int log_copy = log_fd >= 0 ? dup2(log_fd, LP_KEEP_READY + 1) : -1;
        syscall(SYS_close_range, 3, LP_KEEP_CONTROL - 1, 0);
        syscall(SYS_close_range, LP_KEEP_READY + 2, ~0U, 0);
        lp_keeper_main(path, argv, envp, log_copy, log_path, log_folder, cleanup, grace_ms);
    }
    close(control[0]);
    if (log_fd >= 0) close(log_fd);
    *control_fd = control[1];
    return keeper;
}

int lp_display_stop(pid_t keeper, int control_fd) {
    if (control_fd >= 0) close(control_fd);
    int status;
    pid_t result;
    do {
        result = waitpid(keeper, &status, 0);
    } while (result < 0 && errno == EINTR);
    return result == keeper ? 0 : -1;
}

int lp_display_keeper_alive(pid_t keeper) {
    // The keeper lives as long as its server: once it has exited (and is reaped here) the server
    // has ended.
    int status;
    return waitpid(keeper, &status, WNOHANG) == 0;
}

/// The parent of `pid` from /proc/PID/stat, or 0.
static pid_t lp_parent_of(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[512];
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return 0;
    buffer[n] = 0;
    // The command name may hold spaces and parentheses: the state follows the last ')'.
    char *end = strrchr(buffer, ')');
    int parent = 0;
    if (!end || sscanf(end + 1, " %*c %d", &parent) != 1) return 0;
    return parent;
}

int lp_is_launch_process(pid_t pid, pid_t target, const pid_t *older, size_t older_count) {
    pid_t self = getpid();
    for (int depth = 0; depth < 64 && pid > 1; depth++) {
        if (pid == target) return 1;
        pid_t parent = lp_parent_of(pid);
        if (parent == self) {
            for (size_t i = 0; i < older_count; i++)
                if (older[i] == pid) return 0;
            return 1;
        }
        pid = parent;
    }
    return 0;
}
