// The Wayland proxy's state (lp_wlproxy.c: the sockets and the thread), shared with
// lp_wlprotocol.c, which follows the wire protocol in what passes through.
#ifndef LP_WLPROXY_H
#define LP_WLPROXY_H

#include "lp_display.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/un.h>

enum {
    LP_WL_CONNECTIONS = 16, LP_WL_IDS = 8192, LP_WL_FDS = 28, LP_WL_BUFFER = 65536,
    LP_WL_QUEUE = 4 * LP_WL_BUFFER, LP_WL_BATCHES = 32, LP_WL_CLOSE_MS = 2000
};

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
    uint8_t titled;    // a toplevel whose title passes the filter (every toplevel without one)
    uint8_t configured;  // a toplevel the compositor configured
    uint32_t surface;  // the surface of an xdg_surface, toplevel, callback or feedback
    uint32_t buffer;   // a surface's buffer attached since its last commit
} lp_wl_object;

typedef struct lp_wl_stream {
    uint8_t bytes[LP_WL_BUFFER];
    size_t used;
} lp_wl_stream;

/// The descriptors that came with one read: they go with the byte at `at` of the stream.
typedef struct lp_wl_batch {
    uint64_t at;
    int count;
    int fds[LP_WL_FDS];
} lp_wl_batch;

/// What one side sent and the other has not taken yet: bytes[start, start + used), which are the
/// stream's bytes from `sent` on, and the descriptors that go with them.
typedef struct lp_wl_queue {
    uint8_t bytes[LP_WL_QUEUE];
    size_t start, used;
    uint64_t sent;
    lp_wl_batch batches[LP_WL_BATCHES];
    int batch_count;
} lp_wl_queue;

typedef struct lp_wl_connection {
    int client, server;
    lp_wl_stream requests, events;
    lp_wl_queue to_server, to_client;
    lp_wl_object objects[LP_WL_IDS];
} lp_wl_connection;

struct lp_wlproxy {
    int listener, wake, notify;
    char folder[sizeof(((struct sockaddr_un *)0)->sun_path)];
    char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    char upstream[sizeof(((struct sockaddr_un *)0)->sun_path)];
    pthread_t thread;
    _Atomic int64_t started_ns, configured_ns, framed_ns;
    /// The filter of the toplevels' titles, set before the thread starts, or NULL.
    lp_title_filter title_filter;
    void *title_context;
    /// The title of the toplevel the milestones are of, written before `configured_ns` is set.
    char title[256];
    lp_wl_connection *connections[LP_WL_CONNECTIONS];
};

/// Sets a milestone once, and wakes the runner.
void lp_wl_mark(lp_wlproxy *p, _Atomic int64_t *milestone);

/// Parses the whole messages in `stream` after `bytes` arrived (from the client, or from the
/// compositor); keeps a partial one.
void lp_wl_parse(lp_wlproxy *p, lp_wl_connection *c, lp_wl_stream *stream, const uint8_t *bytes, size_t n,
                 int from_client);

#endif
