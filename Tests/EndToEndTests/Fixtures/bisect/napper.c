// The program of the bisect tests' second repository: 1 ms of work on the main thread, then the
// naps a commit puts in place of the marker below (a wait for a cache or an index, not work).
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

__attribute__((noinline)) static void crunch(double ms) {
    double end = now_ms() + ms;
    volatile unsigned counter = 0;
    while (now_ms() < end) counter++;
}

__attribute__((noinline)) static void nap(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {}
}

int main(void) {
    crunch(1);
    /* EXTRA */
    return 0;
}
