// A library the program links but never calls: no symbol of the executable binds to it, so it is
// loaded, relocated and initialized for nothing (its initializer sleeps half a millisecond, which
// every launch pays).
#include <time.h>

__attribute__((constructor)) static void idle_init(void) {
    struct timespec pause = {0, 500000};
    nanosleep(&pause, 0);
}

int idle_value(void) { return 3; }
