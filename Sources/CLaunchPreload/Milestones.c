// The launch milestones of any program, for the runner's phases of a launch that writes no
// trace: the constructor (loading and relocation done), main's entry (through an interposed
// __libc_start_main that wraps main) and main's end (its return, or exit). Each is one line on
// the event socket, written with a raw system call (no interposer, no stdio, no malloc); the
// runner reads the socket after the launch, so nothing wakes it while the program runs.
#include "PreloadInternal.h"

static int lp_milestone_fd = -1;
static int64_t lp_milestone_spawn_ns;
static int lp_main_ended;
static pid_t lp_milestone_pid;

typedef int (*lp_main_function)(int, char **, char **);
typedef int (*lp_start_main_function)(
    lp_main_function, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);
static lp_main_function lp_program_main;

static int64_t lp_parse_decimal(const char *text, int *ok) {
    int64_t value = 0;
    *ok = text && text[0];
    for (const char *c = text; *ok && *c; c++) {
        if (*c < '0' || *c > '9') *ok = 0;
        else value = value * 10 + (*c - '0');
    }
    return value;
}

HIDDEN void lp_milestones_init(void) {
    int ok_fd = 0, ok_spawn = 0;
    int64_t fd = lp_parse_decimal(getenv(LP_ENV_EVENT_FD), &ok_fd);
    int64_t spawn = lp_parse_decimal(getenv(LP_ENV_SPAWN_NS), &ok_spawn);
    if (!ok_fd || !ok_spawn || fd > 65535) return;
    // The launched process leads its own process group; what it starts inherits the
    // environment but is not the launch: only the leader reports.
    if (getpid() != getpgid(0)) return;
    lp_milestone_fd = (int)fd;
    lp_milestone_pid = getpid();
    lp_milestone_spawn_ns = spawn;
}

static size_t lp_append_decimal(char *line, size_t length, int64_t value) {
    char digits[24];
    size_t count = 0;
    if (value < 0) { line[length++] = '-'; value = -value; }
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    while (count > 0) line[length++] = digits[--count];
    return length;
}

// The process's peak resident set size in KiB (`VmHWM` of /proc/self/status: this program's own
// memory; the kernel's rusage maxrss also counts the runner's, whose memory the child shared
// until exec), or -1. Raw system calls only.
static int64_t lp_peak_resident_kib(void) {
    char text[4096];
    long fd = syscall(SYS_openat, AT_FDCWD, "/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    long n = syscall(SYS_read, fd, text, sizeof text - 1);
    (void)syscall(SYS_close, fd);
    if (n <= 0) return -1;
    text[n] = 0;
    const char *found = strstr(text, "VmHWM:");
    if (!found) return -1;
    int64_t kib = 0;
    for (const char *c = found + 6; *c && *c != '\n'; c++) if (*c >= '0' && *c <= '9') kib = kib * 10 + (*c - '0');
    return kib;
}

// Whether this process reports milestones: a child forked without exec keeps this library's
// state, but it is not the launch.
static int lp_milestones_reported(void) {
    return lp_milestone_fd >= 0 && getpid() == lp_milestone_pid;
}

// One line `KIND TIME DETAIL`; a detail below 0 is left empty.
static void lp_milestone_with(const char *kind, int64_t detail) {
    if (!lp_milestones_reported()) return;
    int64_t at = lp_now() - lp_milestone_spawn_ns;
    char line[96];
    size_t length = 0;
    for (const char *c = kind; *c && length < 32; c++) line[length++] = *c;
    line[length++] = ' ';
    length = lp_append_decimal(line, length, at);
    line[length++] = ' ';
    if (detail >= 0) length = lp_append_decimal(line, length, detail);
    line[length++] = '\n';
    int saved = errno;
    (void)syscall(SYS_sendto, lp_milestone_fd, line, length, MSG_NOSIGNAL | MSG_DONTWAIT, NULL, 0);
    errno = saved;
}

HIDDEN void lp_milestone(const char *kind) { lp_milestone_with(kind, -1); }

// main's end, with the peak resident set size so far in KiB: a program that ends by itself
// allocates little more in its exit handlers.
static void lp_main_ended_once(void) {
    if (__atomic_exchange_n(&lp_main_ended, 1, __ATOMIC_SEQ_CST) != 0 || !lp_milestones_reported()) return;
    lp_milestone_with(LP_EVENT_MAIN_ENDED, lp_peak_resident_kib());
}

static int lp_main_wrapper(int argc, char **argv, char **envp) {
    lp_milestone(LP_EVENT_MAIN_STARTED);
    int status = lp_program_main(argc, argv, envp);
    lp_main_ended_once();
    return status;
}

EXPORT int __libc_start_main(
    lp_main_function main, int argc, char **argv, void (*init)(void), void (*fini)(void),
    void (*rtld_fini)(void), void *stack_end
) {
    lp_start_main_function real = (lp_start_main_function)dlsym(RTLD_NEXT, "__libc_start_main");
    lp_program_main = main;
    return real(lp_main_wrapper, argc, argv, init, fini, rtld_fini, stack_end);
}

EXPORT void exit(int status) {
    static void (*real_exit)(int);
    if (!real_exit) real_exit = (void (*)(int))dlsym(RTLD_NEXT, "exit");
    lp_main_ended_once();
    real_exit(status);
    __builtin_unreachable();
}
