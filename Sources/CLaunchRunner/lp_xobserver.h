// The X11 observer's state, shared by lp_xobserver.c (events, windows) and lp_xframe.c (pixels).
#ifndef LP_XOBSERVER_H
#define LP_XOBSERVER_H

#include "lp_display.h"
#include "lp_xcb.h"

#include <time.h>

/// One top-level window created during the launch.
typedef struct lp_xwindow {
    uint32_t window;
    int32_t pid;
    uint8_t ours, mapped, on_root;
    uint32_t damage;
    /// Its inside's place on the root window (when `on_root`) and size.
    int32_t x, y;
    uint16_t width, height;
    /// 0: no look at its pixels yet; 1: the look after its map is on its way; 2: `baseline` holds it.
    int state;
    /// Damage reported before that look's reply, and when the last of it was read.
    int damaged_before;
    int64_t last_damage_ns;
    /// Its pixels as the map left them (the server's background, or what it was drawn over).
    uint8_t *baseline;
    int32_t bx, by, bw, bh;
    uint32_t stride, fill;
    uint8_t bytes_per_pixel, uniform;
} lp_xwindow;

/// A GetImage request whose reply is awaited: the look after a map (`snapshot`) or at a damage.
typedef struct lp_xcheck {
    unsigned int sequence;
    uint32_t window;
    int snapshot;
    int64_t time_ns;
    int32_t x, y, width, height;
} lp_xcheck;

struct lp_xobserver {
    const lpxc_library *x;
    lpxc_connection *c;
    uint32_t root;
    uint16_t screen_width, screen_height;
    uint8_t damage_event;
    int frames, unwatched;
    lp_xwindow *windows;
    size_t count, capacity;
    lp_xcheck *checks;
    size_t check_head, check_count, check_capacity;
};

int64_t lp_xnow(void);
lp_xwindow *lp_xfind(lp_xobserver *o, uint32_t window);

/// Asks for the pixels of a window just mapped (the baseline later damage is compared with).
void lp_xframe_snapshot(lp_xobserver *o, lp_xwindow *w);
/// A DAMAGE report read at `read_ns`: the damaged part's pixels are asked for, to be compared
/// with the baseline.
void lp_xframe_damaged(lp_xobserver *o, const lpxc_damage_notify *e, int64_t read_ns);
/// A window of the launch was unmapped before its first frame: its baseline goes.
void lp_xframe_unmapped(lp_xobserver *o, lp_xwindow *w);
/// Reads the replies that arrived, in order; sets `drawn_ns` at the first pixels the program drew.
void lp_xframe_collect(lp_xobserver *o, lp_xmilestones *m);
/// The first frame is seen: the DAMAGE objects, baselines and checks go.
void lp_xframe_unwatch(lp_xobserver *o);
/// A window is forgotten: its baseline goes.
void lp_xframe_drop(lp_xobserver *o, lp_xwindow *w);

#endif
