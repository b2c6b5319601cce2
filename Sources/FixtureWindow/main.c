// A plain X11 client for the display tests, with the shapes of real programs' first frames.
// It creates a top-level window, maps it `--map-ms` after main, and draws into it (a filled
// rectangle with a smaller one of another colour inside: a picture, not one colour), then waits
// to be ended (SIGTERM), as a GUI program does. SIGTERM is held back until the times are
// written, so a runner that ends it at its first frame still finds them; then the signal mask it
// was started with is back (SIGTERM stays blocked for a parent that blocked it).
//
//   FixtureWindow [--map-ms N] [--draw-ms N] [--render-ms N] [--background RGB] [--never-draw]
//                 [--abort-ms N] [--hidden N] [--title TEXT] [--times FILE] [--frames N] [--exit]
//                 [--splash-ms N] [--at-once]
//
// --draw-ms N     sleeps N ms after the map, then draws (default 60).
// --render-ms N   instead, waits for the first Expose, then computes for N ms of CPU time in
//                 fixture_render_scene() and draws what it computed.
// --background    gives the window a background pixel (e.g. 0x808080): the server paints it at
//                 the map (the default is no background: the server paints nothing).
// --never-draw    maps the window and never draws; --abort-ms N then aborts N ms after the map.
// --hidden N      first creates N top-level windows it never maps (toolkits keep hidden ones).
// --frames N      draws N frames (each a round trip to the server); --exit ends after them.
// --splash-ms N   first shows a splash window titled "splash", drawn at once, for N ms; the
//                 window above (and the times) come after it.
// --at-once       creates, maps and draws its window in one write to the server, with no wait
//                 between: all of it is done before another client can have read of the window.
// FILE gets one line: "mapNs=<CLOCK_MONOTONIC at the map request> drawNs=<at the draw request>
// mappedNs=<after the map's round trip> drawnNs=<after the draw's round trip>": the server mapped
// the window between the first and third, and drew between the second and fourth.
// libxcb is loaded with dlopen and declared here, as launchprof's own observer does: the
// fixture needs no X header to build.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct conn conn;
typedef struct { unsigned int sequence; } cookie;
typedef struct { uint32_t root, colormap, white, black, masks; uint16_t w, h, wmm, hmm, minm, maxm;
                 uint32_t visual; uint8_t bs, su, depth, ndepths; } screen_t;
typedef struct { screen_t *data; int rem, index; } screen_iterator;
typedef struct { int16_t x, y; uint16_t width, height; } rectangle;
typedef struct { uint8_t response_type, pad; uint16_t sequence; uint32_t words[7]; uint32_t full; } event_t;

static struct {
    conn *(*connect)(const char *, int *);
    int (*has_error)(conn *);
    const void *(*get_setup)(conn *);
    screen_iterator (*roots)(const void *);
    uint32_t (*generate_id)(conn *);
    cookie (*create_window)(conn *, uint8_t, uint32_t, uint32_t, int16_t, int16_t, uint16_t, uint16_t, uint16_t,
                            uint16_t, uint32_t, uint32_t, const void *);
    cookie (*map_window)(conn *, uint32_t);
    int (*flush)(conn *);
    cookie (*create_gc)(conn *, uint32_t, uint32_t, uint32_t, const void *);
    cookie (*change_gc)(conn *, uint32_t, uint32_t, const void *);
    cookie (*fill)(conn *, uint32_t, uint32_t, uint32_t, const rectangle *);
    cookie (*change_property)(conn *, uint8_t, uint32_t, uint32_t, uint32_t, uint8_t, uint32_t, const void *);
    cookie (*get_input_focus)(conn *);
    void *(*get_input_focus_reply)(conn *, cookie, void **);
    event_t *(*wait_for_event)(conn *);
} x;

enum { COPY_FROM_PARENT = 0, INPUT_OUTPUT = 1, CW_BACK_PIXEL = 2, CW_EVENT_MASK = 2048, EXPOSURE = 32768,
       EXPOSE = 12, GC_FOREGROUND = 4, ATOM_WM_NAME = 39, ATOM_STRING = 31 };

typedef struct options {
    long map_ms, draw_ms, render_ms, abort_ms, frames, hidden, splash_ms;
    long background;
    int never_draw, exit_after, at_once;
    const char *times, *title;
} options;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void sleep_until(long long deadline) {
    struct timespec t = {deadline / 1000000000LL, deadline % 1000000000LL};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0) {}
}

static long long cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// The scene's colour, computed with `ms` of the CPU's time (the render a profile should name,
/// whatever else the machine runs).
__attribute__((noinline)) uint32_t fixture_render_scene(long ms) {
    long long end = cpu_ns() + ms * 1000000LL;
    volatile uint64_t state = 88172645463325252ULL;
    while (cpu_ns() < end)
        for (int i = 0; i < 200000; i++) state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return 0xe0a030u | (uint32_t)(state & 0);
}

static int load(void) {
    void *lib = dlopen("libxcb.so.1", RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "FixtureWindow: %s\n", dlerror());
        return -1;
    }
#define SYM(field, name) if (!(*(void **)&x.field = dlsym(lib, name))) return -1;
    SYM(connect, "xcb_connect") SYM(has_error, "xcb_connection_has_error") SYM(get_setup, "xcb_get_setup")
    SYM(roots, "xcb_setup_roots_iterator") SYM(generate_id, "xcb_generate_id") SYM(create_window, "xcb_create_window")
    SYM(map_window, "xcb_map_window") SYM(flush, "xcb_flush") SYM(create_gc, "xcb_create_gc")
    SYM(change_gc, "xcb_change_gc") SYM(fill, "xcb_poly_fill_rectangle") SYM(change_property, "xcb_change_property")
    SYM(get_input_focus, "xcb_get_input_focus") SYM(get_input_focus_reply, "xcb_get_input_focus_reply")
    SYM(wait_for_event, "xcb_wait_for_event")
#undef SYM
    return 0;
}

static options parse(int argc, char **argv) {
    options o = {.map_ms = 30, .draw_ms = 60, .render_ms = -1, .abort_ms = -1, .frames = 1, .background = -1,
                 .splash_ms = -1};
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "0";
        if (!strcmp(argv[i], "--exit")) o.exit_after = 1;
        else if (!strcmp(argv[i], "--never-draw")) o.never_draw = 1;
        else if (!strcmp(argv[i], "--at-once")) o.at_once = 1;
        else if (!strcmp(argv[i], "--frames")) o.frames = atol(value), i++;
        else if (!strcmp(argv[i], "--map-ms")) o.map_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--draw-ms")) o.draw_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--render-ms")) o.render_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--abort-ms")) o.abort_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--hidden")) o.hidden = atol(value), i++;
        else if (!strcmp(argv[i], "--splash-ms")) o.splash_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--background")) o.background = strtol(value, NULL, 0), i++;
        else if (!strcmp(argv[i], "--title")) o.title = value, i++;
        else if (!strcmp(argv[i], "--times")) o.times = value, i++;
    }
    return o;
}

static uint32_t make_window(conn *c, screen_t *screen, const options *o, int16_t offset) {
    uint32_t window = x.generate_id(c);
    uint32_t values[2], mask = CW_EVENT_MASK;
    int n = 0;
    if (o->background >= 0) mask |= CW_BACK_PIXEL, values[n++] = (uint32_t)o->background;
    values[n++] = EXPOSURE;
    x.create_window(c, COPY_FROM_PARENT, window, screen->root, offset, offset, 320, 200, 0, INPUT_OUTPUT,
                    screen->visual, mask, values);
    return window;
}

/// Draws one frame: the window filled, a smaller rectangle of `inner` in it, then a round trip.
static void draw(conn *c, uint32_t window, uint32_t gc, uint32_t inner) {
    rectangle all = {0, 0, 320, 200}, middle = {80, 50, 160, 100};
    uint32_t outer = 0x3070c0;
    x.change_gc(c, gc, GC_FOREGROUND, &outer);
    x.fill(c, window, gc, 1, &all);
    x.change_gc(c, gc, GC_FOREGROUND, &inner);
    x.fill(c, window, gc, 1, &middle);
    free(x.get_input_focus_reply(c, x.get_input_focus(c), NULL));
}

/// A splash window titled "splash", shown and drawn at once, kept for `ms` milliseconds.
static void show_splash(conn *c, screen_t *screen, const options *o, long ms) {
    uint32_t splash = make_window(c, screen, o, 60);
    x.change_property(c, 0, splash, ATOM_WM_NAME, ATOM_STRING, 8, 6, "splash");
    uint32_t gc = x.generate_id(c);
    x.create_gc(c, gc, splash, 0, NULL);
    x.map_window(c, splash);
    long long shown = now_ns();
    draw(c, splash, gc, 0x20c040);
    sleep_until(shown + ms * 1000000LL);
}

static void wait_for_expose(conn *c) {
    event_t *event;
    while ((event = x.wait_for_event(c))) {
        int expose = (event->response_type & 0x7f) == EXPOSE;
        free(event);
        if (expose) return;
    }
}

static void write_times(const options *o, const long long times[4]) {
    if (!o->times) return;
    FILE *file = fopen(o->times, "w");
    if (!file) return;
    fprintf(file, "mapNs=%lld drawNs=%lld mappedNs=%lld drawnNs=%lld\n", times[0], times[1], times[2], times[3]);
    fclose(file);
}

int main(int argc, char **argv) {
    long long start = now_ns();
    sigset_t term, inherited;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(SIG_BLOCK, &term, &inherited);
    options o = parse(argc, argv);
    if (load() != 0) return 2;
    conn *c = x.connect(NULL, NULL);
    if (x.has_error(c)) {
        fprintf(stderr, "FixtureWindow: cannot connect to the X display %s\n", getenv("DISPLAY"));
        return 2;
    }
    screen_t *screen = x.roots(x.get_setup(c)).data;
    if (o.splash_ms >= 0) {
        show_splash(c, screen, &o, o.splash_ms);
        start = now_ns();
    }
    for (long i = 0; i < o.hidden; i++) make_window(c, screen, &o, (int16_t)(i % 50));
    uint32_t window = make_window(c, screen, &o, 0);
    if (o.title) x.change_property(c, 0, window, ATOM_WM_NAME, ATOM_STRING, 8, (uint32_t)strlen(o.title), o.title);
    uint32_t gc = x.generate_id(c);
    x.create_gc(c, gc, window, 0, NULL);
    if (o.at_once) {
        long long map_ns = now_ns();
        x.map_window(c, window);
        draw(c, window, gc, 0xe0a030);
        long long times[4] = {map_ns, map_ns, map_ns, now_ns()};
        write_times(&o, times);
        sigprocmask(SIG_SETMASK, &inherited, NULL);
        for (;;) pause();
    }
    x.flush(c);
    sleep_until(start + o.map_ms * 1000000LL);
    long long map_ns = now_ns(), draw_ns = 0;
    x.map_window(c, window);
    free(x.get_input_focus_reply(c, x.get_input_focus(c), NULL));
    long long mapped_ns = now_ns();
    if (o.never_draw && o.abort_ms >= 0) {
        sleep_until(map_ns + o.abort_ms * 1000000LL);
        abort();
    }
    if (!o.never_draw) {
        uint32_t inner = 0xe0a030;
        if (o.render_ms >= 0) {
            wait_for_expose(c);
            inner = fixture_render_scene(o.render_ms);
        } else {
            sleep_until(map_ns + o.draw_ms * 1000000LL);
        }
        draw_ns = now_ns();
        for (long frame = 0; frame < o.frames; frame++) draw(c, window, gc, inner);
    }
    long long times[4] = {map_ns, draw_ns, mapped_ns, now_ns()};
    write_times(&o, times);
    if (o.exit_after) return 0;
    sigprocmask(SIG_SETMASK, &inherited, NULL);
    for (;;) pause();
}
