// The X11 observer (lp_display.h): libxcb, libxcb-res and libxcb-damage loaded with dlopen.
// It selects SubstructureNotify on the root window: CreateNotify and MapNotify name each
// top-level window, X-Resource's QueryClientIds names the pid of the client that made it, and a
// DAMAGE object on each of the launch's mapped windows reports the first content drawn into it.
#define _GNU_SOURCE
#include "lp_display.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if __has_include(<xcb/xcb.h>) && __has_include(<xcb/res.h>) && __has_include(<xcb/damage.h>)
#define LP_HAVE_XCB 1
#include <xcb/damage.h>
#include <xcb/res.h>
#include <xcb/xcb.h>
#endif

static int64_t lp_xnow(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

#ifndef LP_HAVE_XCB

lp_xobserver *lp_xobserver_open(const char *display, int frames, char *error, size_t error_size) {
    (void)display;
    (void)frames;
    snprintf(error, error_size, "launchprof was built without the xcb headers (libxcb1-dev, libxcb-res0-dev, libxcb-damage0-dev), so it cannot watch an X display.");
    return NULL;
}
int lp_xobserver_fd(lp_xobserver *observer) { (void)observer; return -1; }
int lp_xobserver_service(lp_xobserver *observer, pid_t pid, lp_xmilestones *milestones) {
    (void)observer; (void)pid; (void)milestones;
    return 0;
}
void lp_xobserver_close(lp_xobserver *observer) { (void)observer; }
void lp_xobserver_clear(lp_xobserver *observer) { (void)observer; }

#else

/// The functions used, looked up once.
typedef struct lp_xcb {
    typeof(xcb_connect) *connect;
    typeof(xcb_connection_has_error) *has_error;
    typeof(xcb_disconnect) *disconnect;
    typeof(xcb_get_file_descriptor) *get_fd;
    typeof(xcb_get_setup) *get_setup;
    typeof(xcb_setup_roots_iterator) *roots;
    typeof(xcb_get_extension_data) *extension;
    typeof(xcb_poll_for_event) *poll_event;
    typeof(xcb_flush) *flush;
    typeof(xcb_generate_id) *generate_id;
    typeof(xcb_change_window_attributes) *change_attributes;
    typeof(xcb_query_tree) *query_tree;
    typeof(xcb_query_tree_reply) *query_tree_reply;
    typeof(xcb_query_tree_children) *tree_children;
    typeof(xcb_query_tree_children_length) *tree_children_length;
    typeof(xcb_get_window_attributes) *get_attributes;
    typeof(xcb_get_window_attributes_reply) *get_attributes_reply;
    typeof(xcb_kill_client) *kill_client;
    typeof(xcb_res_query_version) *res_version;
    typeof(xcb_res_query_version_reply) *res_version_reply;
    typeof(xcb_res_query_client_ids) *res_client_ids;
    typeof(xcb_res_query_client_ids_reply) *res_client_ids_reply;
    typeof(xcb_res_query_client_ids_ids_iterator) *res_ids_iterator;
    typeof(xcb_res_client_id_value_next) *res_ids_next;
    typeof(xcb_res_client_id_value_value) *res_id_value;
    typeof(xcb_damage_query_version) *damage_version;
    typeof(xcb_damage_query_version_reply) *damage_version_reply;
    typeof(xcb_damage_create) *damage_create;
    typeof(xcb_damage_destroy) *damage_destroy;
    typeof(xcb_poll_for_queued_event) *poll_queued;
    xcb_extension_t *res_id;
    xcb_extension_t *damage_id;
} lp_xcb;

enum { LP_XWINDOWS = 128 };

struct lp_xobserver {
    lp_xcb x;
    xcb_connection_t *c;
    xcb_window_t root;
    uint8_t damage_event;
    int frames;
    int count;
    struct {
        xcb_window_t window;
        int32_t pid;
        int ours;
        int mapped;
        uint32_t damage;
        int skip_first;
        int mapped_in_batch;
        int skipped_map;
    } windows[LP_XWINDOWS];
};

static int lp_xcb_load(lp_xcb *x, char *error, size_t size) {
    static const char *libraries[3][2] = {
        {"libxcb.so.1", "libxcb1"}, {"libxcb-res.so.0", "libxcb-res0"}, {"libxcb-damage.so.0", "libxcb-damage0"}};
    void *handles[3];
    for (int i = 0; i < 3; i++) {
        handles[i] = dlopen(libraries[i][0], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(error, size, "%s cannot be loaded (Debian package %s): %s", libraries[i][0], libraries[i][1],
                     dlerror());
            return -1;
        }
    }
#define LP_SYM(field, lib, name)                                                  \
    if (!(x->field = (typeof(x->field))dlsym(handles[lib], name))) {            \
        snprintf(error, size, "%s has no symbol %s.", libraries[lib][0], name);  \
        return -1;                                                               \
    }
    LP_SYM(connect, 0, "xcb_connect") LP_SYM(has_error, 0, "xcb_connection_has_error")
    LP_SYM(disconnect, 0, "xcb_disconnect") LP_SYM(get_fd, 0, "xcb_get_file_descriptor")
    LP_SYM(get_setup, 0, "xcb_get_setup") LP_SYM(roots, 0, "xcb_setup_roots_iterator")
    LP_SYM(extension, 0, "xcb_get_extension_data") LP_SYM(poll_event, 0, "xcb_poll_for_event")
    LP_SYM(flush, 0, "xcb_flush") LP_SYM(generate_id, 0, "xcb_generate_id")
    LP_SYM(change_attributes, 0, "xcb_change_window_attributes") LP_SYM(query_tree, 0, "xcb_query_tree")
    LP_SYM(query_tree_reply, 0, "xcb_query_tree_reply") LP_SYM(tree_children, 0, "xcb_query_tree_children")
    LP_SYM(tree_children_length, 0, "xcb_query_tree_children_length")
    LP_SYM(get_attributes, 0, "xcb_get_window_attributes")
    LP_SYM(get_attributes_reply, 0, "xcb_get_window_attributes_reply") LP_SYM(kill_client, 0, "xcb_kill_client")
    LP_SYM(res_version, 1, "xcb_res_query_version") LP_SYM(res_version_reply, 1, "xcb_res_query_version_reply")
    LP_SYM(res_client_ids, 1, "xcb_res_query_client_ids")
    LP_SYM(res_client_ids_reply, 1, "xcb_res_query_client_ids_reply")
    LP_SYM(res_ids_iterator, 1, "xcb_res_query_client_ids_ids_iterator")
    LP_SYM(res_ids_next, 1, "xcb_res_client_id_value_next") LP_SYM(res_id_value, 1, "xcb_res_client_id_value_value")
    LP_SYM(res_id, 1, "xcb_res_id") LP_SYM(damage_version, 2, "xcb_damage_query_version")
    LP_SYM(damage_version_reply, 2, "xcb_damage_query_version_reply") LP_SYM(damage_create, 2, "xcb_damage_create")
    LP_SYM(damage_destroy, 2, "xcb_damage_destroy") LP_SYM(poll_queued, 0, "xcb_poll_for_queued_event")
    LP_SYM(damage_id, 2, "xcb_damage_id")
#undef LP_SYM
    return 0;
}

/// The pid of the client that created `window` (X-Resource), or 0.
static int32_t lp_xwindow_pid(lp_xobserver *o, xcb_window_t window) {
    xcb_res_client_id_spec_t spec = {window, XCB_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID};
    xcb_res_query_client_ids_reply_t *reply =
        o->x.res_client_ids_reply(o->c, o->x.res_client_ids(o->c, 1, &spec), NULL);
    if (!reply) return 0;
    int32_t pid = 0;
    for (xcb_res_client_id_value_iterator_t it = o->x.res_ids_iterator(reply); it.rem > 0; o->x.res_ids_next(&it)) {
        if ((it.data->spec.mask & XCB_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID) && it.data->length >= 4) {
            pid = (int32_t)o->x.res_id_value(it.data)[0];
            break;
        }
    }
    free(reply);
    return pid;
}

/// The window's slot, made (with its client's pid and whether it is the launch's) when new.
static int lp_xslot(lp_xobserver *o, xcb_window_t window, pid_t target) {
    int free_slot = -1;
    for (int i = 0; i < o->count; i++) {
        if (o->windows[i].window == window) return i;
        if (o->windows[i].window == 0 && free_slot < 0) free_slot = i;
    }
    if (free_slot < 0 && o->count == LP_XWINDOWS) return -1;
    int i = free_slot >= 0 ? free_slot : o->count++;
    o->windows[i].window = window;
    o->windows[i].pid = lp_xwindow_pid(o, window);
    o->windows[i].ours = o->windows[i].pid > 0 && lp_is_descendant(o->windows[i].pid, target);
    o->windows[i].mapped = 0;
    o->windows[i].damage = 0;
    o->windows[i].skip_first = 0;
    o->windows[i].mapped_in_batch = 0;
    o->windows[i].skipped_map = 0;
    return i;
}

/// Ends the clients of the windows still mapped on the display (a launch's leftovers).
void lp_xobserver_clear(lp_xobserver *o) {
    xcb_query_tree_reply_t *tree = o->x.query_tree_reply(o->c, o->x.query_tree(o->c, o->root), NULL);
    if (!tree) return;
    xcb_window_t *children = o->x.tree_children(tree);
    int n = o->x.tree_children_length(tree);
    for (int i = 0; i < n; i++) {
        xcb_get_window_attributes_reply_t *attributes =
            o->x.get_attributes_reply(o->c, o->x.get_attributes(o->c, children[i]), NULL);
        if (attributes && attributes->map_state != XCB_MAP_STATE_UNMAPPED) o->x.kill_client(o->c, children[i]);
        free(attributes);
    }
    free(tree);
    o->x.flush(o->c);
}

static int lp_xextensions(lp_xobserver *o, char *error, size_t size) {
    const xcb_query_extension_reply_t *res = o->x.extension(o->c, o->x.res_id);
    const xcb_query_extension_reply_t *damage = o->x.extension(o->c, o->x.damage_id);
    if (!res || !res->present || !damage || !damage->present) {
        snprintf(error, size, "The X server lacks the %s extension, which the window and frame readiness need.",
                 !res || !res->present ? "X-Resource" : "DAMAGE");
        return -1;
    }
    o->damage_event = damage->first_event + XCB_DAMAGE_NOTIFY;
    free(o->x.res_version_reply(o->c, o->x.res_version(o->c, 1, 2), NULL));
    free(o->x.damage_version_reply(o->c, o->x.damage_version(o->c, 1, 1), NULL));
    return 0;
}

lp_xobserver *lp_xobserver_open(const char *display, int frames, char *error, size_t error_size) {
    lp_xobserver *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->frames = frames;
    if (lp_xcb_load(&o->x, error, error_size) != 0) {
        free(o);
        return NULL;
    }
    o->c = o->x.connect(display, NULL);
    if (o->x.has_error(o->c)) {
        snprintf(error, error_size, "The X display %s does not accept clients (xcb error %d).",
                 display ? display : "(DISPLAY)", o->x.has_error(o->c));
        o->x.disconnect(o->c);
        free(o);
        return NULL;
    }
    o->root = o->x.roots(o->x.get_setup(o->c)).data->root;
    if (lp_xextensions(o, error, error_size) != 0) {
        lp_xobserver_close(o);
        return NULL;
    }
    uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
    o->x.change_attributes(o->c, o->root, XCB_CW_EVENT_MASK, &mask);
    o->x.flush(o->c);
    return o;
}

int lp_xobserver_fd(lp_xobserver *o) { return o->x.get_fd(o->c); }

/// A DAMAGE object on one of the launch's windows (once).
static void lp_xwatch(lp_xobserver *o, int slot) {
    if (o->windows[slot].damage || !o->frames) return;
    o->windows[slot].skip_first = o->windows[slot].mapped;
    o->windows[slot].damage = o->x.generate_id(o->c);
    o->x.damage_create(o->c, o->windows[slot].damage, o->windows[slot].window, XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES);
    o->x.flush(o->c);
}

/// The first frame is seen: the DAMAGE objects go, and with them the server's reports.
static void lp_xunwatch(lp_xobserver *o) {
    for (int i = 0; i < o->count; i++) {
        if (!o->windows[i].damage) continue;
        o->x.damage_destroy(o->c, o->windows[i].damage);
        o->windows[i].damage = 0;
    }
    o->x.flush(o->c);
}

/// A window of the launch was mapped: its time, and a DAMAGE object reporting its first content.
static void lp_xmapped(lp_xobserver *o, int slot, lp_xmilestones *m, int64_t now) {
    if (o->windows[slot].mapped) return;
    o->windows[slot].mapped = 1;
    o->windows[slot].mapped_in_batch = 1;
    if (!o->windows[slot].damage) lp_xwatch(o, slot);
    if (!m->mapped_ns) {
        m->mapped_ns = now;
        m->window_pid = o->windows[slot].pid;
    }
}

static void lp_xevent(lp_xobserver *o, xcb_generic_event_t *event, pid_t pid, lp_xmilestones *m, int64_t now) {
    uint8_t type = event->response_type & 0x7f;
    if (type == XCB_DESTROY_NOTIFY) {
        // A client's resource ids are used again by the next client: a destroyed window's slot goes.
        xcb_destroy_notify_event_t *e = (xcb_destroy_notify_event_t *)event;
        for (int i = 0; i < o->count; i++)
            if (o->windows[i].window == e->window) o->windows[i].window = 0;
    } else if (type == XCB_CREATE_NOTIFY) {
        xcb_create_notify_event_t *e = (xcb_create_notify_event_t *)event;
        // A new window: whatever an earlier window of this id was, this one is looked up again.
        for (int i = 0; i < o->count; i++)
            if (o->windows[i].window == e->window) o->windows[i].window = 0;
        if (e->override_redirect) return;
        int slot = lp_xslot(o, e->window, pid);
        if (slot >= 0 && o->windows[slot].ours) {
            if (!m->created_ns) m->created_ns = now;
            lp_xwatch(o, slot);
        }
    } else if (type == XCB_MAP_NOTIFY) {
        xcb_map_notify_event_t *e = (xcb_map_notify_event_t *)event;
        if (e->override_redirect) return;
        int slot = lp_xslot(o, e->window, pid);
        if (slot >= 0 && o->windows[slot].ours) lp_xmapped(o, slot, m, now);
    } else if (type == XCB_REPARENT_NOTIFY) {
        // A window manager's frame: the window's own map events tell when it is shown.
        xcb_reparent_notify_event_t *e = (xcb_reparent_notify_event_t *)event;
        int slot = lp_xslot(o, e->window, pid);
        if (slot >= 0 && o->windows[slot].ours) {
            uint32_t mask = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
            o->x.change_attributes(o->c, e->window, XCB_CW_EVENT_MASK, &mask);
            o->x.flush(o->c);
        }
    } else if (type == o->damage_event && !m->drawn_ns && o->frames) {
        xcb_damage_notify_event_t *e = (xcb_damage_notify_event_t *)event;
        for (int i = 0; i < o->count; i++) {
            if (o->windows[i].damage != e->damage || !o->windows[i].ours || !o->windows[i].mapped) continue;
            // DamageCreate on a window already shown reports all of it at once, and the server
            // paints a window's background as it maps it (its event comes with the MapNotify, in
            // the same read): neither is the program's drawing.
            if (o->windows[i].skip_first || (o->windows[i].mapped_in_batch && !o->windows[i].skipped_map)) {
                o->windows[i].skip_first = 0;
                o->windows[i].skipped_map = o->windows[i].mapped_in_batch;
                continue;
            }
            m->drawn_ns = now;
            lp_xunwatch(o);
        }
    }
}

int lp_xobserver_service(lp_xobserver *o, pid_t pid, lp_xmilestones *m) {
    // One read from the socket at a time: the events of one batch came from the server together.
    xcb_generic_event_t *event;
    while ((event = o->x.poll_event(o->c))) {
        int64_t now = lp_xnow();
        do {
            lp_xevent(o, event, pid, m, now);
            free(event);
        } while ((event = o->x.poll_queued(o->c)));
        for (int i = 0; i < o->count; i++) o->windows[i].mapped_in_batch = 0;
    }
    return o->x.has_error(o->c) == 0;
}

void lp_xobserver_close(lp_xobserver *o) {
    if (!o) return;
    if (o->c) o->x.disconnect(o->c);
    free(o);
}

#endif
