// The Wayland proxy's reading of the wire protocol (lp_wlproxy.h): in what passes through it,
// the objects it needs to know (registry, compositor, surfaces, xdg surfaces and toplevels, frame
// callbacks, presentation feedbacks, buffers), and from them the milestones: a client's first
// connection, the first configure of a toplevel (whose title passes the filter, when there is
// one), and the compositor's answer to the first commit with a buffer on that toplevel's surface.
#define _GNU_SOURCE
#include "lp_wlproxy.h"
#include "lp_server_time.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int64_t lp_wl_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// Sets a milestone once, at `when` (CLOCK_MONOTONIC ns), and wakes the runner.
static void lp_wl_mark_at(lp_wlproxy *p, _Atomic int64_t *milestone, int64_t when) {
    int64_t none = 0;
    if (atomic_compare_exchange_strong(milestone, &none, when)) {
        uint64_t one = 1;
        ssize_t ignored = write(p->notify, &one, sizeof one);
        (void)ignored;
    }
}

/// Sets a milestone once, now.
void lp_wl_mark(lp_wlproxy *p, _Atomic int64_t *milestone) { lp_wl_mark_at(p, milestone, lp_wl_now()); }

/// A presentation feedback's time (its clock is CLOCK_MONOTONIC on wlroots and weston), when it
/// is consistent with `now`; else `now`.
static int64_t lp_wl_presented_time(const uint32_t *args, int64_t now) {
    int64_t when = (int64_t)(((uint64_t)args[0] << 32) | args[1]) * 1000000000LL + args[2];
    return when <= now && now - when <= 10000000000LL ? when : now;
}

static lp_wl_object *lp_wl_object_at(lp_wl_connection *c, uint32_t id) {
    return id > 0 && id < LP_WL_IDS ? &c->objects[id] : NULL;
}

static void lp_wl_new(lp_wl_connection *c, uint32_t id, uint8_t kind, uint32_t surface) {
    lp_wl_object *o = lp_wl_object_at(c, id);
    if (o) *o = (lp_wl_object){.kind = kind, .surface = surface};
}

/// wl_registry.bind(name, interface, version, new_id): the globals the proxy follows.
static void lp_wl_bind(lp_wl_connection *c, const uint32_t *args, size_t words) {
    if (words < 2) return;
    uint32_t length = args[1];
    size_t string_words = (length + 3) / 4;
    if (words < 2 + string_words + 2 || length == 0) return;
    const char *interface = (const char *)&args[2];
    uint32_t id = args[2 + string_words + 1];
    if (strncmp(interface, "wl_compositor", length) == 0) lp_wl_new(c, id, LP_WL_COMPOSITOR, 0);
    else if (strncmp(interface, "xdg_wm_base", length) == 0) lp_wl_new(c, id, LP_WL_WM_BASE, 0);
    else if (strncmp(interface, "wp_presentation", length) == 0) lp_wl_new(c, id, LP_WL_PRESENTATION, 0);
    else lp_wl_new(c, id, LP_WL_NONE, 0);
}

/// A commit of a toplevel's surface with a buffer attached: its frame callbacks and feedbacks
/// requested since the last commit are the frame's, and so is the compositor's release of that
/// buffer (for a client that asks for neither, as SDL's software renderer does: the compositor
/// has taken the pixels, at most one refresh before it shows them).
static void lp_wl_commit(lp_wl_connection *c, uint32_t surface_id, lp_wl_object *surface) {
    if (!surface->attached) return;
    surface->attached = 0;
    if (!surface->toplevel) return;
    lp_wl_object *buffer = lp_wl_object_at(c, surface->buffer);
    if (buffer && buffer->kind == LP_WL_NONE) *buffer = (lp_wl_object){.kind = LP_WL_BUFFER_OBJECT, .armed = 1};
    for (uint32_t id = 1; id < LP_WL_IDS; id++) {
        lp_wl_object *o = &c->objects[id];
        if ((o->kind == LP_WL_FRAME_CALLBACK || o->kind == LP_WL_FEEDBACK) && o->surface == surface_id) o->armed = 1;
    }
}

/// A surface's toplevel (or its xdg surface) was destroyed: the surface shows nothing until a
/// toplevel is made for it again, and no answer to its earlier commits is a frame (SDL 2.26 does
/// this when the compositor refuses to decorate its window, and then draws into the bare surface).
static void lp_wl_unrole(lp_wl_connection *c, uint32_t surface_id) {
    lp_wl_object *surface = lp_wl_object_at(c, surface_id);
    if (surface) surface->toplevel = 0;
    for (uint32_t id = 1; id < LP_WL_IDS; id++) {
        lp_wl_object *o = &c->objects[id];
        if ((o->kind == LP_WL_FRAME_CALLBACK || o->kind == LP_WL_FEEDBACK) && o->surface == surface_id) o->armed = 0;
        if (o->kind == LP_WL_BUFFER_OBJECT && surface && id == surface->buffer) o->armed = 0;
    }
}

static void lp_wl_surface_request(lp_wl_connection *c, uint32_t id, lp_wl_object *o, uint16_t opcode,
                                  const uint32_t *args, size_t words) {
    if (opcode == 1 && words >= 1) o->attached = args[0] != 0, o->buffer = args[0];  // attach(buffer, x, y)
    else if (opcode == 3 && words >= 1) lp_wl_new(c, args[0], LP_WL_FRAME_CALLBACK, id);  // frame
    else if (opcode == 6) lp_wl_commit(c, id, o);  // commit
}

/// xdg_toplevel.set_title(string): a toplevel whose title passes the filter is the launch's
/// window from now on (configured already: from now).
static void lp_wl_set_title(lp_wlproxy *p, lp_wl_connection *c, lp_wl_object *o, const uint32_t *args, size_t words) {
    if (!p->title_filter || o->titled || words < 1) return;
    uint32_t length = args[0];
    if (length == 0 || words < 1 + (length + 3) / 4) return;
    const char *title = (const char *)&args[1];
    size_t size = strnlen(title, length);
    if (!p->title_filter(p->title_context, title, size)) return;
    o->titled = 1;
    lp_wl_object *surface = lp_wl_object_at(c, o->surface);
    if (surface) surface->toplevel = 1;
    if (atomic_load(&p->configured_ns)) return;
    if (!p->title[0]) snprintf(p->title, sizeof p->title, "%.*s", (int)size, title);
    if (o->configured) lp_wl_mark(p, &p->configured_ns);
}

/// One request from the client.
static void lp_wl_request(lp_wlproxy *p, lp_wl_connection *c, uint32_t id, uint16_t opcode, const uint32_t *args,
                          size_t words) {
    lp_wl_object *o = lp_wl_object_at(c, id);
    if (id == 1) {
        if (opcode == 1 && words >= 1) lp_wl_new(c, args[0], LP_WL_REGISTRY, 0);  // get_registry
        else if (opcode == 0 && words >= 1) lp_wl_new(c, args[0], LP_WL_NONE, 0);  // sync
        return;
    }
    if (!o) return;
    switch (o->kind) {
    case LP_WL_REGISTRY:
        if (opcode == 0) lp_wl_bind(c, args, words);
        break;
    case LP_WL_COMPOSITOR:
        if (opcode == 0 && words >= 1) lp_wl_new(c, args[0], LP_WL_SURFACE, 0);  // create_surface
        break;
    case LP_WL_WM_BASE:
        if (opcode == 2 && words >= 2) lp_wl_new(c, args[0], LP_WL_XDG_SURFACE, args[1]);  // get_xdg_surface
        break;
    case LP_WL_XDG_SURFACE:
        if (opcode == 0) lp_wl_unrole(c, o->surface);  // destroy
        if (opcode == 1 && words >= 1) {  // get_toplevel
            lp_wl_new(c, args[0], LP_WL_TOPLEVEL, o->surface);
            lp_wl_object *toplevel = lp_wl_object_at(c, args[0]);
            lp_wl_object *surface = lp_wl_object_at(c, o->surface);
            if (toplevel) toplevel->titled = p->title_filter == NULL;
            if (surface) surface->toplevel = p->title_filter == NULL;
        }
        break;
    case LP_WL_TOPLEVEL:
        if (opcode == 0) lp_wl_unrole(c, o->surface);  // destroy
        if (opcode == 2) lp_wl_set_title(p, c, o, args, words);  // set_title(string)
        break;
    case LP_WL_SURFACE: lp_wl_surface_request(c, id, o, opcode, args, words); break;
    case LP_WL_PRESENTATION:
        if (opcode == 1 && words >= 2) lp_wl_new(c, args[1], LP_WL_FEEDBACK, args[0]);  // feedback(surface, id)
        break;
    default: break;
    }
}

/// The compositor configured a toplevel: the launch's window, when its title passed (or no
/// filter asks for one).
static void lp_wl_configured(lp_wlproxy *p, lp_wl_object *o) {
    o->configured = 1;
    if (o->titled) lp_wl_mark(p, &p->configured_ns);
}

/// One event from the compositor.
static void lp_wl_event(lp_wlproxy *p, lp_wl_connection *c, uint32_t id, uint16_t opcode, const uint32_t *args,
                        size_t words) {
    if (id == 1) {
        if (opcode == 1 && words >= 1) lp_wl_new(c, args[0], LP_WL_NONE, 0);  // delete_id
        return;
    }
    lp_wl_object *o = lp_wl_object_at(c, id);
    if (!o) return;
    if (o->kind == LP_WL_TOPLEVEL && opcode == 0) lp_wl_configured(p, o);  // configure
    else if (o->kind == LP_WL_FRAME_CALLBACK && opcode == 0 && o->armed && words >= 1)  // done(time)
        lp_wl_mark_at(p, &p->framed_ns, lp_server_time(args[0], lp_wl_now()));
    else if (o->kind == LP_WL_FEEDBACK && opcode == 1 && o->armed && words >= 3)  // presented(sec, sec, nsec, …)
        lp_wl_mark_at(p, &p->framed_ns, lp_wl_presented_time(args, lp_wl_now()));
    else if (o->kind == LP_WL_BUFFER_OBJECT && opcode == 0 && o->armed) lp_wl_mark(p, &p->framed_ns);  // release
}

void lp_wl_parse(lp_wlproxy *p, lp_wl_connection *c, lp_wl_stream *stream, const uint8_t *bytes, size_t n,
                        int from_client) {
    if (stream->used + n > sizeof stream->bytes) stream->used = 0;  // lost track: start again
    if (n > sizeof stream->bytes) return;
    memcpy(stream->bytes + stream->used, bytes, n);
    stream->used += n;
    size_t offset = 0;
    while (stream->used - offset >= 8) {
        uint32_t header[2];
        memcpy(header, stream->bytes + offset, 8);
        uint32_t size = header[1] >> 16;
        if (size < 8) {
            stream->used = offset = 0;
            break;
        }
        if (stream->used - offset < size) break;
        uint32_t args[LP_WL_BUFFER / 4];
        size_t words = (size - 8) / 4;
        memcpy(args, stream->bytes + offset + 8, words * 4);
        if (from_client) lp_wl_request(p, c, header[0], (uint16_t)(header[1] & 0xffff), args, words);
        else lp_wl_event(p, c, header[0], (uint16_t)(header[1] & 0xffff), args, words);
        offset += size;
    }
    memmove(stream->bytes, stream->bytes + offset, stream->used - offset);
    stream->used -= offset;
}


/// Whether one more read (its bytes and descriptors) fits in `q`.
