"""overhead-harness.c for the benchmark scripts: compiled with the runner's own C, and run for
one launch, its output line read into numbers (see the comment at the top of the C file)."""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# What a LaunchKit app launched through the harness is told on every side: end at its first
# frame, and no crash handler (the runner sets that with the tracer).
APP_ASSIGNMENTS = ("LAUNCHPROF_EXIT_AFTER=firstFrame", "SWIFT_BACKTRACE=enable=no")

# The fields of the harness's output line, in order.
FIELDS = ("exitPointNs", "wallNs", "profileBytes", "userUs", "systemUs", "minorFaults",
          "voluntarySwitches", "involuntarySwitches")


def spawn_sources():
    """The runner's spawn, as CLaunchRunner builds it: lp_spawn.c and the files it is split into
    (the child's side, the staged resources)."""
    runner = os.path.join(ROOT, "Sources", "CLaunchRunner")
    return sorted(os.path.join(runner, name) for name in os.listdir(runner)
                  if name.startswith("lp_spawn") and name.endswith(".c"))


def compile_harness(folder):
    """overhead-harness.c with lp_spawn.c and lp_perf.c (the runner's spawn and perf events),
    compiled into `folder` with $CC (default clang); returns the executable's path."""
    runner = os.path.join(ROOT, "Sources", "CLaunchRunner")
    output = os.path.join(folder, "overhead-harness")
    compiler = os.environ.get("CC", "clang")
    subprocess.run([compiler, "-O2", "-o", output, os.path.join(ROOT, "Benchmarks", "scripts", "overhead-harness.c"),
                    *spawn_sources(), os.path.join(runner, "lp_perf.c"),
                    "-I", os.path.join(runner, "include"), "-I", os.path.join(ROOT, "Sources", "CLaunchABI", "include")],
                   check=True)
    return output


def run_launch(harness, cpu, rate, app, assignments=(), environment=None):
    """One launch: a dict of FIELDS; exits the script with the harness's error when the launch
    failed or sent no exit point."""
    result = subprocess.run([harness, str(cpu), str(rate), *assignments, "--", app],
                            capture_output=True, text=True, env=environment)
    fields = result.stdout.split()
    if result.returncode != 0 or len(fields) != len(FIELDS) or int(fields[0]) < 0:
        sys.exit(f"a launch of {app} at {rate} Hz failed ({' '.join(assignments)}): {result.stderr.strip()}")
    return dict(zip(FIELDS, (int(field) for field in fields)))
