// The calls under the threshold, in aggregate: per call site (the innermost frames of the
// caller's stack) and function, how many, how long in all, how many bytes, and the first
// call's resource. Runs on the traced thread only, for every short call: a short frame walk, a
// hash and an open-addressing probe in a fixed table; no malloc, no lock. The first call of a
// site pays for the full stack and the resource's name; a site beyond the table's capacity is
// counted as overflow.
#include "PreloadInternal.h"

enum { LP_SITE_FRAMES = 8 };

static uint64_t lp_mix(uint64_t hash, uint64_t value) {
    hash ^= value + 0x9E3779B97F4A7C15ULL + (hash << 6) + (hash >> 2);
    return hash;
}

static uint64_t lp_site_key(const char *function) {
    uint64_t frames[LP_SITE_FRAMES];
    int count = lp_walk(frames, LP_SITE_FRAMES);
    uint64_t key = lp_mix(0xCBF29CE484222325ULL, (uint64_t)(uintptr_t)function);
    for (int i = 0; i < count; i++) key = lp_mix(key, frames[i]);
    return key ? key : 1;
}

static uint64_t lp_path_key(const char *path) {
    uint64_t hash = 0xCBF29CE484222325ULL;
    for (const char *c = path; c && *c; c++) hash = (hash ^ (uint8_t)*c) * 0x100000001B3ULL;
    return hash;
}

enum { LP_SLOTS = 2 * LP_PRELOAD_MAX_AGGREGATES };   // a power of two
/// Open addressing over the aggregates: 0 is empty, else the aggregate's index + 1.
static int16_t lp_slots[LP_SLOTS];

static lp_preload_aggregate *lp_new_site(uint64_t key, const char *function, int kind, int64_t start) {
    lp_preload_aggregate *a = &lp_aggregates[lp_aggregate_count];
    a->key = key;
    a->count = a->total_ns = a->bytes = 0;
    a->first_start_ns = start;
    a->kind = kind;
    a->has_resource = a->varied = 0;
    a->resource_key = 0;
    a->resource[0] = 0;
    lp_copy(a->function, sizeof a->function, function);
    a->frame_count = lp_walk(a->frames, LP_PRELOAD_MAX_FRAMES);
    return a;
}

/// The aggregate of this call site, created on its first call (then `*created` is 1), or NULL
/// when the table is full.
static lp_preload_aggregate *lp_site(const char *function, int kind, int64_t start, int *created) {
    uint64_t key = lp_site_key(function);
    *created = 0;
    for (uint64_t probe = 0; probe < LP_SLOTS; probe++) {
        int16_t *slot = &lp_slots[(key + probe) & (LP_SLOTS - 1)];
        if (*slot == 0) {
            if (lp_aggregate_count >= LP_PRELOAD_MAX_AGGREGATES) return NULL;
            *slot = (int16_t)(lp_aggregate_count + 1);
            *created = 1;
            return lp_new_site(key, function, kind, start);
        }
        if (lp_aggregates[*slot - 1].key == key) return &lp_aggregates[*slot - 1];
    }
    return NULL;
}

static void lp_add(lp_preload_aggregate *a, int created, int64_t start, int64_t duration) {
    a->count++;
    a->total_ns += duration;
    a->last_end_ns = start + duration;
    if (created) __atomic_store_n(&lp_aggregate_count, lp_aggregate_count + 1, __ATOMIC_RELEASE);
}

static void lp_overflow(int64_t duration) {
    lp_overflow_calls++;
    lp_overflow_ns += duration;
}

void lp_aggregate_fd(const char *function, int kind, int64_t start, int64_t duration, int fd, ssize_t result) {
    if (lp_enabled) {
        int created;
        lp_preload_aggregate *a = lp_site(function, kind, start, &created);
        if (!a) {
            lp_overflow(duration);
        } else {
            if (created) {
                if (lp_describe_fd(a->resource, sizeof a->resource, fd) && kind == LP_KIND_FILE_IO) a->kind = LP_KIND_NETWORK;
                a->has_resource = a->resource[0] != 0;
                a->resource_key = (uint64_t)(int64_t)fd;
            } else if (a->resource_key != (uint64_t)(int64_t)fd) {
                a->varied = 1;
            }
            if (result > 0) a->bytes += result;
            lp_add(a, created, start, duration);
        }
    }
    lp_account(start, duration, 0);
    lp_depth = 0;
}

void lp_aggregate_path(const char *function, int64_t start, int64_t duration, const char *path) {
    if (lp_enabled) {
        int created;
        lp_preload_aggregate *a = lp_site(function, LP_KIND_FILE_IO, start, &created);
        if (!a) {
            lp_overflow(duration);
        } else {
            uint64_t pathKey = lp_path_key(path);
            if (created) {
                lp_copy(a->resource, sizeof a->resource, path);
                a->has_resource = a->resource[0] != 0;
                a->resource_key = pathKey;
            } else if (a->resource_key != pathKey) {
                a->varied = 1;
            }
            lp_add(a, created, start, duration);
        }
    }
    lp_account(start, duration, 0);
    lp_depth = 0;
}

void lp_aggregate_plain(const char *function, int kind, int64_t start, int64_t duration) {
    if (lp_enabled) {
        int created;
        lp_preload_aggregate *a = lp_site(function, kind, start, &created);
        if (!a) lp_overflow(duration); else lp_add(a, created, start, duration);
    }
    lp_account(start, duration, 0);
    lp_depth = 0;
}
