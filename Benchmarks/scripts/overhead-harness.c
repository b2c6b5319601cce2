// One launch for launch-overhead.py, started the way launchprof's runner starts it (the same
// C: lp_spawn.c's gated clone, lp_perf.c's whole-launch profile) with the app pinned to one CPU,
// and timed to its exit point as the app itself reads it.
//
//     overhead-harness CPU RATE_HZ [NAME=VALUE ...] -- APP [ARGS ...]
//
// CPU: the CPU the app is pinned to (-1: not pinned). RATE_HZ: 0 for no whole-launch profile,
// else perf events opened on the child before it execs, as the runner does (cpu-clock at that
// rate, 2 KiB user stacks or LP_HARNESS_STACK_BYTES, 128-page rings), drained while it runs.
// NAME=VALUE: the app's environment on top of this program's own (whose LAUNCHPROF_* and
// LD_PRELOAD are dropped).
// LAUNCHPROF_SPAWN_NS (the clock read at the release) and LAUNCHPROF_EVENT_FD are added.
//
// Prints one line: the exit point's time after the release in ns, as the probe sent it
// (-1 when no exit-point event came), the release-to-exit wall time in ns, and the profile's
// bytes read, then the app's resource use from wait4 (all its threads, to its exit, after the
// exit point too): user and system CPU in µs, minor page faults, voluntary and involuntary
// context switches. Exits 1 when the app did not exit with status 0.
#define _GNU_SOURCE
#include "lp_perf.h"
#include "lp_spawn.h"
#include "lp_clock.h"
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char **child_environment(int argc, char **argv, int first, int last, int event_fd, char *spawn_entry) {
    size_t count = 0;
    for (char **e = environ; *e; e++) count++;
    char **envp = calloc(count + (size_t)(last - first) + 3, sizeof(char *));
    size_t n = 0;
    for (char **e = environ; *e; e++) {
        if (strncmp(*e, "LAUNCHPROF_", 11) != 0 && strncmp(*e, "LD_PRELOAD=", 11) != 0) envp[n++] = *e;
    }
    for (int i = first; i < last && i < argc; i++) envp[n++] = argv[i];
    static char event_entry[64];
    snprintf(event_entry, sizeof event_entry, "LAUNCHPROF_EVENT_FD=%d", event_fd);
    envp[n++] = event_entry;
    envp[n++] = spawn_entry;
    return envp;
}

// Every ring of both events, one per CPU, as the runner drains them.
static size_t drain(lp_perf_session *session, uint8_t *buffer, size_t capacity) {
    size_t total = 0, got;
    for (int32_t i = 0; i < session->ring_count; i++) {
        for (int32_t kind = 0; kind < 2; kind++) {
            lp_perf_ring *ring = lp_perf_session_ring(session, kind, i);
            while ((got = lp_perf_read(ring, buffer, capacity)) > 0) total += got;
        }
    }
    return total;
}

/// Waits for the child, draining the profile's rings when they fill past their watermark.
static int wait_child(pid_t pid, lp_perf_session *session, int profiled, size_t *bytes, struct rusage *usage) {
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    size_t capacity = profiled ? lp_perf_ring_capacity(lp_perf_session_ring(session, 0, 0)) : 0;
    uint8_t *buffer = profiled ? malloc(capacity) : NULL;
    int rings = profiled ? session->ring_count * 2 : 0;
    struct pollfd *fds = calloc((size_t)rings + 1, sizeof *fds);
    for (;;) {
        fds[0] = (struct pollfd){pidfd, POLLIN, 0};
        for (int i = 0; i < rings; i++) fds[i + 1] = (struct pollfd){lp_perf_session_ring(session, i % 2, i / 2)->fd, POLLIN, 0};
        if (poll(fds, (nfds_t)rings + 1, 1000) < 0 && errno != EINTR) break;
        int ready = 0;
        for (int i = 1; i <= rings; i++) ready |= fds[i].revents;
        if (ready) *bytes += drain(session, buffer, capacity);
        if (fds[0].revents) break;
    }
    free(fds);
    int status = 0;
    while (wait4(pid, &status, 0, usage) < 0 && errno == EINTR) {}
    if (profiled) *bytes += drain(session, buffer, capacity);
    free(buffer);
    close(pidfd);
    return status;
}

/// The exit point's time from the events the app sent ("exitPoint <ns> <reason>"), or -1.
static long long exit_point_ns(int fd) {
    static char text[65536];
    size_t used = 0;
    ssize_t got;
    while (used + 1 < sizeof text && (got = read(fd, text + used, sizeof text - 1 - used)) > 0) used += (size_t)got;
    text[used] = 0;
    for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "exitPoint ", 10) == 0) return atoll(line + 10);
    }
    return -1;
}

/// The user stack copied with each sample: the runner's 2 KiB, or LP_HARNESS_STACK_BYTES
/// (sample-cost.py sets 0 to show what the copy costs).
static uint32_t stack_user_bytes(void) {
    const char *bytes = getenv("LP_HARNESS_STACK_BYTES");
    return bytes ? (uint32_t)strtoul(bytes, NULL, 10) / 8 * 8 : 2048;
}

int main(int argc, char **argv) {
    int separator = 3;
    while (separator < argc && strcmp(argv[separator], "--") != 0) separator++;
    if (argc < 4 || separator >= argc - 1) {
        fprintf(stderr, "usage: overhead-harness CPU RATE_HZ [NAME=VALUE ...] -- APP [ARGS ...]\n");
        return 2;
    }
    int cpu = atoi(argv[1]), rate = atoi(argv[2]);
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) return 2;
    static char spawn_entry[] = "LAUNCHPROF_SPAWN_NS=00000000000000000000";
    char **envp = child_environment(argc, argv, 3, separator, sockets[1], spawn_entry);
    lp_spawn_request request = {
        .path = argv[separator + 1], .argv = argv + separator + 1, .envp = envp,
        .clock_digits = spawn_entry + strlen("LAUNCHPROF_SPAWN_NS="), .stdout_path = "/dev/null",
        .stderr_path = "/dev/null", .inherited_fds = &sockets[1], .inherited_count = 1, .new_process_group = 1,
    };
    lp_spawned spawned;
    if (lp_spawn_gated(&request, &spawned) != 0) return 2;
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        sched_setaffinity(spawned.pid, sizeof set, &set);
    }
    lp_perf_session session;
    memset(&session, 0, sizeof session);
    lp_perf_config config = {.sample_period_ns = rate > 0 ? 1000000000ULL / (uint64_t)rate : 0,
                             .ring_pages = 128, .stack_user_bytes = stack_user_bytes(), .max_stack = 127};
    int profiled = rate > 0 && lp_perf_open(spawned.pid, &config, &session) == 0;
    if (rate > 0 && !profiled) fprintf(stderr, "overhead-harness: perf events: %s: %s\n", session.failed_step, strerror(session.error));
    int32_t exec_error = 0;
    int64_t released = lp_spawn_release(&spawned, &exec_error);
    close(sockets[1]);
    size_t bytes = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    int status = wait_child(spawned.pid, &session, profiled, &bytes, &usage);
    int64_t ended = lp_monotonic_ns();
    lp_spawn_release_stack(&spawned);
    long long exit_point = exit_point_ns(sockets[0]);
    if (profiled) lp_perf_close(&session);
    long long cpu_us[2] = {usage.ru_utime.tv_sec * 1000000LL + usage.ru_utime.tv_usec,
                           usage.ru_stime.tv_sec * 1000000LL + usage.ru_stime.tv_usec};
    printf("%lld %lld %zu %lld %lld %ld %ld %ld\n", exit_point, (long long)(ended - released), bytes, cpu_us[0], cpu_us[1],
           usage.ru_minflt, usage.ru_nvcsw, usage.ru_nivcsw);
    return exec_error == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && (rate == 0 || profiled) ? 0 : 1;
}
