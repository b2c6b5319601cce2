// The screen as a person sees it, for the tests that hold launchprof's first windows and frames
// against it. It starts an Xvfb of its own with `-fbdir DIR` (1024x768, 24 bits) and watches it
// from outside launchprof: the screen file DIR/Xvfb_screen0 (an XWD image the server draws into)
// mapped and compared every millisecond, and, as an X client of its own, the MapNotify of every
// top-level window, at real-time priority where it may (root). The root window is painted
// #123456, a colour no program here draws, so that a program's black is seen as drawing. SIGTERM
// or SIGINT ends it and its Xvfb (which dies with it in any case).
//
//   ScreenWatch DIR OUT_FILE [--realtime-server]
//
// OUT_FILE gets "display :N", then "<ns> ready", then a line per change (CLOCK_MONOTONIC ns first):
//   <ns> screen <pixels> <colours> <rgb>  the screen changed: <pixels> not of the root's colour,
//                                     <colours> the most distinct colours inside one shown
//                                     top-level window (inside its border; at most 3 counted,
//                                     the root's left out), <rgb> the first of them
//   <ns> map <window>                 a top-level window was mapped (read as the event came)
// The pointer's sprite, drawn into the screen at its centre, is left out (a 64-pixel square).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct conn conn;
typedef struct { unsigned int sequence; } cookie;
typedef struct { uint8_t response_type, pad; uint16_t sequence; uint32_t event, window; uint8_t o, p[3];
                 uint32_t rest[4]; uint32_t full; } event_t;
typedef struct { uint32_t root; } screen_t;
typedef struct { screen_t *data; int rem, index; } screen_iterator;

static volatile sig_atomic_t stop;
static void on_signal(int signal) { (void)signal; stop = 1; }

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

typedef struct screen_file {
    const uint8_t *pixels;
    uint32_t width, height, stride, bytes;
} screen_file;

static int open_screen(const char *path, screen_file *s) {
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return -1;
    const uint8_t *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) return -1;
    uint32_t header[25];
    memcpy(header, map, sizeof header);
    for (int i = 0; i < 25; i++) header[i] = ntohl(header[i]);
    s->width = header[4], s->height = header[5], s->bytes = header[11] / 8, s->stride = header[12];
    s->pixels = map + header[0] + header[19] * 12;
    return s->bytes == 4 ? 0 : -1;
}

enum { ROOT_COLOUR = 0x123456 };

static int in_sprite(const screen_file *s, uint32_t x, uint32_t y) {
    uint32_t cx = s->width / 2, cy = s->height / 2;
    return x + 32 > cx && x < cx + 32 && y + 32 > cy && y < cy + 32;
}

/// The inside of a shown top-level window (its border left out: a border and a background are
/// two colours, and no picture), in screen coordinates.
typedef struct { uint32_t window; int32_t x, y, width, height; } shown_window;
static shown_window shown[256];
static int shown_count;

/// The distinct colours (at most 3, the root's and the sprite's left out) inside `w`; the first
/// in `first`.
static int colours_inside(const screen_file *s, const uint8_t *pixels, const shown_window *w, uint32_t *first) {
    uint32_t colours[3];
    int count = 0;
    for (int32_t y = w->y < 0 ? 0 : w->y; y < w->y + w->height && y < (int32_t)s->height && count < 3; y++)
        for (int32_t x = w->x < 0 ? 0 : w->x; x < w->x + w->width && x < (int32_t)s->width && count < 3; x++) {
            if (in_sprite(s, (uint32_t)x, (uint32_t)y)) continue;
            uint32_t p = *(const uint32_t *)(pixels + (size_t)y * s->stride + (size_t)x * 4) & 0xffffff;
            if (p == ROOT_COLOUR) continue;
            int seen = 0;
            for (int i = 0; i < count; i++) seen |= colours[i] == p;
            if (!seen) colours[count++] = p;
        }
    *first = count ? colours[0] : 0;
    return count;
}

/// Writes a line when the screen differs from `last` (which then becomes it), or when `force`.
/// Rows all of the root's colour are skipped with memcmp: a change is read and classified within
/// a millisecond.
static void look(const screen_file *s, uint8_t *last, const uint8_t *root, FILE *out, int force) {
    size_t size = (size_t)s->stride * s->height;
    if (!force && !memcmp(last, s->pixels, size)) return;
    long long when = now_ns();
    memcpy(last, s->pixels, size);
    long pixels = 0;
    for (uint32_t y = 0; y < s->height; y++) {
        const uint8_t *row = last + (size_t)y * s->stride;
        if (!memcmp(row, root, (size_t)s->width * 4)) continue;
        for (uint32_t x = 0; x < s->width; x++) {
            if ((*(const uint32_t *)(row + x * 4) & 0xffffff) == ROOT_COLOUR || in_sprite(s, x, y)) continue;
            pixels++;
        }
    }
    int count = 0;
    uint32_t colour = 0;
    for (int i = 0; pixels && i < shown_count; i++) {
        uint32_t first;
        int inside = colours_inside(s, last, &shown[i], &first);
        if (inside > count) count = inside, colour = first;
    }
    fprintf(out, "%lld screen %ld %d %06x\n", when, pixels, count, colour);
    fflush(out);
}

static struct {
    conn *(*connect)(const char *, int *);
    int (*has_error)(conn *);
    const void *(*get_setup)(conn *);
    screen_iterator (*roots)(const void *);
    cookie (*change_attributes)(conn *, uint32_t, uint32_t, const void *);
    int (*flush)(conn *);
    int (*get_fd)(conn *);
    event_t *(*poll_event)(conn *);
    cookie (*clear_area)(conn *, uint8_t, uint32_t, int16_t, int16_t, uint16_t, uint16_t);
    cookie (*get_geometry)(conn *, uint32_t);
    uint8_t *(*get_geometry_reply)(conn *, cookie, void **);
} x;

static conn *watch_maps(const char *display) {
    void *lib = dlopen("libxcb.so.1", RTLD_NOW);
    if (!lib) return NULL;
    *(void **)&x.connect = dlsym(lib, "xcb_connect");
    *(void **)&x.has_error = dlsym(lib, "xcb_connection_has_error");
    *(void **)&x.get_setup = dlsym(lib, "xcb_get_setup");
    *(void **)&x.roots = dlsym(lib, "xcb_setup_roots_iterator");
    *(void **)&x.change_attributes = dlsym(lib, "xcb_change_window_attributes");
    *(void **)&x.flush = dlsym(lib, "xcb_flush");
    *(void **)&x.get_fd = dlsym(lib, "xcb_get_file_descriptor");
    *(void **)&x.poll_event = dlsym(lib, "xcb_poll_for_event");
    *(void **)&x.clear_area = dlsym(lib, "xcb_clear_area");
    *(void **)&x.get_geometry = dlsym(lib, "xcb_get_geometry");
    *(void **)&x.get_geometry_reply = dlsym(lib, "xcb_get_geometry_reply");
    conn *c = x.connect(display, NULL);
    if (x.has_error(c)) return NULL;
    uint32_t root = x.roots(x.get_setup(c)).data->root;
    uint32_t background = ROOT_COLOUR, mask = 524288;  // BackPixel; SubstructureNotify
    x.change_attributes(c, root, 2, &background);
    x.clear_area(c, 0, root, 0, 0, 0, 0);
    x.change_attributes(c, root, 2048, &mask);
    x.flush(c);
    return c;
}

/// Forgets a shown window (unmapped or destroyed).
static void hide(uint32_t window) {
    for (int i = 0; i < shown_count; i++)
        if (shown[i].window == window) shown[i--] = shown[--shown_count];
}

/// A window mapped on the root: its inside, from its geometry (a round trip).
static void show(conn *c, uint32_t window) {
    uint8_t *reply = x.get_geometry_reply(c, x.get_geometry(c, window), NULL);
    if (!reply) return;
    int16_t wx, wy;
    uint16_t width, height, border;
    memcpy(&wx, reply + 12, 2), memcpy(&wy, reply + 14, 2), memcpy(&width, reply + 16, 2);
    memcpy(&height, reply + 18, 2), memcpy(&border, reply + 20, 2);
    free(reply);
    hide(window);
    if (shown_count < (int)(sizeof shown / sizeof shown[0]))
        shown[shown_count++] = (shown_window){window, wx + border, wy + border, width, height};
}

/// A shown window moved or was resized (ConfigureNotify: x, y, width, height, border at 16..25).
static void reconfigure(const event_t *event) {
    const uint8_t *raw = (const uint8_t *)event;
    for (int i = 0; i < shown_count; i++) {
        if (shown[i].window != event->window) continue;
        int16_t wx, wy;
        uint16_t width, height, border;
        memcpy(&wx, raw + 16, 2), memcpy(&wy, raw + 18, 2), memcpy(&width, raw + 20, 2);
        memcpy(&height, raw + 22, 2), memcpy(&border, raw + 24, 2);
        shown[i] = (shown_window){event->window, wx + border, wy + border, width, height};
    }
}

/// Logs each top-level window's map and follows the shown windows; whether any was mapped.
static int read_maps(conn *c, FILE *out) {
    event_t *event;
    int mapped = 0;
    while ((event = x.poll_event(c))) {
        uint8_t type = event->response_type & 0x7f;
        if (type == 19 && !event->o) {
            fprintf(out, "%lld map 0x%x\n", now_ns(), event->window);
            fflush(out);
            show(c, event->window);
            mapped = 1;
        } else if (type == 18 || type == 17) {
            hide(event->window);
        } else if (type == 22) {
            reconfigure(event);
        }
        free(event);
    }
    return mapped;
}

/// Starts Xvfb with its screen in `folder`; its pid, and its display number in `display`.
static pid_t start_server(const char *folder, char *display, size_t size, int realtime) {
    int ends[2];
    if (pipe(ends) != 0) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        // With --realtime-server, where allowed (root), the server draws at real-time priority too:
        // on a busy machine a normal server is preempted in the middle of copying a large frame,
        // whose pixels then reach the screen over tens of milliseconds (the first of them long
        // before the server, which reports damage after drawing, has finished the frame).
        struct sched_param priority = {.sched_priority = 1};
        if (realtime) (void)sched_setscheduler(0, SCHED_FIFO, &priority);
        close(ends[0]);
        char fd[16];
        snprintf(fd, sizeof fd, "%d", ends[1]);
        execl("/usr/bin/Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", "1024x768x24", "-fbdir", folder,
              "-nolisten", "tcp", "-noreset", (char *)NULL);
        _exit(127);
    }
    close(ends[1]);
    // Read to the newline; the pipe stays open (the server writes the number and the newline
    // apart, and stops if the second write fails).
    char number[32] = {0};
    size_t used = 0;
    while (used < sizeof number - 1 && !strchr(number, '\n')) {
        ssize_t n = read(ends[0], number + used, sizeof number - 1 - used);
        if (n <= 0) return -1;
        used += (size_t)n;
    }
    number[strcspn(number, "\n")] = 0;
    snprintf(display, size, ":%s", number);
    return pid;
}

int main(int argc, char **argv) {
    int realtime = argc == 4 && !strcmp(argv[3], "--realtime-server");
    if (argc != 3 && !realtime) {
        fprintf(stderr, "usage: ScreenWatch DIR OUT_FILE [--realtime-server]\n");
        return 2;
    }
    // A parent may have left them blocked (Foundation's Process does).
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigprocmask(SIG_UNBLOCK, &stops, NULL);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    // Ends with the test that started it (it runs at real-time priority: never left behind).
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    char display[64], screen_path[4096];
    pid_t server = start_server(argv[1], display, sizeof display, realtime);
    snprintf(screen_path, sizeof screen_path, "%s/Xvfb_screen0", argv[1]);
    // Its readings are the truth: where allowed (root), no other process delays them.
    struct sched_param priority = {.sched_priority = 1};
    if (sched_setscheduler(0, SCHED_FIFO, &priority) != 0) (void)!nice(-10);
    screen_file s;
    conn *c = server > 0 ? watch_maps(display) : NULL;
    FILE *out = fopen(argv[2], "w");
    if (!c || !out || open_screen(screen_path, &s) != 0) {
        fprintf(stderr, "ScreenWatch: cannot start Xvfb, watch %s or write %s\n", screen_path, argv[2]);
        if (server > 0) kill(server, SIGTERM);
        return 2;
    }
    uint8_t *last = calloc((size_t)s.stride * s.height, 1), *root = malloc(s.stride);
    for (uint32_t i = 0; i < s.width; i++) ((uint32_t *)root)[i] = ROOT_COLOUR;
    fprintf(out, "display %s\n%lld ready\n", display, now_ns());
    fflush(out);
    while (!stop) {
        struct pollfd slot = {x.get_fd(c), POLLIN, 0};
        struct timespec pause = {0, 1000000};
        ppoll(&slot, 1, &pause, NULL);
        // A window's map is read before the screen is: its inside is known when its pixels are
        // classified, and a picture drawn before the map was read is classified again.
        int mapped = read_maps(c, out);
        look(&s, last, root, out, mapped);
        if (waitpid(server, NULL, WNOHANG) == server) {  // the server is gone: nothing more to see
            server = -1;
            break;
        }
    }
    fclose(out);
    if (server > 0) {
        kill(server, SIGTERM);
        waitpid(server, NULL, 0);
    }
    return 0;
}
