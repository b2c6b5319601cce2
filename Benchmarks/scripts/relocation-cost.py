#!/usr/bin/env python3
"""What one relocation, one copy-on-write page and one symbol lookup cost before main here: the
constants of RelocationCostModel (Sources/LaunchAnalysis/PreMain), which shares the timed
relocation out among objects and kinds.

    bench.py relocation-cost [--rounds 100]

Builds C programs of known counts with clang in a temporary folder: a PIE with a table of N
pointers (N relative relocations, 512 to a page), one with one pointer on each of P pages (P
relative relocations, P pages written), and one whose table points at M distinct variables of a
shared library of its own (M symbol relocations, M lookups, each searching the executable and
the library). Each round launches every program once, in random order (fork, exec, wait; the
wall time of the whole launch: the programs do nothing in main). Printed: the median of each,
and the costs fitted from the differences:

    page     = (sparse P2 - sparse P1) / (P2 - P1)
    relative = (dense N2 - dense N1 - pages written * page) / (N2 - N1)
    lookup   = (symbols M2 - symbols M1 - pages written * page) / (M2 - M1)
"""
import os
import random
import statistics
import subprocess
import tempfile

import harness

TIMER = r"""
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pid_t pid = fork();
    if (pid == 0) { execv(argv[1], argv + 1); _exit(127); }
    int status;
    waitpid(pid, &status, 0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%lld\n", (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
"""


def dense(count):
    return ("static int anchor;\nvoid *const table[%d] = { [0 ... %d] = &anchor };\n"
            "int main(void) { return ((void *const volatile *)table)[0] == 0; }\n" % (count, count - 1))


def sparse(pages):
    return ("static int anchor;\nstruct page { void *pointer; char rest[4088]; };\n"
            "struct page table[%d] = { [0 ... %d] = { &anchor } };\n"
            "int main(void) { return ((volatile struct page *)table)[0].pointer == 0; }\n" % (pages, pages - 1))


def library(count):
    return "".join("int lp_symbol_%d;\n" % i for i in range(count))


def symbols(count):
    names = ",".join("&lp_symbol_%d" % i for i in range(count))
    declarations = "".join("extern int lp_symbol_%d;\n" % i for i in range(count))
    return declarations + "int *const table[%d] = {%s};\nint main(void) { return table[0] == 0; }\n" % (count, names)


def build(folder, name, source, arguments=()):
    path = os.path.join(folder, name)
    with open(path + ".c", "w") as file:
        file.write(source)
    subprocess.run(["clang", "-O1", *arguments, path + ".c", "-o", path], check=True)
    return path


def programs(folder):
    built = {}
    for count in (1, 100000):
        built["dense %d" % count] = build(folder, "dense%d" % count, dense(count), ["-fPIE", "-pie"])
    for pages in (256, 2048):
        built["sparse %d" % pages] = build(folder, "sparse%d" % pages, sparse(pages), ["-fPIE", "-pie"])
    for count in (1, 20000):
        lib = os.path.join(folder, "lib%d" % count)
        os.makedirs(lib, exist_ok=True)
        build(lib, "libsymbols.so", library(count), ["-shared", "-fPIC"])
        built["symbols %d" % count] = build(
            folder, "symbols%d" % count, symbols(count),
            ["-fPIE", "-pie", "-L", lib, "-lsymbols", "-Wl,-rpath," + lib])
    return built


def main():
    rounds = harness.parser(__doc__, rounds=100, build=False).parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        timer = build(folder, "timer", TIMER, ["-O2"])
        built = programs(folder)
        times = {name: [] for name in built}
        for _ in range(rounds):
            order = list(built.items())
            random.shuffle(order)
            for name, path in order:
                result = subprocess.run([timer, path], capture_output=True, text=True, check=True)
                times[name].append(int(result.stdout))
        median = {name: statistics.median(values) for name, values in times.items()}
    for name in built:
        print("%-14s %8.3f ms" % (name, median[name] / 1e6))
    page = (median["sparse 2048"] - median["sparse 256"]) / (2048 - 256)
    dense_pages = 100000 * 8 / 4096
    relative = (median["dense 100000"] - median["dense 1"] - dense_pages * page) / (100000 - 1)
    symbol_pages = 20000 * 8 / 4096
    lookup = (median["symbols 20000"] - median["symbols 1"] - symbol_pages * page) / (20000 - 1)
    harness.record("costsNs", {"page": page, "relativeRelocation": relative, "lookup": lookup})
    print("page %.0f ns, relative relocation %.1f ns, lookup %.0f ns (%d rounds)" % (page, relative, lookup, rounds))


if __name__ == "__main__":
    main()
