// X11: frames put with PutImage in row bands, the wait for the first expose, the round trip
// that acknowledges them, and the events (expose: redraw; WM_DELETE_WINDOW: close).
#define _GNU_SOURCE
#include "Pixels.h"
#include "X11Internal.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>

static int64_t lpx_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/// Sends the window's image in PutImage requests of whole rows, each under the server's
/// request size limit.
static void lpx_draw(lpx_window *window) {
    lpx_display *display = window->display;
    size_t row_bytes = (size_t)window->width * 4;
    size_t budget = display->max_request_bytes < (1u << 20) ? display->max_request_bytes : (1u << 20);
    int rows_per_request = budget > 32 + row_bytes ? (int)((budget - 32) / row_bytes) : 1;
    for (int y = 0; y < window->height; y += rows_per_request) {
        int rows = window->height - y < rows_per_request ? window->height - y : rows_per_request;
        const uint8_t *data = (const uint8_t *)(window->image + (size_t)y * (size_t)window->width);
        display->x->put_image(display->c, LPX_IMAGE_FORMAT_Z_PIXMAP, window->id, window->gc, (uint16_t)window->width,
                              (uint16_t)rows, 0, (int16_t)y, 0, display->depth, (uint32_t)(row_bytes * (size_t)rows),
                              data);
    }
    window->needs_redraw = 0;
}

static lpx_window *lpx_find_window(lpx_display *display, uint32_t id) {
    for (lpx_window *window = display->windows; window != NULL; window = window->next) {
        if (window->id == id) return window;
    }
    return NULL;
}

/// Takes one event into account; returns the `lp_display_events` it makes.
static int lpx_handle(lpx_display *display, const lpx_event *event) {
    switch (event->response_type & 0x7F) {
    case LPX_EXPOSE: {
        lpx_window *window = lpx_find_window(display, event->words[0]);
        if (window == NULL) return 0;
        window->exposed = 1;
        window->needs_redraw = window->has_frame;
        return 0;
    }
    case LPX_CLIENT_MESSAGE:
        if (event->words[1] == display->atom_protocols && event->words[2] == display->atom_delete_window &&
            lpx_find_window(display, event->words[0]) != NULL) {
            return LP_DISPLAY_CLOSE_REQUESTED;
        }
        return 0;
    default:
        return 0;  // errors of unchecked requests and the other events change nothing here
    }
}

static int lpx_drain(lpx_display *display) {
    int seen = 0;
    lpx_event *event;
    while ((event = display->x->poll_for_event(display->c)) != NULL) {
        seen |= lpx_handle(display, event);
        free(event);
    }
    display->pending |= seen;
    return seen;
}

/// Waits until the server has exposed the mapped window (a window manager may map it later,
/// or never), at most `timeout_ms`.
static void lpx_wait_for_expose(lpx_window *window, int timeout_ms) {
    lpx_display *display = window->display;
    display->x->flush(display->c);
    int64_t deadline = lpx_now_ms() + timeout_ms;
    for (;;) {
        lpx_drain(display);
        if (window->exposed || display->x->connection_has_error(display->c)) return;
        int64_t left = deadline - lpx_now_ms();
        if (left <= 0) return;
        struct pollfd fd = {.fd = lpx_display_fd(display), .events = POLLIN};
        if (poll(&fd, 1, (int)left) < 0 && errno != EINTR) return;
    }
}

int lpx_window_put(
    lpx_window *window, const uint32_t *pixels, int width, int height, int reduction, int expose_timeout_ms) {
    lpx_display *display = window->display;
    if (display->x->connection_has_error(display->c)) return -1;
    if (reduction < 1) reduction = 1;
    lp_pixels_reduce(window->image, window->width, window->height, pixels, width, height, reduction, &display->layout);
    window->has_frame = 1;
    if (window->mapped && !window->exposed) lpx_wait_for_expose(window, expose_timeout_ms);
    lpx_draw(window);
    return display->x->connection_has_error(display->c) ? -1 : 0;
}

int lpx_display_sync(lpx_display *display) {
    const lpx_library *x = display->x;
    void *reply = x->get_input_focus_reply(display->c, x->get_input_focus(display->c), NULL);
    free(reply);
    return reply == NULL || x->connection_has_error(display->c) ? -1 : 0;
}

int lpx_display_dispatch(lpx_display *display) {
    lpx_drain(display);
    for (lpx_window *window = display->windows; window != NULL; window = window->next) {
        if (window->needs_redraw && window->mapped) lpx_draw(window);
    }
    display->x->flush(display->c);
    int events = display->pending;
    display->pending = 0;
    if (display->x->connection_has_error(display->c)) events |= LP_DISPLAY_CONNECTION_LOST;
    return events;
}
