// The Wayland display's state, shared by WaylandDisplay.c (connection, globals, events) and
// WaylandWindow.c (surfaces, buffers, frames).
#ifndef LP_WAYLAND_INTERNAL_H
#define LP_WAYLAND_INTERNAL_H

#include "Backends.h"
#include "Pixels.h"
#include "WaylandLibrary.h"

struct lpw_display {
    lp_display_kind kind;  // LP_DISPLAY_WAYLAND
    const lpw_library *w;
    void *display, *registry, *compositor, *shm, *wm_base, *output;
    int screen_width, screen_height;
    int pending;  // lp_display_events seen while waiting for something else
    lpw_window *windows;
};

/// One of a window's two shared-memory buffers: drawn into only when the compositor has
/// released it.
typedef struct lpw_buffer {
    void *buffer;
    uint32_t *pixels;
    int busy;
} lpw_buffer;

struct lpw_window {
    lp_display_kind kind;  // LP_DISPLAY_WAYLAND
    lpw_display *display;
    lpw_window *next;
    void *surface, *xdg_surface, *toplevel;
    int frame_done;  // the compositor's frame callback for the last commit came
    int shown_once;  // a frame callback of this toplevel came: the compositor shows it
    char *title;
    int width, height;
    int visible, configured;
    lpw_buffer buffers[2];
    void *mapping;
    size_t mapping_size;
};

/// Reads and handles events until `*done` is set or `timeout_ms` passes (0: only what is
/// there). Returns -1 when the connection is broken.
int lpw_wait(lpw_display *display, const int *done, int timeout_ms);

#endif
