// A program linking the two libraries whose initializers run before main (with -DWITHOUT_SPIN,
// only libnap: the same program without the library whose initializer spins).
#include <stdio.h>

#ifdef WITHOUT_SPIN
static int spin_value(void) { return 1; }
#else
int spin_value(void);
#endif
int nap_value(void);

int main(void) {
    printf("%d\n", spin_value() + nap_value());
    return 0;
}
