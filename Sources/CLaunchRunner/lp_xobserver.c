// The X11 observer (lp_display.h), on libxcb, libxcb-res and libxcb-damage loaded with dlopen
// (lp_xcb.h). It selects SubstructureNotify on the root window: CreateNotify and MapNotify name
// each top-level window, X-Resource's QueryClientIds names the pid of the client that made it,
// and a DAMAGE object on each of the launch's windows reports where the server changed its
// pixels. Whether a change is the program's drawing is decided by the pixels themselves
// (lp_xframe.c): the server's background paint at the map is not a frame.
#define _GNU_SOURCE
#include "lp_xobserver.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t lp_xnow(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// The pid of the client that created `window` (X-Resource), or 0.
static int32_t lp_xwindow_pid(lp_xobserver *o, uint32_t window) {
    lpxc_res_client_id_spec spec = {window, LPXC_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID};
    lpxc_res_query_client_ids_reply *reply = o->x->res_client_ids_reply(o->c, o->x->res_client_ids(o->c, 1, &spec), NULL);
    if (!reply) return 0;
    int32_t pid = 0;
    for (lpxc_res_client_id_value_iterator it = o->x->res_ids_iterator(reply); it.rem > 0; o->x->res_ids_next(&it)) {
        if ((it.data->spec.mask & LPXC_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID) && it.data->length >= 4) {
            pid = (int32_t)o->x->res_id_value(it.data)[0];
            break;
        }
    }
    free(reply);
    return pid;
}

/// The slot of a window seen created in this launch, or NULL.
lp_xwindow *lp_xfind(lp_xobserver *o, uint32_t window) {
    for (size_t i = 0; i < o->count; i++)
        if (o->windows[i].window == window) return &o->windows[i];
    return NULL;
}

/// A new slot for `window` (the table grows: no limit on a client's windows), or NULL.
static lp_xwindow *lp_xadd(lp_xobserver *o, uint32_t window) {
    if (o->count == o->capacity) {
        size_t capacity = o->capacity ? o->capacity * 2 : 64;
        lp_xwindow *grown = realloc(o->windows, capacity * sizeof *grown);
        if (!grown) return NULL;
        o->windows = grown;
        o->capacity = capacity;
    }
    lp_xwindow *w = &o->windows[o->count++];
    memset(w, 0, sizeof *w);
    w->window = window;
    return w;
}

/// A window is gone: its slot goes (the next client reuses its id), with its pixels and checks.
static void lp_xforget(lp_xobserver *o, uint32_t window) {
    lp_xwindow *w = lp_xfind(o, window);
    if (!w) return;
    lp_xframe_drop(o, w);
    free(w->title);
    *w = o->windows[--o->count];
}

/// Ends the clients of the windows still mapped on the display (a launch's leftovers).
void lp_xobserver_clear(lp_xobserver *o) {
    lpxc_query_tree_reply *tree = o->x->query_tree_reply(o->c, o->x->query_tree(o->c, o->root), NULL);
    if (!tree) return;
    uint32_t *children = o->x->tree_children(tree);
    int n = o->x->tree_children_length(tree);
    for (int i = 0; i < n; i++) {
        lpxc_window_attributes_reply *attributes =
            o->x->get_attributes_reply(o->c, o->x->get_attributes(o->c, children[i]), NULL);
        if (attributes && attributes->map_state != LPXC_MAP_STATE_UNMAPPED) o->x->kill_client(o->c, children[i]);
        free(attributes);
    }
    free(tree);
    o->x->flush(o->c);
}

int lp_xobserver_begin(lp_xobserver *o, int timeout_ms) {
    // Every event the server sent before this round trip's reply is of an earlier launch.
    lpxc_cookie cookie = o->x->get_input_focus(o->c);
    o->x->flush(o->c);
    int64_t deadline = lp_xnow() + (int64_t)timeout_ms * 1000000;
    void *reply = NULL;
    lpxc_error *error = NULL;
    while (!o->x->poll_reply(o->c, cookie.sequence, &reply, &error)) {
        if (o->x->has_error(o->c) || lp_xnow() >= deadline) return -1;
        struct pollfd slot = {o->x->get_fd(o->c), POLLIN, 0};
        poll(&slot, 1, 20);
        lpxc_event *event;
        while ((event = o->x->poll_event(o->c))) free(event);
    }
    free(reply);
    free(error);
    lpxc_event *event;
    while ((event = o->x->poll_queued(o->c))) free(event);
    while (o->count) lp_xforget(o, o->windows[0].window);
    free(o->picture);
    o->picture = NULL;
    free(o->chosen_title);
    o->chosen_title = NULL;
    return 0;
}

static int lp_xextensions(lp_xobserver *o, char *error, size_t size) {
    const lpxc_extension_reply *res = o->x->extension(o->c, o->x->res_id);
    const lpxc_extension_reply *damage = o->x->extension(o->c, o->x->damage_id);
    if (!res || !res->present || !damage || !damage->present) {
        snprintf(error, size, "The X server lacks the %s extension, which the window and frame readiness need.",
                 !res || !res->present ? "X-Resource" : "DAMAGE");
        return -1;
    }
    o->damage_event = damage->first_event + LPXC_DAMAGE_NOTIFY;
    const lpxc_extension_reply *shape = o->x->shape_rectangles ? o->x->extension(o->c, o->x->shape_id) : NULL;
    o->shaped = shape && shape->present;
    free(o->x->res_version_reply(o->c, o->x->res_version(o->c, 1, 2), NULL));
    free(o->x->damage_version_reply(o->c, o->x->damage_version(o->c, 1, 1), NULL));
    return 0;
}

lp_xobserver *lp_xobserver_open(const char *display, int frames, int timeout_ms, char *error, size_t error_size) {
    const lpxc_library *x = lpxc_load(error, error_size);
    if (!x) return NULL;
    if (lp_xprobe(display, timeout_ms, error, error_size) != 0) return NULL;
    lp_xobserver *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->x = x;
    o->frames = frames;
    o->c = x->connect(display, NULL);
    if (x->has_error(o->c)) {
        snprintf(error, error_size, "The X display %s does not accept clients (xcb error %d).",
                 display ? display : "(DISPLAY)", x->has_error(o->c));
        lp_xobserver_close(o);
        return NULL;
    }
    lpxc_screen *screen = x->roots(x->get_setup(o->c)).data;
    o->root = screen->root;
    o->screen_width = screen->width_in_pixels;
    o->screen_height = screen->height_in_pixels;
    if (lp_xextensions(o, error, error_size) != 0) {
        lp_xobserver_close(o);
        return NULL;
    }
    uint32_t mask = LPXC_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
    x->change_attributes(o->c, o->root, LPXC_CW_EVENT_MASK, &mask);
    x->flush(o->c);
    return o;
}

int lp_xobserver_fd(lp_xobserver *o) { return o->x->get_fd(o->c); }

void lp_xobserver_keep_pictures(lp_xobserver *o, int keep) { o->keeps_picture = keep; }

const uint8_t *lp_xobserver_picture(lp_xobserver *o, int32_t *width, int32_t *height) {
    *width = o->picture_width;
    *height = o->picture_height;
    return o->picture;
}

void lp_xobserver_set_title_filter(lp_xobserver *o, lp_title_filter filter, void *context) {
    o->title_filter = filter;
    o->title_context = context;
    if (!filter || o->net_wm_name) return;
    lpxc_intern_atom_reply *name = o->x->intern_atom_reply(o->c, o->x->intern_atom(o->c, 0, 12, "_NET_WM_NAME"), NULL);
    lpxc_intern_atom_reply *utf8 = o->x->intern_atom_reply(o->c, o->x->intern_atom(o->c, 0, 11, "UTF8_STRING"), NULL);
    o->net_wm_name = name ? name->atom : 0;
    o->utf8_string = utf8 ? utf8->atom : 0;
    free(name);
    free(utf8);
}

const char *lp_xobserver_window_title(lp_xobserver *o) { return o->chosen_title; }

/// The window's title: _NET_WM_NAME (UTF-8), else WM_NAME; NULL when it has none.
static char *lp_xtitle(lp_xobserver *o, uint32_t window) {
    uint32_t properties[2] = {o->net_wm_name, LPXC_ATOM_WM_NAME};
    for (int i = 0; i < 2; i++) {
        if (!properties[i]) continue;
        lpxc_get_property_reply *reply = o->x->get_property_reply(
            o->c, o->x->get_property(o->c, 0, window, properties[i], 0, 0, 1024), NULL);
        if (!reply) continue;
        int length = reply->format == 8 ? o->x->property_value_length(reply) : 0;
        char *title = length > 0 ? strndup(o->x->property_value(reply), (size_t)length) : NULL;
        free(reply);
        if (title) return title;
    }
    return NULL;
}

/// Reads the window's title and whether it passes the filter; a window that passes once it
/// was shown (or drawn) counts from `now`.
static void lp_xretitle(lp_xobserver *o, lp_xwindow *w, lp_xmilestones *m, int64_t now) {
    if (!o->title_filter || w->titled) return;
    free(w->title);
    w->title = lp_xtitle(o, w->window);
    if (!w->title || !o->title_filter(o->title_context, w->title, strlen(w->title))) return;
    w->titled = 1;
    if (w->mapped && !m->mapped_ns) {
        m->mapped_ns = now;
        m->window_pid = w->pid;
        o->chosen_title = strdup(w->title);
    }
    if (w->drawn_ns && !m->drawn_ns) lp_xframe_drawn(o, w, now, m);
}

int lp_xobserver_set_older(lp_xobserver *o, const pid_t *pids, size_t count) {
    pid_t *copy = count ? malloc(count * sizeof *copy) : NULL;
    if (count && !copy) return -1;
    if (count) memcpy(copy, pids, count * sizeof *copy);
    free(o->older);
    o->older = copy;
    o->older_count = count;
    return 0;
}

/// A window of the launch was created: its pid, its place, and a DAMAGE object for its pixels.
static void lp_xcreated(lp_xobserver *o, const lpxc_create_notify *e, pid_t target, lp_xmilestones *m, int64_t now) {
    lp_xforget(o, e->window);
    lp_xwindow *w = lp_xadd(o, e->window);
    if (!w) return;
    w->pid = lp_xwindow_pid(o, e->window);
    w->ours = !e->override_redirect && w->pid > 0 && lp_is_launch_process(w->pid, target, o->older, o->older_count);
    w->on_root = e->parent == o->root;
    w->x = e->x + e->border_width;
    w->y = e->y + e->border_width;
    w->width = e->width;
    w->height = e->height;
    if (!w->ours) return;
    if (!m->created_ns) m->created_ns = now;
    w->titled = !o->title_filter;
    if (o->title_filter) {
        uint32_t mask = LPXC_EVENT_MASK_PROPERTY_CHANGE;
        o->x->change_attributes(o->c, w->window, LPXC_CW_EVENT_MASK, &mask);
        lp_xretitle(o, w, m, now);
    }
    if (!o->frames) return;
    w->damage = o->x->generate_id(o->c);
    o->x->damage_create(o->c, w->damage, w->window, LPXC_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES);
    o->x->flush(o->c);
}

/// A window of the launch was mapped: its time, and a look at its pixels as the map left them.
static void lp_xmapped(lp_xobserver *o, lp_xwindow *w, lp_xmilestones *m, int64_t now, unsigned int sequence) {
    if (w->mapped) return;
    w->mapped = 1;
    if (!m->mapped_ns && w->titled) {
        m->mapped_ns = now;
        m->window_pid = w->pid;
        if (w->title) o->chosen_title = strdup(w->title);
        w->map_sequence = sequence;
    }
    if (o->frames && !m->drawn_ns) lp_xframe_snapshot(o, w);
}

static void lp_xconfigured(lp_xobserver *o, const lpxc_configure_notify *e) {
    lp_xwindow *w = lp_xfind(o, e->window);
    if (!w) return;
    if (e->event == o->root) {
        w->x = e->x + e->border_width;
        w->y = e->y + e->border_width;
    }
    w->width = e->width;
    w->height = e->height;
}

static void lp_xevent(lp_xobserver *o, lpxc_event *event, pid_t pid, lp_xmilestones *m, int64_t now) {
    uint8_t type = event->response_type & 0x7f;
    if (type == LPXC_DESTROY_NOTIFY) {
        lp_xforget(o, ((lpxc_window_notify *)event)->window);
    } else if (type == LPXC_CREATE_NOTIFY) {
        lp_xcreated(o, (lpxc_create_notify *)event, pid, m, now);
    } else if (type == LPXC_MAP_NOTIFY) {
        // Only a window created in this launch counts: an id of an earlier launch's is not looked up.
        lp_xwindow *w = lp_xfind(o, ((lpxc_window_notify *)event)->window);
        if (w && w->ours) lp_xmapped(o, w, m, now, event->full_sequence);
    } else if (type == LPXC_UNMAP_NOTIFY) {
        lp_xwindow *w = lp_xfind(o, ((lpxc_window_notify *)event)->window);
        if (w && w->ours) lp_xframe_unmapped(o, w);
    } else if (type == LPXC_CONFIGURE_NOTIFY) {
        lp_xconfigured(o, (lpxc_configure_notify *)event);
    } else if (type == LPXC_REPARENT_NOTIFY) {
        // A window manager's frame: the window's own structure events tell when it is shown.
        lpxc_reparent_notify *e = (lpxc_reparent_notify *)event;
        lp_xwindow *w = lp_xfind(o, e->window);
        if (!w || !w->ours) return;
        w->on_root = e->parent == o->root;
        uint32_t mask = LPXC_EVENT_MASK_STRUCTURE_NOTIFY | (o->title_filter ? LPXC_EVENT_MASK_PROPERTY_CHANGE : 0);
        o->x->change_attributes(o->c, e->window, LPXC_CW_EVENT_MASK, &mask);
        o->x->flush(o->c);
    } else if (type == LPXC_PROPERTY_NOTIFY) {
        lpxc_property_notify *e = (lpxc_property_notify *)event;
        lp_xwindow *w = lp_xfind(o, e->window);
        int title = e->atom == LPXC_ATOM_WM_NAME || (o->net_wm_name && e->atom == o->net_wm_name);
        if (w && w->ours && title) lp_xretitle(o, w, m, now);
    } else if (type == o->damage_event && o->frames && !m->drawn_ns) {
        lp_xframe_damaged(o, (lpxc_damage_notify *)event, event->full_sequence, now, m);
    }
}

void lp_xobserver_drain(lp_xobserver *o, pid_t pid, lp_xmilestones *m) {
    lpxc_event *event;
    int64_t now = lp_xnow();
    while ((event = o->x->poll_queued(o->c))) {
        lp_xevent(o, event, pid, m, now);
        free(event);
    }
}

int lp_xobserver_service(lp_xobserver *o, pid_t pid, lp_xmilestones *m) {
    lpxc_event *event;
    while ((event = o->x->poll_event(o->c))) {
        int64_t now = lp_xnow();
        do {
            lp_xevent(o, event, pid, m, now);
            free(event);
        } while ((event = o->x->poll_queued(o->c)));
        if (o->frames && !m->drawn_ns) lp_xframe_collect(o, pid, m);
    }
    if (o->frames && !m->drawn_ns) lp_xframe_collect(o, pid, m);
    if (m->drawn_ns && !o->unwatched) lp_xframe_unwatch(o);
    return o->x->has_error(o->c) == 0;
}

void lp_xobserver_close(lp_xobserver *o) {
    if (!o) return;
    while (o->count) lp_xforget(o, o->windows[0].window);
    free(o->windows);
    free(o->checks);
    free(o->older);
    free(o->picture);
    free(o->chosen_title);
    if (o->c) o->x->disconnect(o->c);
    free(o);
}
