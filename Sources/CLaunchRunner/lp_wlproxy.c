// The Wayland observer (lp_display.h): a proxy socket between one launch and the compositor. A
// thread accepts the launch's connections, connects each to the compositor and forwards the bytes
// and descriptors both ways unchanged, while it follows the wire protocol just enough to see the
// first xdg_toplevel configure (the window) and the compositor's wl_callback.done,
// wp_presentation_feedback.presented or wl_buffer.release for the first commit with a buffer on
// a toplevel surface (the frame).
//
// The thread never blocks but in poll, which always watches the close request: every socket is
// non-blocking, and what one side sends waits in a bounded queue until the other side takes it.
// While a queue has no room for a whole read, the side that fills it is not read (a peer that
// never reads stops its sender, never the proxy). The socket is bound in a 0700 folder the proxy
// makes (mkdtemp), removed with it: no name of anyone else's is ever unlinked.
#define _GNU_SOURCE
#include "lp_wlproxy.h"

#include <errno.h>
#include <fcntl.h>
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

static int lp_wl_has_room(const lp_wl_queue *q) {
    return q->used + LP_WL_BUFFER <= LP_WL_QUEUE && q->batch_count < LP_WL_BATCHES;
}

/// Closes the descriptors of the first batch and drops it.
static void lp_wl_pop_batch(lp_wl_queue *q, int close_fds) {
    if (close_fds)
        for (int i = 0; i < q->batches[0].count; i++) close(q->batches[0].fds[i]);
    q->batch_count--;
    memmove(q->batches, q->batches + 1, (size_t)q->batch_count * sizeof q->batches[0]);
}

/// Reads what `from` has into `q`, the queue toward the other side (there is room for it), and
/// follows the protocol in it. Returns 1, or 0 once `from` closed or failed.
static int lp_wl_read(lp_wlproxy *p, lp_wl_connection *c, int from, lp_wl_queue *q, int from_client) {
    if (q->start + q->used + LP_WL_BUFFER > LP_WL_QUEUE) {
        memmove(q->bytes, q->bytes + q->start, q->used);
        q->start = 0;
    }
    uint8_t *tail = q->bytes + q->start + q->used;
    char control[CMSG_SPACE(sizeof(int) * LP_WL_FDS)];
    struct iovec io = {tail, LP_WL_BUFFER};
    struct msghdr message = {.msg_iov = &io, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
    ssize_t n = recvmsg(from, &message, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return 1;
    if (n <= 0) return 0;
    lp_wl_batch batch = {.at = q->sent + q->used, .count = 0};
    for (struct cmsghdr *h = CMSG_FIRSTHDR(&message); h; h = CMSG_NXTHDR(&message, h)) {
        if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) continue;
        size_t k = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < k; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(h) + i * sizeof(int), sizeof(int));
            if (batch.count < LP_WL_FDS) batch.fds[batch.count++] = fd;
            else close(fd);
        }
    }
    if (batch.count > 0) q->batches[q->batch_count++] = batch;
    q->used += (size_t)n;
    lp_wl_parse(p, c, from_client ? &c->requests : &c->events, tail, (size_t)n, from_client);
    return 1;
}

/// Sends what `q` holds to `to` without waiting: each batch of descriptors with the first byte
/// it came with. Returns 1 (all sent, or `to` takes no more for now), 0 when `to` failed.
static int lp_wl_flush(lp_wl_queue *q, int to) {
    while (q->used > 0) {
        size_t length = q->used;
        int with_fds = q->batch_count > 0 && q->batches[0].at == q->sent;
        int next = with_fds ? 1 : 0;
        if (next < q->batch_count && q->batches[next].at - q->sent < length) length = q->batches[next].at - q->sent;
        char control[CMSG_SPACE(sizeof(int) * LP_WL_FDS)];
        struct iovec io = {q->bytes + q->start, length};
        struct msghdr message = {.msg_iov = &io, .msg_iovlen = 1};
        if (with_fds) {
            size_t size = sizeof(int) * (size_t)q->batches[0].count;
            message.msg_control = control;
            message.msg_controllen = CMSG_SPACE(size);
            struct cmsghdr *h = CMSG_FIRSTHDR(&message);
            *h = (struct cmsghdr){.cmsg_len = CMSG_LEN(size), .cmsg_level = SOL_SOCKET, .cmsg_type = SCM_RIGHTS};
            memcpy(CMSG_DATA(h), q->batches[0].fds, size);
        }
        ssize_t m = sendmsg(to, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (m < 0 && errno == EINTR) continue;
        if (m < 0 && errno == EAGAIN) return 1;
        if (m <= 0) return 0;
        // The receiver has its own copies of the descriptors now.
        if (with_fds) lp_wl_pop_batch(q, 1);
        q->start += (size_t)m;
        q->used -= (size_t)m;
        q->sent += (uint64_t)m;
    }
    q->start = 0;
    return 1;
}

/// Connects to the compositor without waiting (a compositor whose backlog is full refuses).
static int lp_wl_connect(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    memcpy(address.sun_path, path, strlen(path) + 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void lp_wl_accept(lp_wlproxy *p) {
    int client = accept4(p->listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
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
    lp_wl_connection *c = p->connections[slot];
    close(c->client);
    close(c->server);
    while (c->to_server.batch_count > 0) lp_wl_pop_batch(&c->to_server, 1);
    while (c->to_client.batch_count > 0) lp_wl_pop_batch(&c->to_client, 1);
    free(c);
    p->connections[slot] = NULL;
}

/// The poll entry of one side of `c`: readable while the queue toward the other side has room,
/// writable while its own queue holds something; ignored (-1) when neither.
static struct pollfd lp_wl_watch(int fd, const lp_wl_queue *outgoing, const lp_wl_queue *incoming) {
    short events = (short)((lp_wl_has_room(outgoing) ? POLLIN : 0) | (incoming->used > 0 ? POLLOUT : 0));
    return (struct pollfd){events ? fd : -1, events, 0};
}

/// Serves what poll saw on one side of `c`. Returns 0 when the connection is over: a side closed
/// (what the other side still has to take is sent if it can be at once) or failed.
static int lp_wl_serve(lp_wlproxy *p, lp_wl_connection *c, const struct pollfd *slot, int from_client) {
    int fd = from_client ? c->client : c->server;
    int other = from_client ? c->server : c->client;
    lp_wl_queue *outgoing = from_client ? &c->to_server : &c->to_client;
    lp_wl_queue *incoming = from_client ? &c->to_client : &c->to_server;
    if ((slot->events & POLLOUT) && (slot->revents & (POLLOUT | POLLERR | POLLHUP)) && !lp_wl_flush(incoming, fd))
        return 0;
    if ((slot->events & POLLIN) && (slot->revents & (POLLIN | POLLERR | POLLHUP))) {
        int open = lp_wl_read(p, c, fd, outgoing, from_client);
        int sent = lp_wl_flush(outgoing, other);
        if (!open || !sent) return 0;
    }
    return 1;
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
            lp_wl_connection *c = p->connections[i];
            if (!c) continue;
            owner[n] = i;
            fds[n++] = lp_wl_watch(c->client, &c->to_server, &c->to_client);
            owner[n] = i;
            fds[n++] = lp_wl_watch(c->server, &c->to_client, &c->to_server);
        }
        if (poll(fds, (nfds_t)n, -1) < 0) continue;
        if (fds[0].revents) return NULL;
        if (fds[1].revents & POLLIN) lp_wl_accept(p);
        for (int k = 2; k < n; k++) {
            lp_wl_connection *c = p->connections[owner[k]];
            if (!fds[k].revents || !c) continue;
            // Entries alternate: the client's side, then the server's.
            if (!lp_wl_serve(p, c, &fds[k], k % 2 == 0)) lp_wl_drop(p, owner[k]);
        }
    }
}

/// `folder`/`name` into `out` (`name` alone when it is absolute); 0, or -1 when it does not fit.
static int lp_wl_join(char *out, size_t size, const char *folder, const char *name) {
    if (name[0] != '/' && !folder) return -1;
    int n = name[0] == '/' ? snprintf(out, size, "%s", name) : snprintf(out, size, "%s/%s", folder, name);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

/// Makes the proxy's own folder (0700, mkdtemp) in `runtime_dir`, or in /tmp when the socket's
/// path would not fit a Unix socket address there, and names the socket in it.
static int lp_wl_make_folder(lp_wlproxy *p, const char *runtime_dir) {
    static const char name[] = "/launchprof-wayland-XXXXXX", socket_name[] = "/wayland-0";
    const char *base = runtime_dir && runtime_dir[0] ? runtime_dir : "/tmp";
    if (strlen(base) + strlen(name) + strlen(socket_name) >= sizeof p->path) base = "/tmp";
    snprintf(p->folder, sizeof p->folder, "%s%s", base, name);
    if (!mkdtemp(p->folder)) return -1;
    snprintf(p->path, sizeof p->path, "%s%s", p->folder, socket_name);
    return 0;
}

/// Creates the listening socket (bind creates the name; it never replaces one).
static int lp_wl_listen(lp_wlproxy *p) {
    p->listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (p->listener < 0) return -1;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    memcpy(address.sun_path, p->path, strlen(p->path) + 1);
    if (bind(p->listener, (struct sockaddr *)&address, sizeof address) != 0) return -1;
    return listen(p->listener, 16);
}

/// Undoes what open made: descriptors, the socket, the folder.
static void lp_wl_release(lp_wlproxy *p) {
    if (p->listener >= 0) close(p->listener);
    if (p->wake >= 0) close(p->wake);
    if (p->notify >= 0) close(p->notify);
    if (p->path[0]) unlink(p->path);
    if (p->folder[0]) rmdir(p->folder);
}

lp_wlproxy *lp_wlproxy_open(const char *runtime_dir, const char *upstream, lp_title_filter filter, void *context,
                            char *error, size_t error_size) {
    lp_wlproxy *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->listener = p->wake = p->notify = -1;
    p->title_filter = filter;
    p->title_context = context;
    if (lp_wl_join(p->upstream, sizeof p->upstream, runtime_dir, upstream) != 0) {
        snprintf(error, error_size,
                 "The compositor's socket %s%s%s is a path longer than the %zu bytes a Unix socket address holds.",
                 upstream[0] == '/' ? "" : runtime_dir ? runtime_dir : "", upstream[0] == '/' ? "" : "/", upstream,
                 sizeof p->upstream - 1);
        free(p);
        return NULL;
    }
    p->wake = eventfd(0, EFD_CLOEXEC);
    p->notify = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (p->wake < 0 || p->notify < 0 || lp_wl_make_folder(p, runtime_dir) != 0 || lp_wl_listen(p) != 0 ||
        pthread_create(&p->thread, NULL, lp_wl_run, p) != 0) {
        int saved = errno;
        snprintf(error, error_size, "The proxy socket %s for the Wayland display could not be made: %s.",
                 p->path[0] ? p->path : p->folder, strerror(saved));
        lp_wl_release(p);
        free(p);
        return NULL;
    }
    return p;
}

const char *lp_wlproxy_path(lp_wlproxy *p) { return p->path; }

const char *lp_wlproxy_window_title(lp_wlproxy *p) {
    return p->title_filter && atomic_load(&p->configured_ns) ? p->title : NULL;
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
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += LP_WL_CLOSE_MS / 1000;
    if (pthread_timedjoin_np(p->thread, NULL, &deadline) != 0) {
        // Never expected (the thread waits only in poll, on the wake descriptor too): the socket
        // and folder go, and the thread keeps what it uses.
        unlink(p->path);
        rmdir(p->folder);
        return;
    }
    for (int i = 0; i < LP_WL_CONNECTIONS; i++)
        if (p->connections[i]) lp_wl_drop(p, i);
    lp_wl_release(p);
    free(p);
}
