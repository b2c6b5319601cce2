/* A small command-line program whose launch a nightly job measures: it sums a few hundred
 * thousand squares and prints the sum. Built with -DEXTRA_SLEEP_US=3000 it sleeps 3 ms more
 * before printing: the regression the fifth nightly build of make-history.sh brings. */
#include <stdio.h>
#include <unistd.h>

#ifndef EXTRA_SLEEP_US
#define EXTRA_SLEEP_US 0
#endif

int main(void) {
    volatile unsigned long sum = 0;
    for (unsigned long i = 0; i < 200000; i++) {
        sum += i * i;
    }
    if (EXTRA_SLEEP_US > 0) {
        usleep(EXTRA_SLEEP_US);
    }
    printf("%lu\n", sum);
    return 0;
}
