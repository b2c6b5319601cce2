// The part of libxcb's interface (with its X-Resource and DAMAGE extensions) the X11 observer
// uses, declared here from xcb.h, xproto.h, res.h and damage.h of libxcb 1.15 (the protocol's
// fixed wire layouts), so that launchprof builds without any X -dev package and loads the
// libraries with dlopen where they are installed.
#ifndef LP_XCB_H
#define LP_XCB_H

#include <stddef.h>
#include <stdint.h>

typedef struct lpxc_connection lpxc_connection;

typedef struct lpxc_cookie {
    unsigned int sequence;
} lpxc_cookie;

/// Every event and error is 32 bytes on the wire; libxcb adds a full_sequence after them.
typedef struct lpxc_event {
    uint8_t response_type, detail;
    uint16_t sequence;
    uint32_t words[7];
    uint32_t full_sequence;
} lpxc_event;

typedef struct lpxc_error {
    uint8_t response_type, error_code;
    uint16_t sequence;
    uint32_t resource_id;
    uint16_t minor_code;
    uint8_t major_code, pad0;
    uint32_t pad[5];
    uint32_t full_sequence;
} lpxc_error;

typedef struct lpxc_setup {
    uint8_t status, pad0;
    uint16_t protocol_major_version, protocol_minor_version, length;
    uint32_t release_number, resource_id_base, resource_id_mask, motion_buffer_size;
    uint16_t vendor_len, maximum_request_length;
    uint8_t roots_len, pixmap_formats_len, image_byte_order, bitmap_format_bit_order;
    uint8_t bitmap_format_scanline_unit, bitmap_format_scanline_pad, min_keycode, max_keycode;
    uint8_t pad1[4];
} lpxc_setup;

typedef struct lpxc_screen {
    uint32_t root, default_colormap, white_pixel, black_pixel, current_input_masks;
    uint16_t width_in_pixels, height_in_pixels, width_in_millimeters, height_in_millimeters;
    uint16_t min_installed_maps, max_installed_maps;
    uint32_t root_visual;
    uint8_t backing_stores, save_unders, root_depth, allowed_depths_len;
} lpxc_screen;

typedef struct lpxc_screen_iterator {
    lpxc_screen *data;
    int rem, index;
} lpxc_screen_iterator;

typedef struct lpxc_format {
    uint8_t depth, bits_per_pixel, scanline_pad;
    uint8_t pad0[5];
} lpxc_format;

typedef struct lpxc_extension_reply {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t length;
    uint8_t present, major_opcode, first_event, first_error;
} lpxc_extension_reply;

typedef struct lpxc_create_notify {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t parent, window;
    int16_t x, y;
    uint16_t width, height, border_width;
    uint8_t override_redirect, pad1;
} lpxc_create_notify;

/// DestroyNotify, UnmapNotify and MapNotify share this layout.
typedef struct lpxc_window_notify {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t event, window;
    uint8_t override_redirect_or_from_configure;
    uint8_t pad1[3];
} lpxc_window_notify;

typedef struct lpxc_reparent_notify {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t event, window, parent;
    int16_t x, y;
    uint8_t override_redirect, pad1[3];
} lpxc_reparent_notify;

typedef struct lpxc_configure_notify {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t event, window, above_sibling;
    int16_t x, y;
    uint16_t width, height, border_width;
    uint8_t override_redirect, pad1;
} lpxc_configure_notify;

typedef struct lpxc_rectangle {
    int16_t x, y;
    uint16_t width, height;
} lpxc_rectangle;

typedef struct lpxc_damage_notify {
    uint8_t response_type, level;
    uint16_t sequence;
    uint32_t drawable, damage, timestamp;
    lpxc_rectangle area, geometry;
} lpxc_damage_notify;

typedef struct lpxc_query_tree_reply {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t length, root, parent;
    uint16_t children_len;
    uint8_t pad1[14];
} lpxc_query_tree_reply;

typedef struct lpxc_window_attributes_reply {
    uint8_t response_type, backing_store;
    uint16_t sequence;
    uint32_t length, visual;
    uint16_t class_;
    uint8_t bit_gravity, win_gravity;
    uint32_t backing_planes, backing_pixel;
    uint8_t save_under, map_is_installed, map_state, override_redirect;
    uint32_t colormap, all_event_masks, your_event_mask;
    uint16_t do_not_propagate_mask;
    uint8_t pad0[2];
} lpxc_window_attributes_reply;

typedef struct lpxc_get_image_reply {
    uint8_t response_type, depth;
    uint16_t sequence;
    uint32_t length, visual;
    uint8_t pad0[20];
} lpxc_get_image_reply;

typedef struct lpxc_intern_atom_reply {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t length, atom;
} lpxc_intern_atom_reply;

typedef struct lpxc_get_property_reply {
    uint8_t response_type, format;
    uint16_t sequence;
    uint32_t length, type, bytes_after, value_len;
    uint8_t pad0[12];
} lpxc_get_property_reply;

typedef struct lpxc_property_notify {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t window, atom, time;
    uint8_t state, pad1[3];
} lpxc_property_notify;

typedef struct lpxc_res_client_id_spec {
    uint32_t client, mask;
} lpxc_res_client_id_spec;

typedef struct lpxc_res_client_id_value {
    lpxc_res_client_id_spec spec;
    uint32_t length;
} lpxc_res_client_id_value;

typedef struct lpxc_res_client_id_value_iterator {
    lpxc_res_client_id_value *data;
    int rem, index;
} lpxc_res_client_id_value_iterator;

typedef struct lpxc_res_query_client_ids_reply lpxc_res_query_client_ids_reply;
typedef struct lpxc_shape_get_rectangles_reply lpxc_shape_get_rectangles_reply;
typedef struct lpxc_extension lpxc_extension;

/// The functions and extension ids, resolved from libxcb.so.1, libxcb-res.so.0 and
/// libxcb-damage.so.0.
typedef struct lpxc_library {
    lpxc_connection *(*connect)(const char *name, int *screen);
    int (*has_error)(lpxc_connection *c);
    void (*disconnect)(lpxc_connection *c);
    int (*get_fd)(lpxc_connection *c);
    const lpxc_setup *(*get_setup)(lpxc_connection *c);
    lpxc_screen_iterator (*roots)(const lpxc_setup *setup);
    lpxc_format *(*formats)(const lpxc_setup *setup);
    int (*formats_length)(const lpxc_setup *setup);
    const lpxc_extension_reply *(*extension)(lpxc_connection *c, lpxc_extension *extension);
    lpxc_event *(*poll_event)(lpxc_connection *c);
    lpxc_event *(*poll_queued)(lpxc_connection *c);
    int (*poll_reply)(lpxc_connection *c, unsigned int request, void **reply, lpxc_error **error);
    int (*flush)(lpxc_connection *c);
    uint32_t (*generate_id)(lpxc_connection *c);
    lpxc_cookie (*change_attributes)(lpxc_connection *c, uint32_t window, uint32_t mask, const void *values);
    lpxc_cookie (*query_tree)(lpxc_connection *c, uint32_t window);
    lpxc_query_tree_reply *(*query_tree_reply)(lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    uint32_t *(*tree_children)(const lpxc_query_tree_reply *reply);
    int (*tree_children_length)(const lpxc_query_tree_reply *reply);
    lpxc_cookie (*get_attributes)(lpxc_connection *c, uint32_t window);
    lpxc_window_attributes_reply *(*get_attributes_reply)(
        lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    lpxc_cookie (*kill_client)(lpxc_connection *c, uint32_t resource);
    lpxc_cookie (*get_input_focus)(lpxc_connection *c);
    lpxc_cookie (*get_image)(
        lpxc_connection *c, uint8_t format, uint32_t drawable, int16_t x, int16_t y, uint16_t width, uint16_t height,
        uint32_t plane_mask);
    uint8_t *(*image_data)(const lpxc_get_image_reply *reply);
    int (*image_data_length)(const lpxc_get_image_reply *reply);
    lpxc_cookie (*intern_atom)(lpxc_connection *c, uint8_t only_if_exists, uint16_t name_len, const char *name);
    lpxc_intern_atom_reply *(*intern_atom_reply)(lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    lpxc_cookie (*get_property)(
        lpxc_connection *c, uint8_t delete_, uint32_t window, uint32_t property, uint32_t type, uint32_t long_offset,
        uint32_t long_length);
    lpxc_get_property_reply *(*get_property_reply)(lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    void *(*property_value)(const lpxc_get_property_reply *reply);
    int (*property_value_length)(const lpxc_get_property_reply *reply);
    lpxc_cookie (*res_version)(lpxc_connection *c, uint8_t major, uint8_t minor);
    void *(*res_version_reply)(lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    lpxc_cookie (*res_client_ids)(lpxc_connection *c, uint32_t count, const lpxc_res_client_id_spec *specs);
    lpxc_res_query_client_ids_reply *(*res_client_ids_reply)(
        lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    lpxc_res_client_id_value_iterator (*res_ids_iterator)(const lpxc_res_query_client_ids_reply *reply);
    void (*res_ids_next)(lpxc_res_client_id_value_iterator *iterator);
    uint32_t *(*res_id_value)(const lpxc_res_client_id_value *value);
    lpxc_cookie (*damage_version)(lpxc_connection *c, uint32_t major, uint32_t minor);
    void *(*damage_version_reply)(lpxc_connection *c, lpxc_cookie cookie, lpxc_error **error);
    lpxc_cookie (*damage_create)(lpxc_connection *c, uint32_t damage, uint32_t drawable, uint8_t level);
    lpxc_cookie (*damage_destroy)(lpxc_connection *c, uint32_t damage);
    lpxc_extension *res_id;
    lpxc_extension *damage_id;
    /// libxcb-shape.so.0, optional (NULL when absent): a shaped window's pixels are those inside it.
    lpxc_cookie (*shape_rectangles)(lpxc_connection *c, uint32_t window, uint8_t kind);
    lpxc_rectangle *(*shape_rectangles_data)(const lpxc_shape_get_rectangles_reply *reply);
    int (*shape_rectangles_length)(const lpxc_shape_get_rectangles_reply *reply);
    lpxc_extension *shape_id;
} lpxc_library;

/// The three libraries, loaded on the first call (RTLD_LOCAL). NULL, with a sentence naming the
/// missing library and its Debian package in `error`, when one is absent or incomplete.
const lpxc_library *lpxc_load(char *error, size_t error_size);

// Wire constants of the core protocol and the extensions.
enum {
    LPXC_CREATE_NOTIFY = 16,
    LPXC_DESTROY_NOTIFY = 17,
    LPXC_UNMAP_NOTIFY = 18,
    LPXC_MAP_NOTIFY = 19,
    LPXC_REPARENT_NOTIFY = 21,
    LPXC_PROPERTY_NOTIFY = 28,
    LPXC_EVENT_MASK_PROPERTY_CHANGE = 4194304,
    LPXC_ATOM_WM_NAME = 39,
    LPXC_CONFIGURE_NOTIFY = 22,
    LPXC_CW_EVENT_MASK = 2048,
    LPXC_EVENT_MASK_STRUCTURE_NOTIFY = 131072,
    LPXC_EVENT_MASK_SUBSTRUCTURE_NOTIFY = 524288,
    LPXC_MAP_STATE_UNMAPPED = 0,
    LPXC_IMAGE_FORMAT_Z_PIXMAP = 2,
    LPXC_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID = 2,
    LPXC_DAMAGE_NOTIFY = 0,
    LPXC_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES = 0,
    LPXC_SHAPE_SK_BOUNDING = 0,
};

#endif
