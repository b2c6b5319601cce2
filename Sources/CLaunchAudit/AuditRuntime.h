// What libLaunchAudit.so needs from the system, without the C library: the audit namespace then
// loads no libc of its own (a second libc, mapped and relocated before `main`, was most of the
// module's cost). System calls are made directly; the clock is the vDSO's, found in the vDSO
// the loader maps; the environment and the auxiliary vector are read from the process's initial stack
// (glibc's loader exports where it begins, `__libc_stack_end`: the module links the loader).
#ifndef LP_AUDIT_RUNTIME_H
#define LP_AUDIT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#define LP_AUDIT_HIDDEN __attribute__((visibility("hidden")))

/// A system call with up to six arguments; a negative errno on failure.
LP_AUDIT_HIDDEN long lp_audit_syscall(long number, long a, long b, long c, long d, long e, long f);

/// Uses the clock_gettime of the vDSO whose ELF header is at `base` (found when the loader
/// reports it); until then the clock is a system call.
LP_AUDIT_HIDDEN void lp_audit_use_vdso(uintptr_t base);

/// CLOCK_MONOTONIC in nanoseconds (the vDSO's, a system call without it).
LP_AUDIT_HIDDEN int64_t lp_audit_now(void);

/// The thread's CPU time in nanoseconds (its CPU clock, a system call), or -1. (getrusage's
/// CPU times lag behind a running thread's: they are brought up to date at its next switch.)
LP_AUDIT_HIDDEN int64_t lp_audit_cpu_ns(void);

/// The thread's minor page faults so far (getrusage), or -1.
LP_AUDIT_HIDDEN int64_t lp_audit_minor_faults(void);

/// The value of an environment variable, copied into `out` (NUL-terminated); 0 when unset. Read
/// from the process's initial stack, where the kernel put it (no /proc file, no system call).
LP_AUDIT_HIDDEN int lp_audit_getenv(const char *name, char *out, size_t capacity);

/// Whether this process leads its process group (the launched process, not one it started).
LP_AUDIT_HIDDEN int lp_audit_is_group_leader(void);

/// Whether the file name of `path` (after its last `/`) begins with `prefix`.
LP_AUDIT_HIDDEN int lp_audit_named(const char *path, const char *prefix);

/// The value of the auxiliary vector's entry `type` (AT_EXECFN, AT_SYSINFO_EHDR), or 0.
LP_AUDIT_HIDDEN uintptr_t lp_audit_auxv(unsigned long type);

#endif
