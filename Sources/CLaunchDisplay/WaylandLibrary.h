// The part of libwayland-client's interface LaunchKit uses, declared here (the layouts of
// wayland-util.h, libwayland 1.20 and later) so that nothing needs its headers to build, and
// loaded with dlopen at run time; with the xdg-shell interfaces (stable, version 1) written
// out as wayland-scanner would generate them.
#ifndef LP_WAYLAND_LIBRARY_H
#define LP_WAYLAND_LIBRARY_H

#include <stddef.h>
#include <stdint.h>

typedef struct lpw_interface lpw_interface;

typedef struct lpw_message {
    const char *name;
    const char *signature;
    const lpw_interface **types;
} lpw_message;

struct lpw_interface {
    const char *name;
    int version;
    int method_count;
    const lpw_message *methods;
    int event_count;
    const lpw_message *events;
};

/// The functions and protocol interfaces, resolved from libwayland-client.so.0 once per process.
typedef struct lpw_library {
    void *(*display_connect)(const char *name);
    void (*display_disconnect)(void *display);
    int (*display_get_fd)(void *display);
    int (*display_get_error)(void *display);
    int (*display_roundtrip)(void *display);
    int (*display_dispatch_pending)(void *display);
    int (*display_flush)(void *display);
    int (*display_prepare_read)(void *display);
    int (*display_read_events)(void *display);
    void (*display_cancel_read)(void *display);
    void *(*proxy_marshal_flags)(void *proxy, uint32_t opcode, const lpw_interface *interface, uint32_t version,
                                 uint32_t flags, ...);
    int (*proxy_add_listener)(void *proxy, void (**implementation)(void), void *data);
    uint32_t (*proxy_get_version)(void *proxy);
    void (*proxy_destroy)(void *proxy);
    const lpw_interface *registry, *compositor, *shm, *shm_pool, *buffer, *surface, *callback, *output;
    const lpw_interface *xdg_wm_base, *xdg_surface, *xdg_toplevel;
} lpw_library;

/// libwayland-client.so.0, loaded on the first call (RTLD_LOCAL). NULL, with the loader's
/// message in `error`, when it is absent or incomplete.
const lpw_library *lpw_load(char *error, size_t error_size);

enum {
    LPW_MARSHAL_FLAG_DESTROY = 1,
    LPW_SHM_FORMAT_XRGB8888 = 1,
};

#endif
