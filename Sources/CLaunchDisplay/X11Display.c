// X11: the connection (libxcb.so.1 by dlopen, the screen's pixel format, the atoms) and the
// top-level windows (properties a window manager reads, map and unmap).
#define _GNU_SOURCE
#include "X11Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int lpx_mask_shift(uint32_t mask) { return mask ? __builtin_ctz(mask) : 0; }

/// The root visual's masks, if it is true colour with 32 bits per pixel in its pixmaps.
static int lpx_choose_format(lpx_display *display, const lpx_setup *setup, char *error, size_t size) {
    const lpx_library *x = display->x;
    lpx_screen *screen = display->screen;
    int bpp = 0;
    lpx_format *formats = x->setup_pixmap_formats(setup);
    for (int i = 0; i < x->setup_pixmap_formats_length(setup); i++) {
        if (formats[i].depth == screen->root_depth) bpp = formats[i].bits_per_pixel;
    }
    lpx_visualtype *found = NULL;
    for (lpx_depth_iterator d = x->screen_allowed_depths_iterator(screen); d.rem > 0; x->depth_next(&d)) {
        lpx_visualtype *visuals = x->depth_visuals(d.data);
        for (int i = 0; i < x->depth_visuals_length(d.data); i++) {
            if (visuals[i].visual_id == screen->root_visual) found = &visuals[i];
        }
    }
    if (found == NULL || found->class_ != LPX_VISUAL_CLASS_TRUE_COLOR || bpp != 32 ||
        (screen->root_depth != 24 && screen->root_depth != 32)) {
        snprintf(error, size,
                 "its screen's root visual is not %s (depth %d, %d bits per pixel); expected 24-bit true colour "
                 "in 32-bit pixels",
                 found && found->class_ == LPX_VISUAL_CLASS_TRUE_COLOR ? "usable" : "true colour",
                 screen->root_depth, bpp);
        return -1;
    }
    uint32_t masks[3] = {found->red_mask, found->green_mask, found->blue_mask};
    for (int i = 0; i < 3; i++) {
        display->layout.shift[i] = lpx_mask_shift(masks[i]);
        display->layout.bits[i] = __builtin_popcount(masks[i]);
        if (display->layout.bits[i] > 8) display->layout.bits[i] = 8;
    }
    display->depth = screen->root_depth;
    display->visual = screen->root_visual;
    display->layout.swap_bytes = setup->image_byte_order != 0;  // 0: LSBFirst, as this host stores words
    return 0;
}

/// Interns the atoms the windows use: every request is sent before the first reply is read
/// (one round trip).
static void lpx_intern_atoms(lpx_display *display) {
    static const char *names[] = {"WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "UTF8_STRING", "_NET_WM_PID"};
    uint32_t *atoms[] = {&display->atom_protocols, &display->atom_delete_window, &display->atom_net_wm_name,
                         &display->atom_utf8_string, &display->atom_net_wm_pid};
    const lpx_library *x = display->x;
    lpx_cookie cookies[5];
    for (int i = 0; i < 5; i++) cookies[i] = x->intern_atom(display->c, 0, (uint16_t)strlen(names[i]), names[i]);
    for (int i = 0; i < 5; i++) {
        lpx_intern_atom_reply *reply = x->intern_atom_reply(display->c, cookies[i], NULL);
        *atoms[i] = reply ? reply->atom : 0;
        free(reply);
    }
}

static lpx_screen *lpx_screen_number(const lpx_library *x, const lpx_setup *setup, int number) {
    lpx_screen_iterator it = x->setup_roots_iterator(setup);
    for (int i = 0; i < number && it.rem > 0; i++) x->screen_next(&it);
    return it.rem > 0 ? it.data : NULL;
}

lpx_display *lpx_display_open(const char *name, char *error, size_t error_size) {
    char reason[256];
    const lpx_library *x = lpx_load(reason, sizeof reason);
    if (x == NULL) {
        snprintf(error, error_size, "the X client library could not be loaded (%s)", reason);
        return NULL;
    }
    int number = 0;
    lpx_connection *c = x->connect(name, &number);
    int failure = x->connection_has_error(c);
    if (failure != 0) {
        x->disconnect(c);
        snprintf(error, error_size, "the X server %s did not accept a connection (xcb error %d)", name, failure);
        return NULL;
    }
    lpx_display *display = calloc(1, sizeof *display);
    display->kind = LP_DISPLAY_X11;
    display->x = x;
    display->c = c;
    const lpx_setup *setup = x->get_setup(c);
    display->screen = lpx_screen_number(x, setup, number);
    if (display->screen == NULL) {
        snprintf(error, error_size, "the X server %s has no screen %d", name, number);
    } else if (lpx_choose_format(display, setup, reason, sizeof reason) == 0) {
        display->max_request_bytes = x->get_maximum_request_length(c) * 4;
        lpx_intern_atoms(display);
        return display;
    } else {
        snprintf(error, error_size, "the X server %s cannot show LaunchKit's frames: %s", name, reason);
    }
    x->disconnect(c);
    free(display);
    return NULL;
}

int lpx_display_fd(const lpx_display *display) { return display->x->get_file_descriptor(display->c); }

void lpx_display_screen_size(const lpx_display *display, int *width, int *height) {
    *width = display->screen->width_in_pixels;
    *height = display->screen->height_in_pixels;
}

static void lpx_set_properties(lpx_window *window, const char *title, const char *app_class) {
    lpx_display *display = window->display;
    const lpx_library *x = display->x;
    lpx_connection *c = display->c;
    uint32_t id = window->id;
    x->change_property(c, LPX_PROP_MODE_REPLACE, id, LPX_ATOM_WM_NAME, LPX_ATOM_STRING, 8, (uint32_t)strlen(title),
                       title);
    x->change_property(c, LPX_PROP_MODE_REPLACE, id, display->atom_net_wm_name, display->atom_utf8_string, 8,
                       (uint32_t)strlen(title), title);
    char classes[256];
    int length = snprintf(classes, sizeof classes, "%s%c%s", app_class, 0, app_class);
    if (length > 0 && (size_t)length < sizeof classes) {
        x->change_property(c, LPX_PROP_MODE_REPLACE, id, LPX_ATOM_WM_CLASS, LPX_ATOM_STRING, 8,
                           (uint32_t)length + 1, classes);
    }
    uint32_t pid = (uint32_t)getpid();
    x->change_property(c, LPX_PROP_MODE_REPLACE, id, display->atom_net_wm_pid, LPX_ATOM_CARDINAL, 32, 1, &pid);
    x->change_property(c, LPX_PROP_MODE_REPLACE, id, display->atom_protocols, 4 /* ATOM */, 32, 1,
                       &display->atom_delete_window);
    // WM_NORMAL_HINTS: a fixed size (PMinSize | PMaxSize), as a phone's screen has.
    uint32_t hints[18] = {0};
    hints[0] = 16 | 32;
    hints[5] = hints[7] = (uint32_t)window->width;
    hints[6] = hints[8] = (uint32_t)window->height;
    x->change_property(c, LPX_PROP_MODE_REPLACE, id, LPX_ATOM_WM_NORMAL_HINTS, LPX_ATOM_WM_SIZE_HINTS, 32, 18, hints);
}

lpx_window *lpx_window_create(
    lpx_display *display, int width, int height, const char *title, const char *app_class) {
    const lpx_library *x = display->x;
    if (x->connection_has_error(display->c) || width <= 0 || height <= 0 || width > 32767 || height > 32767) {
        return NULL;
    }
    lpx_window *window = calloc(1, sizeof *window);
    window->image = calloc((size_t)width * (size_t)height, sizeof(uint32_t));
    if (window->image == NULL) {
        free(window);
        return NULL;
    }
    window->kind = LP_DISPLAY_X11;
    window->display = display;
    window->width = width;
    window->height = height;
    window->id = x->generate_id(display->c);
    uint32_t values[2] = {display->screen->black_pixel, LPX_EVENT_MASK_EXPOSURE | LPX_EVENT_MASK_STRUCTURE_NOTIFY};
    x->create_window(display->c, display->depth, window->id, display->screen->root, 0, 0, (uint16_t)width,
                     (uint16_t)height, 0, LPX_WINDOW_CLASS_INPUT_OUTPUT, display->visual,
                     LPX_CW_BACK_PIXEL | LPX_CW_EVENT_MASK, values);
    lpx_set_properties(window, title, app_class);
    window->gc = x->generate_id(display->c);
    x->create_gc(display->c, window->gc, window->id, 0, NULL);
    x->flush(display->c);
    window->next = display->windows;
    display->windows = window;
    return window;
}

void lpx_window_set_visible(lpx_window *window, int visible) {
    lpx_display *display = window->display;
    if (visible && !window->mapped) {
        display->x->map_window(display->c, window->id);
    } else if (!visible && window->mapped) {
        display->x->unmap_window(display->c, window->id);
        window->exposed = 0;
    }
    window->mapped = visible != 0;
    display->x->flush(display->c);
}

void lpx_window_destroy(lpx_window *window) {
    lpx_display *display = window->display;
    for (lpx_window **link = &display->windows; *link != NULL; link = &(*link)->next) {
        if (*link == window) {
            *link = window->next;
            break;
        }
    }
    display->x->destroy_window(display->c, window->id);
    display->x->flush(display->c);
    free(window->image);
    free(window);
}
