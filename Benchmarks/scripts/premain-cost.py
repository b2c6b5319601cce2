#!/usr/bin/env python3
"""What the pre-main breakdown costs a program, and its relocation against glibc's own count.

    bench.py premain-cost [--rounds 200] [--build DIR] [-- PROGRAM [ARGS ...]]

Without a program, a Swift hello world (`import Foundation`, the runtime shared) is built with
swiftc into a temporary folder. Each round launches the program three times in random order
through overhead-harness.c (the runner's own spawn: gated clone, LAUNCHPROF_SPAWN_NS and the event
socket set): uninstrumented, with LD_AUDIT=libLaunchAudit.so as the pre-main launches that give
the parts carry it, and with LAUNCHPROF_RELOCATION_MARKS=1 too, as every second pre-main launch
carries it to time each object's relocation; it takes release-to-exit wall times. The module acts
only before main (its one write is at la_preinit; the marks' copies are unmapped just after), so
the difference is what it adds to the time before main. Printed for each: both medians, the
median of the per-round differences with a 95 % bootstrap interval over rounds, and that as a
share of the uninstrumented time to main (the plain launches' median wall time times the share of
the launch before main in the breakdown's pre-main launches, the cost taken out of both).

Then the cross-check: `launchprof trace` of the program gives the breakdown's relocation, and
LD_DEBUG=statistics the loader's own count of relocation cycles, turned into time with the TSC
frequency measured here (clock cycles over a 200 ms sleep). And, when valgrind is installed, the
instructions the module adds to the whole launch (callgrind, one launch each way: a count that does
not drift with the machine, as the wall times do; system calls and page faults are not in it).

Needs a release build (`swift build -c release`) for launchprof and libLaunchAudit.so
(PREMAIN_AUDIT_EXPERIMENT=PATH: another audit module instead).
"""
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

import harness
from harness import ROOT, compile_harness, round_interval

# The release build and the audit module, set from --build.
RELEASE = harness.RELEASE
AUDIT = None


def hello_world(folder):
    source = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "premain", "hello.swift")
    output = os.path.join(folder, "hello-shared")
    subprocess.run(["swiftc", "-O", source, "-o", output], check=True)
    return [output]


MARKS = "LAUNCHPROF_RELOCATION_MARKS=1"


def wall_ns(tool, program, audit, marks=False):
    """One launch's release-to-exit wall time and CPU time (user and system, from wait4), in ns."""
    assignments = ([f"LD_AUDIT={AUDIT}"] if audit else []) + ([MARKS] if marks else [])
    result = subprocess.run([tool, "-1", "0", *assignments, "--", *program], capture_output=True, text=True)
    fields = result.stdout.split()
    if result.returncode != 0 or len(fields) < 2:
        sys.exit(f"a launch of {program[0]} failed: {result.stderr.strip()}")
    return int(fields[1]), (int(fields[3]) + int(fields[4])) * 1000


def instructions(program, audit, marks=False):
    """The instructions callgrind counts for one launch of `program` (with the module when `audit`,
    and its relocation marks when `marks`), run as a pre-main launch is: its own process group,
    the event socket and the spawn clock set."""
    import socket
    ours, theirs = socket.socketpair()
    environment = {**os.environ, "LAUNCHPROF_EVENT_FD": str(theirs.fileno()), "LAUNCHPROF_SPAWN_NS": "1"}
    if audit:
        environment["LD_AUDIT"] = AUDIT
    if marks:
        environment.update([MARKS.split("=")])
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *program],
                            env=environment, pass_fds=[theirs.fileno()], preexec_fn=os.setpgrp,
                            capture_output=True, text=True)
    ours.close()
    theirs.close()
    match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    return int(match.group(1).replace(",", "")) if match else None


def tsc_hz(folder):
    """The TSC's frequency: cycles over a 200 ms sleep (what LD_DEBUG=statistics counts in)."""
    source = os.path.join(folder, "tsc.c")
    with open(source, "w") as file:
        file.write("#include <stdio.h>\n#include <time.h>\n#include <x86intrin.h>\n"
                   "int main(void){struct timespec a,b,s={0,200000000};clock_gettime(CLOCK_MONOTONIC,&a);"
                   "unsigned long long c=__rdtsc();nanosleep(&s,0);unsigned long long d=__rdtsc();"
                   "clock_gettime(CLOCK_MONOTONIC,&b);printf(\"%f\\n\",(d-c)/((b.tv_sec-a.tv_sec)+(b.tv_nsec-a.tv_nsec)/1e9));}")
    subprocess.run([os.environ.get("CC", "clang"), "-O2", source, "-o", source[:-2]], check=True)
    return float(subprocess.run([source[:-2]], capture_output=True, text=True, check=True).stdout)


def loader_relocation_ns(program, hz):
    """Median over 11 launches of LD_DEBUG=statistics' relocation time, in ns."""
    values = []
    for _ in range(11):
        result = subprocess.run(program, capture_output=True, text=True, env={**os.environ, "LD_DEBUG": "statistics"})
        match = re.search(r"time needed for relocation: (\d+) cycles", result.stderr)
        if match:
            values.append(int(match.group(1)) / hz * 1e9)
    return statistics.median(values) if values else None


def breakdown_relocation_ns(program, folder):
    """Median relocation and time to main of the breakdown, and the median wall time of the
    pre-main launches that give it (those without relocation marks), from `launchprof run`'s 11
    pre-main launches."""
    run = os.path.join(folder, "run")
    subprocess.run([os.path.join(RELEASE, "launchprof"), "run", "--runs", "11", "--pre-main-launches", "11",
                    "--no-measurement-launches", "--no-history", "--output", run, "--", *program],
                   check=True, capture_output=True)
    with open(os.path.join(run, "summary.json")) as file:
        summary = json.load(file)
    with open(os.path.join(run, "launches.json")) as file:
        # The launches without relocation marks, which give the parts.
        walls = [launch["wallNs"] for launch in json.load(file)["preMainLaunches"]
                 if not any("relocatedNs" in item for item in launch["preMain"]["objects"])]
    parts = {part["name"]: part["medianNs"] for part in summary["scenarios"]["warm"]["preMain"]["parts"]}
    return parts["relocation"], summary["scenarios"]["warm"]["preMain"]["totalNs"], statistics.median(walls)


def report(label, plain, audited, rounds, uninstrumented_main):
    """The cost of one arm against the plain launches of the same rounds."""
    differences = [a[0] - p[0] for a, p in zip(audited, plain)]
    cpu_differences = [a[1] - p[1] for a, p in zip(audited, plain)]
    low, high = round_interval(lambda picks: statistics.median([differences[i] for i in picks]), rounds)
    cost = statistics.median(differences)
    harness.record(label, {"addedUs": cost / 1e3, "lowUs": low / 1e3, "highUs": high / 1e3,
                           "shareOfTimeToMain": cost / uninstrumented_main})
    print(f"  {label}: median {statistics.median([a[0] for a in audited]) / 1e6:.3f} ms, added {cost / 1e3:+.1f} us "
          f"(95 % interval {low / 1e3:+.1f} to {high / 1e3:+.1f} us), {100 * cost / uninstrumented_main:+.2f} % of "
          f"the uninstrumented time to main (interval {100 * low / uninstrumented_main:+.2f} to "
          f"{100 * high / uninstrumented_main:+.2f} %)")
    cpu_low, cpu_high = round_interval(lambda picks: statistics.mean([cpu_differences[i] for i in picks]), rounds)
    print(f"    CPU time added (user and system, mean): {statistics.mean(cpu_differences) / 1e3:+.1f} us "
          f"(95 % interval {cpu_low / 1e3:+.1f} to {cpu_high / 1e3:+.1f} us)")


def main():
    global RELEASE, AUDIT
    parser = harness.parser(__doc__, rounds=200, command=True)
    args = parser.parse_args()
    rounds, command = args.rounds, harness.command_of(args, parser, required=False)
    RELEASE = os.path.abspath(args.build)
    AUDIT = os.environ.get("PREMAIN_AUDIT_EXPERIMENT") or harness.built(
        RELEASE, os.path.join("LaunchProfiler_CLaunchAudit.resources", "libLaunchAudit.so"))
    harness.built(RELEASE, "launchprof")
    with tempfile.TemporaryDirectory() as folder:
        program = command or hello_world(folder)
        tool = compile_harness(folder)
        arms = {"plain": [], "audited": [], "marked": []}
        for _ in range(rounds):
            order = list(arms)
            random.shuffle(order)
            for arm in order:
                arms[arm].append(wall_ns(tool, program, arm != "plain", arm == "marked"))
        relocation, to_main, premain_wall = breakdown_relocation_ns(program, folder)
        plain = [p[0] for p in arms["plain"]]
        cost = statistics.median([a[0] - p for a, p in zip(arms["audited"], plain)])
        # The time to main of this session's plain launches: their median wall time times the
        # share of the launch before main in launchprof's pre-main launches (both of the same
        # launches, so that the machine's drift between the rounds and that run cancels).
        uninstrumented_main = statistics.median(plain) * (to_main - cost) / (premain_wall - cost)
        print(f"{os.path.basename(program[0])}: {rounds} rounds, plain, audited and marked launches in random order")
        print(f"  plain: median {statistics.median(plain) / 1e6:.3f} ms, time to main {uninstrumented_main / 1e6:.3f} ms")
        report("audited (the launches that give the parts)", arms["plain"], arms["audited"], rounds,
               uninstrumented_main)
        report("with relocation marks (every second pre-main launch)", arms["plain"], arms["marked"], rounds,
               uninstrumented_main)
        if subprocess.run(["sh", "-c", "command -v valgrind"], capture_output=True).returncode == 0:
            plain_count = instructions(program, False)
            for label, marks in (("audited", False), ("with marks", True)):
                count = instructions(program, True, marks)
                if plain_count and count:
                    print(f"  instructions added {label} (callgrind, the whole launch): {count - plain_count:+,} "
                          f"({100 * (count - plain_count) / plain_count:+.2f} % of {plain_count:,})")
        hz = tsc_hz(folder)
        loader = loader_relocation_ns(program, hz)
        harness.record("relocationMs", {"breakdown": relocation / 1e6, "ldDebugStatistics": loader / 1e6 if loader else None})
        print(f"  relocation: breakdown {relocation / 1e6:.3f} ms (median of the pre-main launches without marks); "
              f"LD_DEBUG=statistics {loader / 1e6 if loader else float('nan'):.3f} ms (median of 11, "
              f"TSC {hz / 1e9:.3f} GHz)")


if __name__ == "__main__":
    main()
