#define _GNU_SOURCE
#include "CFixtureSupport.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// A burst of work with RBP holding `garbage`: a sampler interrupting here sees it.
static void burst(uintptr_t garbage) {
    __asm__ volatile(
        "push %%rbp\n\t"
        "mov %0, %%rbp\n\t"
        "mov $200000, %%ecx\n\t"
        "1: dec %%ecx\n\t"
        "jnz 1b\n\t"
        "pop %%rbp\n\t"
        :
        : "r"(garbage)
        : "rcx", "memory", "cc");
}

void fixture_spin_without_frame_pointers(int milliseconds) {
    volatile uintptr_t self_loop[2];
    self_loop[0] = (uintptr_t)&self_loop[0];
    self_loop[1] = 0x1234;
    void *heap = malloc(64);
    uintptr_t stack_top = 0;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void *address = NULL;
        size_t size = 0;
        pthread_attr_getstack(&attributes, &address, &size);
        stack_top = (uintptr_t)address + size - 8;
        pthread_attr_destroy(&attributes);
    }
    const uintptr_t garbage[] = {
        0xdeadbeefUL, 0, 1, (uintptr_t)&self_loop[0] + 3, (uintptr_t)&self_loop[0],
        (uintptr_t)heap, stack_top, 0xffffffffffff0000UL, 0x00007ffffffff000UL,
    };
    int64_t deadline = now_ns() + (int64_t)milliseconds * 1000000LL;
    unsigned index = 0;
    while (now_ns() < deadline) {
        burst(garbage[index++ % (sizeof garbage / sizeof garbage[0])]);
    }
    free(heap);
}
