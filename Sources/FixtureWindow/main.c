// A plain X11 client for the display tests: it maps a top-level window 30 ms after main (with no
// background, so the server draws nothing into it), draws into it 60 ms after the map, writes
// the times it measured of itself, then waits to be ended (SIGTERM), as a GUI program does.
// SIGTERM is held back until the times are written, so a runner that ends it at its first frame
// still finds them.
//
//   FixtureWindow [--map-ms N] [--draw-ms N] [--times FILE] [--frames N] [--exit]
//
// --frames N draws N frames (each a filled rectangle and a round trip to the server) instead of
// one; --exit ends the program after them instead of waiting (for the observer's benchmark).
// FILE gets one line: "mapNs=<CLOCK_MONOTONIC at the map request> drawNs=<at the draw request>".
// libxcb is loaded with dlopen, as launchprof's own observer loads it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if __has_include(<xcb/xcb.h>)
#include <xcb/xcb.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void sleep_until(long long deadline) {
    struct timespec t = {deadline / 1000000000LL, deadline % 1000000000LL};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0) {}
}

#define SYM(name) typeof(name) *p_##name = (typeof(name) *)dlsym(lib, #name)

int main(int argc, char **argv) {
    long long start = now_ns();
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(SIG_BLOCK, &term, NULL);
    long map_ms = 30, draw_ms = 60;
    const char *times = NULL;
    long frames = 1;
    int exit_after = 0;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "0";
        if (!strcmp(argv[i], "--exit")) exit_after = 1;
        else if (!strcmp(argv[i], "--frames")) frames = atol(value), i++;
        else if (!strcmp(argv[i], "--map-ms")) map_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--draw-ms")) draw_ms = atol(value), i++;
        else if (!strcmp(argv[i], "--times")) times = value, i++;
    }
    void *lib = dlopen("libxcb.so.1", RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "FixtureWindow: %s\n", dlerror());
        return 2;
    }
    SYM(xcb_connect); SYM(xcb_connection_has_error); SYM(xcb_get_setup); SYM(xcb_setup_roots_iterator);
    SYM(xcb_generate_id); SYM(xcb_create_window); SYM(xcb_map_window); SYM(xcb_flush); SYM(xcb_create_gc);
    SYM(xcb_poly_fill_rectangle); SYM(xcb_get_input_focus); SYM(xcb_get_input_focus_reply);
    xcb_connection_t *c = p_xcb_connect(NULL, NULL);
    if (p_xcb_connection_has_error(c)) {
        fprintf(stderr, "FixtureWindow: cannot connect to the X display %s\n", getenv("DISPLAY"));
        return 2;
    }
    xcb_screen_t *screen = p_xcb_setup_roots_iterator(p_xcb_get_setup(c)).data;
    xcb_window_t window = p_xcb_generate_id(c);
    uint32_t values[] = {XCB_BACK_PIXMAP_NONE, XCB_EVENT_MASK_EXPOSURE};
    p_xcb_create_window(c, XCB_COPY_FROM_PARENT, window, screen->root, 0, 0, 320, 200, 0,
                        XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXMAP | XCB_CW_EVENT_MASK,
                        values);
    xcb_gcontext_t gc = p_xcb_generate_id(c);
    uint32_t foreground = 0x3070c0;
    p_xcb_create_gc(c, gc, window, XCB_GC_FOREGROUND, &foreground);
    p_xcb_flush(c);
    sleep_until(start + map_ms * 1000000LL);
    long long map_ns = now_ns();
    p_xcb_map_window(c, window);
    p_xcb_flush(c);
    sleep_until(map_ns + draw_ms * 1000000LL);
    long long draw_ns = now_ns();
    xcb_rectangle_t all = {0, 0, 320, 200};
    for (long frame = 0; frame < frames; frame++) {
        p_xcb_poly_fill_rectangle(c, window, gc, 1, &all);
        // A round trip: the server has drawn the frame when the reply comes.
        free(p_xcb_get_input_focus_reply(c, p_xcb_get_input_focus(c), NULL));
    }
    if (times) {
        FILE *file = fopen(times, "w");
        if (file) {
            fprintf(file, "mapNs=%lld drawNs=%lld\n", map_ns, draw_ns);
            fclose(file);
        }
    }
    if (exit_after) return 0;
    sigprocmask(SIG_UNBLOCK, &term, NULL);
    for (;;) pause();
}
#else
int main(void) {
    fprintf(stderr, "FixtureWindow: built without <xcb/xcb.h> (libxcb1-dev)\n");
    return 2;
}
#endif
