// The X11 display's state, shared by X11Display.c (connection, windows) and X11Frame.c
// (frames, events).
#ifndef LP_X11_INTERNAL_H
#define LP_X11_INTERNAL_H

#include "Backends.h"
#include "Pixels.h"
#include "X11Library.h"

struct lpx_display {
    lp_display_kind kind;  // LP_DISPLAY_X11
    const lpx_library *x;
    lpx_connection *c;
    lpx_screen *screen;
    uint8_t depth;
    uint32_t visual;
    lp_pixel_layout layout;  // the server's pixel
    uint32_t max_request_bytes;
    uint32_t atom_protocols, atom_delete_window, atom_net_wm_name, atom_utf8_string, atom_net_wm_pid;
    lpx_window *windows;
    int pending;  // lp_display_events seen while waiting for something else
};

struct lpx_window {
    lp_display_kind kind;  // LP_DISPLAY_X11
    lpx_display *display;
    lpx_window *next;
    uint32_t id, gc;
    int width, height;
    int mapped, exposed, has_frame, needs_redraw;
    uint32_t *image;  // width x height pixels in the server's format
};

#endif
