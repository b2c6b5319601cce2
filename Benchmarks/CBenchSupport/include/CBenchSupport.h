// CBenchSupport: C for the benchmarks only (Benchmarks/Instruments); part of the package only
// when LAUNCHPROF_BENCHMARKS is set, so no product links it.
#ifndef CBENCHSUPPORT_H
#define CBENCHSUPPORT_H

#include "lp_bench.h"

#endif
