// A program linking the two libraries whose initializers run before main.
#include <stdio.h>

int spin_value(void);
int nap_value(void);

int main(void) {
    printf("%d\n", spin_value() + nap_value());
    return 0;
}
