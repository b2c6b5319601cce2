#!/usr/bin/env python3
"""The one entry point of the benchmarks: `bench.py` lists them, `bench.py NAME [options]` runs one
(`bench.py NAME --help`: its options and what it prints).

    Benchmarks/scripts/bench.py                                # the list, one line each
    Benchmarks/scripts/bench.py launch-overhead --rounds 500 --cpu -1
    Benchmarks/scripts/bench.py --json out.json sample-cost --rounds 40
    Benchmarks/scripts/bench.py check                          # every --help runs, every helper compiles (CI)

Every run starts with the machine line (date, host, CPUs, kernel, load average) and ends with the
load average after it. `--json FILE` (before NAME) also writes the run as JSON
(schemas/benchmark-report.schema.json): the command, the machine, both load averages, the
printed lines, and the figures the benchmark records.

The options are the same everywhere for the same idea: `--rounds N` (repetitions of the whole
comparison, each in a new random order), `--runs N` (launches per block, or `launchprof run
--runs`), `--build DIR` (the release build: launchprof, SampleApp and the other products), and
`-- COMMAND [ARGS]` for the program launched. C helper programs are compiled by the harness.
"""
import contextlib
import io
import json
import os
import runpy
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

# name -> (what runs it, one line of what it measures). A `.py` file runs in this process; a
# tuple is a C or Swift program compiled by the harness; a list is a package-benchmark target.
BENCHMARKS = {
    "launch-overhead": ("launch-overhead.py", "what the profiler costs SampleApp's launch, per instrument and all together (exit point, wall, callgrind, profile rates)"),
    "sample-cost": ("sample-cost.py", "what one sample of the whole-launch profile costs, per rate (busy loop or an app)"),
    "run-cost": ("run-cost.py", "`launchprof run`'s wall time against its launches': setup, loop, finish, and the slope over --runs sizes"),
    "runner-period": ("runner-period.py", "the runner's own time between two launches of a short program, against hyperfine's"),
    "any-program-vs-hyperfine": ("any-program-vs-hyperfine.py", "`launchprof run` of any command against `hyperfine -N`, per instrument setting"),
    "sampleapp-vs-hyperfine": ("sampleapp-vs-hyperfine.py", "`launchprof run` of SampleApp against hyperfine: median and spread of spawn to exit"),
    "launch-gap": ("launch-gap.py", "how a pause before each launch (asleep or busy) changes it, with the runner's spawn, against hyperfine"),
    "perf-aftereffect": ("perf-aftereffect.py", "what a launch profiled with perf events leaves for the launch after it"),
    "cold-vs-warm": ("cold-vs-warm.py", "cold against warm launches of SampleApp (binaryLoad, first frame, major faults)"),
    "sampler-vs-perf": ("sampler-vs-perf.py", "sampling a CPU-bound main thread at 1 kHz: signal sampler, ptrace, `perf record -g`"),
    "readiness-cost": ("readiness-cost.py", "what watching each --ready-when condition adds to a server's own time to ready"),
    "display-cost": ("display-cost.py", "what showing SampleApp's window on Xvfb and on weston adds to its first frame"),
    "display-observer-cost": ("display-observer-cost.py", "what the runner's display observer (X11) or proxy (Wayland) costs a GUI program"),
    "premain-cost": ("premain-cost.py", "what the pre-main breakdown's audit module adds before main; its relocation against glibc's"),
    "premain-loading-cost": ("premain-loading-cost.py", "the loading part before main as two or more audit modules time it"),
    "relocation-cost": ("relocation-cost.py", "what one relocation, one written page and one symbol lookup cost before main"),
    "compare-simulation": ("compare-simulation.py", "launches `launchprof compare` needs against a fixed count (simulation, no launches)"),
    "aa-false-decisions": ("aa-false-decisions.py", "`launchprof compare` of a program with an identical copy: its false-decision rate"),
    "localisation": ("localisation.py", "does `launchprof compare` place a 10 ms regression before main in binaryLoad"),
    "history": ("history_bench.py", "the run history: inserting a run, `history trend` over a year and two"),
    "step-location-bound": ("step_location_bound.py", "how well a +5 % step in 3 % noise can be located at all (no launches)"),
    "spawn-cost": (("spawn-cost.c",), "what starting a child costs inside the launch: fork, clone or posix_spawn"),
    "signal-query-cost": (("signal-query-cost.c",), "listing a process's handled signals: 62 sigaction calls or one read of /proc/self/status"),
    "display-reduction": (("display-reduction.c",), "what LaunchKit's reduction of one 780 x 1688 frame costs"),
    "process-wait": (("process-wait.swift",), "how late Foundation's Process.waitUntilExit returns, against a termination handler"),
    "probe-recording": (["ProbeRecording"], "package-benchmark: recording a span, a phase boundary with thread state"),
    "aggregation": (["Aggregation"], "package-benchmark: building the run summary and checking budgets over 1,000 and 10,000 traces"),
    "symbolication": (["Symbolication"], "package-benchmark: symbolicating 50,000 unique addresses"),
    "profile-handling": (["ProfileHandling"], "package-benchmark: decoding one launch's perf records into its profile"),
    "instruments": (["Instruments"], "package-benchmark: stall samples (in-process, ptrace), the tracer's intercepted call"),
}


def listing():
    width = max(len(name) for name in BENCHMARKS)
    lines = ["usage: bench.py [--json FILE] NAME [options]   (bench.py NAME --help)", ""]
    lines += [f"  {name:<{width}}  {description}" for name, (_, description) in BENCHMARKS.items()]
    return "\n".join(lines)


# The files beside the benchmarks that none of them is run as: the shared modules and the C
# helpers the harness compiles (each with its build, so that `bench.py check` catches one that
# no longer compiles against the runner's C).
HELPERS = {
    "harness.py": None, "compiled_programs.py": None, "bench.py": None, "launch-timing.h": None,
    "display-observer-cost.c": None,  # built by display-observer-cost.py (checked below)
    "overhead-harness.c": lambda folder: harness.compile_harness(folder),
    "busy-loop.c": lambda folder: harness.compile_c(folder, "busy-loop", ["busy-loop.c"]),
    "start-stamp.c": lambda folder: harness.compile_c(folder, "start-stamp", ["start-stamp.c"]),
    "launch-gap.c": lambda folder: harness.compile_with_runner(folder, "launch-gap", "launch-gap.c"),
    "perf-aftereffect.c": lambda folder: harness.compile_with_runner(folder, "perf-aftereffect", "perf-aftereffect.c", perf=True),
}


def check():
    """Every benchmark's --help runs, every C helper program compiles, and every file in this
    folder is a benchmark or a helper: what CI runs (no launches, a few seconds)."""
    problems = []
    named = {target if isinstance(target, str) else target[0] for target, _ in BENCHMARKS.values()
             if not isinstance(target, list)}
    for file in sorted(os.listdir(harness.SCRIPTS)):
        if file not in named and file not in HELPERS and not file.startswith("__"):
            problems.append(f"Benchmarks/scripts/{file} is neither in bench.py's list nor one of its helpers")
    for name, (target, _) in BENCHMARKS.items():
        if isinstance(target, list):
            continue
        result = subprocess.run([sys.executable, __file__, name, "--help"], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"bench.py {name} --help exited {result.returncode}: {result.stderr.strip()[-300:]}")
    with tempfile.TemporaryDirectory() as folder:
        display = runpy.run_path(os.path.join(harness.SCRIPTS, "display-observer-cost.py"))["build"]
        display_sources = ["display-reduction.c", os.path.join(harness.ROOT, "Sources", "CLaunchDisplay", "Pixels.c")]
        builds = [build for build in HELPERS.values() if build] + [
            display,
            lambda folder: harness.compile_c(folder, "spawn-cost", ["spawn-cost.c"]),
            lambda folder: harness.compile_c(folder, "signal-query-cost", ["signal-query-cost.c"]),
            lambda folder: harness.compile_c(folder, "display-reduction", display_sources,
                                             ["-I", os.path.join(harness.ROOT, "Sources", "CLaunchDisplay")])]
        for build in builds:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    build(folder)
            except (subprocess.CalledProcessError, SystemExit) as error:
                problems.append(f"a helper program does not compile: {error}")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"bench.py check: {len(BENCHMARKS)} benchmarks, {len(problems)} problem(s)")
    return 1 if problems else 0


def compiled(sources, arguments):
    """A C or Swift helper program: compiled by the harness into a temporary folder, then run."""
    import compiled_programs
    return compiled_programs.run(sources[0], arguments)


def package_benchmark(target, arguments):
    """A package-benchmark target, built only with LAUNCHPROF_BENCHMARKS=1, in .build-bench."""
    command = ["swift", "package", "--scratch-path", ".build-bench", "--disable-sandbox", "benchmark",
               "--target", target, *arguments]
    print(f"LAUNCHPROF_BENCHMARKS=1 {shlex.join(command)}", flush=True)
    result = subprocess.run(command, cwd=harness.ROOT, env=dict(os.environ, LAUNCHPROF_BENCHMARKS="1"),
                            stdout=subprocess.PIPE, stderr=None, text=True)
    print(result.stdout, end="")
    return result.returncode


def run(name, arguments):
    """Runs benchmark `name` with `arguments`; returns its exit status."""
    target, _ = BENCHMARKS[name]
    sys.argv = [f"bench.py {name}", *arguments]
    harness.PROG = f"bench.py {name}"
    if isinstance(target, list):
        return package_benchmark(target[0], arguments)
    if isinstance(target, tuple):
        return compiled(target, arguments)
    try:
        runpy.run_path(os.path.join(harness.SCRIPTS, target), run_name="__main__")
    except SystemExit as end:
        if end.code not in (None, 0):
            if not isinstance(end.code, int):
                print(end.code, file=sys.stderr)
                return 1
            return end.code
    return 0


class Tee(io.TextIOBase):
    """Writes to the terminal and keeps the lines for --json."""

    def __init__(self, stream):
        self.stream, self.kept = stream, io.StringIO()

    def write(self, text):
        self.stream.write(text)
        self.kept.write(text)
        return len(text)

    def flush(self):
        self.stream.flush()


def main():
    arguments = sys.argv[1:]
    report_path = None
    if arguments[:1] == ["--json"]:
        if len(arguments) < 2:
            sys.exit("bench.py: --json needs a file name")
        report_path, arguments = arguments[1], arguments[2:]
    if not arguments or arguments[0] in ("-h", "--help", "list"):
        print(listing())
        return 0
    if arguments == ["check"]:
        return check()
    name, rest = arguments[0], arguments[1:]
    if name not in BENCHMARKS:
        sys.exit(f"bench.py: {name!r} is not a benchmark; the benchmarks are:\n{listing()}")
    if "-h" in rest[:1] or "--help" in rest[:1]:
        return run(name, rest)
    started, before = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), harness.load_average()
    tee = Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):
        print(f"bench.py {shlex.join([name, *rest])}")
        print(harness.machine_line(), flush=True)
        status = run(name, rest)
        after = harness.load_average()
        print(f"load average after: {after}")
    if report_path:
        write_report(report_path, name, rest, started, before, after, status, tee.kept.getvalue())
    return status


def write_report(path, name, arguments, started, before, after, status, output):
    report = {"schemaVersion": 1, "benchmark": name, "arguments": arguments,
              "command": f"Benchmarks/scripts/bench.py {shlex.join([name, *arguments])}", "startedAt": started,
              "machine": harness.machine(), "loadAverageBefore": list(before), "loadAverageAfter": list(after),
              "exitStatus": status, "output": output.splitlines(), "figures": harness.FIGURES}
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False) as file:
        json.dump(report, file, indent=2, sort_keys=True)
        file.write("\n")
    os.replace(file.name, path)


if __name__ == "__main__":
    sys.exit(main())
