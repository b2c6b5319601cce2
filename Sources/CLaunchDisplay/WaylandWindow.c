// Wayland: a window is a wl_surface with an xdg-shell toplevel role and two wl_shm buffers;
// a frame is written into a released buffer, attached, damaged and committed with a frame
// callback.
#define _GNU_SOURCE
#include "WaylandInternal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// The unused byte is set too: weston's pixman renderer shows an XRGB8888 pixel whose top byte
// is 0 as white.
static const lp_pixel_layout lpw_xrgb8888 = {{16, 8, 0}, {8, 8, 8}, 0, 0xFF000000u};

static uint32_t lpw_version(lpw_window *window, void *proxy) { return window->display->w->proxy_get_version(proxy); }

static void lpw_buffer_release(void *data, void *buffer) {
    lpw_window *window = data;
    for (int i = 0; i < 2; i++) {
        if (window->buffers[i].buffer == buffer) window->buffers[i].busy = 0;
    }
}

static void lpw_xdg_surface_configure(void *data, void *xdg_surface, uint32_t serial) {
    lpw_window *window = data;
    window->display->w->proxy_marshal_flags(xdg_surface, 4 /* ack_configure */, NULL, lpw_version(window, xdg_surface),
                                            0, serial);
    window->configured = 1;
}

static void lpw_toplevel_configure(void *data, void *toplevel, int32_t width, int32_t height, void *states) {
    (void)data, (void)toplevel, (void)width, (void)height, (void)states;  // the size is fixed
}

static void lpw_toplevel_close(void *data, void *toplevel) {
    lpw_window *window = data;
    (void)toplevel;
    window->display->pending |= LP_DISPLAY_CLOSE_REQUESTED;
}

static void lpw_frame_done(void *data, void *callback, uint32_t time) {
    lpw_window *window = data;
    (void)time;
    window->display->w->proxy_destroy(callback);
    window->frame_done = 1;
    window->shown_once = 1;
}

static void (*lpw_buffer_listener[])(void) = {(void (*)(void))lpw_buffer_release};
static void (*lpw_xdg_surface_listener[])(void) = {(void (*)(void))lpw_xdg_surface_configure};
static void (*lpw_toplevel_listener[])(void) = {(void (*)(void))lpw_toplevel_configure,
                                                (void (*)(void))lpw_toplevel_close};
static void (*lpw_callback_listener[])(void) = {(void (*)(void))lpw_frame_done};

/// Two XRGB8888 buffers of the window's size in one shared-memory pool.
static int lpw_create_buffers(lpw_window *window) {
    const lpw_library *w = window->display->w;
    size_t stride = (size_t)window->width * 4, size = stride * (size_t)window->height;
    int fd = memfd_create("LaunchKit-window", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)(2 * size)) != 0) {
        close(fd);
        return -1;
    }
    window->mapping = mmap(NULL, 2 * size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (window->mapping == MAP_FAILED) {
        window->mapping = NULL;
        close(fd);
        return -1;
    }
    window->mapping_size = 2 * size;
    void *pool = w->proxy_marshal_flags(window->display->shm, 0 /* create_pool */, w->shm_pool,
                                        lpw_version(window, window->display->shm), 0, NULL, fd, (int32_t)(2 * size));
    for (int i = 0; i < 2; i++) {
        window->buffers[i].pixels = (uint32_t *)((char *)window->mapping + (size_t)i * size);
        window->buffers[i].buffer = w->proxy_marshal_flags(pool, 0 /* create_buffer */, w->buffer, 1, 0, NULL,
                                                           (int32_t)((size_t)i * size), window->width, window->height,
                                                           (int32_t)stride, LPW_SHM_FORMAT_XRGB8888);
        w->proxy_add_listener(window->buffers[i].buffer, lpw_buffer_listener, window);
    }
    w->proxy_marshal_flags(pool, 1 /* destroy */, NULL, 1, LPW_MARSHAL_FLAG_DESTROY);
    close(fd);
    return 0;
}

lpw_window *lpw_window_create(lpw_display *display, int width, int height, const char *title) {
    if (width <= 0 || height <= 0 || display->w->display_get_error(display->display)) return NULL;
    lpw_window *window = calloc(1, sizeof *window);
    window->kind = LP_DISPLAY_WAYLAND;
    window->display = display;
    window->width = width;
    window->height = height;
    window->title = strdup(title);
    window->frame_done = 1;
    if (lpw_create_buffers(window) != 0) {
        free(window->title);
        free(window);
        return NULL;
    }
    const lpw_library *w = display->w;
    window->surface = w->proxy_marshal_flags(display->compositor, 0 /* create_surface */, w->surface,
                                             lpw_version(window, display->compositor), 0, NULL);
    window->next = display->windows;
    display->windows = window;
    return window;
}

/// Gives the surface its toplevel role: title, app id, a fixed size, then the initial commit
/// (no buffer) that asks the compositor for the first configure.
static void lpw_make_toplevel(lpw_window *window) {
    lpw_display *display = window->display;
    const lpw_library *w = display->w;
    window->xdg_surface = w->proxy_marshal_flags(display->wm_base, 2 /* get_xdg_surface */, w->xdg_surface, 1, 0, NULL,
                                                 window->surface);
    w->proxy_add_listener(window->xdg_surface, lpw_xdg_surface_listener, window);
    window->toplevel = w->proxy_marshal_flags(window->xdg_surface, 1 /* get_toplevel */, w->xdg_toplevel, 1, 0, NULL);
    w->proxy_add_listener(window->toplevel, lpw_toplevel_listener, window);
    w->proxy_marshal_flags(window->toplevel, 2 /* set_title */, NULL, 1, 0, window->title);
    w->proxy_marshal_flags(window->toplevel, 3 /* set_app_id */, NULL, 1, 0, window->title);
    w->proxy_marshal_flags(window->toplevel, 7 /* set_max_size */, NULL, 1, 0, window->width, window->height);
    w->proxy_marshal_flags(window->toplevel, 8 /* set_min_size */, NULL, 1, 0, window->width, window->height);
    w->proxy_marshal_flags(window->surface, 6 /* commit */, NULL, lpw_version(window, window->surface), 0);
}

/// Ends the toplevel role: the surface is unmapped.
static void lpw_drop_toplevel(lpw_window *window) {
    const lpw_library *w = window->display->w;
    w->proxy_marshal_flags(window->toplevel, 0 /* destroy */, NULL, 1, LPW_MARSHAL_FLAG_DESTROY);
    w->proxy_marshal_flags(window->xdg_surface, 0 /* destroy */, NULL, 1, LPW_MARSHAL_FLAG_DESTROY);
    window->toplevel = window->xdg_surface = NULL;
    window->configured = 0;
    window->frame_done = 1;
}

void lpw_window_set_visible(lpw_window *window, int visible) {
    if (visible && !window->visible) lpw_make_toplevel(window);
    if (!visible && window->visible) lpw_drop_toplevel(window);
    window->visible = visible != 0;
    window->display->w->display_flush(window->display->display);
}

int lpw_window_put(lpw_window *window, const uint32_t *pixels, int width, int height, int reduction,
                   int configure_timeout_ms) {
    lpw_display *display = window->display;
    const lpw_library *w = display->w;
    if (!window->visible) return 0;
    if (!window->configured && lpw_wait(display, &window->configured, configure_timeout_ms) < 0) return -1;
    lpw_buffer *buffer = window->buffers[0].busy ? &window->buffers[1] : &window->buffers[0];
    lp_pixels_reduce(buffer->pixels, window->width, window->height, pixels, width, height, reduction, &lpw_xrgb8888);
    uint32_t version = lpw_version(window, window->surface);
    w->proxy_marshal_flags(window->surface, 1 /* attach */, NULL, version, 0, buffer->buffer, 0, 0);
    w->proxy_marshal_flags(window->surface, 2 /* damage */, NULL, version, 0, 0, 0, window->width, window->height);
    void *callback = w->proxy_marshal_flags(window->surface, 3 /* frame */, w->callback, version, 0, NULL);
    w->proxy_add_listener(callback, lpw_callback_listener, window);
    window->frame_done = 0;
    buffer->busy = 1;
    w->proxy_marshal_flags(window->surface, 6 /* commit */, NULL, version, 0);
    return w->display_flush(display->display) < 0 && w->display_get_error(display->display) ? -1 : 0;
}

void lpw_window_destroy(lpw_window *window) {
    lpw_display *display = window->display;
    const lpw_library *w = display->w;
    for (lpw_window **link = &display->windows; *link != NULL; link = &(*link)->next) {
        if (*link == window) {
            *link = window->next;
            break;
        }
    }
    if (window->visible) lpw_drop_toplevel(window);
    for (int i = 0; i < 2; i++) w->proxy_marshal_flags(window->buffers[i].buffer, 0, NULL, 1, LPW_MARSHAL_FLAG_DESTROY);
    w->proxy_marshal_flags(window->surface, 0 /* destroy */, NULL, lpw_version(window, window->surface),
                           LPW_MARSHAL_FLAG_DESTROY);
    w->display_flush(display->display);
    munmap(window->mapping, window->mapping_size);
    free(window->title);
    free(window);
}
