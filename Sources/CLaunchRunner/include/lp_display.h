// The display of a launch: a headless display server kept by a keeper process (ended with
// everything on it when launchprof ends, however it ends), and an X11 observer that watches the
// server for a program's first top-level window and first drawn content (libxcb, its X-Resource
// and DAMAGE extensions, all loaded with dlopen: launchprof needs none of them to run).
#ifndef LP_DISPLAY_H
#define LP_DISPLAY_H

#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `path` with `argv` and `envp` under a keeper process and returns the keeper's pid, or
/// -1 with errno. The server runs in its own process group with its standard output and error in
/// `log_path` and `ready_fd` (or -1) as descriptor 3 (Xvfb's `-displayfd 3`). `log_path` is a new
/// file in a folder of the caller's own: it is created with O_EXCL | O_NOFOLLOW (an existing
/// file or link there fails with EEXIST or ELOOP). `*control_fd` is the runner's end of a pipe:
/// when it is closed (by ``lp_display_stop`` or launchprof's death), the keeper sends SIGTERM to
/// the server's process group, SIGKILL after `grace_ms`, removes each path of `cleanup`
/// (NULL-terminated; a folder with what it holds), `log_path` and its folder (when empty), and
/// exits. It also exits, after the same removals but the log's (the runner shows its end), when
/// the server ends by itself.
pid_t lp_display_start(
    const char *path, char *const argv[], char *const envp[], const char *log_path, int ready_fd,
    char *const cleanup[], int grace_ms, int *control_fd);

/// Ends the server: closes `control_fd` and waits for `keeper` to exit. Returns 0 when it did.
int lp_display_stop(pid_t keeper, int control_fd);

/// Whether the display's server still runs (the keeper exits when it ends; it is then reaped):
/// 1, or 0.
int lp_display_keeper_alive(pid_t keeper);

/// An X11 observer: one connection to the server, watching its root window's children.
typedef struct lp_xobserver lp_xobserver;

/// Whether a window's title (`length` bytes of UTF-8, not NUL-terminated) is one the launch
/// waits for: 1 or 0. Called on the thread that services the observer (X11) or the proxy's
/// thread (Wayland).
typedef int (*lp_title_filter)(void *context, const char *title, size_t length);

/// What an observer saw of one launch, CLOCK_MONOTONIC readings taken as each event was read
/// (0 until seen).
typedef struct lp_xmilestones {
    /// The program (or a descendant) created its first top-level window.
    int64_t created_ns;
    /// Its first top-level window (not override-redirect) was mapped.
    int64_t mapped_ns;
    /// One of its mapped top-level windows first showed a picture (two colours of its own).
    int64_t drawn_ns;
    /// The pid that owns that window.
    int32_t window_pid;
} lp_xmilestones;

/// Connects to `display` (e.g. ":7"; NULL for `DISPLAY`), checks the X-Resource (1.2) and DAMAGE
/// extensions and selects SubstructureNotify on the root window. The server must answer the
/// connection within `timeout_ms` (``lp_xprobe``). With `frames`, each of a launch's top-level
/// windows gets a DAMAGE object when it is created, and its pixels are read when it is mapped and
/// where it is damaged: a frame is the first pixels that differ from what the map left (the
/// server's background paint is not the program's drawing). Returns the observer, or NULL with
/// a sentence in `error` (the libraries are loaded with dlopen; a missing one is named with its
/// Debian package).
lp_xobserver *lp_xobserver_open(const char *display, int frames, int timeout_ms, char *error, size_t error_size);

/// Ends the clients of the windows still mapped on the display (xcb_kill_client): a clean
/// display for the next launch. Only for a display launchprof started.
void lp_xobserver_clear(lp_xobserver *observer);

/// Just before a launch starts: a round trip to the server (at most `timeout_ms`), after which
/// every event that came before it is dropped and every window forgotten, so that nothing of an
/// earlier launch (an event, a window id the server gives again) reaches this one. Only windows
/// created after it count. Returns 0, or -1 when the server did not answer.
int lp_xobserver_begin(lp_xobserver *observer, int timeout_ms);

/// Whether the X server of `display` answers a connection's setup within `timeout_ms`: 0 when it
/// does (or the form of `display` is left to libxcb), -1 when it does not, -2 when launchprof
/// was interrupted while waiting; `error` then holds a sentence.
int lp_xprobe(const char *display, int timeout_ms, char *error, size_t error_size);

/// Names launchprof's children from before the launch (`count` pids, copied): a window made by
/// an orphan of the launch (reparented to launchprof, the subreaper, after its launcher exited)
/// counts, one below these does not. Returns 0, or -1 when out of memory.
int lp_xobserver_set_older(lp_xobserver *observer, const pid_t *pids, size_t count);

/// Only windows whose title passes `filter` count (`window:REGEX`, `frame:REGEX`): their titles
/// are read when they are created and whenever they change; a window whose title passes after
/// it was shown counts from then. NULL: every window of the launch counts.
void lp_xobserver_set_title_filter(lp_xobserver *observer, lp_title_filter filter, void *context);

/// The title of the window the milestones are of, when a filter chose it (else NULL): owned by
/// the observer.
const char *lp_xobserver_window_title(lp_xobserver *observer);

/// The largest side of a first frame's picture, in pixels: a larger window is scaled down.
#define LP_XPICTURE_MAX_SIDE 1024

/// Whether the first frame's picture is kept (off by default): when on, the observer reads the
/// window's pixels once more when it has seen the frame (one round trip after the frame's time
/// was taken).
void lp_xobserver_keep_pictures(lp_xobserver *observer, int keep);

/// The first frame's picture, once seen (a launch watched for frames): the window's pixels as
/// the server had them when the frame was taken, 8-bit RGB rows of `width` * 3 bytes, scaled
/// down (every n-th pixel) to at most LP_XPICTURE_MAX_SIDE a side; NULL before. Owned by the
/// observer until the next launch begins.
const uint8_t *lp_xobserver_picture(lp_xobserver *observer, int32_t *width, int32_t *height);

/// The connection's descriptor, to poll for readability.
int lp_xobserver_fd(lp_xobserver *observer);

/// Reads the events that arrived and updates `milestones` for windows of `pid` and its
/// descendants. Returns 1 while the connection is good, 0 once the server closed it.
int lp_xobserver_service(lp_xobserver *observer, pid_t pid, lp_xmilestones *milestones);

/// Closes the connection.
void lp_xobserver_close(lp_xobserver *observer);

/// A Wayland observer: a proxy socket between one launch and the compositor.
typedef struct lp_wlproxy lp_wlproxy;

/// Listens on a socket of its own, `wayland-0` in a new 0700 folder (mkdtemp) in `runtime_dir`,
/// or in /tmp when that path would not fit a Unix socket address (``lp_wlproxy_path``: the
/// launch's WAYLAND_DISPLAY, an absolute path), and connects each client that comes to the
/// compositor's socket `upstream` (absolute, or in `runtime_dir`). It forwards bytes and
/// descriptors both ways unchanged on a thread of its own while it follows the protocol: a
/// client's first connection (created_ns), the first xdg_toplevel.configure (mapped_ns), the
/// compositor's wl_callback.done, wp_presentation_feedback.presented or wl_buffer.release for
/// the first commit with a buffer attached to a toplevel's surface (drawn_ns). The thread never
/// waits on a peer: every socket is non-blocking, each direction has a bounded queue (256 KiB, 32
/// batches of descriptors), and a side is not read while the queue toward the other side is
/// full. Returns NULL with a sentence in `error` (a compositor's socket path too long for an
/// address too).
lp_wlproxy *lp_wlproxy_open(const char *runtime_dir, const char *upstream, lp_title_filter filter, void *context,
                            char *error, size_t error_size);
/// The title of the toplevel the milestones are of, when a filter chose it (else NULL). With a
/// `filter` (`window:REGEX`, `frame:REGEX`), only a toplevel whose `xdg_toplevel.set_title` passes
/// it counts (from its configure, or from the title when it came later); the filter is called on
/// the proxy's thread.
const char *lp_wlproxy_window_title(lp_wlproxy *proxy);
/// The proxy's socket, an absolute path: the launch's WAYLAND_DISPLAY.
const char *lp_wlproxy_path(lp_wlproxy *proxy);
/// A descriptor that becomes readable when a milestone is first seen.
int lp_wlproxy_fd(lp_wlproxy *proxy);
/// The milestones seen so far (window_pid is left as it is).
void lp_wlproxy_milestones(lp_wlproxy *proxy, lp_xmilestones *milestones);
/// Stops the thread (waiting at most 2 s), closes every connection and removes the socket and
/// its folder.
void lp_wlproxy_close(lp_wlproxy *proxy);

/// Whether `pid` belongs to the launch whose process is `target`: it is `target` or below it, or
/// below a child of launchprof that is neither `target` nor one of the `older_count` children
/// launchprof had before the launch (an orphan of the launch, reparented to launchprof as the
/// subreaper when its launcher exited: `sh -c 'program & exit 0'`, `setsid program`).
int lp_is_launch_process(pid_t pid, pid_t target, const pid_t *older, size_t older_count);

#ifdef __cplusplus
}
#endif

#endif
