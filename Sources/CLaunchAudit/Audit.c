// libLaunchAudit.so: the dynamic loader's audit module (LD_AUDIT, glibc's rtld-audit interface)
// that times what happens before `main`, object by object: when the loader starts (la_version),
// when each object is mapped (la_objopen, in load order), when every object is mapped and
// relocated (la_activity CONSISTENT: glibc relocates before it reports the namespace consistent),
// each initializer (DT_INIT and every DT_INIT_ARRAY entry) on the wall clock and the thread's CPU
// clock, and the hand-over to `main` (la_preinit, which glibc calls from __libc_start_main after
// the executable's own initializers).
//
// The initializers are wrapped as each object is mapped, before relocation, in the object's own
// .dynamic section (writable until relocation makes it read-only): DT_INIT is pointed at a
// wrapper, and DT_INIT_ARRAY at a table of wrappers in this module, one per entry, each of which
// calls the original entry (relocated by the time it runs). No page protection is changed. A
// wrapper reads the thread's CPU clock once, after its initializer: the one before it ended
// where this one began, but for the loader's few instructions in between.
//
// The lines (lp_env.h, LP_EVENT_PRE_MAIN) are kept in a static buffer and sent on the runner's
// event socket in one write at la_preinit. The module runs in the loader's audit namespace: it
// touches nothing of the program but the slots it patches, allocates nothing, and reports only
// from the launched process (the leader of its process group), as the tracer's milestones do.
#define _GNU_SOURCE
#include "AuditRuntime.h"
#include "lp_env.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#define LP_AUDIT_EXPORT __attribute__((visibility("default")))
#define LP_AUDIT_MAX_OBJECTS 512
#define LP_AUDIT_MAX_INITS 1024
#define LP_AUDIT_BUFFER (256 * 1024)

typedef void (*lp_init_function)(int, char **, char **);

struct lp_audit_object {
    struct link_map *map;
    int skipped;  // the loader itself or the vDSO: no initializer to wrap
};

struct lp_audit_init {
    lp_init_function function;  // DT_INIT: the function; an array entry: NULL, read from `entry`
    const uintptr_t *entry;     // the original init array slot, relocated by the time it is read
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
static lp_init_function lp_audit_slots[LP_AUDIT_MAX_INITS];
static int64_t lp_audit_last_cpu = -1;     // the thread's CPU time at the last reading
static int64_t lp_audit_last_cpu_at;       // and when it was read
// An initializer shorter than this is not timed on the CPU clock (a system call here): its CPU
// time is sent as -1, and the time it took is counted as on a CPU by the next one that is timed.
#define LP_AUDIT_CPU_MIN_NS 20000
static char lp_audit_buffer[LP_AUDIT_BUFFER];
static size_t lp_audit_length;

static void lp_audit_wrap_object(int index);

static int64_t lp_audit_parse(const char *text, int *ok) {
    int64_t value = 0;
    *ok = text && text[0];
    for (const char *c = text; *ok && *c; c++) {
        if (*c < '0' || *c > '9') *ok = 0;
        else value = value * 10 + (*c - '0');
    }
    return value;
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
    int64_t at = lp_audit_now();
    int64_t cpu = lp_audit_cpu_ns();
    lp_audit_begin(at, part);
    lp_audit_field(cpu);
    lp_audit_field(lp_audit_minor_faults());
    lp_audit_end();
}

static void lp_audit_flush(void) {
    size_t sent = 0;
    while (lp_audit_fd >= 0 && sent < lp_audit_length) {
        long n = lp_audit_syscall(SYS_sendto, lp_audit_fd, (long)(lp_audit_buffer + sent),
                                  (long)(lp_audit_length - sent), MSG_NOSIGNAL | MSG_DONTWAIT, 0, 0);
        if (n <= 0) break;
        sent += (size_t)n;
    }
    lp_audit_length = 0;
}

// MARK: The audit interface

LP_AUDIT_EXPORT unsigned int la_version(unsigned int version) {
    char fd_text[32], spawn_text[32];
    int ok_fd = 0, ok_spawn = 0;
    int64_t fd = lp_audit_getenv(LP_ENV_EVENT_FD, fd_text, sizeof fd_text) ? lp_audit_parse(fd_text, &ok_fd) : 0;
    int64_t spawn =
        lp_audit_getenv(LP_ENV_SPAWN_NS, spawn_text, sizeof spawn_text) ? lp_audit_parse(spawn_text, &ok_spawn) : 0;
    // Only the launched process reports: what it starts inherits LD_AUDIT but is not the launch.
    if (ok_fd && ok_spawn && fd <= 65535 && lp_audit_is_group_leader()) {
        lp_audit_fd = (int)fd;
        lp_audit_spawn_ns = spawn;
        lp_audit_point("start");
    }
    return version < LAV_CURRENT ? version : LAV_CURRENT;
}

// The program headers of an object, from its ELF header at its base (a non-PIE executable's base
// is 0 and its header is elsewhere: its size is not read).
static const ElfW(Phdr) *lp_audit_phdrs(struct link_map *map, size_t *count) {
    const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)map->l_addr;
    if (map->l_addr == 0 || header->e_ident[EI_MAG0] != ELFMAG0 || header->e_ident[EI_MAG1] != ELFMAG1
        || header->e_ident[EI_MAG2] != ELFMAG2 || header->e_ident[EI_MAG3] != ELFMAG3)
        return NULL;
    *count = header->e_phnum;
    return (const ElfW(Phdr) *)(map->l_addr + header->e_phoff);
}

// The bytes the object maps (its PT_LOAD segments).
static int64_t lp_audit_inspect(struct lp_audit_object *object) {
    size_t count = 0;
    const ElfW(Phdr) *phdrs = lp_audit_phdrs(object->map, &count);
    int64_t mapped = 0;
    for (size_t i = 0; phdrs && i < count; i++) {
        if (phdrs[i].p_type == PT_LOAD) mapped += (int64_t)phdrs[i].p_memsz;
    }
    return mapped;
}

// The executable's path as the kernel resolved it (the interpreter of a `#!` script, the
// program a wrapper exec'd), or "/proc/self/exe" when it cannot be read.
static const char *lp_audit_executable_path(void) {
    static char path[4096];
    long length = lp_audit_syscall(SYS_readlink, (long)"/proc/self/exe", (long)path, sizeof path - 1, 0, 0, 0);
    if (length <= 0) return "/proc/self/exe";
    path[length] = 0;
    return path;
}

LP_AUDIT_EXPORT unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0 || lmid != LM_ID_BASE || lp_audit_object_count >= LP_AUDIT_MAX_OBJECTS) return 0;
    int64_t at = lp_audit_now();
    int first = lp_audit_object_count == 0;
    struct lp_audit_object *object = &lp_audit_objects[lp_audit_object_count++];
    object->map = map;
    const char *name = map->l_name ? map->l_name : "";
    object->skipped = lp_audit_contains(name, "ld-linux") || lp_audit_contains(name, "linux-vdso");
    int64_t mapped = lp_audit_inspect(object);
    if (object->map->l_addr != 0 && lp_audit_contains(name, "linux-vdso")) lp_audit_use_vdso(object->map->l_addr);
    // The CPU clock and the fault count are system calls here: read at the start, relocation
    // and main only, not for each object.
    lp_audit_begin(at, "object");
    lp_audit_field(-1);
    lp_audit_field(-1);
    lp_audit_field(mapped);
    lp_audit_text(" ");
    lp_audit_text(first && !name[0] ? lp_audit_executable_path() : name);
    lp_audit_end();
    lp_audit_wrap_object(lp_audit_object_count - 1);
    return 0;  // no symbol-binding callbacks: they would slow every binding down
}

// MARK: Timed initializers

static void lp_audit_run(int index, int argc, char **argv, char **envp) {
    struct lp_audit_init *init = &lp_audit_inits[index];
    lp_init_function function = init->function ? init->function : (lp_init_function)*init->entry;
    int64_t start = lp_audit_now();
    function(argc, argv, envp);
    int64_t end = lp_audit_now();
    int64_t cpu = -1;
    if (end - start >= LP_AUDIT_CPU_MIN_NS && lp_audit_last_cpu >= 0) {
        // The CPU time at its start: the last reading, plus the time since then (short
        // initializers and the loader's work between them), taken as on a CPU.
        int64_t cpu_end = lp_audit_cpu_ns();
        int64_t cpu_start = lp_audit_last_cpu + (start - lp_audit_last_cpu_at);
        if (cpu_end >= 0) {
            cpu = cpu_end - cpu_start < 0 ? 0 : cpu_end - cpu_start;
            if (cpu > end - start) cpu = end - start;
            lp_audit_last_cpu = cpu_end;
            lp_audit_last_cpu_at = lp_audit_now();
        }
    }
    lp_audit_begin(start, "init");
    lp_audit_field(end - start);
    lp_audit_field(cpu);
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

// Points the object's DT_INIT at a wrapper and its DT_INIT_ARRAY at a table of wrappers, one per
// entry, before relocation; an object whose initializers do not all fit is left as it is.
static void lp_audit_wrap_object(int index) {
    const struct lp_audit_object *object = &lp_audit_objects[index];
    if (object->skipped || object->map->l_ld == NULL) return;
    ElfW(Dyn) *init = NULL, *array = NULL, *size = NULL;
    for (ElfW(Dyn) *entry = object->map->l_ld; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_INIT) init = entry;
        if (entry->d_tag == DT_INIT_ARRAY) array = entry;
        if (entry->d_tag == DT_INIT_ARRAYSZ) size = entry;
    }
    size_t entries = (array && size) ? size->d_un.d_val / sizeof(uintptr_t) : 0;
    uintptr_t base = object->map->l_addr;
    if (lp_audit_init_count + (init != NULL) + (int)entries > LP_AUDIT_MAX_INITS) {
        lp_audit_begin(lp_audit_now(), "dropped");
        lp_audit_field((init != NULL) + (int64_t)entries);
        lp_audit_end();
        return;
    }
    if (init) {
        int k = lp_audit_init_count++;
        lp_audit_inits[k] = (struct lp_audit_init){(lp_init_function)(base + init->d_un.d_ptr), NULL, index, "init"};
        init->d_un.d_ptr = (uintptr_t)lp_audit_wrappers[k] - base;
    }
    if (entries == 0) return;
    const uintptr_t *original = (const uintptr_t *)(base + array->d_un.d_ptr);
    int first = lp_audit_init_count;
    for (size_t i = 0; i < entries; i++) {
        int k = lp_audit_init_count++;
        lp_audit_inits[k] = (struct lp_audit_init){NULL, &original[i], index, "array"};
        lp_audit_slots[k] = lp_audit_wrappers[k];
    }
    array->d_un.d_ptr = (uintptr_t)&lp_audit_slots[first] - base;
}

LP_AUDIT_EXPORT void la_activity(uintptr_t *cookie, unsigned int flag) {
    (void)cookie;
    if (lp_audit_fd < 0 || flag != LA_ACT_CONSISTENT || lp_audit_loaded_sent || lp_audit_object_count == 0) return;
    lp_audit_loaded_sent = 1;
    lp_audit_point("relocated");
    lp_audit_last_cpu = lp_audit_cpu_ns();
    lp_audit_last_cpu_at = lp_audit_now();
}

LP_AUDIT_EXPORT void la_preinit(uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0) return;
    lp_audit_point("main");
    lp_audit_flush();
    lp_audit_fd = -1;
}
