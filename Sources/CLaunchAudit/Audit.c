// libLaunchAudit.so: the dynamic loader's audit module (LD_AUDIT, glibc's rtld-audit interface)
// that times what happens before `main`, object by object: when the loader starts (la_version),
// when each object is mapped (la_objopen, in load order), when every object is mapped and
// relocated (la_activity CONSISTENT: glibc relocates before it reports the namespace consistent),
// each initializer (DT_INIT and every DT_INIT_ARRAY entry) on the wall clock and the thread's CPU
// clock, and the hand-over to `main` (la_preinit, which glibc calls from __libc_start_main after
// the executable's own initializers).
//
// The initializers are wrapped at CONSISTENT, after relocation and before any of them runs: each
// init array entry and DT_INIT is pointed at one of 1,024 wrappers, which calls the original and
// times it. Relocation has made those slots read-only (RELRO): the page of a slot is made
// writable for the patch and read-only again.
//
// The lines (lp_env.h, LP_EVENT_PRE_MAIN) are kept in a static buffer and sent on the runner's
// event socket in one write at la_preinit. The module runs in the loader's audit namespace: it
// touches nothing of the program but the slots it patches, allocates nothing, and reports only
// from the launched process (the leader of its process group), as the tracer's milestones do.
#define _GNU_SOURCE
#include "lp_clock.h"
#include "lp_env.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define LP_AUDIT_EXPORT __attribute__((visibility("default")))
#define LP_AUDIT_MAX_OBJECTS 512
#define LP_AUDIT_MAX_INITS 1024
#define LP_AUDIT_BUFFER (256 * 1024)

typedef void (*lp_init_function)(int, char **, char **);

struct lp_audit_object {
    struct link_map *map;
    uintptr_t relro_start, relro_end;  // the pages the loader made read-only after relocation
    int skipped;  // the loader itself or the vDSO: no initializer to wrap
};

struct lp_audit_init {
    lp_init_function function;
    int object;
    const char *how;
};

static int lp_audit_fd = -1;
static int64_t lp_audit_spawn_ns;
static int lp_audit_loaded_sent;
static struct lp_audit_object lp_audit_objects[LP_AUDIT_MAX_OBJECTS];
static int lp_audit_object_count;
static struct lp_audit_init lp_audit_inits[LP_AUDIT_MAX_INITS];
static int lp_audit_init_count;
static char lp_audit_buffer[LP_AUDIT_BUFFER];
static size_t lp_audit_length;

static int64_t lp_audit_parse(const char *text, int *ok) {
    int64_t value = 0;
    *ok = text && text[0];
    for (const char *c = text; *ok && *c; c++) {
        if (*c < '0' || *c > '9') *ok = 0;
        else value = value * 10 + (*c - '0');
    }
    return value;
}

static int64_t lp_audit_cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return -1;
    return (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

static int64_t lp_audit_minor_faults(void) {
    struct rusage usage;
    return getrusage(RUSAGE_THREAD, &usage) == 0 ? (int64_t)usage.ru_minflt : -1;
}

// MARK: Lines

static void lp_audit_text(const char *text) {
    for (const char *c = text; *c && lp_audit_length < LP_AUDIT_BUFFER - 1; c++) {
        char byte = *c;
        lp_audit_buffer[lp_audit_length++] = (byte == '\n') ? ' ' : byte;
    }
}

static void lp_audit_number(int64_t value) {
    char digits[24];
    int count = 0;
    if (lp_audit_length + 24 >= LP_AUDIT_BUFFER) return;
    if (value < 0) { lp_audit_buffer[lp_audit_length++] = '-'; value = -value; }
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    while (count > 0) lp_audit_buffer[lp_audit_length++] = digits[--count];
}

// `preMain <time> <part>` and the fields that follow, each after a space.
static void lp_audit_begin(int64_t at, const char *part) {
    if (lp_audit_length + 128 >= LP_AUDIT_BUFFER) return;
    lp_audit_text(LP_EVENT_PRE_MAIN " ");
    lp_audit_number(at - lp_audit_spawn_ns);
    lp_audit_text(" ");
    lp_audit_text(part);
}

static void lp_audit_field(int64_t value) {
    lp_audit_text(" ");
    lp_audit_number(value);
}

static void lp_audit_end(void) {
    if (lp_audit_length < LP_AUDIT_BUFFER) lp_audit_buffer[lp_audit_length++] = '\n';
}

static void lp_audit_point(const char *part) {
    int64_t at = lp_monotonic_ns();
    int64_t cpu = lp_audit_cpu_ns();
    lp_audit_begin(at, part);
    lp_audit_field(cpu);
    lp_audit_field(lp_audit_minor_faults());
    lp_audit_end();
}

static void lp_audit_flush(void) {
    size_t sent = 0;
    while (lp_audit_fd >= 0 && sent < lp_audit_length) {
        long n = syscall(SYS_sendto, lp_audit_fd, lp_audit_buffer + sent, lp_audit_length - sent,
                         MSG_NOSIGNAL | MSG_DONTWAIT, NULL, 0);
        if (n <= 0) break;
        sent += (size_t)n;
    }
    lp_audit_length = 0;
}

// MARK: The audit interface

LP_AUDIT_EXPORT unsigned int la_version(unsigned int version) {
    int ok_fd = 0, ok_spawn = 0;
    int64_t fd = lp_audit_parse(getenv(LP_ENV_EVENT_FD), &ok_fd);
    int64_t spawn = lp_audit_parse(getenv(LP_ENV_SPAWN_NS), &ok_spawn);
    // Only the launched process reports: what it starts inherits LD_AUDIT but is not the launch.
    if (ok_fd && ok_spawn && fd <= 65535 && getpid() == getpgid(0)) {
        lp_audit_fd = (int)fd;
        lp_audit_spawn_ns = spawn;
        lp_audit_point("start");
    }
    return version < LAV_CURRENT ? version : LAV_CURRENT;
}

// The program headers of an object: the executable's from the auxiliary vector (a non-PIE
// executable's base is 0, its ELF header is not there), any other's from its ELF header.
static const ElfW(Phdr) *lp_audit_phdrs(struct link_map *map, int first, size_t *count) {
    if (first) {
        *count = (size_t)getauxval(AT_PHNUM);
        return (const ElfW(Phdr) *)getauxval(AT_PHDR);
    }
    const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)map->l_addr;
    if (map->l_addr == 0 || memcmp(header->e_ident, ELFMAG, SELFMAG) != 0) return NULL;
    *count = header->e_phnum;
    return (const ElfW(Phdr) *)(map->l_addr + header->e_phoff);
}

// The bytes the object maps (its PT_LOAD segments), and its RELRO pages as the loader protects
// them (the start rounded down to a page, the end too).
static int64_t lp_audit_inspect(struct lp_audit_object *object, int first) {
    size_t count = 0;
    const ElfW(Phdr) *phdrs = lp_audit_phdrs(object->map, first, &count);
    int64_t mapped = 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (size_t i = 0; phdrs && i < count; i++) {
        if (phdrs[i].p_type == PT_LOAD) mapped += (int64_t)phdrs[i].p_memsz;
        if (phdrs[i].p_type == PT_GNU_RELRO) {
            uintptr_t start = object->map->l_addr + phdrs[i].p_vaddr;
            object->relro_start = start & ~(page - 1);
            object->relro_end = (start + phdrs[i].p_memsz) & ~(page - 1);
        }
    }
    return mapped;
}

LP_AUDIT_EXPORT unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0 || lmid != LM_ID_BASE || lp_audit_object_count >= LP_AUDIT_MAX_OBJECTS) return 0;
    int64_t at = lp_monotonic_ns();
    int64_t cpu = lp_audit_cpu_ns();
    int first = lp_audit_object_count == 0;
    struct lp_audit_object *object = &lp_audit_objects[lp_audit_object_count++];
    object->map = map;
    const char *name = map->l_name ? map->l_name : "";
    object->skipped = strstr(name, "ld-linux") != NULL || strstr(name, "linux-vdso") != NULL;
    int64_t mapped = lp_audit_inspect(object, first);
    lp_audit_begin(at, "object");
    lp_audit_field(cpu);
    lp_audit_field(lp_audit_minor_faults());
    lp_audit_field(mapped);
    lp_audit_text(" ");
    lp_audit_text(first && !name[0] ? "/proc/self/exe" : name);
    lp_audit_end();
    return 0;  // no symbol-binding callbacks: they would slow every binding down
}

// MARK: Timed initializers

static void lp_audit_run(int index, int argc, char **argv, char **envp) {
    struct lp_audit_init *init = &lp_audit_inits[index];
    lp_init_function function = init->function;
    int64_t start = lp_monotonic_ns();
    int64_t cpu = lp_audit_cpu_ns();
    function(argc, argv, envp);
    int64_t cpu_end = lp_audit_cpu_ns();
    int64_t end = lp_monotonic_ns();
    lp_audit_begin(start, "init");
    lp_audit_field(end - start);
    lp_audit_field(cpu >= 0 && cpu_end >= 0 ? cpu_end - cpu : -1);
    lp_audit_field(init->object);
    lp_audit_field((int64_t)((uintptr_t)function - lp_audit_objects[init->object].map->l_addr));
    lp_audit_text(" ");
    lp_audit_text(init->how);
    lp_audit_end();
}

// 1,024 wrappers, one per initializer: lp_audit_w00000 … lp_audit_w01777, each passing its own
// name as an octal literal, which is also its position in the table below.
#define LP_W1(n) static void lp_audit_w##n(int c, char **v, char **e) { lp_audit_run(n, c, v, e); }
#define LP_W8(n) LP_W1(n##0) LP_W1(n##1) LP_W1(n##2) LP_W1(n##3) LP_W1(n##4) LP_W1(n##5) LP_W1(n##6) LP_W1(n##7)
#define LP_W64(n) LP_W8(n##0) LP_W8(n##1) LP_W8(n##2) LP_W8(n##3) LP_W8(n##4) LP_W8(n##5) LP_W8(n##6) LP_W8(n##7)
#define LP_W512(n) LP_W64(n##0) LP_W64(n##1) LP_W64(n##2) LP_W64(n##3) LP_W64(n##4) LP_W64(n##5) LP_W64(n##6) LP_W64(n##7)
LP_W512(00) LP_W512(01)

#define LP_R1(n) lp_audit_w##n,
#define LP_R8(n) LP_R1(n##0) LP_R1(n##1) LP_R1(n##2) LP_R1(n##3) LP_R1(n##4) LP_R1(n##5) LP_R1(n##6) LP_R1(n##7)
#define LP_R64(n) LP_R8(n##0) LP_R8(n##1) LP_R8(n##2) LP_R8(n##3) LP_R8(n##4) LP_R8(n##5) LP_R8(n##6) LP_R8(n##7)
#define LP_R512(n) LP_R64(n##0) LP_R64(n##1) LP_R64(n##2) LP_R64(n##3) LP_R64(n##4) LP_R64(n##5) LP_R64(n##6) LP_R64(n##7)
static const lp_init_function lp_audit_wrappers[LP_AUDIT_MAX_INITS] = {LP_R512(00) LP_R512(01)};

// Writes `value` into `slot` of `object`, making a RELRO page writable for the write and
// read-only again; 0 when done.
static int lp_audit_patch(const struct lp_audit_object *object, uintptr_t *slot, uintptr_t value) {
    uintptr_t address = (uintptr_t)slot;
    if (address < object->relro_start || address >= object->relro_end) {
        *slot = value;
        return 0;
    }
    size_t size = (size_t)sysconf(_SC_PAGESIZE);
    void *page = (void *)(address & ~(uintptr_t)(size - 1));
    if (mprotect(page, size, PROT_READ | PROT_WRITE) != 0) return -1;
    *slot = value;
    mprotect(page, size, PROT_READ);
    return 0;
}

// Points `slot` at the next wrapper; `relative` for DT_INIT, whose value is an offset.
static void lp_audit_wrap(int index, uintptr_t *slot, int relative) {
    const struct lp_audit_object *object = &lp_audit_objects[index];
    uintptr_t base = object->map->l_addr, value = *slot;
    uintptr_t function = relative ? base + value : value;
    if (value == 0 || value == (uintptr_t)-1) return;
    if (lp_audit_init_count >= LP_AUDIT_MAX_INITS) {
        lp_audit_begin(lp_monotonic_ns(), "dropped");
        lp_audit_field(1);
        lp_audit_end();
        return;
    }
    int k = lp_audit_init_count;
    uintptr_t wrapper = (uintptr_t)lp_audit_wrappers[k];
    if (lp_audit_patch(object, slot, relative ? wrapper - base : wrapper) != 0) return;
    lp_audit_inits[k] = (struct lp_audit_init){(lp_init_function)function, index, relative ? "init" : "array"};
    lp_audit_init_count++;
}

static void lp_audit_wrap_object(int index) {
    const struct lp_audit_object *object = &lp_audit_objects[index];
    if (object->skipped || object->map->l_ld == NULL) return;
    ElfW(Dyn) *init = NULL, *array = NULL, *size = NULL;
    for (ElfW(Dyn) *entry = object->map->l_ld; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_INIT) init = entry;
        if (entry->d_tag == DT_INIT_ARRAY) array = entry;
        if (entry->d_tag == DT_INIT_ARRAYSZ) size = entry;
    }
    if (init) lp_audit_wrap(index, (uintptr_t *)&init->d_un.d_ptr, 1);
    if (!array || !size) return;
    uintptr_t *entries = (uintptr_t *)(object->map->l_addr + array->d_un.d_ptr);
    for (size_t i = 0; i < size->d_un.d_val / sizeof(uintptr_t); i++) lp_audit_wrap(index, &entries[i], 0);
}

LP_AUDIT_EXPORT void la_activity(uintptr_t *cookie, unsigned int flag) {
    (void)cookie;
    if (lp_audit_fd < 0 || flag != LA_ACT_CONSISTENT || lp_audit_loaded_sent || lp_audit_object_count == 0) return;
    lp_audit_loaded_sent = 1;
    lp_audit_point("relocated");
    for (int i = 0; i < lp_audit_object_count; i++) lp_audit_wrap_object(i);
}

LP_AUDIT_EXPORT void la_preinit(uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0) return;
    lp_audit_point("main");
    lp_audit_flush();
    lp_audit_fd = -1;
}
