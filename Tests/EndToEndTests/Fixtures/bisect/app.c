// The program of the bisect tests' repository: 5 ms of work on the main thread, and whatever
// a commit puts in place of the marker below.
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

__attribute__((noinline)) static void prime_cache(double ms) { crunch(ms); }

int main(void) {
    crunch(5);
    /* EXTRA */
    return 0;
}
