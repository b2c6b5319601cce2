// Loads libxcb.so.1 with dlopen (RTLD_LOCAL) and resolves the functions X11Library.h lists.
#define _GNU_SOURCE
#include "X11Library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static lpx_library lpx_functions;
static int lpx_state;  // 0: not tried, 1: loaded, -1: failed
static char lpx_failure[256];
static pthread_mutex_t lpx_lock = PTHREAD_MUTEX_INITIALIZER;

#define LPX_RESOLVE(field, symbol)                                                          \
    do {                                                                                    \
        *(void **)&lpx_functions.field = dlsym(handle, symbol);                             \
        if (lpx_functions.field == NULL) {                                                  \
            snprintf(lpx_failure, sizeof lpx_failure, "libxcb.so.1 has no %s", symbol);      \
            return -1;                                                                      \
        }                                                                                   \
    } while (0)

static int lpx_resolve_connection(void *handle) {
    LPX_RESOLVE(connect, "xcb_connect");
    LPX_RESOLVE(connection_has_error, "xcb_connection_has_error");
    LPX_RESOLVE(disconnect, "xcb_disconnect");
    LPX_RESOLVE(get_setup, "xcb_get_setup");
    LPX_RESOLVE(get_file_descriptor, "xcb_get_file_descriptor");
    LPX_RESOLVE(get_maximum_request_length, "xcb_get_maximum_request_length");
    LPX_RESOLVE(generate_id, "xcb_generate_id");
    LPX_RESOLVE(flush, "xcb_flush");
    LPX_RESOLVE(poll_for_event, "xcb_poll_for_event");
    LPX_RESOLVE(setup_roots_iterator, "xcb_setup_roots_iterator");
    LPX_RESOLVE(screen_next, "xcb_screen_next");
    LPX_RESOLVE(setup_pixmap_formats, "xcb_setup_pixmap_formats");
    LPX_RESOLVE(setup_pixmap_formats_length, "xcb_setup_pixmap_formats_length");
    LPX_RESOLVE(screen_allowed_depths_iterator, "xcb_screen_allowed_depths_iterator");
    LPX_RESOLVE(depth_next, "xcb_depth_next");
    LPX_RESOLVE(depth_visuals, "xcb_depth_visuals");
    LPX_RESOLVE(depth_visuals_length, "xcb_depth_visuals_length");
    return 0;
}

static int lpx_resolve_requests(void *handle) {
    LPX_RESOLVE(create_window, "xcb_create_window");
    LPX_RESOLVE(destroy_window, "xcb_destroy_window");
    LPX_RESOLVE(map_window, "xcb_map_window");
    LPX_RESOLVE(unmap_window, "xcb_unmap_window");
    LPX_RESOLVE(change_property, "xcb_change_property");
    LPX_RESOLVE(intern_atom, "xcb_intern_atom");
    LPX_RESOLVE(intern_atom_reply, "xcb_intern_atom_reply");
    LPX_RESOLVE(create_gc, "xcb_create_gc");
    LPX_RESOLVE(put_image, "xcb_put_image");
    LPX_RESOLVE(get_input_focus, "xcb_get_input_focus");
    LPX_RESOLVE(get_input_focus_reply, "xcb_get_input_focus_reply");
    return 0;
}

static void lpx_load_locked(void) {
    void *handle = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(lpx_failure, sizeof lpx_failure, "%s", reason ? reason : "libxcb.so.1 could not be loaded");
        lpx_state = -1;
        return;
    }
    if (lpx_resolve_connection(handle) != 0 || lpx_resolve_requests(handle) != 0) {
        dlclose(handle);
        lpx_state = -1;
        return;
    }
    lpx_state = 1;
}

const lpx_library *lpx_load(char *error, size_t error_size) {
    pthread_mutex_lock(&lpx_lock);
    if (lpx_state == 0) lpx_load_locked();
    int state = lpx_state;
    pthread_mutex_unlock(&lpx_lock);
    if (state == 1) return &lpx_functions;
    snprintf(error, error_size, "%s", lpx_failure);
    return NULL;
}
