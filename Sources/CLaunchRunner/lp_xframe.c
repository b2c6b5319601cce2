// A first frame is the program's own picture (lp_xobserver.h): the first time a window of the
// launch shows two colours of its own. When the window is mapped, the observer reads its pixels
// as the map left them (the server's background paint, or for a window without a background,
// what it was drawn over, which is then no colour of the window's); every later DAMAGE report's
// pixels are read into that copy. A background paint, a clear or a fill of one colour, however
// drawn, is no picture; a window that is never drawn never has one. The frame is dated by the
// damage reports (lp_xchange_time), in the server's clock where it has it.
#define _GNU_SOURCE
#include "lp_xobserver.h"
#include "lp_server_time.h"

#include <poll.h>
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

/// Asks for the pixels of `w` in the given rectangle (window coordinates), dated `damage_ns`.
static void lp_xask(lp_xobserver *o, lp_xwindow *w, lp_xcheck_kind kind, int64_t damage_ns, int32_t x, int32_t y,
                    int32_t width, int32_t height) {
    if (!lp_xvisible(o, w, &x, &y, &width, &height)) return;
    lpxc_cookie cookie = o->x->get_image(o->c, LPXC_IMAGE_FORMAT_Z_PIXMAP, w->window, (int16_t)x, (int16_t)y,
                                         (uint16_t)width, (uint16_t)height, 0xffffffffu);
    o->x->flush(o->c);
    lp_xcheck_push(o, (lp_xcheck){cookie.sequence, w->window, kind, damage_ns, x, y, width, height});
    if (kind == LP_XCHECK_MAP) w->state = 1;
}

void lp_xframe_snapshot(lp_xobserver *o, lp_xwindow *w) {
    w->recent_count = 0;
    if (o->shaped) {
        lpxc_cookie cookie = o->x->shape_rectangles(o->c, w->window, LPXC_SHAPE_SK_BOUNDING);
        lp_xcheck_push(o, (lp_xcheck){cookie.sequence, w->window, LP_XCHECK_SHAPE, 0, 0, 0, w->width, w->height});
    }
    lp_xask(o, w, LP_XCHECK_MAP, 0, 0, 0, w->width, w->height);
}

/// The shape's rectangles (window coordinates, its border's included) as a mask of the inside;
/// none when it covers the whole window.
static void lp_xshape(lp_xobserver *o, lp_xwindow *w, const lpxc_shape_get_rectangles_reply *reply) {
    free(w->mask);
    w->mask = NULL;
    const lpxc_rectangle *rectangles = o->x->shape_rectangles_data(reply);
    int count = o->x->shape_rectangles_length(reply);
    if (count == 1 && rectangles[0].x <= 0 && rectangles[0].y <= 0 &&
        rectangles[0].x + rectangles[0].width >= w->width && rectangles[0].y + rectangles[0].height >= w->height)
        return;
    w->mask = calloc((size_t)w->width * w->height + 1, 1);
    for (int i = 0; w->mask && i < count; i++)
        for (int32_t y = rectangles[i].y; y < rectangles[i].y + rectangles[i].height; y++)
            for (int32_t x = rectangles[i].x; x < rectangles[i].x + rectangles[i].width; x++)
                if (x >= 0 && y >= 0 && x < w->width && y < w->height) w->mask[(size_t)y * w->width + (size_t)x] = 1;
}

/// Whether the pixel at (x, y) is inside the window's shape.
static int lp_xinside(const lp_xwindow *w, int32_t x, int32_t y) {
    if (!w->mask) return 1;
    return x >= 0 && y >= 0 && x < w->width && y < w->height && w->mask[(size_t)y * w->width + (size_t)x];
}

void lp_xframe_damaged(
    lp_xobserver *o, const lpxc_damage_notify *e, unsigned int sequence, int64_t read_ns, lp_xmilestones *m) {
    lp_xwindow *w = lp_xfind(o, e->drawable);
    if (!w || !w->ours || !w->mapped) return;
    int64_t now = lp_server_time(e->timestamp, read_ns);
    // A damage the server made before processing another request of the observer's than the map
    // did (its background paint, or a drawing right after): the map was no later than its time,
    // whenever the runner read it.
    if (w->map_sequence && sequence == w->map_sequence && now < m->mapped_ns) m->mapped_ns = now;
    w->map_sequence = 0;
    unsigned int slot = w->recent_count++ % (sizeof w->recent / sizeof w->recent[0]);
    w->recent[slot].sequence = sequence;
    w->recent[slot].ns = now;
    // The checks of this window the server processed after this damage show its pixels.
    for (size_t i = o->check_head; i < o->check_count; i++) {
        lp_xcheck *c = &o->checks[i];
        if (c->window == w->window && (int32_t)(c->sequence - sequence) > 0 && now > c->latest_damage_ns)
            c->latest_damage_ns = now;
    }
    if (w->state == 2) {
        lp_xask(o, w, LP_XCHECK_DAMAGE, now, e->area.x, e->area.y, e->area.width, e->area.height);
    } else if (w->state == 0) {
        // No baseline (the look after the map failed): this damage's pixels become it, and if
        // they are already a picture, this is the frame.
        lp_xask(o, w, LP_XCHECK_MAP, now, 0, 0, w->width, w->height);
    }
}

void lp_xframe_drop(lp_xobserver *o, lp_xwindow *w) {
    (void)o;
    free(w->baseline);
    free(w->beneath);
    free(w->mask);
    w->baseline = NULL;
    w->beneath = NULL;
    w->mask = NULL;
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

/// The pixel of the window's copy at (x, y) (inside the copy).
static uint32_t lp_xcopy_pixel(const lp_xwindow *w, const uint8_t *pixels, int32_t x, int32_t y) {
    return lp_xpixel(pixels + (size_t)(y - w->by) * w->stride + (size_t)(x - w->bx) * w->bytes_per_pixel,
                     w->bytes_per_pixel, w->depth);
}

/// Whether the window's copy shows two colours of its own: pixels inside its shape other than
/// what was beneath it (known when nothing was drawn before the look after the map).
static int lp_xpicture(const lp_xwindow *w) {
    uint32_t first = 0;
    int seen = 0;
    for (int32_t y = w->by; y < w->by + w->bh; y++)
        for (int32_t x = w->bx; x < w->bx + w->bw; x++) {
            if (!lp_xinside(w, x, y)) continue;
            uint32_t pixel = lp_xcopy_pixel(w, w->baseline, x, y);
            if (w->beneath && pixel == lp_xcopy_pixel(w, w->beneath, x, y)) continue;
            if (!seen) first = pixel, seen = 1;
            else if (pixel != first) return 1;
        }
    return 0;
}

/// The window's copy from the look after the map. When no damage came before it, the pixels
/// are what the window was drawn over (no background), kept as `beneath`. Returns 1 when it
/// already shows a picture (the program drew before the look).
static int lp_xbaseline(lp_xwindow *w, const lp_ximage *image, int damaged) {
    size_t size = (size_t)image->stride * (size_t)image->height;
    free(w->baseline);
    free(w->beneath);
    w->baseline = malloc(size ? size : 1);
    w->beneath = damaged ? NULL : malloc(size ? size : 1);
    if (!w->baseline || (!damaged && !w->beneath)) return 0;
    memcpy(w->baseline, image->data, size);
    if (w->beneath) memcpy(w->beneath, image->data, size);
    w->bx = image->x, w->by = image->y, w->bw = image->width, w->bh = image->height;
    w->stride = image->stride, w->bytes_per_pixel = image->bytes, w->depth = image->depth;
    w->state = 2;
    return lp_xpicture(w);
}

/// Copies a check's pixels into the window's copy; whether any changed.
static int lp_xupdate(lp_xwindow *w, const lp_ximage *image) {
    int changed = 0;
    for (int32_t row = 0; row < image->height; row++) {
        int32_t y = image->y + row;
        if (y < w->by || y >= w->by + w->bh) continue;
        for (int32_t column = 0; column < image->width; column++) {
            int32_t x = image->x + column;
            if (x < w->bx || x >= w->bx + w->bw) continue;
            const uint8_t *from = image->data + (size_t)row * image->stride + (size_t)column * image->bytes;
            uint8_t *to = w->baseline + (size_t)(y - w->by) * w->stride + (size_t)(x - w->bx) * w->bytes_per_pixel;
            if (memcmp(from, to, w->bytes_per_pixel)) memcpy(to, from, w->bytes_per_pixel), changed = 1;
        }
    }
    return changed;
}

/// The time of a change a check showed: its window's earliest damage reported after its last
/// clean check and before this one (the first drawing the clean pixels did not hold), else the
/// latest before this one.
static int64_t lp_xchange_time(const lp_xwindow *w, const lp_xcheck *c) {
    int64_t earliest = 0;
    unsigned int kept = w->recent_count < 64 ? w->recent_count : 64;
    for (unsigned int i = 0; i < kept; i++) {
        unsigned int sequence = w->recent[i].sequence;
        int after_clean = (int32_t)(sequence - w->clean_sequence) >= 0;
        int before_check = (int32_t)(c->sequence - sequence) > 0;
        if (after_clean && before_check && (!earliest || w->recent[i].ns < earliest)) earliest = w->recent[i].ns;
    }
    return earliest ? earliest : c->latest_damage_ns;
}

/// Holds one reply against its window; the frame's time when the program drew, else 0.
static int64_t lp_xjudge(lp_xobserver *o, const lp_xcheck *c, const void *reply) {
    lp_xwindow *w = lp_xfind(o, c->window);
    if (!w || !w->mapped) return 0;
    if (c->kind == LP_XCHECK_SHAPE) {
        if (reply) lp_xshape(o, w, reply);
        return 0;
    }
    lp_ximage image;
    if (!reply || !lp_ximage_read(o, reply, c, &image)) {
        if (c->kind == LP_XCHECK_MAP) w->state = 0;
        return 0;
    }
    if (c->kind == LP_XCHECK_MAP) {
        if (lp_xbaseline(w, &image, c->latest_damage_ns != 0)) return c->latest_damage_ns;
        w->clean_sequence = c->sequence;
        return 0;
    }
    if (w->state != 2 || !w->baseline) return 0;
    if (lp_xupdate(w, &image) && lp_xpicture(w)) return lp_xchange_time(w, c);
    w->clean_sequence = c->sequence;
    return 0;
}

void lp_xframe_collect(lp_xobserver *o, pid_t pid, lp_xmilestones *m) {
    while (o->check_head < o->check_count && !m->drawn_ns) {
        void *reply = NULL;
        lpxc_error *error = NULL;
        if (!o->x->poll_reply(o->c, o->checks[o->check_head].sequence, &reply, &error)) return;
        // Reading the reply may have read events that came before it (a damage it must be dated
        // by): they are handled first. They may ask for more checks (the array may move).
        lp_xobserver_drain(o, pid, m);
        lp_xcheck *c = &o->checks[o->check_head++];
        int64_t drawn = m->drawn_ns ? 0 : lp_xjudge(o, c, error ? NULL : reply);
        free(reply);
        free(error);
        lp_xwindow *w = drawn ? lp_xfind(o, c->window) : NULL;
        if (!w || w->drawn_ns) continue;
        w->drawn_ns = drawn;
        if (w->titled) lp_xframe_drawn(o, w, drawn, m);
    }
}

void lp_xframe_drawn(lp_xobserver *o, lp_xwindow *w, int64_t drawn, lp_xmilestones *m) {
    // Never before the window was seen shown (the map was read after the damage's report).
    m->drawn_ns = drawn > m->mapped_ns ? drawn : m->mapped_ns;
    if (w->baseline && o->keeps_picture) lp_xframe_keep_picture(o, w);
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

/// The 8-bit red, green and blue of a pixel of `depth` (TrueColor: 24 and 32 bits as 0xRRGGBB
/// below any alpha, 16 bits as 5-6-5, 15 as 5-5-5; grey levels otherwise).
static void lp_xrgb(uint32_t pixel, uint8_t depth, uint8_t *rgb) {
    if (depth >= 24) {
        rgb[0] = (uint8_t)(pixel >> 16), rgb[1] = (uint8_t)(pixel >> 8), rgb[2] = (uint8_t)pixel;
    } else if (depth == 16) {
        rgb[0] = (uint8_t)((pixel >> 11 & 31) * 255 / 31), rgb[1] = (uint8_t)((pixel >> 5 & 63) * 255 / 63);
        rgb[2] = (uint8_t)((pixel & 31) * 255 / 31);
    } else if (depth == 15) {
        rgb[0] = (uint8_t)((pixel >> 10 & 31) * 255 / 31), rgb[1] = (uint8_t)((pixel >> 5 & 31) * 255 / 31);
        rgb[2] = (uint8_t)((pixel & 31) * 255 / 31);
    } else {
        uint8_t level = depth ? (uint8_t)(pixel * 255 / ((1u << depth) - 1)) : 0;
        rgb[0] = rgb[1] = rgb[2] = level;
    }
}

/// Keeps `image` (its pixels of `depth`, `bytes` each, rows of `stride`) as the picture, every
/// `step`-th pixel so that no side exceeds LP_XPICTURE_MAX_SIDE.
static void lp_xkeep_pixels(lp_xobserver *o, const uint8_t *data, int32_t full_width, int32_t full_height,
                            uint32_t stride, uint8_t bytes, uint8_t depth) {
    int32_t side = full_width > full_height ? full_width : full_height;
    int32_t step = (side + LP_XPICTURE_MAX_SIDE - 1) / LP_XPICTURE_MAX_SIDE;
    int32_t width = (full_width + step - 1) / step, height = (full_height + step - 1) / step;
    uint8_t *rgb = malloc((size_t)width * (size_t)height * 3);
    if (!rgb) return;
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++) {
            const uint8_t *p = data + (size_t)(y * step) * stride + (size_t)(x * step) * bytes;
            lp_xrgb(lp_xpixel(p, bytes, depth), depth, rgb + ((size_t)y * (size_t)width + (size_t)x) * 3);
        }
    o->picture = rgb;
    o->picture_width = width;
    o->picture_height = height;
}

void lp_xframe_keep_picture(lp_xobserver *o, lp_xwindow *w) {
    if (o->picture || w->bw <= 0 || w->bh <= 0) return;
    // The whole window as the server has it now (the frame's check saw only its damaged part),
    // waited for at most 250 ms; else the copy the checks kept.
    lp_xcheck whole = {0, w->window, LP_XCHECK_DAMAGE, 0, w->bx, w->by, w->bw, w->bh};
    lpxc_cookie cookie = o->x->get_image(o->c, LPXC_IMAGE_FORMAT_Z_PIXMAP, w->window, (int16_t)w->bx,
                                         (int16_t)w->by, (uint16_t)w->bw, (uint16_t)w->bh, 0xffffffffu);
    o->x->flush(o->c);
    void *reply = NULL;
    lpxc_error *error = NULL;
    int64_t deadline = lp_xnow() + 250000000LL;
    while (!o->x->poll_reply(o->c, cookie.sequence, &reply, &error) && !o->x->has_error(o->c) &&
           lp_xnow() < deadline) {
        struct pollfd slot = {o->x->get_fd(o->c), POLLIN, 0};
        poll(&slot, 1, 10);
    }
    lp_ximage image;
    if (reply && !error && lp_ximage_read(o, reply, &whole, &image)) {
        lp_xkeep_pixels(o, image.data, image.width, image.height, image.stride, image.bytes, image.depth);
    } else {
        lp_xkeep_pixels(o, w->baseline, w->bw, w->bh, w->stride, w->bytes_per_pixel, w->depth);
    }
    free(reply);
    free(error);
}
