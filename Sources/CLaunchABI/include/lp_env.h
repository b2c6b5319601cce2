// The LAUNCHPROF_* environment variables the C code reads with getenv: the tracer in
// libLaunchPreload.so and the runner's ptrace sampler. One spelling for all C targets; the
// runner sets them (the Swift names are in LaunchTrace).
#ifndef LP_ENV_H
#define LP_ENV_H

/// The trace file the app writes; the tracer records only when it is set and not empty.
#define LP_ENV_TRACE "LAUNCHPROF_TRACE"
/// The tracer's threshold in milliseconds (a decimal number; default 1).
#define LP_ENV_BLOCKING_MS "LAUNCHPROF_BLOCKING_MS"
/// When set, the runner's ptrace sampler walks frame pointers instead of loading libunwind-ptrace.
#define LP_ENV_NO_LIBUNWIND "LAUNCHPROF_NO_LIBUNWIND"

#endif
