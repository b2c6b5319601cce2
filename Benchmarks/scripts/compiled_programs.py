"""The benchmarks that are one C or Swift program (spawn-cost.c, signal-query-cost.c,
display-reduction.c, process-wait.swift): their options in the harness's style, turned into the
program's own arguments, the program compiled by the harness into a temporary folder and run."""
import os
import subprocess
import sys
import tempfile

import harness


def spawn_cost(folder, arguments):
    parser = harness.parser("""What starting a child costs inside the measured launch, by the way it is started: fork and a
gate (how the runner started launches before), clone sharing memory and a gate (lp_spawn.c now), and
posix_spawn (hyperfine's way), the parent having touched --megabytes first. Prints per mode the
median and 10th percentile of 100 launches, gate release (or posix_spawn) to waitpid.

    bench.py spawn-cost --megabytes 30 -- /usr/bin/git --version
""", build=False, command=True)
    parser.add_argument("--megabytes", type=int, default=30, help="memory the parent touches first (default 30)")
    parser.add_argument("--modes", default="fork,clone,spawn", help="comma-separated: fork, clone, spawn")
    args = parser.parse_args(arguments)
    command = harness.command_of(args, parser)
    program = harness.compile_c(folder, "spawn-cost", ["spawn-cost.c"])
    for mode in args.modes.split(","):
        harness.run_printed([program, str(args.megabytes), mode, *command])


def signal_query_cost(folder, arguments):
    parser = harness.parser("""Listing the signals a process handles or ignores, by each method the runner could use before
every launch: 62 sigaction queries, or one pread of /proc/self/status (SigIgn, SigCgt).

    bench.py signal-query-cost --rounds 20000
""", rounds=20000, build=False)
    args = parser.parse_args(arguments)
    harness.run_printed([harness.compile_c(folder, "signal-query-cost", ["signal-query-cost.c"]), str(args.rounds)])


def display_reduction(folder, arguments):
    harness.parser("""What LaunchKit's conversion of one frame for a display costs: SampleApp's 780 x 1688
framebuffer reduced 1, 2 and 3 times (Sources/CLaunchDisplay/Pixels.c), best of 20 each.

    bench.py display-reduction
""", build=False).parse_args(arguments)
    display = os.path.join(harness.ROOT, "Sources", "CLaunchDisplay")
    program = harness.compile_c(folder, "display-reduction", ["display-reduction.c", os.path.join(display, "Pixels.c")],
                                ["-I", display])
    harness.run_printed([program])


def process_wait(folder, arguments):
    parser = harness.parser("""How long after a command has exited Foundation's Process lets its caller go on:
waitUntilExit() against a termination handler that signals a semaphore, running /bin/true.

    bench.py process-wait --rounds 20
""", rounds=20, build=False)
    args = parser.parse_args(arguments)
    program = os.path.join(folder, "process-wait")
    subprocess.run(["swiftc", "-O", "-o", program, os.path.join(harness.SCRIPTS, "process-wait.swift")], check=True)
    harness.run_printed([program, str(args.rounds)])


PROGRAMS = {"spawn-cost.c": spawn_cost, "signal-query-cost.c": signal_query_cost,
            "display-reduction.c": display_reduction, "process-wait.swift": process_wait}


def run(source, arguments):
    with tempfile.TemporaryDirectory() as folder:
        sys.stdout.flush()
        PROGRAMS[source](folder, arguments)
    return 0
