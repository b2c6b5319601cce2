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
    /// Whether it is a window the launch waits for: its title matches the filter (always without one).
    uint8_t titled;
    /// Its title (_NET_WM_NAME, else WM_NAME), when a filter asks for it.
    char *title;
    /// When its own first picture was seen (0: not yet).
    int64_t drawn_ns;
    uint32_t damage;
    /// Its inside's place on the root window (when `on_root`) and size.
    int32_t x, y;
    uint16_t width, height;
    /// 0: no look at its pixels yet; 1: the look after its map is on its way; 2: `baseline` holds it.
    int state;
    /// A copy of its pixels: as the map left them, updated by every check's reply.
    uint8_t *baseline;
    /// What it was drawn over (no colour of its own), when nothing was drawn before the map's look.
    uint8_t *beneath;
    /// Which of its pixels are inside its shape (1), or NULL for all (an unshaped window).
    uint8_t *mask;
    /// Its latest damage reports: the sequence number each came after, and its time.
    struct {
        unsigned int sequence;
        int64_t ns;
    } recent[64];
    unsigned int recent_count;
    /// The sequence number its MapNotify came after, while a damage of the same request may still
    /// date the map by the server's clock (0 once done).
    unsigned int map_sequence;
    /// The sequence number of its latest check that showed no change (its pixels then were clean).
    unsigned int clean_sequence;
    int32_t bx, by, bw, bh;
    uint32_t stride;
    uint8_t bytes_per_pixel, depth;
} lp_xwindow;

/// What a check asks the server for.
typedef enum lp_xcheck_kind {
    /// The pixels of a damaged part.
    LP_XCHECK_DAMAGE,
    /// The window's pixels as its map left them.
    LP_XCHECK_MAP,
    /// The window's shape, asked for just before the map's look.
    LP_XCHECK_SHAPE,
} lp_xcheck_kind;

/// A request whose reply is awaited: a look at pixels (GetImage) or the window's shape.
/// Its pixels hold every drawing the server did before it, so a difference it shows is dated by
/// the latest damage of its window the server reported before it (`latest_damage_ns`; 0: none),
/// known from each damage event's sequence number.
typedef struct lp_xcheck {
    unsigned int sequence;
    uint32_t window;
    lp_xcheck_kind kind;
    int64_t latest_damage_ns;
    int32_t x, y, width, height;
} lp_xcheck;

struct lp_xobserver {
    const lpxc_library *x;
    lpxc_connection *c;
    uint32_t root;
    uint16_t screen_width, screen_height;
    uint8_t damage_event;
    int frames, unwatched, shaped;
    lp_xwindow *windows;
    size_t count, capacity;
    lp_xcheck *checks;
    size_t check_head, check_count, check_capacity;
    /// launchprof's children from before the launch (its display server's keeper): a window of
    /// an orphan below one of them is not the launch's.
    pid_t *older;
    size_t older_count;
    /// The first frame's picture, 8-bit RGB rows, once seen (lp_xframe_keep_picture).
    uint8_t *picture;
    int32_t picture_width, picture_height;
    /// Whether the first frame's picture is kept (lp_xobserver_keep_pictures).
    int keeps_picture;
    /// The filter of the windows' titles (lp_xobserver_set_title_filter), or NULL: every window.
    lp_title_filter title_filter;
    void *title_context;
    uint32_t net_wm_name, utf8_string;
    /// The title of the window the milestones are of, when a filter chose it.
    char *chosen_title;
};

int64_t lp_xnow(void);
lp_xwindow *lp_xfind(lp_xobserver *o, uint32_t window);

/// A window the launch waits for (`titled`) has its first picture: the frame, at `drawn` (never
/// before the window was shown).
void lp_xframe_drawn(lp_xobserver *o, lp_xwindow *w, int64_t drawn, lp_xmilestones *m);

/// Asks for the pixels of a window just mapped (the baseline later damage is compared with).
void lp_xframe_snapshot(lp_xobserver *o, lp_xwindow *w);
/// A DAMAGE report read at `read_ns`, after the server processed the observer's request
/// `sequence`: it dates the checks the server had not yet processed, and the damaged part's
/// pixels are asked for, to be compared with the baseline.
void lp_xframe_damaged(
    lp_xobserver *o, const lpxc_damage_notify *e, unsigned int sequence, int64_t read_ns, lp_xmilestones *m);
/// A window of the launch was unmapped before its first frame: its baseline goes.
void lp_xframe_unmapped(lp_xobserver *o, lp_xwindow *w);
/// Reads the replies that arrived, in order; sets `drawn_ns` at the first pixels the program drew.
/// Before a reply is judged, the events read with it are handled (through lp_xobserver_drain):
/// a damage that came before the reply on the wire must date it.
void lp_xframe_collect(lp_xobserver *o, pid_t pid, lp_xmilestones *m);
/// Handles the events already read from the connection (none is read from the socket).
void lp_xobserver_drain(lp_xobserver *o, pid_t pid, lp_xmilestones *m);
/// Keeps the pixels of `w`, whose first frame was just seen, as the observer's picture (8-bit
/// RGB, scaled down to at most LP_XPICTURE_MAX_SIDE pixels a side): the whole window read again
/// (one round trip, after the frame's time was taken), else the copy the checks kept.
void lp_xframe_keep_picture(lp_xobserver *o, lp_xwindow *w);
/// The first frame is seen: the DAMAGE objects, baselines and checks go.
void lp_xframe_unwatch(lp_xobserver *o);
/// A window is forgotten: its baseline goes.
void lp_xframe_drop(lp_xobserver *o, lp_xwindow *w);

#endif
