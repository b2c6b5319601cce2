// A first frame is the program's own pixels (lp_xobserver.h). When a window of the launch is
// mapped, the observer reads its pixels as the map left them: the server's background paint,
// or, for a window without a background, what it was drawn over. Every later DAMAGE report is
// held against that baseline by reading the damaged pixels: the first that differ are the
// program's first frame, at the time its report was read. A background paint, a clear to the
// same colour or a border never differs from it; a window that is never drawn never has one.
#define _GNU_SOURCE
#include "lp_xobserver.h"

#include <stdlib.h>
#include <string.h>

/// The visible part of `w`'s inside (clipped to the screen when its place is known), or 0.
static int lp_xvisible(lp_xobserver *o, lp_xwindow *w, int32_t *x, int32_t *y, int32_t *width, int32_t *height) {
    int32_t left = *x, top = *y, right = *x + *width, bottom = *y + *height;
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    if (right > w->width) right = w->width;
    if (bottom > w->height) bottom = w->height;
    if (w->on_root) {
        if (left < -w->x) left = -w->x;
        if (top < -w->y) top = -w->y;
        if (right > o->screen_width - w->x) right = o->screen_width - w->x;
        if (bottom > o->screen_height - w->y) bottom = o->screen_height - w->y;
    }
    if (right <= left || bottom <= top) return 0;
    *x = left, *y = top, *width = right - left, *height = bottom - top;
    return 1;
}

static void lp_xcheck_push(lp_xobserver *o, lp_xcheck check) {
    if (o->check_head == o->check_count) o->check_head = o->check_count = 0;
    if (o->check_count == o->check_capacity) {
        size_t capacity = o->check_capacity ? o->check_capacity * 2 : 64;
        lp_xcheck *grown = realloc(o->checks, capacity * sizeof *grown);
        if (!grown) return;
        o->checks = grown;
        o->check_capacity = capacity;
    }
    o->checks[o->check_count++] = check;
}

/// Asks for the pixels of `w` in the given rectangle (window coordinates).
static void lp_xask(lp_xobserver *o, lp_xwindow *w, int snapshot, int64_t now, int32_t x, int32_t y, int32_t width,
                    int32_t height) {
    if (!lp_xvisible(o, w, &x, &y, &width, &height)) return;
    lpxc_cookie cookie = o->x->get_image(o->c, LPXC_IMAGE_FORMAT_Z_PIXMAP, w->window, (int16_t)x, (int16_t)y,
                                         (uint16_t)width, (uint16_t)height, 0xffffffffu);
    o->x->flush(o->c);
    lp_xcheck_push(o, (lp_xcheck){cookie.sequence, w->window, snapshot, now, x, y, width, height});
    if (snapshot) w->state = 1;
}

void lp_xframe_snapshot(lp_xobserver *o, lp_xwindow *w) {
    w->damaged_before = 0;
    lp_xask(o, w, 1, lp_xnow(), 0, 0, w->width, w->height);
}

/// When the damage happened: the server's own time of its report (X servers stamp it with
/// CLOCK_MONOTONIC in milliseconds, as Xorg and Xvfb do), up to the end of that millisecond, when
/// it is consistent with `read_ns`, the time the runner read it (later when the runner waited
/// for a CPU); else `read_ns` (a server with another clock).
static int64_t lp_xdamage_time(uint32_t server_ms, int64_t read_ns) {
    int64_t read_ms = read_ns / 1000000;
    uint32_t behind = (uint32_t)read_ms - server_ms;
    if (behind > 10000) return read_ns;
    int64_t end_of_report = (read_ms - (int64_t)behind + 1) * 1000000;
    return end_of_report < read_ns ? end_of_report : read_ns;
}

void lp_xframe_damaged(lp_xobserver *o, const lpxc_damage_notify *e, int64_t read_ns) {
    lp_xwindow *w = lp_xfind(o, e->drawable);
    if (!w || !w->ours || !w->mapped) return;
    int64_t now = lp_xdamage_time(e->timestamp, read_ns);
    if (w->state == 1) {
        w->damaged_before = 1;
        w->last_damage_ns = now;
    } else if (w->state == 2) {
        lp_xask(o, w, 0, now, e->area.x, e->area.y, e->area.width, e->area.height);
    } else {
        // No baseline (the look after the map failed): this damage's pixels become it, and if
        // they are already a picture, this is the frame.
        lp_xask(o, w, 1, now, 0, 0, w->width, w->height);
        w->damaged_before = 1;
        w->last_damage_ns = now;
    }
}

void lp_xframe_drop(lp_xobserver *o, lp_xwindow *w) {
    (void)o;
    free(w->baseline);
    w->baseline = NULL;
    w->state = 0;
}

void lp_xframe_unmapped(lp_xobserver *o, lp_xwindow *w) {
    w->mapped = 0;
    lp_xframe_drop(o, w);
}

/// An image's layout: bytes per pixel and per row, from the server's pixmap format for `depth`.
static int lp_ximage_layout(lp_xobserver *o, uint8_t depth, int32_t width, uint8_t *bytes, uint32_t *stride) {
    const lpxc_setup *setup = o->x->get_setup(o->c);
    lpxc_format *formats = o->x->formats(setup);
    for (int i = 0; i < o->x->formats_length(setup); i++) {
        if (formats[i].depth != depth || formats[i].bits_per_pixel % 8) continue;
        uint32_t pad = formats[i].scanline_pad ? formats[i].scanline_pad : 32;
        uint32_t bits = (uint32_t)width * formats[i].bits_per_pixel;
        *bytes = formats[i].bits_per_pixel / 8;
        *stride = (bits + pad - 1) / pad * pad / 8;
        return 1;
    }
    return 0;
}

/// The pixel at `p` (`bytes` wide), its unused high bits (depth 24 in 32 bits) cleared.
static uint32_t lp_xpixel(const uint8_t *p, uint8_t bytes, uint8_t depth) {
    uint32_t value = 0;
    memcpy(&value, p, bytes < 4 ? bytes : 4);
    return depth < 32 ? value & ((1u << depth) - 1) : value;
}

typedef struct lp_ximage {
    const uint8_t *data;
    int32_t x, y, width, height;
    uint32_t stride;
    uint8_t bytes, depth;
} lp_ximage;

static int lp_ximage_read(lp_xobserver *o, const lpxc_get_image_reply *reply, const lp_xcheck *c, lp_ximage *image) {
    image->x = c->x, image->y = c->y, image->width = c->width, image->height = c->height;
    image->depth = reply->depth;
    image->data = o->x->image_data(reply);
    if (!lp_ximage_layout(o, reply->depth, c->width, &image->bytes, &image->stride)) return 0;
    return (size_t)o->x->image_data_length(reply) >= (size_t)image->stride * (size_t)c->height;
}

/// The baseline from the look after the map; 1 when it already holds a picture of the program's.
static int lp_xbaseline(lp_xwindow *w, const lp_ximage *image) {
    size_t size = (size_t)image->stride * (size_t)image->height;
    free(w->baseline);
    w->baseline = malloc(size ? size : 1);
    if (!w->baseline) return 0;
    memcpy(w->baseline, image->data, size);
    w->bx = image->x, w->by = image->y, w->bw = image->width, w->bh = image->height;
    w->stride = image->stride, w->bytes_per_pixel = image->bytes;
    w->fill = lp_xpixel(image->data, image->bytes, image->depth);
    w->uniform = 1;
    for (int32_t row = 0; row < image->height && w->uniform; row++)
        for (int32_t column = 0; column < image->width; column++)
            if (lp_xpixel(image->data + row * image->stride + column * image->bytes, image->bytes, image->depth) !=
                w->fill) {
                w->uniform = 0;
                break;
            }
    w->state = 2;
    // Damage before the look, and more than one colour: the program drew before it.
    return w->damaged_before && !w->uniform;
}

/// Whether the damaged pixels differ from the baseline (outside it, from its one colour).
static int lp_xdiffers(const lp_xwindow *w, const lp_ximage *image) {
    for (int32_t row = 0; row < image->height; row++) {
        int32_t y = image->y + row;
        for (int32_t column = 0; column < image->width; column++) {
            int32_t x = image->x + column;
            uint32_t now = lp_xpixel(image->data + row * image->stride + column * image->bytes, image->bytes,
                                     image->depth);
            int inside = x >= w->bx && x < w->bx + w->bw && y >= w->by && y < w->by + w->bh;
            if (!inside && !w->uniform) continue;
            uint32_t before = inside ? lp_xpixel(w->baseline + (y - w->by) * w->stride + (x - w->bx) * w->bytes_per_pixel,
                                                 w->bytes_per_pixel, image->depth)
                                     : w->fill;
            if (now != before) return 1;
        }
    }
    return 0;
}

/// Holds one reply against its window; the frame's time when the program drew, else 0.
static int64_t lp_xjudge(lp_xobserver *o, const lp_xcheck *c, const lpxc_get_image_reply *reply) {
    lp_xwindow *w = lp_xfind(o, c->window);
    if (!w || !w->mapped) return 0;
    lp_ximage image;
    if (!reply || !lp_ximage_read(o, reply, c, &image)) {
        if (c->snapshot) w->state = 0;
        return 0;
    }
    if (c->snapshot) return lp_xbaseline(w, &image) ? w->last_damage_ns : 0;
    if (w->state != 2 || !w->baseline) return 0;
    return lp_xdiffers(w, &image) ? c->time_ns : 0;
}

void lp_xframe_collect(lp_xobserver *o, lp_xmilestones *m) {
    while (o->check_head < o->check_count && !m->drawn_ns) {
        lp_xcheck *c = &o->checks[o->check_head];
        void *reply = NULL;
        lpxc_error *error = NULL;
        if (!o->x->poll_reply(o->c, c->sequence, &reply, &error)) return;
        o->check_head++;
        int64_t drawn = lp_xjudge(o, c, error ? NULL : reply);
        free(reply);
        free(error);
        // Never before the window was seen shown (the map was read after the damage's report).
        if (drawn) m->drawn_ns = drawn > m->mapped_ns ? drawn : m->mapped_ns;
    }
}

void lp_xframe_unwatch(lp_xobserver *o) {
    for (size_t i = 0; i < o->count; i++) {
        if (o->windows[i].damage) o->x->damage_destroy(o->c, o->windows[i].damage);
        o->windows[i].damage = 0;
        lp_xframe_drop(o, &o->windows[i]);
    }
    o->x->flush(o->c);
    o->unwatched = 1;
}
