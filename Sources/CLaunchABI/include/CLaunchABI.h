// CLaunchABI: what the C of both sides shares, headers only. The tracer's record layout
// (libLaunchPreload.so <-> the probe), the pre-main breakdown's records (libLaunchAudit.so <->
// the runner), the stack-sample layout (both samplers), the clock every
// timestamp is in, the LAUNCHPROF_* variable names the C code reads, and the main thread's stack
// bounds for the frame walks.
#ifndef CLAUNCHABI_H
#define CLAUNCHABI_H

#include "lp_clock.h"
#include "lp_env.h"
#include "lp_preload_abi.h"
#include "lp_premain_abi.h"
#include "lp_sample.h"
#include "lp_stack.h"

#endif
