// A display server's own time of an event, for the X11 observer and the Wayland proxy alike.
#ifndef LP_SERVER_TIME_H
#define LP_SERVER_TIME_H

#include <stdint.h>

/// When a display server says something happened: its own time in milliseconds (Xorg, Xvfb,
/// wlroots and weston take CLOCK_MONOTONIC), up to the end of that millisecond, when it is
/// consistent with `read_ns`, the time the runner read it (at most 10 s before it; the runner
/// reads late when it waited for a CPU); else `read_ns` (a server with another clock).
static inline int64_t lp_server_time(uint32_t server_ms, int64_t read_ns) {
    int64_t read_ms = read_ns / 1000000;
    uint32_t behind = (uint32_t)read_ms - server_ms;
    if (behind > 10000) return read_ns;
    int64_t end_of_report = (read_ms - (int64_t)behind + 1) * 1000000;
    return end_of_report < read_ns ? end_of_report : read_ns;
}

#endif
