#define _GNU_SOURCE
#include "lp_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int64_t lp_spawn_clock_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// Every function below runs in the forked child: async-signal-safe calls only.
static void lp_child_reset_signals(void) {
    struct sigaction dfl;
    dfl.sa_handler = SIG_DFL;
    dfl.sa_flags = 0;
    sigemptyset(&dfl.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) sigaction(sig, &dfl, NULL);
    }
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
}

static int lp_child_redirect(const char *path, int flags, int target) {
    int fd = open(path, flags | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    int result = dup2(fd, target);   // dup2 clears close-on-exec on the target
    close(fd);
    return result < 0 ? -1 : 0;
}

// The app inherits stdio and the descriptors the runner names, nothing else: every other
// descriptor of the runner (open files, sockets, another thread's half-written script) is
// marked close-on-exec, so the app sees the same descriptors it would see started from a shell
// and never holds a file open for writing that another launch wants to execute (ETXTBSY).
static void lp_child_close_on_exec_above_stdio(void) {
    if (syscall(SYS_close_range, 3U, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */) == 0) return;
    struct rlimit limit;
    int highest = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < (rlim_t)highest) highest = (int)limit.rlim_cur;
    for (int fd = 3; fd < highest; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

static void lp_child_write_digits(char *digits, int64_t value) {
    for (int i = 19; i >= 0; i--) {
        digits[i] = (char)('0' + value % 10);
        value /= 10;
    }
}

static void lp_child_fail(int status_fd) {
    int32_t code = errno;
    ssize_t ignored = write(status_fd, &code, sizeof code);
    (void)ignored;
    _exit(127);
}

static void lp_child_run(const lp_spawn_request *request, int gate_fd, int status_fd) {
    lp_child_reset_signals();
    if (request->new_process_group && setpgid(0, 0) != 0) lp_child_fail(status_fd);
    if (lp_child_redirect("/dev/null", O_RDONLY, 0) != 0) lp_child_fail(status_fd);
    if (lp_child_redirect(request->stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 1) != 0) lp_child_fail(status_fd);
    if (lp_child_redirect(request->stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 2) != 0) lp_child_fail(status_fd);
    lp_child_close_on_exec_above_stdio();
    for (int32_t i = 0; i < request->inherited_count; i++) {
        int fd = request->inherited_fds[i];
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0) fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC);
    }
    int64_t released = 0;
    ssize_t n;
    do { n = read(gate_fd, &released, sizeof released); } while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof released) _exit(127);   // the runner gave up on this launch
    if (request->clock_digits) lp_child_write_digits(request->clock_digits, released);
    execve(request->path, request->argv, request->envp);
    lp_child_fail(status_fd);
}

int lp_spawn_gated(const lp_spawn_request *request, lp_spawned *spawned) {
    int gate[2], status[2];
    if (pipe2(gate, O_CLOEXEC) != 0) return errno;
    if (pipe2(status, O_CLOEXEC) != 0) {
        int saved = errno;
        close(gate[0]);
        close(gate[1]);
        return saved;
    }
    pid_t pid = fork();
    if (pid == 0) lp_child_run(request, gate[0], status[1]);
    int saved = errno;
    close(gate[0]);
    close(status[1]);
    if (pid < 0) {
        close(gate[1]);
        close(status[0]);
        return saved;
    }
    spawned->pid = pid;
    spawned->gate_fd = gate[1];
    spawned->status_fd = status[0];
    return 0;
}

int64_t lp_spawn_release(lp_spawned *spawned, int32_t *exec_errno) {
    int64_t now = lp_spawn_clock_ns();
    ssize_t ignored = write(spawned->gate_fd, &now, sizeof now);
    (void)ignored;
    close(spawned->gate_fd);
    spawned->gate_fd = -1;
    int32_t code = 0;
    ssize_t n;
    do { n = read(spawned->status_fd, &code, sizeof code); } while (n < 0 && errno == EINTR);
    spawned->exec_done_ns = lp_spawn_clock_ns();
    close(spawned->status_fd);
    spawned->status_fd = -1;
    *exec_errno = n == (ssize_t)sizeof code ? code : 0;
    return now;
}

void lp_spawn_abandon(lp_spawned *spawned) {
    if (spawned->gate_fd >= 0) close(spawned->gate_fd);
    if (spawned->status_fd >= 0) close(spawned->status_fd);
    spawned->gate_fd = spawned->status_fd = -1;
    kill(spawned->pid, SIGKILL);
    int status;
    while (waitpid(spawned->pid, &status, 0) < 0 && errno == EINTR) {}
}
