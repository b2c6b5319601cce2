// CLaunchDisplay: the app side's C that shows LaunchKit's windows on a real display. The X
// client library (libxcb.so.1) is loaded with dlopen when a display is there, so an app builds
// and runs without it; every type of the X protocol used here is declared in LaunchDisplay.c.
#ifndef CLAUNCHDISPLAY_H
#define CLAUNCHDISPLAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A connection to a display server.
typedef struct lp_display lp_display;
/// One top-level window on that display.
typedef struct lp_display_window lp_display_window;

/// What `lp_display_dispatch` saw.
typedef enum lp_display_events {
    /// A window's close button was pressed (WM_DELETE_WINDOW).
    LP_DISPLAY_CLOSE_REQUESTED = 1,
    /// The connection is broken (the server ended or dropped this client).
    LP_DISPLAY_CONNECTION_LOST = 2,
} lp_display_events;

/// Connects to the X display `name` (the value of DISPLAY). Returns NULL, with a whole
/// sentence in `error`, when libxcb.so.1 cannot be loaded, the server refuses the connection,
/// or its screen has no 24-bit true-colour visual with 32 bits per pixel.
lp_display *lp_display_open_x11(const char *name, char *error, size_t error_size);

/// Connects to the Wayland compositor `name` (the value of WAYLAND_DISPLAY). Returns NULL,
/// with a whole sentence in `error`, when libwayland-client.so.0 cannot be loaded, the
/// compositor refuses the connection, or it lacks wl_compositor, wl_shm or xdg_wm_base.
lp_display *lp_display_open_wayland(const char *name, char *error, size_t error_size);

/// The descriptor to watch for events (readable: call `lp_display_dispatch`).
int lp_display_fd(const lp_display *display);

/// The screen's size in pixels.
void lp_display_screen_size(const lp_display *display, int *width, int *height);

/// Creates a hidden top-level window of `width` x `height` pixels titled `title`, with the
/// class (X11 `WM_CLASS`, Wayland app id) `app_class` and a fixed size; on X11 with the window
/// manager's close protocol. NULL if the connection is broken.
lp_display_window *lp_display_window_create(
    lp_display *display, int width, int height, const char *title, const char *app_class);

/// Maps (shows) or unmaps (hides) the window (on Wayland: gives the surface its xdg-shell
/// toplevel role, or takes it away). Nothing waits: the requests are flushed.
void lp_display_window_set_visible(lp_display_window *window, int visible);

/// Puts a frame on the window: `pixels` are `width` x `height` premultiplied RGBA pixels
/// packed as `r | g << 8 | b << 16 | a << 24`, shown over black and reduced by `reduction`
/// (each `reduction` x `reduction` block averaged) to the window's size. The first frame of
/// a mapped window first waits until the server has exposed it (up to `expose_timeout_ms`),
/// as a window manager maps a window when it chooses (on Wayland: until the compositor has
/// configured the toplevel). On X11 the image is kept to redraw exposed parts later; on
/// Wayland it is written into one of two shared-memory buffers (wl_shm), attached, damaged
/// and committed with a frame callback. Returns 0, or -1 when the connection is broken.
int lp_display_window_put(
    lp_display_window *window, const uint32_t *pixels, int width, int height, int reduction,
    int expose_timeout_ms);

/// Waits until the display has taken the frames put: on X11 a round trip (the server has
/// processed every request sent, so the pixels are in the window); on Wayland until each
/// shown window's frame callback is done (the compositor has used the frame), at most
/// `timeout_ms` per window for its first frame and 50 ms for later ones (a minimised window
/// gets no callbacks). Returns 0, or -1 when the connection is broken.
int lp_display_sync(lp_display *display, int timeout_ms);

/// Handles the events waiting (exposed windows are redrawn from their last frame) without
/// blocking. Returns a set of `lp_display_events`.
int lp_display_dispatch(lp_display *display);

/// Destroys the window.
void lp_display_window_destroy(lp_display_window *window);

#ifdef __cplusplus
}
#endif

#endif
