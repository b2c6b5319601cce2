// A bounded first contact with an X server (lp_display.h: lp_xprobe): libxcb's xcb_connect
// blocks until the server answers its connection setup, forever for a server that accepts and
// never answers. The probe connects itself, sends a setup request and waits for any answer (an
// accepted, refused or authentication-needed setup, or the server closing) under a deadline,
// returning early when launchprof is interrupted.
#define _GNU_SOURCE
#include "lp_display.h"
#include "lp_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stddef.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int64_t lp_probe_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/// Waits until `fd` has `events` or the deadline passes: 1, 0 (timed out), -2 (interrupted), -1.
static int lp_probe_wait(int fd, short events, int64_t deadline) {
    for (;;) {
        if (lp_interrupt_signal()) return -2;
        int64_t left = deadline - lp_probe_now_ms();
        if (left <= 0) return 0;
        struct pollfd slot = {fd, events, 0};
        int n = poll(&slot, 1, left < 50 ? (int)left : 50);
        if (n > 0) return 1;
        if (n < 0 && errno != EINTR) return -1;
    }
}

/// A non-blocking connection to a local display `number` (the abstract socket first, as libxcb
/// tries it, then the file), or -1.
static int lp_probe_local(long number) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/.X11-unix/X%ld", number);
    for (int abstract = 1; abstract >= 0; abstract--) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0) return -1;
        struct sockaddr_un address = {.sun_family = AF_UNIX};
        memcpy(address.sun_path + abstract, path, strlen(path));
        socklen_t length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + abstract + strlen(path));
        if (connect(fd, (struct sockaddr *)&address, length) == 0 || errno == EINPROGRESS || errno == EAGAIN)
            return fd;
        close(fd);
    }
    return -1;
}

/// A non-blocking TCP connection to `host`, port 6000 + `number` (in progress), or -1.
static int lp_probe_tcp(const char *host, long number) {
    char port[16];
    snprintf(port, sizeof port, "%ld", 6000 + number);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *list = NULL;
    if (getaddrinfo(host, port, &hints, &list) != 0 || !list) return -1;
    int fd = socket(list->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd >= 0 && connect(fd, list->ai_addr, list->ai_addrlen) != 0 && errno != EINPROGRESS) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(list);
    return fd;
}

/// The probe's socket for `display` ("[host]:N[.S]", "unix:N"), -1 when it cannot connect, or
/// -3 for a form the probe does not know (left to libxcb).
static int lp_probe_socket(const char *display) {
    const char *colon = strrchr(display, ':');
    if (!colon || colon[1] < '0' || colon[1] > '9' || strchr(display, '/')) return -3;
    long number = strtol(colon + 1, NULL, 10);
    size_t host_length = (size_t)(colon - display);
    if (host_length == 0 || (host_length == 4 && !strncmp(display, "unix", 4))) return lp_probe_local(number);
    char host[256];
    if (host_length >= sizeof host) return -1;
    memcpy(host, display, host_length);
    host[host_length] = 0;
    return lp_probe_tcp(host, number);
}

int lp_xprobe(const char *display, int timeout_ms, char *error, size_t error_size) {
    if (!display) display = getenv("DISPLAY");
    if (!display || !*display) return 0;
    int fd = lp_probe_socket(display);
    if (fd == -3) return 0;
    if (fd < 0) return 0;  // libxcb's own connection says why.
    int64_t deadline = lp_probe_now_ms() + timeout_ms;
    static const uint8_t setup[12] = {'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    int status = lp_probe_wait(fd, POLLOUT, deadline);
    if (status == 1 && send(fd, setup, sizeof setup, MSG_NOSIGNAL) != (ssize_t)sizeof setup) status = -1;
    if (status == 1) status = lp_probe_wait(fd, POLLIN, deadline);
    close(fd);
    if (status == 1 || status == -1) return 0;
    if (status == -2) {
        snprintf(error, error_size, "launchprof was interrupted while connecting to the X display %s.", display);
        return -2;
    }
    snprintf(error, error_size,
             "The X display %s accepted a connection but did not answer its setup within %d ms: its server is "
             "hung or is not an X server.",
             display, timeout_ms);
    return -1;
}
