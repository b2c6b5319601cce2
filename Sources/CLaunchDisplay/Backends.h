// The display back ends behind CLaunchDisplay.h: X11 (libxcb) and Wayland (libwayland-client),
// each loaded with dlopen. Every display and window object starts with its kind, which
// Display.c reads to call the back end's function.
#ifndef LP_DISPLAY_BACKENDS_H
#define LP_DISPLAY_BACKENDS_H

#include "CLaunchDisplay.h"

typedef enum lp_display_kind {
    LP_DISPLAY_X11 = 1,
    LP_DISPLAY_WAYLAND = 2,
} lp_display_kind;

static inline lp_display_kind lp_kind_of(const void *object) { return *(const lp_display_kind *)object; }

typedef struct lpx_display lpx_display;
typedef struct lpx_window lpx_window;

lpx_display *lpx_display_open(const char *name, char *error, size_t error_size);
int lpx_display_fd(const lpx_display *display);
void lpx_display_screen_size(const lpx_display *display, int *width, int *height);
lpx_window *lpx_window_create(lpx_display *display, int width, int height, const char *title, const char *app_class);
void lpx_window_set_visible(lpx_window *window, int visible);
int lpx_window_put(lpx_window *window, const uint32_t *pixels, int width, int height, int reduction,
                   int expose_timeout_ms);
int lpx_display_sync(lpx_display *display);
int lpx_display_dispatch(lpx_display *display);
void lpx_window_destroy(lpx_window *window);

typedef struct lpw_display lpw_display;
typedef struct lpw_window lpw_window;

lpw_display *lpw_display_open(const char *name, char *error, size_t error_size);
int lpw_display_fd(const lpw_display *display);
void lpw_display_screen_size(const lpw_display *display, int *width, int *height);
lpw_window *lpw_window_create(lpw_display *display, int width, int height, const char *title);
void lpw_window_set_visible(lpw_window *window, int visible);
int lpw_window_put(lpw_window *window, const uint32_t *pixels, int width, int height, int reduction,
                   int configure_timeout_ms);
int lpw_display_sync(lpw_display *display, int timeout_ms);
int lpw_display_dispatch(lpw_display *display);
void lpw_window_destroy(lpw_window *window);

#endif
