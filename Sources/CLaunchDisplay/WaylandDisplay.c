// Wayland: the connection (libwayland-client.so.0 by dlopen), the globals (wl_compositor,
// wl_shm, xdg_wm_base, the first wl_output's mode), reading events with a timeout, and the
// wait for frame callbacks.
#define _GNU_SOURCE
#include "WaylandInternal.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// How long a frame after a window's first waits for its frame callback.
enum { LPW_LATER_FRAME_MS = 50 };

static int64_t lpw_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void lpw_ping(void *data, void *wm_base, uint32_t serial) {
    lpw_display *display = data;
    display->w->proxy_marshal_flags(wm_base, 3 /* pong */, NULL, display->w->proxy_get_version(wm_base), 0, serial);
}

static void lpw_output_geometry(void *data, void *output, int32_t x, int32_t y, int32_t physical_width,
                                int32_t physical_height, int32_t subpixel, const char *make, const char *model,
                                int32_t transform) {
    (void)data, (void)output, (void)x, (void)y, (void)physical_width, (void)physical_height, (void)subpixel;
    (void)make, (void)model, (void)transform;
}

static void lpw_output_mode(void *data, void *output, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    lpw_display *display = data;
    (void)output, (void)refresh;
    if (flags & 1 /* current */) {
        display->screen_width = width;
        display->screen_height = height;
    }
}

static void (*lpw_wm_base_listener[])(void) = {(void (*)(void))lpw_ping};
static void (*lpw_output_listener[])(void) = {(void (*)(void))lpw_output_geometry, (void (*)(void))lpw_output_mode};

static void *lpw_bind(lpw_display *display, uint32_t name, const lpw_interface *interface, uint32_t version) {
    return display->w->proxy_marshal_flags(display->registry, 0 /* bind */, interface, version, 0, name,
                                           interface->name, version, NULL);
}

static void lpw_global(void *data, void *registry, uint32_t name, const char *interface, uint32_t version) {
    lpw_display *display = data;
    const lpw_library *w = display->w;
    (void)registry;
    if (strcmp(interface, "wl_compositor") == 0 && display->compositor == NULL) {
        display->compositor = lpw_bind(display, name, w->compositor, version < 4 ? version : 4);
    } else if (strcmp(interface, "wl_shm") == 0 && display->shm == NULL) {
        display->shm = lpw_bind(display, name, w->shm, 1);
    } else if (strcmp(interface, "xdg_wm_base") == 0 && display->wm_base == NULL) {
        display->wm_base = lpw_bind(display, name, w->xdg_wm_base, 1);
        w->proxy_add_listener(display->wm_base, lpw_wm_base_listener, display);
    } else if (strcmp(interface, "wl_output") == 0 && display->output == NULL) {
        display->output = lpw_bind(display, name, w->output, 1);
        w->proxy_add_listener(display->output, lpw_output_listener, display);
    }
}

static void lpw_global_remove(void *data, void *registry, uint32_t name) { (void)data, (void)registry, (void)name; }

static void (*lpw_registry_listener[])(void) = {(void (*)(void))lpw_global, (void (*)(void))lpw_global_remove};

/// The globals LaunchKit needs, bound in two round trips (the second gets the output's mode).
static const char *lpw_bind_globals(lpw_display *display) {
    const lpw_library *w = display->w;
    display->registry = w->proxy_marshal_flags(display->display, 1 /* get_registry */, w->registry,
                                               w->proxy_get_version(display->display), 0, NULL);
    w->proxy_add_listener(display->registry, lpw_registry_listener, display);
    if (w->display_roundtrip(display->display) < 0 || w->display_roundtrip(display->display) < 0) {
        return "the connection broke while reading its globals";
    }
    if (display->compositor == NULL) return "it offers no wl_compositor";
    if (display->shm == NULL) return "it offers no wl_shm";
    if (display->wm_base == NULL) return "it offers no xdg_wm_base (xdg-shell)";
    return NULL;
}

lpw_display *lpw_display_open(const char *name, char *error, size_t error_size) {
    char reason[256];
    const lpw_library *w = lpw_load(reason, sizeof reason);
    if (w == NULL) {
        snprintf(error, error_size, "the Wayland client library could not be loaded (%s)", reason);
        return NULL;
    }
    void *connection = w->display_connect(name);
    if (connection == NULL) {
        snprintf(error, error_size, "the Wayland compositor %s did not accept a connection (%s)", name,
                 strerror(errno));
        return NULL;
    }
    lpw_display *display = calloc(1, sizeof *display);
    display->kind = LP_DISPLAY_WAYLAND;
    display->w = w;
    display->display = connection;
    display->screen_width = 1920;  // until an output says otherwise
    display->screen_height = 1080;
    const char *missing = lpw_bind_globals(display);
    if (missing == NULL) return display;
    snprintf(error, error_size, "the Wayland compositor %s cannot show LaunchKit's windows: %s", name, missing);
    w->display_disconnect(connection);
    free(display);
    return NULL;
}

int lpw_display_fd(const lpw_display *display) { return display->w->display_get_fd(display->display); }

void lpw_display_screen_size(const lpw_display *display, int *width, int *height) {
    *width = display->screen_width;
    *height = display->screen_height;
}

/// One read of the connection: waits up to `timeout_ms` for data, reads it, handles it.
static int lpw_read_once(lpw_display *display, int timeout_ms) {
    const lpw_library *w = display->w;
    while (w->display_prepare_read(display->display) != 0) {
        if (w->display_dispatch_pending(display->display) < 0) return -1;
    }
    w->display_flush(display->display);
    struct pollfd fd = {.fd = w->display_get_fd(display->display), .events = POLLIN};
    int ready = poll(&fd, 1, timeout_ms);
    if (ready > 0) {
        if (w->display_read_events(display->display) < 0) return -1;
    } else {
        w->display_cancel_read(display->display);
        if (ready < 0 && errno != EINTR) return -1;
    }
    return w->display_dispatch_pending(display->display) < 0 ? -1 : 0;
}

int lpw_wait(lpw_display *display, const int *done, int timeout_ms) {
    int64_t deadline = lpw_now_ms() + timeout_ms;
    do {
        if (lpw_read_once(display, done != NULL && *done ? 0 : (int)(deadline - lpw_now_ms())) < 0) return -1;
    } while (done != NULL && !*done && lpw_now_ms() < deadline);
    return display->w->display_get_error(display->display) ? -1 : 0;
}

int lpw_display_sync(lpw_display *display, int timeout_ms) {
    for (lpw_window *window = display->windows; window != NULL; window = window->next) {
        // A surface the compositor does not show (minimised, covered) may get no callback for a
        // while: after the first one, a frame waits at most LPW_LATER_FRAME_MS, as a toolkit
        // throttled to frame callbacks would skip a frame.
        int timeout = window->shown_once && timeout_ms > LPW_LATER_FRAME_MS ? LPW_LATER_FRAME_MS : timeout_ms;
        if (window->visible && lpw_wait(display, &window->frame_done, timeout) < 0) return -1;
    }
    return 0;
}

int lpw_display_dispatch(lpw_display *display) {
    int lost = lpw_wait(display, NULL, 0) < 0;
    int events = display->pending | (lost ? LP_DISPLAY_CONNECTION_LOST : 0);
    display->pending = 0;
    return events;
}
