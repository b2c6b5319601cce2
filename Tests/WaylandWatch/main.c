// The output of a Wayland compositor as a person sees it, for the tests that hold launchprof's
// Wayland first frames against it. It starts cage's headless backend (wlroots, as launchprof's
// `--display wayland` does; as root, as the user `nobody`) with its socket in DIR, and watches
// its output from outside launchprof as a client of its own: wlroots' screencopy protocol
// (zwlr_screencopy_manager_v1, `copy_with_damage`) hands it every composited frame of the output
// that changed, with the time the compositor rendered it. libwayland-client is loaded with dlopen
// and the screencopy interfaces are declared here, so no -dev package is needed to build it.
//
//   WaylandWatch DIR OUT_FILE
//
// OUT_FILE gets "socket DIR/wayland-0", then "<ns> ready", then a line per changed frame:
//   <ns> screen <pixels> <colours> <rgb>  the output's frame rendered at <ns> (CLOCK_MONOTONIC,
//                                     the compositor's own time of the frame): <pixels> not of
//                                     the empty output's colour, <colours> their distinct colours
//                                     (at most 3 counted), <rgb> the first of them
// The compositor's own output goes to OUT_FILE.compositor. SIGTERM or SIGINT ends it and its
// compositor (which dies with it in any case).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct wl_interface;
typedef struct wl_message {
    const char *name, *signature;
    const struct wl_interface **types;
} wl_message;
typedef struct wl_interface {
    const char *name;
    int version, method_count;
    const wl_message *methods;
    int event_count;
    const wl_message *events;
} wl_interface;
typedef struct wl_proxy wl_proxy;

static struct {
    wl_proxy *(*connect)(const char *);
    int (*roundtrip)(wl_proxy *);
    int (*dispatch)(wl_proxy *);
    int (*flush)(wl_proxy *);
    wl_proxy *(*marshal)(wl_proxy *, uint32_t, const wl_interface *, uint32_t, uint32_t, ...);
    int (*add_listener)(wl_proxy *, void (**)(void), void *);
    void (*destroy)(wl_proxy *);
    int (*get_fd)(wl_proxy *);
    int (*dispatch_pending)(wl_proxy *);
    int (*prepare_read)(wl_proxy *);
    int (*read_events)(wl_proxy *);
    void (*cancel_read)(wl_proxy *);
    const wl_interface *registry, *output, *shm, *pool, *buffer;
} wl;

static int load(void) {
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW);
    if (!lib) return -1;
    *(void **)&wl.connect = dlsym(lib, "wl_display_connect");
    *(void **)&wl.roundtrip = dlsym(lib, "wl_display_roundtrip");
    *(void **)&wl.dispatch = dlsym(lib, "wl_display_dispatch");
    *(void **)&wl.flush = dlsym(lib, "wl_display_flush");
    *(void **)&wl.marshal = dlsym(lib, "wl_proxy_marshal_flags");
    *(void **)&wl.add_listener = dlsym(lib, "wl_proxy_add_listener");
    *(void **)&wl.destroy = dlsym(lib, "wl_proxy_destroy");
    *(void **)&wl.get_fd = dlsym(lib, "wl_display_get_fd");
    *(void **)&wl.dispatch_pending = dlsym(lib, "wl_display_dispatch_pending");
    *(void **)&wl.prepare_read = dlsym(lib, "wl_display_prepare_read");
    *(void **)&wl.read_events = dlsym(lib, "wl_display_read_events");
    *(void **)&wl.cancel_read = dlsym(lib, "wl_display_cancel_read");
    wl.registry = dlsym(lib, "wl_registry_interface");
    wl.output = dlsym(lib, "wl_output_interface");
    wl.shm = dlsym(lib, "wl_shm_interface");
    wl.pool = dlsym(lib, "wl_shm_pool_interface");
    wl.buffer = dlsym(lib, "wl_buffer_interface");
    return wl.connect && wl.marshal && wl.add_listener && wl.prepare_read && wl.registry && wl.output && wl.buffer
               ? 0
               : -1;
}

// wlr-screencopy-unstable-v1, version 2 (copy_with_damage), as its XML declares it.
static const wl_interface frame_interface;
static const wl_interface *capture_types[3], *copy_types[1];
static const wl_message manager_requests[] = {{"capture_output", "nio", capture_types}};
static const wl_interface manager_interface = {"zwlr_screencopy_manager_v1", 2, 1, manager_requests, 0, NULL};
static const wl_interface *no_types[5];
static const wl_message frame_requests[] = {{"copy", "o", copy_types}, {"destroy", "", no_types},
                                            {"copy_with_damage", "2o", copy_types}};
static const wl_message frame_events[] = {{"buffer", "uuuu", no_types}, {"flags", "u", no_types},
                                          {"ready", "uuu", no_types},   {"failed", "", no_types},
                                          {"damage", "2uuuu", no_types}};
static const wl_interface frame_interface = {"zwlr_screencopy_frame_v1", 2, 3, frame_requests, 5, frame_events};

typedef struct watch {
    wl_proxy *display, *output, *shm, *manager, *frame, *buffer;
    uint8_t *pixels;
    uint32_t width, height, stride, format, empty;
    int have_empty, failed, done;
    long long ready_ns;
    FILE *out;
} watch;

static volatile sig_atomic_t stop;
static void on_signal(int signal) { (void)signal; stop = 1; }

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void on_global(void *data, wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    watch *w = data;
    if (!strcmp(interface, "wl_output") && !w->output)
        w->output = wl.marshal(registry, 0, wl.output, 1, 0, name, "wl_output", 1, NULL);
    else if (!strcmp(interface, "wl_shm"))
        w->shm = wl.marshal(registry, 0, wl.shm, 1, 0, name, "wl_shm", 1, NULL);
    else if (!strcmp(interface, manager_interface.name) && version >= 2)
        w->manager = wl.marshal(registry, 0, &manager_interface, 2, 0, name, manager_interface.name, 2, NULL);
}
static void on_global_remove(void *data, wl_proxy *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

/// The shared-memory buffer the frames are copied into, made at the first frame's size.
static int make_buffer(watch *w) {
    size_t size = (size_t)w->stride * w->height;
    int fd = memfd_create("wayland-watch", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)size) != 0) return -1;
    w->pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (w->pixels == MAP_FAILED) return -1;
    wl_proxy *pool = wl.marshal(w->shm, 0, wl.pool, 1, 0, NULL, fd, (int32_t)size);
    w->buffer = wl.marshal(pool, 0, wl.buffer, 1, 0, NULL, 0, (int32_t)w->width, (int32_t)w->height,
                           (int32_t)w->stride, w->format);
    wl.marshal(pool, 1, NULL, 1, 1, NULL);  // wl_shm_pool.destroy (the buffer keeps the memory)
    close(fd);
    return 0;
}

static void on_buffer(void *data, wl_proxy *frame, uint32_t format, uint32_t width, uint32_t height,
                      uint32_t stride) {
    watch *w = data;
    if (!w->buffer) {
        w->format = format, w->width = width, w->height = height, w->stride = stride;
        if (make_buffer(w) != 0) {
            w->failed = 1;
            return;
        }
    }
    // The first copy is of the output as it is; every later one waits for the output to change.
    wl.marshal(frame, w->have_empty ? 2 : 0, NULL, 2, 0, w->buffer);
}
static void on_flags(void *data, wl_proxy *frame, uint32_t flags) { (void)data, (void)frame, (void)flags; }
static void on_ready(void *data, wl_proxy *frame, uint32_t high, uint32_t low, uint32_t nsec) {
    watch *w = data;
    (void)frame;
    w->ready_ns = (long long)(((uint64_t)high << 32) | low) * 1000000000LL + nsec;
    w->done = 1;
}
static void on_failed(void *data, wl_proxy *frame) {
    (void)frame;
    ((watch *)data)->failed = 1;
}
static void on_damage(void *data, wl_proxy *frame, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
    (void)data, (void)frame, (void)x, (void)y, (void)width, (void)height;
}

static void (*registry_listener[])(void) = {(void (*)(void))on_global, (void (*)(void))on_global_remove};
static void (*frame_listener[])(void) = {(void (*)(void))on_buffer, (void (*)(void))on_flags,
                                         (void (*)(void))on_ready, (void (*)(void))on_failed,
                                         (void (*)(void))on_damage};

/// The pixel at (x, y) of the last copy, as 0xRRGGBB.
static uint32_t pixel(const watch *w, uint32_t x, uint32_t y) {
    return *(const uint32_t *)(w->pixels + (size_t)y * w->stride + (size_t)x * 4) & 0xffffff;
}

/// Writes the line of one changed frame: its pixels not of the empty output's colour, and the
/// distinct colours (at most 3) in their bounding box.
static void describe(watch *w) {
    long pixels = 0;
    uint32_t x0 = w->width, y0 = w->height, x1 = 0, y1 = 0;
    for (uint32_t y = 0; y < w->height; y++)
        for (uint32_t x = 0; x < w->width; x++) {
            if (pixel(w, x, y) == w->empty) continue;
            pixels++;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            y1 = y;
        }
    uint32_t colours[3];
    int count = 0;
    for (uint32_t y = y0; pixels && y <= y1 && count < 3; y++)
        for (uint32_t x = x0; x <= x1 && count < 3; x++) {
            uint32_t p = pixel(w, x, y);
            int seen = p == w->empty;
            for (int i = 0; i < count; i++) seen |= colours[i] == p;
            if (!seen) colours[count++] = p;
        }
    fprintf(w->out, "%lld screen %ld %d %06x\n", w->ready_ns, pixels, count, count ? colours[0] : 0u);
    fflush(w->out);
}

/// Asks for the next frame of the output (the first as it is, the later ones when changed).
static void capture(watch *w) {
    w->done = 0;
    w->frame = wl.marshal(w->manager, 0, &frame_interface, 2, 0, NULL, 0, w->output);
    wl.add_listener(w->frame, frame_listener, w);
    wl.flush(w->display);
}

/// Starts cage's headless backend with its socket in `folder` (owned by `nobody` when root, as
/// wlroots refuses to run as root) and its output in `log`; its pid.
static pid_t start_compositor(const char *folder, const char *log) {
    struct passwd *nobody = geteuid() == 0 ? getpwnam("nobody") : NULL;
    if (nobody && chown(folder, nobody->pw_uid, nobody->pw_gid) != 0) return -1;
    pid_t pid = fork();
    if (pid != 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int output = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (output >= 0) dup2(output, 1), dup2(output, 2);
    if (nobody && (setgroups(0, NULL) != 0 || setgid(nobody->pw_gid) != 0 || setuid(nobody->pw_uid) != 0))
        _exit(126);
    setenv("XDG_RUNTIME_DIR", folder, 1);
    setenv("WLR_BACKENDS", "headless", 1);
    setenv("WLR_LIBINPUT_NO_DEVICES", "1", 1);
    setenv("WLR_RENDERER", "pixman", 1);
    unsetenv("WAYLAND_DISPLAY");
    unsetenv("DISPLAY");
    execl("/usr/bin/cage", "cage", "--", "/bin/sleep", "2147483647", (char *)NULL);
    _exit(127);
}

/// Connects to the compositor's socket, waiting up to 20 s for it to accept.
static wl_proxy *connect_to(const char *socket_path) {
    for (int attempt = 0; attempt < 2000 && !stop; attempt++) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un address = {.sun_family = AF_UNIX};
        snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path);
        int accepted = fd >= 0 && connect(fd, (struct sockaddr *)&address, sizeof address) == 0;
        if (fd >= 0) close(fd);
        if (accepted) return wl.connect(socket_path);
        usleep(10000);
    }
    return NULL;
}

/// Binds the output, shared memory and screencopy, and copies the empty output once: its colour
/// (the compositor's clear colour) is what no program drew.
static int prepare(watch *w) {
    wl_proxy *registry = wl.marshal(w->display, 1, wl.registry, 1, 0, NULL);
    wl.add_listener(registry, registry_listener, w);
    wl.roundtrip(w->display);
    if (!w->output || !w->shm || !w->manager) return -1;
    capture(w);
    while (!w->done && !w->failed && wl.dispatch(w->display) >= 0) {}
    if (w->failed) return -1;
    w->empty = pixel(w, 0, 0);
    w->have_empty = 1;
    wl.marshal(w->frame, 1, NULL, 2, 1);  // zwlr_screencopy_frame_v1.destroy
    return 0;
}

/// Copies each changed frame of the output until SIGTERM or SIGINT.
static void watch_frames(watch *w) {
    struct pollfd slot = {wl.get_fd(w->display), POLLIN, 0};
    capture(w);
    while (!stop && !w->failed) {
        while (wl.prepare_read(w->display) != 0) wl.dispatch_pending(w->display);
        wl.flush(w->display);
        int ready = poll(&slot, 1, 100);
        if (ready > 0 && wl.read_events(w->display) < 0) break;  // the compositor is gone
        if (ready <= 0) wl.cancel_read(w->display);
        if (wl.dispatch_pending(w->display) < 0) break;
        if (!w->done) continue;
        wl.marshal(w->frame, 1, NULL, 2, 1);
        describe(w);
        capture(w);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: WaylandWatch DIR OUT_FILE\n");
        return 2;
    }
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigprocmask(SIG_UNBLOCK, &stops, NULL);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    // Ends with the test that started it (it runs at real-time priority: never left behind).
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    capture_types[0] = &frame_interface;
    char socket_path[4096], log[4096];
    snprintf(socket_path, sizeof socket_path, "%s/wayland-0", argv[1]);
    snprintf(log, sizeof log, "%s.compositor", argv[2]);
    watch w = {0};
    pid_t compositor = load() == 0 ? start_compositor(argv[1], log) : -1;
    w.display = compositor > 0 ? connect_to(socket_path) : NULL;
    if (w.display) capture_types[2] = wl.output, copy_types[0] = wl.buffer;
    w.out = fopen(argv[2], "w");
    if (!w.display || !w.out || prepare(&w) != 0) {
        fprintf(stderr, "WaylandWatch: cannot start cage, connect to %s, copy its output or write %s\n",
                socket_path, argv[2]);
        if (compositor > 0) kill(compositor, SIGTERM);
        return 2;
    }
    // Its readings are the truth: where allowed (root), no other process delays them.
    struct sched_param priority = {.sched_priority = 1};
    (void)sched_setscheduler(0, SCHED_FIFO, &priority);
    fprintf(w.out, "socket %s\n%lld ready\n", socket_path, now_ns());
    fflush(w.out);
    watch_frames(&w);
    fclose(w.out);
    kill(compositor, SIGTERM);
    waitpid(compositor, NULL, 0);
    return 0;
}
