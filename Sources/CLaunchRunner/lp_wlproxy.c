// The Wayland observer (lp_display.h): a proxy socket between one launch and the compositor. A
// thread accepts the launch's connections, connects each to the compositor and forwards the bytes
// and descriptors both ways unchanged, while it follows the wire protocol just enough to see the
// first xdg_toplevel configure (the window) and the compositor's wl_callback.done,
// wp_presentation_feedback.presented or wl_buffer.release for the first commit with a buffer on
// a toplevel surface (the frame).
#define _GNU_SOURCE
#include "lp_display.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum { LP_WL_CONNECTIONS = 16, LP_WL_IDS = 8192, LP_WL_FDS = 28, LP_WL_BUFFER = 65536 };

/// What an object id names, as far as the proxy needs to know.
enum lp_wl_kind {
    LP_WL_NONE, LP_WL_REGISTRY, LP_WL_COMPOSITOR, LP_WL_SURFACE, LP_WL_WM_BASE, LP_WL_XDG_SURFACE,
    LP_WL_TOPLEVEL, LP_WL_FRAME_CALLBACK, LP_WL_PRESENTATION, LP_WL_FEEDBACK, LP_WL_BUFFER_OBJECT
};

typedef struct lp_wl_object {
    uint8_t kind;
    uint8_t toplevel;  // a surface that is a toplevel's
    uint8_t attached;  // a surface with a buffer attached since its last commit
    uint8_t armed;     // a frame callback or feedback of a commit with a toplevel's buffer
    uint32_t surface;  // the surface of an xdg_surface, toplevel, callback or feedback
    uint32_t buffer;   // a surface's buffer attached since its last commit
} lp_wl_object;

typedef struct lp_wl_stream {
    uint8_t bytes[LP_WL_BUFFER];
    size_t used;
} lp_wl_stream;

typedef struct lp_wl_connection {
    int client, server;
    lp_wl_stream requests, events;
    lp_wl_object objects[LP_WL_IDS];
} lp_wl_connection;

struct lp_wlproxy {
    int listener, wake, notify;
    char path[108];
    char upstream[108];
    pthread_t thread;
    _Atomic int64_t started_ns, configured_ns, framed_ns;
    lp_wl_connection *connections[LP_WL_CONNECTIONS];
};

static int64_t lp_wl_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// Sets a milestone once, and wakes the runner.
static void lp_wl_mark(lp_wlproxy *p, _Atomic int64_t *milestone) {
    int64_t none = 0;
    if (atomic_compare_exchange_strong(milestone, &none, lp_wl_now())) {
        uint64_t one = 1;
        ssize_t ignored = write(p->notify, &one, sizeof one);
        (void)ignored;
    }
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

static void lp_wl_surface_request(lp_wl_connection *c, uint32_t id, lp_wl_object *o, uint16_t opcode,
                                  const uint32_t *args, size_t words) {
    if (opcode == 1 && words >= 1) o->attached = args[0] != 0, o->buffer = args[0];  // attach(buffer, x, y)
    else if (opcode == 3 && words >= 1) lp_wl_new(c, args[0], LP_WL_FRAME_CALLBACK, id);  // frame
    else if (opcode == 6) lp_wl_commit(c, id, o);  // commit
}

/// One request from the client.
static void lp_wl_request(lp_wl_connection *c, uint32_t id, uint16_t opcode, const uint32_t *args, size_t words) {
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
        if (opcode == 1 && words >= 1) {  // get_toplevel
            lp_wl_new(c, args[0], LP_WL_TOPLEVEL, o->surface);
            lp_wl_object *surface = lp_wl_object_at(c, o->surface);
            if (surface) surface->toplevel = 1;
        }
        break;
    case LP_WL_SURFACE: lp_wl_surface_request(c, id, o, opcode, args, words); break;
    case LP_WL_PRESENTATION:
        if (opcode == 1 && words >= 2) lp_wl_new(c, args[1], LP_WL_FEEDBACK, args[0]);  // feedback(surface, id)
        break;
    default: break;
    }
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
    if (o->kind == LP_WL_TOPLEVEL && opcode == 0) lp_wl_mark(p, &p->configured_ns);  // configure
    else if (o->kind == LP_WL_FRAME_CALLBACK && opcode == 0 && o->armed) lp_wl_mark(p, &p->framed_ns);  // done
    else if (o->kind == LP_WL_FEEDBACK && opcode == 1 && o->armed) lp_wl_mark(p, &p->framed_ns);  // presented
    else if (o->kind == LP_WL_BUFFER_OBJECT && opcode == 0 && o->armed) lp_wl_mark(p, &p->framed_ns);  // release
}

/// Parses the whole messages in `stream` after `bytes` arrived; keeps a partial one.
static void lp_wl_parse(lp_wlproxy *p, lp_wl_connection *c, lp_wl_stream *stream, const uint8_t *bytes, size_t n,
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
        if (from_client) lp_wl_request(c, header[0], (uint16_t)(header[1] & 0xffff), args, words);
        else lp_wl_event(p, c, header[0], (uint16_t)(header[1] & 0xffff), args, words);
        offset += size;
    }
    memmove(stream->bytes, stream->bytes + offset, stream->used - offset);
    stream->used -= offset;
}

/// Forwards what `from` has (bytes and descriptors) to `to`; 0 once `from` closed.
static int lp_wl_forward(lp_wlproxy *p, lp_wl_connection *c, int from, int to, int from_client) {
    static __thread uint8_t buffer[LP_WL_BUFFER];
    char control[CMSG_SPACE(sizeof(int) * LP_WL_FDS)];
    struct iovec io = {buffer, sizeof buffer};
    struct msghdr message = {.msg_iov = &io, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
    ssize_t n = recvmsg(from, &message, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return 1;
    if (n <= 0) return 0;
    int passed[LP_WL_FDS];
    int count = 0;
    for (struct cmsghdr *h = CMSG_FIRSTHDR(&message); h; h = CMSG_NXTHDR(&message, h)) {
        if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) continue;
        size_t k = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < k && count < LP_WL_FDS; i++) memcpy(&passed[count++], CMSG_DATA(h) + i * sizeof(int), sizeof(int));
    }
    lp_wl_parse(p, c, from_client ? &c->requests : &c->events, buffer, (size_t)n, from_client);
    if (message.msg_controllen == 0) message.msg_control = NULL;
    size_t sent = 0;
    while (sent < (size_t)n) {
        io.iov_base = buffer + sent;
        io.iov_len = (size_t)n - sent;
        ssize_t m = sendmsg(to, &message, MSG_NOSIGNAL);
        if (m < 0 && errno == EINTR) continue;
        if (m < 0 && errno == EAGAIN) {
            struct pollfd out = {to, POLLOUT, 0};
            poll(&out, 1, 100);
            continue;
        }
        if (m <= 0) break;
        sent += (size_t)m;
        message.msg_control = NULL;  // the descriptors went with the first part
        message.msg_controllen = 0;
    }
    // The receiver has its own copies now.
    for (int i = 0; i < count; i++) close(passed[i]);
    return 1;
}

static int lp_wl_connect(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void lp_wl_accept(lp_wlproxy *p) {
    int client = accept4(p->listener, NULL, NULL, SOCK_CLOEXEC);
    if (client < 0) return;
    int server = lp_wl_connect(p->upstream);
    int slot = -1;
    for (int i = 0; i < LP_WL_CONNECTIONS && slot < 0; i++)
        if (!p->connections[i]) slot = i;
    lp_wl_connection *c = slot >= 0 && server >= 0 ? calloc(1, sizeof *c) : NULL;
    if (!c) {
        close(client);
        if (server >= 0) close(server);
        return;
    }
    c->client = client;
    c->server = server;
    p->connections[slot] = c;
    lp_wl_mark(p, &p->started_ns);
}

static void lp_wl_drop(lp_wlproxy *p, int slot) {
    close(p->connections[slot]->client);
    close(p->connections[slot]->server);
    free(p->connections[slot]);
    p->connections[slot] = NULL;
}

static void *lp_wl_run(void *argument) {
    lp_wlproxy *p = argument;
    for (;;) {
        struct pollfd fds[2 + 2 * LP_WL_CONNECTIONS];
        int owner[2 + 2 * LP_WL_CONNECTIONS];
        int n = 0;
        fds[n++] = (struct pollfd){p->wake, POLLIN, 0};
        fds[n++] = (struct pollfd){p->listener, POLLIN, 0};
        for (int i = 0; i < LP_WL_CONNECTIONS; i++) {
            if (!p->connections[i]) continue;
            owner[n] = i;
            fds[n++] = (struct pollfd){p->connections[i]->client, POLLIN, 0};
            owner[n] = i;
            fds[n++] = (struct pollfd){p->connections[i]->server, POLLIN, 0};
        }
        if (poll(fds, (nfds_t)n, -1) < 0) continue;
        if (fds[0].revents) return NULL;
        if (fds[1].revents & POLLIN) lp_wl_accept(p);
        for (int k = 2; k < n; k++) {
            if (!fds[k].revents || !p->connections[owner[k]]) continue;
            lp_wl_connection *c = p->connections[owner[k]];
            int from_client = fds[k].fd == c->client;
            if (!lp_wl_forward(p, c, fds[k].fd, from_client ? c->server : c->client, from_client))
                lp_wl_drop(p, owner[k]);
        }
    }
}

lp_wlproxy *lp_wlproxy_open(const char *runtime_dir, const char *upstream, const char *name, char *error,
                            size_t error_size) {
    lp_wlproxy *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    snprintf(p->path, sizeof p->path, "%s/%s", runtime_dir, name);
    snprintf(p->upstream, sizeof p->upstream, "%s/%s", runtime_dir, upstream);
    p->listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    p->wake = eventfd(0, EFD_CLOEXEC);
    p->notify = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    snprintf(address.sun_path, sizeof address.sun_path, "%s", p->path);
    unlink(p->path);
    if (p->listener < 0 || p->wake < 0 || p->notify < 0 ||
        bind(p->listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(p->listener, 16) != 0 ||
        pthread_create(&p->thread, NULL, lp_wl_run, p) != 0) {
        snprintf(error, error_size, "The proxy socket %s for the Wayland display could not be made: %s.", p->path,
                 strerror(errno));
        if (p->listener >= 0) close(p->listener);
        if (p->wake >= 0) close(p->wake);
        if (p->notify >= 0) close(p->notify);
        unlink(p->path);
        free(p);
        return NULL;
    }
    return p;
}

int lp_wlproxy_fd(lp_wlproxy *p) { return p->notify; }

void lp_wlproxy_milestones(lp_wlproxy *p, lp_xmilestones *m) {
    uint64_t count;
    ssize_t ignored = read(p->notify, &count, sizeof count);
    (void)ignored;
    m->created_ns = atomic_load(&p->started_ns);
    m->mapped_ns = atomic_load(&p->configured_ns);
    m->drawn_ns = atomic_load(&p->framed_ns);
}

void lp_wlproxy_close(lp_wlproxy *p) {
    if (!p) return;
    uint64_t one = 1;
    ssize_t ignored = write(p->wake, &one, sizeof one);
    (void)ignored;
    pthread_join(p->thread, NULL);
    for (int i = 0; i < LP_WL_CONNECTIONS; i++)
        if (p->connections[i]) lp_wl_drop(p, i);
    close(p->listener);
    close(p->wake);
    close(p->notify);
    unlink(p->path);
    free(p);
}
