// The part of libxcb's interface LaunchKit uses, declared here (from xcb.h and xproto.h of
// libxcb 1.15, the X11 protocol's fixed wire layouts) so that nothing needs the library's
// headers to build, and loaded with dlopen at run time.
#ifndef LP_X11_LIBRARY_H
#define LP_X11_LIBRARY_H

#include <stddef.h>
#include <stdint.h>

typedef struct lpx_connection lpx_connection;

typedef struct lpx_setup {
    uint8_t status, pad0;
    uint16_t protocol_major_version, protocol_minor_version, length;
    uint32_t release_number, resource_id_base, resource_id_mask, motion_buffer_size;
    uint16_t vendor_len, maximum_request_length;
    uint8_t roots_len, pixmap_formats_len, image_byte_order, bitmap_format_bit_order;
    uint8_t bitmap_format_scanline_unit, bitmap_format_scanline_pad, min_keycode, max_keycode;
    uint8_t pad1[4];
} lpx_setup;

typedef struct lpx_screen {
    uint32_t root, default_colormap, white_pixel, black_pixel, current_input_masks;
    uint16_t width_in_pixels, height_in_pixels, width_in_millimeters, height_in_millimeters;
    uint16_t min_installed_maps, max_installed_maps;
    uint32_t root_visual;
    uint8_t backing_stores, save_unders, root_depth, allowed_depths_len;
} lpx_screen;

typedef struct lpx_depth {
    uint8_t depth, pad0;
    uint16_t visuals_len;
    uint8_t pad1[4];
} lpx_depth;

typedef struct lpx_visualtype {
    uint32_t visual_id;
    uint8_t class_, bits_per_rgb_value;
    uint16_t colormap_entries;
    uint32_t red_mask, green_mask, blue_mask;
    uint8_t pad0[4];
} lpx_visualtype;

typedef struct lpx_format {
    uint8_t depth, bits_per_pixel, scanline_pad;
    uint8_t pad0[5];
} lpx_format;

typedef struct lpx_screen_iterator {
    lpx_screen *data;
    int rem, index;
} lpx_screen_iterator;

typedef struct lpx_depth_iterator {
    lpx_depth *data;
    int rem, index;
} lpx_depth_iterator;

typedef struct lpx_cookie {
    unsigned int sequence;
} lpx_cookie;

/// Every event and error is 32 bytes on the wire; libxcb adds a full_sequence after them.
typedef struct lpx_event {
    uint8_t response_type, detail;
    uint16_t sequence;
    uint32_t words[7];
    uint32_t full_sequence;
} lpx_event;

typedef struct lpx_intern_atom_reply {
    uint8_t response_type, pad0;
    uint16_t sequence;
    uint32_t length, atom;
} lpx_intern_atom_reply;

/// The functions, resolved from libxcb.so.1 once per process.
typedef struct lpx_library {
    lpx_connection *(*connect)(const char *name, int *screen);
    int (*connection_has_error)(lpx_connection *c);
    void (*disconnect)(lpx_connection *c);
    const lpx_setup *(*get_setup)(lpx_connection *c);
    int (*get_file_descriptor)(lpx_connection *c);
    uint32_t (*get_maximum_request_length)(lpx_connection *c);
    uint32_t (*generate_id)(lpx_connection *c);
    int (*flush)(lpx_connection *c);
    lpx_event *(*poll_for_event)(lpx_connection *c);
    lpx_screen_iterator (*setup_roots_iterator)(const lpx_setup *setup);
    void (*screen_next)(lpx_screen_iterator *iterator);
    lpx_format *(*setup_pixmap_formats)(const lpx_setup *setup);
    int (*setup_pixmap_formats_length)(const lpx_setup *setup);
    lpx_depth_iterator (*screen_allowed_depths_iterator)(const lpx_screen *screen);
    void (*depth_next)(lpx_depth_iterator *iterator);
    lpx_visualtype *(*depth_visuals)(const lpx_depth *depth);
    int (*depth_visuals_length)(const lpx_depth *depth);
    lpx_cookie (*create_window)(
        lpx_connection *c, uint8_t depth, uint32_t window, uint32_t parent, int16_t x, int16_t y, uint16_t width,
        uint16_t height, uint16_t border_width, uint16_t class_, uint32_t visual, uint32_t value_mask,
        const void *values);
    lpx_cookie (*destroy_window)(lpx_connection *c, uint32_t window);
    lpx_cookie (*map_window)(lpx_connection *c, uint32_t window);
    lpx_cookie (*unmap_window)(lpx_connection *c, uint32_t window);
    lpx_cookie (*change_property)(
        lpx_connection *c, uint8_t mode, uint32_t window, uint32_t property, uint32_t type, uint8_t format,
        uint32_t length, const void *data);
    lpx_cookie (*intern_atom)(lpx_connection *c, uint8_t only_if_exists, uint16_t length, const char *name);
    lpx_intern_atom_reply *(*intern_atom_reply)(lpx_connection *c, lpx_cookie cookie, void **error);
    lpx_cookie (*create_gc)(lpx_connection *c, uint32_t gc, uint32_t drawable, uint32_t mask, const void *values);
    lpx_cookie (*put_image)(
        lpx_connection *c, uint8_t format, uint32_t drawable, uint32_t gc, uint16_t width, uint16_t height,
        int16_t x, int16_t y, uint8_t left_pad, uint8_t depth, uint32_t length, const uint8_t *data);
    lpx_cookie (*get_input_focus)(lpx_connection *c);
    void *(*get_input_focus_reply)(lpx_connection *c, lpx_cookie cookie, void **error);
} lpx_library;

/// libxcb.so.1, loaded on the first call (RTLD_LOCAL: nothing else in the process binds to
/// it). NULL, with the loader's message in `error`, when it is absent or incomplete.
const lpx_library *lpx_load(char *error, size_t error_size);

// Wire constants of the core protocol.
enum {
    LPX_EXPOSE = 12,
    LPX_CLIENT_MESSAGE = 33,
    LPX_WINDOW_CLASS_INPUT_OUTPUT = 1,
    LPX_CW_BACK_PIXEL = 2,
    LPX_CW_EVENT_MASK = 2048,
    LPX_EVENT_MASK_EXPOSURE = 32768,
    LPX_EVENT_MASK_STRUCTURE_NOTIFY = 131072,
    LPX_PROP_MODE_REPLACE = 0,
    LPX_ATOM_CARDINAL = 6,
    LPX_ATOM_STRING = 31,
    LPX_ATOM_WM_NAME = 39,
    LPX_ATOM_WM_NORMAL_HINTS = 40,
    LPX_ATOM_WM_SIZE_HINTS = 41,
    LPX_ATOM_WM_CLASS = 67,
    LPX_IMAGE_FORMAT_Z_PIXMAP = 2,
    LPX_VISUAL_CLASS_TRUE_COLOR = 4,
};

#endif
