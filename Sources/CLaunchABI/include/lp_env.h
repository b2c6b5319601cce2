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
/// The event socket the runner passes (a descriptor number); the tracer writes its milestones there.
#define LP_ENV_EVENT_FD "LAUNCHPROF_EVENT_FD"
/// The launch start (CLOCK_MONOTONIC nanoseconds) the runner fills in at the spawn.
#define LP_ENV_SPAWN_NS "LAUNCHPROF_SPAWN_NS"
/// Set to 1 on the pre-main launches whose audit module times each object's relocation with a
/// mark (the others leave the loader's relocation tables as they are).
#define LP_ENV_RELOCATION_MARKS "LAUNCHPROF_RELOCATION_MARKS"

// The tracer's milestones on the event socket, one line each (`<kind> <timeNs> \n`, the time
// relative to the launch start): the kinds of LaunchTrace's ProbeEvent.Kind with the same spelling.
/// The tracer's constructor ran: the dynamic loader has loaded and relocated every library.
#define LP_EVENT_LOADED "loaded"
/// The program's `main` was entered.
#define LP_EVENT_MAIN_STARTED "mainStarted"
/// The program's `main` returned, or the program called `exit`.
#define LP_EVENT_MAIN_ENDED "mainEnded"


// The pre-main breakdown's lines: the runner reads the audit module's records (lp_premain_abi.h,
// sent in one write just before `main`) into these, one kind of event, `preMain <timeNs> <part>
// <fields…>`, from which LaunchTrace builds the breakdown. The parts:
//   start <cpuNs> <minorFaults>                       the loader runs the audit module (la_version)
//   object -1 -1 <mappedBytes> <path>                 an object is mapped (la_objopen), in load order
//   relocated <cpuNs> <minorFaults>                   every object is mapped and relocated
//                                                     (la_activity CONSISTENT); initializers next
//   init <durationNs> <cpuNs> <object> <offset> <how> an initializer ran (its start time; cpuNs -1
//                                                     for one under 250 us, not timed on the CPU): the
//                                                     object's load-order index, the function's
//                                                     offset from the object's base, `array`
//                                                     (DT_INIT_ARRAY) or `init` (DT_INIT)
//   dropped <count>                                   initializers left unwrapped (too many)
//   main <cpuNs> <minorFaults>                        `main` is next (la_preinit)
#define LP_EVENT_PRE_MAIN "preMain"

#endif
