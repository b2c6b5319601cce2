// CLaunchRunner: the runner's C. Starting a launch behind a gate, and the whole-launch
// profile from perf events. Never linked into an app.
#ifndef CLAUNCHRUNNER_H
#define CLAUNCHRUNNER_H
#include "lp_spawn.h"
#include "lp_perf.h"
#endif
