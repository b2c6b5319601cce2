// CLaunchDisplay.h's functions: each calls its object's back end (X11 or Wayland).
#include "Backends.h"

lp_display *lp_display_open_x11(const char *name, char *error, size_t error_size) {
    return (lp_display *)lpx_display_open(name, error, error_size);
}

lp_display *lp_display_open_wayland(const char *name, char *error, size_t error_size) {
    return (lp_display *)lpw_display_open(name, error, error_size);
}

int lp_display_fd(const lp_display *display) {
    switch (lp_kind_of(display)) {
    case LP_DISPLAY_X11: return lpx_display_fd((const lpx_display *)display);
    case LP_DISPLAY_WAYLAND: return lpw_display_fd((const lpw_display *)display);
    default: break;
    }
    return -1;
}

void lp_display_screen_size(const lp_display *display, int *width, int *height) {
    switch (lp_kind_of(display)) {
    case LP_DISPLAY_X11: lpx_display_screen_size((const lpx_display *)display, width, height); return;
    case LP_DISPLAY_WAYLAND: lpw_display_screen_size((const lpw_display *)display, width, height); return;
    default: break;
    }
}

lp_display_window *lp_display_window_create(
    lp_display *display, int width, int height, const char *title, const char *app_class) {
    switch (lp_kind_of(display)) {
    case LP_DISPLAY_X11:
        return (lp_display_window *)lpx_window_create((lpx_display *)display, width, height, title, app_class);
    case LP_DISPLAY_WAYLAND: return (lp_display_window *)lpw_window_create((lpw_display *)display, width, height, title);
    default: break;
    }
    return NULL;
}

void lp_display_window_set_visible(lp_display_window *window, int visible) {
    switch (lp_kind_of(window)) {
    case LP_DISPLAY_X11: lpx_window_set_visible((lpx_window *)window, visible); return;
    case LP_DISPLAY_WAYLAND: lpw_window_set_visible((lpw_window *)window, visible); return;
    default: break;
    }
}

int lp_display_window_put(
    lp_display_window *window, const uint32_t *pixels, int width, int height, int reduction,
    int expose_timeout_ms) {
    switch (lp_kind_of(window)) {
    case LP_DISPLAY_X11:
        return lpx_window_put((lpx_window *)window, pixels, width, height, reduction, expose_timeout_ms);
    case LP_DISPLAY_WAYLAND:
        return lpw_window_put((lpw_window *)window, pixels, width, height, reduction, expose_timeout_ms);
    default: break;
    }
    return -1;
}

int lp_display_sync(lp_display *display, int timeout_ms) {
    switch (lp_kind_of(display)) {
    case LP_DISPLAY_X11: return lpx_display_sync((lpx_display *)display);
    case LP_DISPLAY_WAYLAND: return lpw_display_sync((lpw_display *)display, timeout_ms);
    default: break;
    }
    return -1;
}

int lp_display_dispatch(lp_display *display) {
    switch (lp_kind_of(display)) {
    case LP_DISPLAY_X11: return lpx_display_dispatch((lpx_display *)display);
    case LP_DISPLAY_WAYLAND: return lpw_display_dispatch((lpw_display *)display);
    default: break;
    }
    return LP_DISPLAY_CONNECTION_LOST;
}

void lp_display_window_destroy(lp_display_window *window) {
    switch (lp_kind_of(window)) {
    case LP_DISPLAY_X11: lpx_window_destroy((lpx_window *)window); return;
    case LP_DISPLAY_WAYLAND: lpw_window_destroy((lpw_window *)window); return;
    default: break;
    }
}
