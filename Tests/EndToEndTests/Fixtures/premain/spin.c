// A library whose initializer spins until the thread has used 20 ms of CPU, before main.
#include "report.h"

__attribute__((constructor)) static void spin_init(void) {
    long long wall = premain_clock(CLOCK_MONOTONIC), cpu = premain_clock(CLOCK_THREAD_CPUTIME_ID);
    volatile unsigned long counter = 0;
    while (premain_clock(CLOCK_THREAD_CPUTIME_ID) - cpu < 20000000LL) counter++;
    premain_report("spin", premain_clock(CLOCK_MONOTONIC) - wall, premain_clock(CLOCK_THREAD_CPUTIME_ID) - cpu);
}

int spin_value(void) { return 1; }
