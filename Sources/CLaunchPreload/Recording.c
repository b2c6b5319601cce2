// The tracer's records: the resource of a call (file, socket peer, length of a wait), its
// frame-pointer stack, and the record slot. Runs only for calls over the threshold, on the
// traced thread; no malloc, no lock.
#include "PreloadInternal.h"

void lp_copy(char *dst, size_t cap, const char *src) {
    size_t i = 0;
    if (src) {
        for (; i + 1 < cap && src[i]; i++) dst[i] = src[i];
    }
    dst[i] = 0;
}

static size_t lp_append(char *dst, size_t cap, size_t at, const char *src) {
    while (at + 1 < cap && *src) dst[at++] = *src++;
    dst[at < cap ? at : cap - 1] = 0;
    return at;
}

static size_t lp_append_u64(char *dst, size_t cap, size_t at, uint64_t value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    while (n > 0 && at + 1 < cap) dst[at++] = digits[--n];
    dst[at < cap ? at : cap - 1] = 0;
    return at;
}

/// "300 ms", "1.500 ms".
static size_t lp_append_ms(char *dst, size_t cap, size_t at, int64_t ns) {
    if (ns < 0) ns = 0;
    at = lp_append_u64(dst, cap, at, (uint64_t)(ns / 1000000));
    int64_t frac = (ns % 1000000) / 1000;
    if (frac) {
        at = lp_append(dst, cap, at, ".");
        if (frac < 100) at = lp_append(dst, cap, at, "0");
        if (frac < 10) at = lp_append(dst, cap, at, "0");
        at = lp_append_u64(dst, cap, at, (uint64_t)frac);
    }
    return lp_append(dst, cap, at, " ms");
}

void lp_describe_sockaddr(char *dst, size_t cap, const struct sockaddr *address, socklen_t length) {
    dst[0] = 0;
    if (!address || length < sizeof(sa_family_t)) return;
    if (address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)address;
        char ip[INET_ADDRSTRLEN];
        if (inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip)) {
            size_t at = lp_append(dst, cap, 0, ip);
            at = lp_append(dst, cap, at, ":");
            lp_append_u64(dst, cap, at, ntohs(in->sin_port));
        }
    } else if (address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)address;
        char ip[INET6_ADDRSTRLEN];
        if (inet_ntop(AF_INET6, &in6->sin6_addr, ip, sizeof ip)) {
            size_t at = lp_append(dst, cap, 0, "[");
            at = lp_append(dst, cap, at, ip);
            at = lp_append(dst, cap, at, "]:");
            lp_append_u64(dst, cap, at, ntohs(in6->sin6_port));
        }
    } else if (address->sa_family == AF_UNIX) {
        const struct sockaddr_un *un = (const struct sockaddr_un *)address;
        size_t pathLength = length - offsetof(struct sockaddr_un, sun_path);
        if (pathLength > 0 && un->sun_path[0]) {
            size_t at = lp_append(dst, cap, 0, "unix:");
            size_t i = 0;
            while (i < pathLength && un->sun_path[i] && at + 1 < cap) dst[at++] = un->sun_path[i++];
            dst[at] = 0;
        } else {
            lp_copy(dst, cap, "unix:(unnamed)");
        }
    }
}

/// The file behind `fd` (readlink of /proc/self/fd/N); for a connected socket, its peer.
/// Returns 1 when the fd is a socket.
int lp_describe_fd(char *dst, size_t cap, int fd) {
    char link[40];
    size_t at = lp_append(link, sizeof link, 0, "/proc/self/fd/");
    lp_append_u64(link, sizeof link, at, (uint64_t)(fd < 0 ? 0 : fd));
    ssize_t n = readlink(link, dst, cap - 1);
    if (n < 0) {
        dst[0] = 0;
        return 0;
    }
    dst[n] = 0;
    if (strncmp(dst, "socket:", 7) == 0) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        if (getpeername(fd, (struct sockaddr *)&peer, &length) == 0) {
            char text[LP_PRELOAD_RESOURCE_MAX];
            lp_describe_sockaddr(text, sizeof text, (struct sockaddr *)&peer, length);
            if (text[0]) lp_copy(dst, cap, text);
        }
        return 1;
    }
    return 0;
}

/// Return addresses of the caller, innermost first, walking frame pointers inside the traced
/// thread's stack and dropping the frames of this library.
__attribute__((noinline)) int lp_walk(uint64_t *frames, int capacity) {
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    int count = 0;
    int guard = 0;
    while (count < capacity && guard++ < 512) {
        if (fp < lp_stack_lo || fp + 16 > lp_stack_hi || (fp & 7) != 0) break;
        uintptr_t next = ((uintptr_t *)fp)[0];
        uintptr_t ret = ((uintptr_t *)fp)[1];
        if (ret == 0) break;
        if (!(ret >= lp_self_lo && ret < lp_self_hi)) frames[count++] = ret;
        if (next <= fp) break;
        fp = next;
    }
    return count;
}

/// Takes the next record slot, or counts the call as dropped.
lp_preload_record *lp_slot(const char *function, int kind, int64_t start, int64_t duration) {
    lp_recorded++;
    if (lp_record_count >= LP_PRELOAD_MAX_RECORDS) {
        lp_dropped++;
        return NULL;
    }
    lp_preload_record *r = &lp_records[lp_record_count];
    r->start_ns = start;
    r->duration_ns = duration;
    r->bytes = -1;
    r->error = 0;
    r->kind = kind;
    r->has_resource = 0;
    r->resource[0] = 0;
    lp_copy(r->function, sizeof r->function, function);
    r->frame_count = lp_walk(r->frames, LP_PRELOAD_MAX_FRAMES);
    return r;
}

void lp_commit(lp_preload_record *r) {
    if (r) {
        if (r->resource[0]) r->has_resource = 1;
        __atomic_store_n(&lp_record_count, lp_record_count + 1, __ATOMIC_RELEASE);
    }
    lp_depth = 0;
}

void lp_record_fd(const char *function, int kind, int64_t start, int64_t duration, int fd, ssize_t result, int error) {
    lp_preload_record *r = lp_slot(function, kind, start, duration);
    if (r) {
        if (lp_describe_fd(r->resource, sizeof r->resource, fd) && kind == LP_KIND_FILE_IO) r->kind = LP_KIND_NETWORK;
        if (result >= 0) r->bytes = result; else r->error = error;
    }
    lp_account(start, duration, 1);
    lp_commit(r);
}

void lp_record_path(const char *function, int64_t start, int64_t duration, const char *path, long result, int error) {
    lp_preload_record *r = lp_slot(function, LP_KIND_FILE_IO, start, duration);
    if (r) {
        lp_copy(r->resource, sizeof r->resource, path);
        if (result < 0) r->error = error;
    }
    lp_account(start, duration, 1);
    lp_commit(r);
}

void lp_record_text(const char *function, int kind, int64_t start, int64_t duration, const char *text, int error) {
    lp_preload_record *r = lp_slot(function, kind, start, duration);
    if (r) {
        if (text) lp_copy(r->resource, sizeof r->resource, text);
        r->error = error;
    }
    lp_account(start, duration, 1);
    lp_commit(r);
}

void lp_record_timeout(const char *function, int kind, int64_t start, int64_t duration, int64_t timeout_ns, int error) {
    char text[48];
    text[0] = 0;
    if (timeout_ns >= 0) {
        size_t at = kind == LP_KIND_SLEEP ? 0 : lp_append(text, sizeof text, 0, "timeout ");
        lp_append_ms(text, sizeof text, at, timeout_ns);
    }
    lp_record_text(function, kind, start, duration, text[0] ? text : NULL, error);
}
