// What LaunchKit's conversion of one frame for a display costs: SampleApp's 780 x 1688
// framebuffer reduced 1, 2 and 3 times (Sources/CLaunchDisplay/Pixels.c), best of 20 each.
//
//   cc -O2 -I Sources/CLaunchDisplay -o /tmp/display-reduction Benchmarks/scripts/display-reduction.c \
//      Sources/CLaunchDisplay/Pixels.c && /tmp/display-reduction
#include "Pixels.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
    enum { width = 780, height = 1688 };
    uint32_t *source = malloc(sizeof(uint32_t) * width * height), *target = malloc(sizeof(uint32_t) * width * height);
    for (int i = 0; i < width * height; i++) source[i] = 0xFF000000u | (uint32_t)(i * 2654435761u >> 8);
    const lp_pixel_layout x11 = {{16, 8, 0}, {8, 8, 8}, 0, 0};  // Xvfb's 24-bit TrueColor in 32-bit pixels
    for (int reduction = 1; reduction <= 3; reduction++) {
        double best = 1e9;
        for (int round = 0; round < 20; round++) {
            double start = now_ms();
            lp_pixels_reduce(target, width / reduction, height / reduction, source, width, height, reduction, &x11);
            double took = now_ms() - start;
            if (took < best) best = took;
        }
        printf("reduction %d (%d x %d): best %.2f ms\n", reduction, width / reduction, height / reduction, best);
    }
    return target[0] == 1;  // keeps the work
}
