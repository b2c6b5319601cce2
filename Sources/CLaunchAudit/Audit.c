// libLaunchAudit.so: the dynamic loader's audit module (LD_AUDIT, glibc's rtld-audit interface)
// that times what happens before `main`, object by object: when the loader starts (la_version),
// when each object is mapped (la_objopen, in load order), when every object is mapped and
// relocated (la_activity CONSISTENT: glibc relocates before it reports the namespace consistent),
// each initializer (DT_INIT and every DT_INIT_ARRAY entry) on the wall clock and the thread's CPU
// time (its CPU clock), and the hand-over to `main` (la_preinit, which glibc calls from __libc_start_main after
// the executable's own initializers).
//
// The initializers are wrapped as each object is mapped, before relocation, in the object's own
// .dynamic section (writable until relocation makes it read-only): DT_INIT is pointed at a
// wrapper, and DT_INIT_ARRAY at a table of wrappers in this module, one per entry, each of which
// calls the original entry (relocated by the time it runs). No page protection is changed. A
// wrapper reads the thread's CPU time only after an initializer of 250 us or more: the one before
// it ended where this one began, but for the loader's few instructions in between.
//
// On the launches the runner asks for it (LAUNCHPROF_RELOCATION_MARKS=1), each object's
// relocation is timed by a mark at its end: as the object is mapped, its PLT
// relocation table (DT_JMPREL, the last the loader applies to it) is given one more entry, an
// IRELATIVE relocation whose resolver is a stub here, in a place of the module's own (a small
// table is copied; a larger one's pages are moved with mremap, the original range left mapped,
// and only the page of its end is copied, on the write); the loader calls the stub when it has
// applied every other relocation of the object, and the stub records the time and points
// DT_JMPREL back at the original (the loader binds lazy calls through it after main). The copies
// and moved pages are unmapped after `main` is reported. The marks cost the launch's loading
// part their copies and moved pages (about 0.15 ms for a Swift program with Foundation), so the
// runner takes the parts from launches without them and only each object's relocation from
// launches with them.
//
// Everything it measures is kept as fixed-size records (lp_premain_abi.h), formatted by the
// runner, and sent on the runner's event socket in one write at la_preinit. The module runs in
// the loader's audit namespace: it touches nothing of the program but the slots it patches,
// allocates nothing, and reports only from the launched process (the leader of its process
// group), as the tracer's milestones do.
#define _GNU_SOURCE
#include "AuditRuntime.h"
#include "lp_env.h"
#include "lp_premain_abi.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#define LP_AUDIT_EXPORT __attribute__((visibility("default")))
#define LP_AUDIT_MAX_OBJECTS 512
#define LP_AUDIT_MAX_INITS 1024
#define LP_AUDIT_BUFFER (256 * 1024)
// An initializer shorter than this is not timed on the CPU (a system call): its CPU time is sent
// as -1, and the time it took is counted as on a CPU by the next one that is timed.
#define LP_AUDIT_CPU_MIN_NS 250000

typedef void (*lp_init_function)(int, char **, char **);

struct lp_audit_object {
    struct link_map *map;
    int skipped;  // the loader itself or the vDSO: no initializer to wrap
    // The relocation mark: the dynamic entries redirected to the copy, and their original values.
    ElfW(Dyn) *jmprel, *pltrelsz;
    uintptr_t jmprel_value;
    uintptr_t pltrelsz_value;
    int marked;   // its PLT relocations were copied with the mark after them
    int reached;  // the loader reached the mark (and the entries are restored)
    uintptr_t moved;      // the table's pages moved to a mapping of their own (0: copied)
    size_t moved_bytes;
};

struct lp_audit_init {
    lp_init_function function;  // DT_INIT: the function; an array entry: NULL, read from `entry`
    const uintptr_t *entry;     // the original init array slot, relocated by the time it is read
    int object;
    uint32_t kind;              // LP_PREMAIN_INIT or LP_PREMAIN_ARRAY_INIT
};

static int lp_audit_fd = -1;
static int64_t lp_audit_spawn_ns;
static uintptr_t lp_audit_loader_base;  // AT_BASE: where the loader itself is mapped
static int lp_audit_loaded_sent;
static int lp_audit_marks;  // LAUNCHPROF_RELOCATION_MARKS=1: each object's relocation is marked
static struct lp_audit_object lp_audit_objects[LP_AUDIT_MAX_OBJECTS];
static int lp_audit_object_count;
static struct lp_audit_init lp_audit_inits[LP_AUDIT_MAX_INITS];
static int lp_audit_init_count;
static lp_init_function lp_audit_slots[LP_AUDIT_MAX_INITS];
static int64_t lp_audit_last_cpu = -1;  // the thread's CPU time at the last reading
static int64_t lp_audit_last_cpu_at;    // and when it was read
// The records, after room for the line that announces them (written last, just before them).
#define LP_AUDIT_HEADER 64
static _Alignas(8) char lp_audit_buffer[LP_AUDIT_BUFFER];
static size_t lp_audit_length = LP_AUDIT_HEADER;

static void lp_audit_wrap_object(int index);
static void lp_audit_mark_object(int index);

// The copies of the small PLT relocation tables, each with its mark (one mapping, unmapped when
// every object is relocated). A larger table's pages are moved instead (no copy).
#define LP_AUDIT_SCRATCH ((size_t)8 << 20)
#define LP_AUDIT_COPY_MAX 8192
static char *lp_audit_scratch;
static size_t lp_audit_scratch_used;
static uintptr_t lp_audit_mark_sink;  // where the marks' IRELATIVE relocations write

static int64_t lp_audit_parse(const char *text, int *ok) {
    int64_t value = 0;
    *ok = text && text[0];
    for (const char *c = text; *ok && *c; c++) {
        if (*c < '0' || *c > '9') *ok = 0;
        else value = value * 10 + (*c - '0');
    }
    return value;
}

// MARK: Records

// Appends a record of `kind` at `at` with `values` and `text` (NULL: none) after it.
static void lp_audit_record(uint32_t kind, int64_t at, int64_t a, int64_t b, int64_t c, int64_t d, const char *text) {
    size_t length = 0;
    while (text && text[length]) length++;
    size_t padded = (length + 7) & ~(size_t)7;
    if (lp_audit_length + sizeof(struct lp_premain_record) + padded > LP_AUDIT_BUFFER) return;
    struct lp_premain_record *record = (struct lp_premain_record *)(lp_audit_buffer + lp_audit_length);
    *record = (struct lp_premain_record){kind, (uint32_t)padded, at - lp_audit_spawn_ns, {a, b, c, d}};
    char *bytes = (char *)(record + 1);
    for (size_t i = 0; i < padded; i++) bytes[i] = i < length ? text[i] : 0;
    lp_audit_length += sizeof(struct lp_premain_record) + padded;
}

// A point of the launch now, with the thread's CPU time (returned) and minor faults.
static int64_t lp_audit_point(uint32_t kind, int64_t at) {
    int64_t cpu = lp_audit_cpu_ns();
    lp_audit_record(kind, at, cpu, lp_audit_minor_faults(), 0, 0, 0);
    return cpu;
}

// Sends `preMainRecords <bytes>\n` and the records in one write.
static void lp_audit_flush(void) {
    size_t records = lp_audit_length - LP_AUDIT_HEADER;
    char line[LP_AUDIT_HEADER];
    size_t length = 0;
    for (const char *c = LP_EVENT_PRE_MAIN_RECORDS " "; *c; c++) line[length++] = *c;
    char digits[24];
    int count = 0;
    do { digits[count++] = (char)('0' + records % 10); records /= 10; } while (records > 0);
    while (count > 0) line[length++] = digits[--count];
    line[length++] = '\n';
    char *start = lp_audit_buffer + LP_AUDIT_HEADER - length;
    for (size_t i = 0; i < length; i++) start[i] = line[i];
    size_t total = lp_audit_length - (size_t)(start - lp_audit_buffer), sent = 0;
    while (lp_audit_fd >= 0 && sent < total) {
        long n = lp_audit_syscall(SYS_sendto, lp_audit_fd, (long)(start + sent), (long)(total - sent),
                                  MSG_NOSIGNAL, 0, 0);
        if (n <= 0) break;
        sent += (size_t)n;
    }
    lp_audit_length = LP_AUDIT_HEADER;
}

// MARK: The audit interface

LP_AUDIT_EXPORT unsigned int la_version(unsigned int version) {
    char fd_text[32], spawn_text[32], marks_text[4];
    int ok_fd = 0, ok_spawn = 0;
    int64_t fd = lp_audit_getenv(LP_ENV_EVENT_FD, fd_text, sizeof fd_text) ? lp_audit_parse(fd_text, &ok_fd) : 0;
    int64_t spawn =
        lp_audit_getenv(LP_ENV_SPAWN_NS, spawn_text, sizeof spawn_text) ? lp_audit_parse(spawn_text, &ok_spawn) : 0;
    // Only the launched process reports: what it starts inherits LD_AUDIT but is not the launch.
    if (ok_fd && ok_spawn && fd <= 65535 && lp_audit_is_group_leader()) {
        lp_audit_fd = (int)fd;
        lp_audit_spawn_ns = spawn;
        lp_audit_marks = lp_audit_getenv(LP_ENV_RELOCATION_MARKS, marks_text, sizeof marks_text) && marks_text[0] == '1'
            && marks_text[1] == 0;
        lp_audit_use_vdso(lp_audit_auxv(AT_SYSINFO_EHDR));
        lp_audit_loader_base = lp_audit_auxv(AT_BASE);
        lp_audit_point(LP_PREMAIN_START, lp_audit_now());
    }
    return version < LAV_CURRENT ? version : LAV_CURRENT;
}

// The bytes an object maps (its PT_LOAD segments), from its ELF header at its base (a non-PIE
// executable's base is 0 and its header is elsewhere: its size is not read).
static int64_t lp_audit_mapped_bytes(const struct link_map *map) {
    const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)map->l_addr;
    if (map->l_addr == 0 || header->e_ident[EI_MAG0] != ELFMAG0 || header->e_ident[EI_MAG1] != ELFMAG1
        || header->e_ident[EI_MAG2] != ELFMAG2 || header->e_ident[EI_MAG3] != ELFMAG3)
        return 0;
    const ElfW(Phdr) *phdrs = (const ElfW(Phdr) *)(map->l_addr + header->e_phoff);
    int64_t mapped = 0;
    for (size_t i = 0; i < header->e_phnum; i++) {
        if (phdrs[i].p_type == PT_LOAD) mapped += (int64_t)phdrs[i].p_memsz;
    }
    return mapped;
}

// The executable's path as it was exec'd (AT_EXECFN: the runner resolves its links), or
// "/proc/self/exe" when the kernel gave none.
static const char *lp_audit_executable_path(void) {
    const char *path = (const char *)lp_audit_auxv(AT_EXECFN);
    return path ? path : "/proc/self/exe";
}

LP_AUDIT_EXPORT unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0 || lmid != LM_ID_BASE || lp_audit_object_count >= LP_AUDIT_MAX_OBJECTS) return 0;
    int64_t at = lp_audit_now();
    int first = lp_audit_object_count == 0;
    struct lp_audit_object *object = &lp_audit_objects[lp_audit_object_count++];
    object->map = map;
    const char *name = map->l_name ? map->l_name : "";
    // The loader (mapped at AT_BASE) and the vDSO (named by the loader, without a path) have no
    // initializer to wrap.
    object->skipped = (lp_audit_loader_base != 0 && map->l_addr == lp_audit_loader_base)
        || (name[0] != '/' && lp_audit_named(name, "linux-vdso"));
    // The CPU time and the fault count are system calls: read at the start, relocation and main
    // only, not for each object.
    lp_audit_record(LP_PREMAIN_OBJECT, at, lp_audit_mapped_bytes(map), 0, 0, 0,
                    first && !name[0] ? lp_audit_executable_path() : name);
    lp_audit_wrap_object(lp_audit_object_count - 1);
    if (lp_audit_marks) lp_audit_mark_object(lp_audit_object_count - 1);
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
    int64_t offset = (int64_t)((uintptr_t)function - lp_audit_objects[init->object].map->l_addr);
    lp_audit_record(init->kind, start, end - start, cpu, init->object, offset, 0);
}

// The wrappers: 1,024 stubs of 16 bytes in a row, the k-th passing k to lp_audit_entry with the
// initializer's own arguments. An initializer's wrapper is then at lp_audit_stubs + 16 k, with no
// table of addresses (a table would be 1,024 relocations for the loader to apply to this module).
#define LP_AUDIT_STUB_SIZE 16
#if defined(__x86_64__)
#define LP_AUDIT_STUB "movl $k, %ecx\n jmp lp_audit_entry\n"
#define LP_AUDIT_MARK_STUB "movl $k, %ecx\n jmp lp_audit_mark_entry\n"
#define LP_AUDIT_IRELATIVE R_X86_64_IRELATIVE
#elif defined(__aarch64__)
#define LP_AUDIT_STUB "mov w3, #k\n b lp_audit_entry\n"
#define LP_AUDIT_MARK_STUB "mov w3, #k\n b lp_audit_mark_entry\n"
#define LP_AUDIT_IRELATIVE R_AARCH64_IRELATIVE
#endif
#define LP_AUDIT_MARKS 512
__asm__(".text\n .p2align 4\n .globl lp_audit_stubs\n .hidden lp_audit_stubs\n lp_audit_stubs:\n .set k, 0\n"
        " .rept 1024\n .p2align 4\n " LP_AUDIT_STUB " .set k, k + 1\n .endr\n");
extern const char lp_audit_stubs[] LP_AUDIT_HIDDEN;

// Where the stubs go: the k-th initializer, with its own arguments.
LP_AUDIT_HIDDEN __attribute__((used)) void lp_audit_entry(int argc, char **argv, char **envp, long k) {
    lp_audit_run((int)k, argc, argv, envp);
}

static lp_init_function lp_audit_wrapper(int k) {
    return (lp_init_function)(uintptr_t)(lp_audit_stubs + (size_t)k * LP_AUDIT_STUB_SIZE);
}

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
        lp_audit_record(LP_PREMAIN_DROPPED, lp_audit_now(), (init != NULL) + (int64_t)entries, 0, 0, 0, 0);
        return;
    }
    if (init) {
        int k = lp_audit_init_count++;
        lp_audit_inits[k] =
            (struct lp_audit_init){(lp_init_function)(base + init->d_un.d_ptr), NULL, index, LP_PREMAIN_INIT};
        init->d_un.d_ptr = (uintptr_t)lp_audit_wrapper(k) - base;
    }
    if (entries == 0) return;
    const uintptr_t *original = (const uintptr_t *)(base + array->d_un.d_ptr);
    int first = lp_audit_init_count;
    for (size_t i = 0; i < entries; i++) {
        int k = lp_audit_init_count++;
        lp_audit_inits[k] = (struct lp_audit_init){NULL, &original[i], index, LP_PREMAIN_ARRAY_INIT};
        lp_audit_slots[k] = lp_audit_wrapper(k);
    }
    array->d_un.d_ptr = (uintptr_t)&lp_audit_slots[first] - base;
}

// MARK: Relocation marks

// The marks' resolvers: 512 stubs of 16 bytes in a row, as the initializers' (the loader calls an
// IRELATIVE resolver with no arguments of ours; the k-th passes k as the fourth).
__asm__(".text\n .p2align 4\n .globl lp_audit_mark_stubs\n .hidden lp_audit_mark_stubs\n lp_audit_mark_stubs:\n"
        " .set k, 0\n .rept 512\n .p2align 4\n " LP_AUDIT_MARK_STUB " .set k, k + 1\n .endr\n");
extern const char lp_audit_mark_stubs[] LP_AUDIT_HIDDEN;

// The loader has applied every relocation of object k but its mark: record the time, and point
// its DT_JMPREL back at the original table.
LP_AUDIT_HIDDEN __attribute__((used)) uintptr_t lp_audit_mark_entry(long a, long b, long c, long k) {
    (void)a, (void)b, (void)c;
    lp_audit_record(LP_PREMAIN_OBJECT_RELOCATED, lp_audit_now(), k, 0, 0, 0, 0);
    struct lp_audit_object *object = &lp_audit_objects[k];
    object->jmprel->d_un.d_ptr = object->jmprel_value;
    object->pltrelsz->d_un.d_val = object->pltrelsz_value;
    object->reached = 1;
    return 0;
}

// A larger table with room for its mark, without copying it: its pages moved to a mapping of
// their own (mremap with MREMAP_DONTUNMAP: the original range stays mapped and refaults from the
// file), the page of its end made writable there (only that page is copied, on the write).
// Returns where the table now is, or 0 (then it is copied).
static uintptr_t lp_audit_move_table(struct lp_audit_object *object, uintptr_t table, size_t bytes) {
    uintptr_t first = table & ~(uintptr_t)4095;
    uintptr_t end = (table + bytes + sizeof(ElfW(Rela)) + 4095) & ~(uintptr_t)4095;
    long moved = lp_audit_syscall(SYS_mremap, (long)first, (long)(end - first), (long)(end - first),
                                  MREMAP_MAYMOVE | MREMAP_DONTUNMAP, 0, 0);
    if (moved < 0 && moved > -4096) return 0;
    uintptr_t tail = ((uintptr_t)moved + (table + bytes - first)) & ~(uintptr_t)4095;
    if (lp_audit_syscall(SYS_mprotect, (long)tail, (long)((uintptr_t)moved + (end - first) - tail),
                         PROT_READ | PROT_WRITE, 0, 0, 0) != 0) {
        lp_audit_syscall(SYS_munmap, moved, (long)(end - first), 0, 0, 0, 0);
        return 0;
    }
    object->moved = (uintptr_t)moved;
    object->moved_bytes = end - first;
    return (uintptr_t)moved + (table - first);
}

// A copy of a small table in the scratch mapping, with room for its mark; 0 when it is full.
static uintptr_t lp_audit_copy_table(uintptr_t table, size_t bytes) {
    if (!lp_audit_scratch) {
        long mapped = lp_audit_syscall(SYS_mmap, 0, (long)LP_AUDIT_SCRATCH, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (mapped < 0 && mapped > -4096) return 0;
        lp_audit_scratch = (char *)mapped;
    }
    if (lp_audit_scratch_used + bytes + sizeof(ElfW(Rela)) > LP_AUDIT_SCRATCH) return 0;
    uint64_t *copy = (uint64_t *)(lp_audit_scratch + lp_audit_scratch_used);
    const uint64_t *original = (const uint64_t *)table;
    for (size_t i = 0; i < bytes / 8; i++) copy[i] = original[i];
    lp_audit_scratch_used += (bytes + sizeof(ElfW(Rela)) + 15) & ~(size_t)15;
    return (uintptr_t)copy;
}

// Puts object `index`'s PLT relocations (RELA) where the mark can follow them (moved or copied),
// writes the mark, and points its DT_JMPREL and DT_PLTRELSZ there (the loader has read its
// dynamic section by now: DT_JMPREL holds the table's address). An object without PLT
// relocations, or whose table could be neither moved nor copied, is not marked: its relocation is
// timed with the next marked object's.
static void lp_audit_mark_object(int index) {
    struct lp_audit_object *object = &lp_audit_objects[index];
    if (object->skipped || object->map->l_ld == NULL || index >= LP_AUDIT_MARKS) return;
    ElfW(Dyn) *jmprel = NULL, *size = NULL, *kind = NULL;
    for (ElfW(Dyn) *entry = object->map->l_ld; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_JMPREL) jmprel = entry;
        if (entry->d_tag == DT_PLTRELSZ) size = entry;
        if (entry->d_tag == DT_PLTREL) kind = entry;
    }
    if (!jmprel || !size || !kind || kind->d_un.d_val != DT_RELA || size->d_un.d_val % sizeof(ElfW(Rela))) return;
    size_t bytes = size->d_un.d_val;
    uintptr_t table = bytes > LP_AUDIT_COPY_MAX ? lp_audit_move_table(object, jmprel->d_un.d_ptr, bytes) : 0;
    if (!table) table = lp_audit_copy_table(jmprel->d_un.d_ptr, bytes);
    if (!table) return;
    ElfW(Rela) *mark = (ElfW(Rela) *)(table + bytes);
    uintptr_t base = object->map->l_addr;
    mark->r_offset = (uintptr_t)&lp_audit_mark_sink - base;
    mark->r_info = ELF64_R_INFO(0, LP_AUDIT_IRELATIVE);
    mark->r_addend = (int64_t)((uintptr_t)(lp_audit_mark_stubs + (size_t)index * LP_AUDIT_STUB_SIZE) - base);
    object->jmprel = jmprel;
    object->pltrelsz = size;
    object->jmprel_value = jmprel->d_un.d_ptr;
    object->pltrelsz_value = bytes;
    object->marked = 1;
    jmprel->d_un.d_ptr = table;
    size->d_un.d_val = bytes + sizeof(ElfW(Rela));
}

// Unmaps the copies and the moved tables once the loader has reached every mark (else they stay:
// a table still points there).
static void lp_audit_release_marks(void) {
    for (int i = 0; i < lp_audit_object_count; i++) {
        if (lp_audit_objects[i].marked && !lp_audit_objects[i].reached) return;
    }
    for (int i = 0; i < lp_audit_object_count; i++) {
        struct lp_audit_object *object = &lp_audit_objects[i];
        if (object->moved) lp_audit_syscall(SYS_munmap, (long)object->moved, (long)object->moved_bytes, 0, 0, 0, 0);
        object->moved = 0;
    }
    if (lp_audit_scratch) lp_audit_syscall(SYS_munmap, (long)lp_audit_scratch, (long)LP_AUDIT_SCRATCH, 0, 0, 0, 0);
    lp_audit_scratch = 0;
}

LP_AUDIT_EXPORT void la_activity(uintptr_t *cookie, unsigned int flag) {
    (void)cookie;
    if (lp_audit_fd < 0 || flag != LA_ACT_CONSISTENT || lp_audit_loaded_sent || lp_audit_object_count == 0) return;
    lp_audit_loaded_sent = 1;
    lp_audit_last_cpu_at = lp_audit_now();
    lp_audit_last_cpu = lp_audit_point(LP_PREMAIN_RELOCATED, lp_audit_last_cpu_at);
}

LP_AUDIT_EXPORT void la_preinit(uintptr_t *cookie) {
    (void)cookie;
    if (lp_audit_fd < 0) return;
    lp_audit_point(LP_PREMAIN_MAIN, lp_audit_now());
    lp_audit_flush();
    lp_audit_fd = -1;
    // After `main` is reported: the system calls that unmap the copies are in no part.
    lp_audit_release_marks();
}
