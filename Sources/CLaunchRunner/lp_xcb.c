// Loads libxcb and its X-Resource and DAMAGE libraries with dlopen (lp_xcb.h), once per process.
#define _GNU_SOURCE
#include "lp_xcb.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static lpxc_library lpxc_loaded;
static char lpxc_failure[512];
static pthread_once_t lpxc_once = PTHREAD_ONCE_INIT;

static const char *lpxc_libraries[3][2] = {
    {"libxcb.so.1", "libxcb1"}, {"libxcb-res.so.0", "libxcb-res0"}, {"libxcb-damage.so.0", "libxcb-damage0"}};

static int lpxc_open(void *handles[3]) {
    for (int i = 0; i < 3; i++) {
        handles[i] = dlopen(lpxc_libraries[i][0], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(lpxc_failure, sizeof lpxc_failure,
                     "%s cannot be loaded, so launchprof cannot watch an X display: install the Debian package %s "
                     "(%s).",
                     lpxc_libraries[i][0], lpxc_libraries[i][1], dlerror());
            return -1;
        }
    }
    return 0;
}

#define LPXC_SYM(field, lib, name)                                                                  \
    if (!(x->field = (typeof(x->field))dlsym(handles[lib], name))) {                              \
        snprintf(lpxc_failure, sizeof lpxc_failure, "%s has no symbol %s.", lpxc_libraries[lib][0], \
                 name);                                                                            \
        return -1;                                                                                 \
    }

static int lpxc_core(lpxc_library *x, void *handles[3]) {
    LPXC_SYM(connect, 0, "xcb_connect") LPXC_SYM(has_error, 0, "xcb_connection_has_error")
    LPXC_SYM(disconnect, 0, "xcb_disconnect") LPXC_SYM(get_fd, 0, "xcb_get_file_descriptor")
    LPXC_SYM(get_setup, 0, "xcb_get_setup") LPXC_SYM(roots, 0, "xcb_setup_roots_iterator")
    LPXC_SYM(formats, 0, "xcb_setup_pixmap_formats") LPXC_SYM(formats_length, 0, "xcb_setup_pixmap_formats_length")
    LPXC_SYM(extension, 0, "xcb_get_extension_data") LPXC_SYM(poll_event, 0, "xcb_poll_for_event")
    LPXC_SYM(poll_queued, 0, "xcb_poll_for_queued_event") LPXC_SYM(poll_reply, 0, "xcb_poll_for_reply")
    LPXC_SYM(flush, 0, "xcb_flush") LPXC_SYM(generate_id, 0, "xcb_generate_id")
    LPXC_SYM(change_attributes, 0, "xcb_change_window_attributes") LPXC_SYM(query_tree, 0, "xcb_query_tree")
    LPXC_SYM(query_tree_reply, 0, "xcb_query_tree_reply") LPXC_SYM(tree_children, 0, "xcb_query_tree_children")
    LPXC_SYM(tree_children_length, 0, "xcb_query_tree_children_length")
    LPXC_SYM(get_attributes, 0, "xcb_get_window_attributes")
    LPXC_SYM(get_attributes_reply, 0, "xcb_get_window_attributes_reply")
    LPXC_SYM(kill_client, 0, "xcb_kill_client") LPXC_SYM(get_input_focus, 0, "xcb_get_input_focus")
    LPXC_SYM(get_image, 0, "xcb_get_image") LPXC_SYM(image_data, 0, "xcb_get_image_data")
    LPXC_SYM(image_data_length, 0, "xcb_get_image_data_length")
    LPXC_SYM(intern_atom, 0, "xcb_intern_atom") LPXC_SYM(intern_atom_reply, 0, "xcb_intern_atom_reply")
    LPXC_SYM(get_property, 0, "xcb_get_property") LPXC_SYM(get_property_reply, 0, "xcb_get_property_reply")
    LPXC_SYM(property_value, 0, "xcb_get_property_value")
    LPXC_SYM(property_value_length, 0, "xcb_get_property_value_length")
    return 0;
}

static int lpxc_extensions(lpxc_library *x, void *handles[3]) {
    LPXC_SYM(res_version, 1, "xcb_res_query_version") LPXC_SYM(res_version_reply, 1, "xcb_res_query_version_reply")
    LPXC_SYM(res_client_ids, 1, "xcb_res_query_client_ids")
    LPXC_SYM(res_client_ids_reply, 1, "xcb_res_query_client_ids_reply")
    LPXC_SYM(res_ids_iterator, 1, "xcb_res_query_client_ids_ids_iterator")
    LPXC_SYM(res_ids_next, 1, "xcb_res_client_id_value_next")
    LPXC_SYM(res_id_value, 1, "xcb_res_client_id_value_value") LPXC_SYM(res_id, 1, "xcb_res_id")
    LPXC_SYM(damage_version, 2, "xcb_damage_query_version")
    LPXC_SYM(damage_version_reply, 2, "xcb_damage_query_version_reply")
    LPXC_SYM(damage_create, 2, "xcb_damage_create") LPXC_SYM(damage_destroy, 2, "xcb_damage_destroy")
    LPXC_SYM(damage_id, 2, "xcb_damage_id")
    return 0;
}
#undef LPXC_SYM

/// The SHAPE extension's library, when installed (libxcb-shape0): without it, shaped windows'
/// pixels outside their shape are compared too.
static void lpxc_shape(lpxc_library *x) {
    void *shape = dlopen("libxcb-shape.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!shape) return;
    *(void **)&x->shape_rectangles = dlsym(shape, "xcb_shape_get_rectangles");
    *(void **)&x->shape_rectangles_data = dlsym(shape, "xcb_shape_get_rectangles_rectangles");
    *(void **)&x->shape_rectangles_length = dlsym(shape, "xcb_shape_get_rectangles_rectangles_length");
    x->shape_id = dlsym(shape, "xcb_shape_id");
    if (!x->shape_rectangles || !x->shape_rectangles_data || !x->shape_rectangles_length || !x->shape_id)
        x->shape_rectangles = NULL;
}

static void lpxc_load_once(void) {
    void *handles[3];
    lpxc_library x;
    memset(&x, 0, sizeof x);
    if (lpxc_open(handles) != 0 || lpxc_core(&x, handles) != 0 || lpxc_extensions(&x, handles) != 0) return;
    lpxc_shape(&x);
    lpxc_loaded = x;
    lpxc_failure[0] = 0;
}

const lpxc_library *lpxc_load(char *error, size_t error_size) {
    pthread_once(&lpxc_once, lpxc_load_once);
    if (lpxc_loaded.connect) return &lpxc_loaded;
    snprintf(error, error_size, "%s", lpxc_failure);
    return NULL;
}
