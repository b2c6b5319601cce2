#define _GNU_SOURCE
// libLaunchAudit.so's system interface without the C library (AuditRuntime.h).
#include "AuditRuntime.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/resource.h>
#include <link.h>

typedef int (*lp_clock_gettime_function)(int, struct timespec *);

static lp_clock_gettime_function lp_vdso_clock_gettime;

long lp_audit_syscall(long number, long a, long b, long c, long d, long e, long f) {
#if defined(__x86_64__)
    long result;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    __asm__ volatile("syscall"
                     : "=a"(result)
                     : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return result;
#elif defined(__aarch64__)
    register long x8 __asm__("x8") = number;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    register long x4 __asm__("x4") = e;
    register long x5 __asm__("x5") = f;
    __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5) : "memory");
    return x0;
#else
#error "libLaunchAudit.so makes its system calls directly: x86_64 and aarch64 only"
#endif
}

static int lp_equal(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}

// `__vdso_clock_gettime` in the vDSO whose ELF header is at `base` (its SysV hash gives the
// number of symbols), or NULL.
static lp_clock_gettime_function lp_vdso_lookup(uintptr_t base) {
    const Elf64_Ehdr *header = (const Elf64_Ehdr *)base;
    if (!base || header->e_ident[EI_MAG0] != ELFMAG0 || header->e_ident[EI_MAG1] != ELFMAG1) return 0;
    const Elf64_Phdr *phdrs = (const Elf64_Phdr *)(base + header->e_phoff);
    uintptr_t bias = 0;
    const Elf64_Dyn *dynamic = 0;
    for (int i = 0; i < header->e_phnum; i++) {
        if (phdrs[i].p_type == PT_LOAD && bias == 0) bias = base + phdrs[i].p_offset - phdrs[i].p_vaddr;
        if (phdrs[i].p_type == PT_DYNAMIC) dynamic = (const Elf64_Dyn *)(base + phdrs[i].p_offset);
    }
    const Elf64_Sym *symbols = 0;
    const char *strings = 0;
    const uint32_t *hash = 0;
    for (; dynamic && dynamic->d_tag != DT_NULL; dynamic++) {
        if (dynamic->d_tag == DT_SYMTAB) symbols = (const Elf64_Sym *)(bias + dynamic->d_un.d_ptr);
        if (dynamic->d_tag == DT_STRTAB) strings = (const char *)(bias + dynamic->d_un.d_ptr);
        if (dynamic->d_tag == DT_HASH) hash = (const uint32_t *)(bias + dynamic->d_un.d_ptr);
    }
    if (!symbols || !strings || !hash) return 0;
    for (uint32_t i = 0; i < hash[1]; i++) {
        if (ELF64_ST_TYPE(symbols[i].st_info) != STT_FUNC || symbols[i].st_shndx == SHN_UNDEF) continue;
        if (lp_equal(strings + symbols[i].st_name, "__vdso_clock_gettime"))
            return (lp_clock_gettime_function)(bias + symbols[i].st_value);
    }
    return 0;
}

void lp_audit_use_vdso(uintptr_t base) { lp_vdso_clock_gettime = lp_vdso_lookup(base); }

static int64_t lp_clock(int clock) {
    struct timespec ts;
    long status = (clock == CLOCK_MONOTONIC && lp_vdso_clock_gettime)
        ? lp_vdso_clock_gettime(clock, &ts)
        : lp_audit_syscall(SYS_clock_gettime, clock, (long)&ts, 0, 0, 0, 0);
    return status != 0 ? -1 : (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

int64_t lp_audit_now(void) { return lp_clock(CLOCK_MONOTONIC); }

int64_t lp_audit_cpu_ns(void) { return lp_clock(CLOCK_THREAD_CPUTIME_ID); }

int64_t lp_audit_minor_faults(void) {
    struct rusage usage;
    return lp_audit_syscall(SYS_getrusage, RUSAGE_THREAD, (long)&usage, 0, 0, 0, 0) == 0 ? usage.ru_minflt : -1;
}

// The process's initial stack, as the kernel laid it out: argc, argv, NULL, envp, NULL, auxv.
// glibc's loader records where it begins before it loads any audit module.
extern void *__libc_stack_end;

static char **lp_environment(void) {
    long *stack = (long *)__libc_stack_end;
    return stack ? (char **)(stack + 1 + stack[0] + 1) : 0;
}

uintptr_t lp_audit_auxv(unsigned long type) {
    char **entry = lp_environment();
    if (!entry) return 0;
    while (*entry) entry++;
    for (const uintptr_t *aux = (const uintptr_t *)(entry + 1); aux[0] != AT_NULL; aux += 2) {
        if (aux[0] == type) return aux[1];
    }
    return 0;
}

int lp_audit_getenv(const char *name, char *out, size_t capacity) {
    for (char **entry = lp_environment(); entry && *entry; entry++) {
        const char *text = *entry, *n = name;
        while (*n && *text == *n) { text++; n++; }
        if (*n || *text != '=') continue;
        size_t i = 0;
        for (text++; *text && i + 1 < capacity; text++) out[i++] = *text;
        out[i] = 0;
        return 1;
    }
    return 0;
}

int lp_audit_is_group_leader(void) {
    long pid = lp_audit_syscall(SYS_getpid, 0, 0, 0, 0, 0, 0);
    return pid == lp_audit_syscall(SYS_getpgid, 0, 0, 0, 0, 0, 0);
}

int lp_audit_named(const char *path, const char *prefix) {
    const char *base = path;
    for (const char *c = path; *c; c++) {
        if (*c == '/') base = c + 1;
    }
    while (*prefix && *base == *prefix) { base++; prefix++; }
    return !*prefix;
}
