#define _GNU_SOURCE
#include "lp_perf.h"

#include <errno.h>
#include <stdio.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// x86-64 perf register numbers (arch/x86/include/uapi/asm/perf_regs.h).
enum { LP_REG_BP = 6, LP_REG_SP = 7, LP_REG_IP = 8 };

static void lp_perf_ring_reset(lp_perf_ring *ring) {
    ring->fd = -1;
    ring->base = NULL;
    ring->map_size = 0;
    ring->data_size = 0;
}

static void lp_perf_ring_close(lp_perf_ring *ring) {
    if (ring->base) munmap(ring->base, ring->map_size);
    if (ring->fd >= 0) close(ring->fd);
    lp_perf_ring_reset(ring);
}

static void lp_perf_base_attr(struct perf_event_attr *attr, const lp_perf_config *config, uint32_t pages) {
    memset(attr, 0, sizeof *attr);
    attr->size = sizeof *attr;
    attr->type = PERF_TYPE_SOFTWARE;
    attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD
        | PERF_SAMPLE_CALLCHAIN;
    attr->disabled = 1;
    attr->enable_on_exec = 1;
    attr->inherit = 1;
    attr->exclude_kernel = 1;
    attr->exclude_hv = 1;
    attr->exclude_callchain_kernel = 1;
    attr->use_clockid = 1;
    attr->clockid = CLOCK_MONOTONIC;
    attr->sample_id_all = 1;
    attr->watermark = 1;
    attr->wakeup_watermark = (uint32_t)(pages * (uint32_t)sysconf(_SC_PAGESIZE) / 4);
    if (config->max_stack > 0) attr->sample_max_stack = (uint16_t)config->max_stack;
    // The top of the user stack and the registers, to find the caller of a leaf function
    // that keeps no frame pointer (libc's system-call wrappers, memcpy).
    if (config->stack_user_bytes > 0) {
        attr->sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        attr->sample_regs_user = (1ULL << LP_REG_BP) | (1ULL << LP_REG_SP) | (1ULL << LP_REG_IP);
        attr->sample_stack_user = config->stack_user_bytes;
    }
}

static int lp_perf_ring_open(lp_perf_ring *ring, struct perf_event_attr *attr, pid_t tid, int cpu, uint32_t pages) {
    ring->fd = (int)syscall(SYS_perf_event_open, attr, tid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
    if (ring->fd < 0) return -1;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    ring->map_size = page * (pages + 1);
    void *base = mmap(NULL, ring->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, ring->fd, 0);
    if (base == MAP_FAILED) return -1;
    ring->base = base;
    ring->data_size = page * pages;
    return 0;
}

// The online CPUs, from /sys/devices/system/cpu/online ("0-3,6"), else the first
// _SC_NPROCESSORS_ONLN; at most LP_PERF_MAX_CPUS. Returns how many were written to `cpus`.
static int lp_perf_online_cpus(int *cpus) {
    int count = 0;
    FILE *file = fopen("/sys/devices/system/cpu/online", "re");
    if (file) {
        int first, last;
        char separator = ',';
        while (separator == ',' && fscanf(file, "%d", &first) == 1) {
            last = first;
            if (fscanf(file, "%c", &separator) == 1 && separator == '-') {
                if (fscanf(file, "%d", &last) != 1 || fscanf(file, "%c", &separator) != 1) separator = 0;
            }
            for (int cpu = first; cpu <= last && count < LP_PERF_MAX_CPUS; cpu++) cpus[count++] = cpu;
        }
        fclose(file);
    }
    if (count > 0) return count;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    for (int cpu = 0; cpu < online && count < LP_PERF_MAX_CPUS; cpu++) cpus[count++] = cpu;
    return count > 0 ? count : 1;
}

// Data pages of one CPU's ring: the event's pages split over the CPUs, a power of two, at least 8.
static uint32_t lp_perf_pages_per_cpu(uint32_t pages, int cpus) {
    uint32_t share = pages / (uint32_t)(cpus > 0 ? cpus : 1);
    uint32_t result = 8;
    while (result * 2 <= share) result *= 2;
    return result;
}

// Opens `attr` on `tid` on every CPU in `cpus` into `rings`. Returns 0, or -1 with errno set.
static int lp_perf_open_rings(lp_perf_ring *rings, struct perf_event_attr *attr, pid_t tid, const int *cpus, int count,
                              uint32_t pages) {
    for (int i = 0; i < count; i++) {
        if (lp_perf_ring_open(&rings[i], attr, tid, cpus[i], pages) != 0) {
            int saved = errno;
            for (int j = 0; j <= i; j++) lp_perf_ring_close(&rings[j]);
            errno = saved;
            return -1;
        }
    }
    return 0;
}

static int lp_perf_fail(lp_perf_session *session, const char *step) {
    session->error = errno;
    session->failed_step = step;
    lp_perf_close(session);
    return -1;
}

static int lp_perf_open_switches(pid_t tid, const lp_perf_config *config, const int *cpus, int count,
                                 uint32_t pages, lp_perf_session *session) {
    struct perf_event_attr attr;
    lp_perf_base_attr(&attr, config, pages);
    attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
    attr.sample_period = 1;
    attr.context_switch = 1;
    // A switch-out sample is taken in the kernel: it needs exclude_kernel = 0 (kernel frames
    // are still left out of the call chain). Where that is not permitted, the switch records
    // alone still time every off-CPU interval.
    attr.exclude_kernel = 0;
    if (lp_perf_open_rings(session->switches, &attr, tid, cpus, count, pages) == 0) {
        session->switch_stacks = 1;
        return 0;
    }
    if (errno != EACCES && errno != EPERM) return -1;
    attr.exclude_kernel = 1;
    attr.config = PERF_COUNT_SW_DUMMY;
    attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
    return lp_perf_open_rings(session->switches, &attr, tid, cpus, count, pages);
}

static void lp_perf_session_reset(lp_perf_session *session) {
    for (int i = 0; i < LP_PERF_MAX_CPUS; i++) {
        lp_perf_ring_reset(&session->cpu[i]);
        lp_perf_ring_reset(&session->switches[i]);
    }
    session->ring_count = 0;
    session->switch_stacks = 0;
    session->kernel_samples = 0;
    session->error = 0;
    session->failed_step = NULL;
}

int lp_perf_open(pid_t tid, const lp_perf_config *config, lp_perf_session *session) {
    lp_perf_session_reset(session);
    int cpus[LP_PERF_MAX_CPUS];
    int count = lp_perf_online_cpus(cpus);
    uint32_t pages = lp_perf_pages_per_cpu(config->ring_pages, count);
    session->ring_count = count;
    struct perf_event_attr attr;
    lp_perf_base_attr(&attr, config, pages);
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.sample_period = config->sample_period_ns;
    attr.mmap = 1;
    attr.mmap2 = 1;
    attr.comm = 1;
    attr.task = 1;
    // Time on a CPU inside system calls (copying a file's pages, faulting memory in) is the
    // app's too: sample kernel mode where permitted, keeping only the user call chain.
    attr.exclude_kernel = 0;
    if (lp_perf_open_rings(session->cpu, &attr, tid, cpus, count, pages) != 0) {
        if (errno != EACCES && errno != EPERM) return lp_perf_fail(session, "perf_event_open(cpu-clock) on the child");
        attr.exclude_kernel = 1;
        if (lp_perf_open_rings(session->cpu, &attr, tid, cpus, count, pages) != 0) {
            return lp_perf_fail(session, "perf_event_open(cpu-clock) on the child");
        }
    } else {
        session->kernel_samples = 1;
    }
    if (lp_perf_open_switches(tid, config, cpus, count, pages, session) != 0) {
        return lp_perf_fail(session, "perf_event_open(context-switches) on the child");
    }
    return 0;
}

lp_perf_ring *lp_perf_session_ring(lp_perf_session *session, int32_t switches, int32_t index) {
    if (index < 0 || index >= session->ring_count) return NULL;
    return switches ? &session->switches[index] : &session->cpu[index];
}

size_t lp_perf_ring_capacity(const lp_perf_ring *ring) { return ring->data_size; }

static void lp_perf_copy(const lp_perf_ring *ring, uint64_t from, uint8_t *dest, size_t length) {
    const uint8_t *data = (const uint8_t *)ring->base + (ring->map_size - ring->data_size);
    size_t offset = (size_t)(from % ring->data_size);
    size_t first = ring->data_size - offset < length ? ring->data_size - offset : length;
    memcpy(dest, data + offset, first);
    if (first < length) memcpy(dest + first, data, length - first);
}

size_t lp_perf_read(lp_perf_ring *ring, uint8_t *dest, size_t capacity) {
    if (!ring->base) return 0;
    struct perf_event_mmap_page *meta = ring->base;
    uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
    uint64_t tail = meta->data_tail;
    size_t copied = 0;
    while (tail < head) {
        struct perf_event_header header;
        lp_perf_copy(ring, tail, (uint8_t *)&header, sizeof header);
        if (header.size == 0 || copied + header.size > capacity) break;
        lp_perf_copy(ring, tail, dest + copied, header.size);
        copied += header.size;
        tail += header.size;
    }
    __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
    return copied;
}

void lp_perf_close(lp_perf_session *session) {
    for (int i = 0; i < LP_PERF_MAX_CPUS; i++) {
        lp_perf_ring_close(&session->cpu[i]);
        lp_perf_ring_close(&session->switches[i]);
    }
    session->ring_count = 0;
}

int lp_perf_probe(void) {
    lp_perf_config config = {1000000, 1, 0, 0};
    struct perf_event_attr attr;
    lp_perf_base_attr(&attr, &config, 1);
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.sample_period = config.sample_period_ns;
    int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) return errno;
    close(fd);
    return 0;
}
