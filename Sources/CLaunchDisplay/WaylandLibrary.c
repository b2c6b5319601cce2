// Loads libwayland-client.so.0 with dlopen (RTLD_LOCAL), resolves the functions and protocol
// interfaces WaylandLibrary.h lists, and defines xdg-shell's interfaces.
#define _GNU_SOURCE
#include "WaylandLibrary.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static lpw_library lpw_functions;
static int lpw_state;  // 0: not tried, 1: loaded, -1: failed
static char lpw_failure[256];
static pthread_mutex_t lpw_lock = PTHREAD_MUTEX_INITIALIZER;

// xdg-shell (stable), version 1, as wayland-scanner writes it; the types of the requests never
// sent here (positioners, popups, seats) are left NULL, which only WAYLAND_DEBUG would read.
static const lpw_interface *lpw_no_types[8];
static const lpw_interface *lpw_get_xdg_surface_types[2];
static const lpw_interface *lpw_get_toplevel_types[1];

static const lpw_message lpw_wm_base_requests[] = {
    {"destroy", "", lpw_no_types},
    {"create_positioner", "n", lpw_no_types},
    {"get_xdg_surface", "no", lpw_get_xdg_surface_types},
    {"pong", "u", lpw_no_types},
};
static const lpw_message lpw_wm_base_events[] = {{"ping", "u", lpw_no_types}};
static const lpw_message lpw_xdg_surface_requests[] = {
    {"destroy", "", lpw_no_types},
    {"get_toplevel", "n", lpw_get_toplevel_types},
    {"get_popup", "n?oo", lpw_no_types},
    {"set_window_geometry", "iiii", lpw_no_types},
    {"ack_configure", "u", lpw_no_types},
};
static const lpw_message lpw_xdg_surface_events[] = {{"configure", "u", lpw_no_types}};
static const lpw_message lpw_toplevel_requests[] = {
    {"destroy", "", lpw_no_types},         {"set_parent", "?o", lpw_no_types},
    {"set_title", "s", lpw_no_types},      {"set_app_id", "s", lpw_no_types},
    {"show_window_menu", "ouii", lpw_no_types}, {"move", "ou", lpw_no_types},
    {"resize", "ouu", lpw_no_types},       {"set_max_size", "ii", lpw_no_types},
    {"set_min_size", "ii", lpw_no_types},  {"set_maximized", "", lpw_no_types},
    {"unset_maximized", "", lpw_no_types}, {"set_fullscreen", "?o", lpw_no_types},
    {"unset_fullscreen", "", lpw_no_types}, {"set_minimized", "", lpw_no_types},
};
static const lpw_message lpw_toplevel_events[] = {
    {"configure", "iia", lpw_no_types},
    {"close", "", lpw_no_types},
};
static const lpw_interface lpw_xdg_wm_base = {"xdg_wm_base", 1, 4, lpw_wm_base_requests, 1, lpw_wm_base_events};
static const lpw_interface lpw_xdg_surface = {"xdg_surface", 1, 5, lpw_xdg_surface_requests, 1,
                                              lpw_xdg_surface_events};
static const lpw_interface lpw_xdg_toplevel = {"xdg_toplevel", 1, 14, lpw_toplevel_requests, 2,
                                               lpw_toplevel_events};

#define LPW_RESOLVE(field, symbol)                                                              \
    do {                                                                                        \
        *(void **)&lpw_functions.field = dlsym(handle, symbol);                                 \
        if (lpw_functions.field == NULL) {                                                      \
            snprintf(lpw_failure, sizeof lpw_failure, "libwayland-client.so.0 has no %s", symbol); \
            return -1;                                                                          \
        }                                                                                       \
    } while (0)

static int lpw_resolve_functions(void *handle) {
    LPW_RESOLVE(display_connect, "wl_display_connect");
    LPW_RESOLVE(display_disconnect, "wl_display_disconnect");
    LPW_RESOLVE(display_get_fd, "wl_display_get_fd");
    LPW_RESOLVE(display_get_error, "wl_display_get_error");
    LPW_RESOLVE(display_roundtrip, "wl_display_roundtrip");
    LPW_RESOLVE(display_dispatch_pending, "wl_display_dispatch_pending");
    LPW_RESOLVE(display_flush, "wl_display_flush");
    LPW_RESOLVE(display_prepare_read, "wl_display_prepare_read");
    LPW_RESOLVE(display_read_events, "wl_display_read_events");
    LPW_RESOLVE(display_cancel_read, "wl_display_cancel_read");
    LPW_RESOLVE(proxy_marshal_flags, "wl_proxy_marshal_flags");
    LPW_RESOLVE(proxy_add_listener, "wl_proxy_add_listener");
    LPW_RESOLVE(proxy_get_version, "wl_proxy_get_version");
    LPW_RESOLVE(proxy_destroy, "wl_proxy_destroy");
    return 0;
}

static int lpw_resolve_interfaces(void *handle) {
    LPW_RESOLVE(registry, "wl_registry_interface");
    LPW_RESOLVE(compositor, "wl_compositor_interface");
    LPW_RESOLVE(shm, "wl_shm_interface");
    LPW_RESOLVE(shm_pool, "wl_shm_pool_interface");
    LPW_RESOLVE(buffer, "wl_buffer_interface");
    LPW_RESOLVE(surface, "wl_surface_interface");
    LPW_RESOLVE(callback, "wl_callback_interface");
    LPW_RESOLVE(output, "wl_output_interface");
    lpw_functions.xdg_wm_base = &lpw_xdg_wm_base;
    lpw_functions.xdg_surface = &lpw_xdg_surface;
    lpw_functions.xdg_toplevel = &lpw_xdg_toplevel;
    lpw_get_xdg_surface_types[0] = &lpw_xdg_surface;
    lpw_get_xdg_surface_types[1] = lpw_functions.surface;
    lpw_get_toplevel_types[0] = &lpw_xdg_toplevel;
    return 0;
}

const lpw_library *lpw_load(char *error, size_t error_size) {
    pthread_mutex_lock(&lpw_lock);
    if (lpw_state == 0) {
        void *handle = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(lpw_failure, sizeof lpw_failure, "%s", reason ? reason : "libwayland-client.so.0 could not be loaded");
            lpw_state = -1;
        } else if (lpw_resolve_functions(handle) != 0 || lpw_resolve_interfaces(handle) != 0) {
            dlclose(handle);
            lpw_state = -1;
        } else {
            lpw_state = 1;
        }
    }
    int state = lpw_state;
    pthread_mutex_unlock(&lpw_lock);
    if (state == 1) return &lpw_functions;
    snprintf(error, error_size, "%s", lpw_failure);
    return NULL;
}
