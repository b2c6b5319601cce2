// What watching the display costs a GUI program: launches of COMMAND on a headless display,
// alternately watched and not, timed from spawn to exit. X11: launchprof's observer
// (lp_xobserver, with frames: DAMAGE on the launch's windows and GetImage of their damaged parts
// until the first picture) connected and serviced while the
// program runs. Wayland: the program's connection through the proxy (lp_wlproxy) or straight
// to the compositor. Prints one line per launch: "<setting> <milliseconds>".
//
//   display-observer-cost x11|wayland ROUNDS -- COMMAND [ARGS]
#define _GNU_SOURCE
#include "lp_display.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// One launch, timed from spawn to exit, servicing `watch` (an observer's descriptor) meanwhile.
static double launch(char **command, lp_xobserver *x, lp_wlproxy *w) {
    pid_t pid;
    long long start = now_ns();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    if (posix_spawnp(&pid, command[0], &actions, NULL, command, environ) != 0) exit(1);
    posix_spawn_file_actions_destroy(&actions);
    int fd = x ? lp_xobserver_fd(x) : w ? lp_wlproxy_fd(w) : -1;
    lp_xmilestones seen = {0};
    for (;;) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) break;
        struct pollfd slot = {fd, POLLIN, 0};
        poll(&slot, fd >= 0 ? 1 : 0, 1);
        if (x) lp_xobserver_service(x, pid, &seen);
        if (w) lp_wlproxy_milestones(w, &seen);
    }
    return (now_ns() - start) / 1e6;
}

/// A new log path for a server (lp_display_start creates it exclusively), in a folder of its own.
static const char *server_log(void) {
    static char folder[64], path[96];
    strcpy(folder, "/tmp/observer-cost-log-XXXXXX");
    if (!mkdtemp(folder)) exit(1);
    snprintf(path, sizeof path, "%s/server.log", folder);
    return path;
}

static pid_t start_x11(int *control, char *name) {
    int ends[2];
    if (pipe(ends) != 0) exit(1);
    char *argv[] = {"Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset", NULL};
    char *cleanup[] = {NULL};
    pid_t keeper = lp_display_start("/usr/bin/Xvfb", argv, environ, server_log(), ends[1], cleanup, 2000, control);
    close(ends[1]);
    char number[16] = {0};
    if (read(ends[0], number, sizeof number - 1) <= 0) exit(1);
    snprintf(name, 32, ":%d", atoi(number));
    setenv("DISPLAY", name, 1);
    return keeper;
}

static pid_t start_wayland(int *control, char *folder) {
    strcpy(folder, "/tmp/observer-cost-XXXXXX");
    if (!mkdtemp(folder)) exit(1);
    setenv("XDG_RUNTIME_DIR", folder, 1);
    unsetenv("DISPLAY");
    static char socket_path[256], lock_path[256];
    snprintf(socket_path, sizeof socket_path, "%s/wayland-cost", folder);
    snprintf(lock_path, sizeof lock_path, "%s/wayland-cost.lock", folder);
    char *argv[] = {"weston", "--backend=headless-backend.so", "--socket=wayland-cost", "--idle-time=0", "--no-config", NULL};
    char *cleanup[] = {socket_path, lock_path, folder, NULL};
    pid_t keeper = lp_display_start("/usr/bin/weston", argv, environ, server_log(), -1, cleanup, 2000, control);
    for (int i = 0; i < 2000 && access(socket_path, F_OK) != 0; i++) usleep(5000);
    usleep(200000);
    return keeper;
}

int main(int argc, char **argv) {
    if (argc < 5 || strcmp(argv[3], "--") != 0) {
        fprintf(stderr, "usage: display-observer-cost x11|wayland ROUNDS -- COMMAND [ARGS]\n");
        return 2;
    }
    int wayland = !strcmp(argv[1], "wayland");
    int rounds = atoi(argv[2]);
    char **command = argv + 4;
    int control;
    char name[256];
    pid_t keeper = wayland ? start_wayland(&control, name) : start_x11(&control, name);
    srand((unsigned)now_ns());
    char error[256];
    for (int round = 0; round < rounds; round++) {
        int first = rand() % 2;
        for (int k = 0; k < 2; k++) {
            int watched = k == first;
            lp_xobserver *x = NULL;
            lp_wlproxy *w = NULL;
            if (watched && !wayland) x = lp_xobserver_open(name, 1, 5000, error, sizeof error);
            // As the runner does just before a launch: nothing seen before counts.
            if (x) lp_xobserver_begin(x, 5000);
            if (watched && wayland) w = lp_wlproxy_open(name, "wayland-cost", NULL, NULL, error, sizeof error);
            if (watched && !x && !w) {
                fprintf(stderr, "%s\n", error);
                return 1;
            }
            setenv("WAYLAND_DISPLAY", w ? lp_wlproxy_path(w) : "wayland-cost", 1);
            if (!wayland) unsetenv("WAYLAND_DISPLAY");
            double ms = launch(command, x, w);
            printf("%s %.3f\n", watched ? "watched" : "plain", ms);
            fflush(stdout);
            if (x) lp_xobserver_close(x);
            if (w) lp_wlproxy_close(w);
        }
    }
    lp_display_stop(keeper, control);
    return 0;
}
