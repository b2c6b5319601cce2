"""What the benchmark scripts share: the repository's paths and the release build, compiling the
C helper programs (with the runner's own C where they need it), overhead-harness.c run for one
launch, the bootstrap over rounds, the machine line, the named options every script spells the
same way, and the figures a script records for `bench.py --json`.

Every script is run as `Benchmarks/scripts/bench.py NAME [options]`; bench.py lists them.
"""
import argparse
import contextlib
import os
import platform
import random
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPTS = os.path.join(ROOT, "Benchmarks", "scripts")
RUNNER = os.path.join(ROOT, "Sources", "CLaunchRunner")
RUNNER_INCLUDES = ("-I", os.path.join(RUNNER, "include"), "-I", os.path.join(ROOT, "Sources", "CLaunchABI", "include"))
RELEASE = os.path.join(ROOT, ".build", "release")

# What a LaunchKit app launched through the harness is told on every side: end at its first
# frame, and no crash handler (the runner sets that with the tracer).
APP_ASSIGNMENTS = ("LAUNCHPROF_EXIT_AFTER=firstFrame", "SWIFT_BACKTRACE=enable=no")

# The fields of overhead-harness.c's output line, in order.
FIELDS = ("exitPointNs", "wallNs", "profileBytes", "userUs", "systemUs", "minorFaults",
          "voluntarySwitches", "involuntarySwitches")

# The figures a script records (`record`), written by `bench.py --json` with the printed lines.
FIGURES = {}

# The program name --help shows: `bench.py NAME` when bench.py runs the script.
PROG = None


# ---------------------------------------------------------------------------------------------
# Options: the same name for the same idea in every script.

def parser(doc, rounds=None, runs=None, build=True, command=False):
    """An argparse parser with the shared options: --rounds (repetitions of the whole
    comparison, each in a new random order), --runs (launches per block or per run), --build
    (the release build folder with launchprof and the apps), and `-- COMMAND [ARGS]`."""
    result = argparse.ArgumentParser(prog=PROG, description=doc.split("\n\n")[0].strip(), epilog=usage(doc),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    if rounds is not None:
        result.add_argument("--rounds", type=positive, default=rounds, help=f"rounds (default {rounds})")
    if runs is not None:
        result.add_argument("--runs", type=positive, default=runs, help=f"launches per block (default {runs})")
    if build:
        result.add_argument("--build", default=RELEASE, help="the release build folder (default .build/release)")
    if command:
        result.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARGS ...]")
    return result


def usage(doc):
    """The docstring after its first paragraph, shown by --help."""
    parts = doc.split("\n\n", 1)
    return parts[1] if len(parts) > 1 else None


def positive(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive count")
    return value


def rates(text):
    """A comma-separated list of rates in Hz, each positive."""
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of whole numbers")
    if not values or min(values) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: every rate must be positive")
    return values


def command_of(arguments, parser_, required=True):
    """The command after `--`, or the parser's error when it is required and missing."""
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if required and not command:
        parser_.error("name the command to launch after --")
    return command


def built(build, *names):
    """Paths of `names` in the build folder; exits naming the first missing one."""
    paths = [os.path.join(os.path.abspath(build), name) for name in names]
    for path in paths:
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: run `swift build -c release` first (or give --build).")
    return paths if len(paths) > 1 else paths[0]


def preload(build):
    return built(build, os.path.join("LaunchProfiler_CLaunchPreload.resources", "libLaunchPreload.so"))


def require_tool(name, package):
    if subprocess.run(["sh", "-c", f"command -v {name}"], capture_output=True).returncode != 0:
        sys.exit(f"{name} is not installed: apt-get install -y {package}")


def clean_environment(**assignments):
    """This process's environment without LAUNCHPROF_* and LD_PRELOAD, plus `assignments`."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_") and k != "LD_PRELOAD"}
    environment.update(assignments)
    return environment


# ---------------------------------------------------------------------------------------------
# Building the C helper programs.

def compile_c(folder, name, sources, flags=(), compiler=None):
    """`sources` (paths under Benchmarks/scripts, or absolute) compiled with -O2 into
    `folder/name` with $CC (default clang); returns the executable's path."""
    output = os.path.join(folder, name)
    paths = [source if os.path.isabs(source) else os.path.join(SCRIPTS, source) for source in sources]
    subprocess.run([compiler or os.environ.get("CC", "clang"), "-O2", "-o", output, *paths, *flags], check=True)
    return output


def spawn_sources():
    """The runner's spawn, as CLaunchRunner builds it: lp_spawn.c and the files it is split into
    (the child's side, the staged resources)."""
    return sorted(os.path.join(RUNNER, name) for name in os.listdir(RUNNER)
                  if name.startswith("lp_spawn") and name.endswith(".c"))


def compile_with_runner(folder, name, source, perf=False):
    """A helper program compiled with the runner's spawn (and its perf events when `perf`)."""
    extra = [os.path.join(RUNNER, "lp_perf.c")] if perf else []
    return compile_c(folder, name, [source, *spawn_sources(), *extra], RUNNER_INCLUDES)


def compile_harness(folder):
    """overhead-harness.c with lp_spawn.c and lp_perf.c (the runner's spawn and perf events)."""
    return compile_with_runner(folder, "overhead-harness", "overhead-harness.c", perf=True)


def run_printed(command):
    """Runs a helper program and prints its output, stdout then stderr, through this process's
    stdout (so that `bench.py --json` keeps it); exits with its error when it fails."""
    result = subprocess.run(command, capture_output=True, text=True)
    print(result.stdout, end="", flush=True)
    if result.returncode == 0 and result.stderr:
        print(result.stderr, end="", flush=True)
    if result.returncode != 0:
        sys.exit(f"{os.path.basename(command[0])} exited with {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def run_launch(harness, cpu, rate, app, assignments=(), environment=None):
    """One launch through overhead-harness: a dict of FIELDS; exits the script with the
    harness's error when the launch failed or sent no exit point."""
    result = subprocess.run([harness, str(cpu), str(rate), *assignments, "--", app],
                            capture_output=True, text=True, env=environment)
    fields = result.stdout.split()
    if result.returncode != 0 or len(fields) != len(FIELDS) or int(fields[0]) < 0:
        sys.exit(f"a launch of {app} at {rate} Hz failed ({' '.join(assignments)}): {result.stderr.strip()}")
    return dict(zip(FIELDS, (int(field) for field in fields)))


# ---------------------------------------------------------------------------------------------
# Statistics.

def round_interval(statistic, rounds, resamples=2000, seed=17):
    """The 95 % percentile interval of `statistic(picks)` over `resamples` draws of `rounds`
    round indices with replacement (seeded: the same data give the same interval). Each round
    is resampled whole, so a slow stretch of the machine moves every setting of a round together."""
    generator = random.Random(seed)
    values = sorted(statistic([generator.randrange(rounds) for _ in range(rounds)]) for _ in range(resamples))
    return values[int(0.025 * resamples)], values[int(0.975 * resamples) - 1]


def median_of(values, picks):
    ordered = sorted(values[i] for i in picks)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def ratio_of_medians(on, off):
    """The ratio of the medians of two settings measured in the same rounds, with its bootstrap
    95 % interval over rounds (each round's pair kept together)."""
    ratio = median_of(on, range(len(on))) / median_of(off, range(len(off)))
    low, high = round_interval(lambda picks: median_of(on, picks) / median_of(off, picks), len(off))
    return ratio, low, high


def median_ratio(on, off):
    """The median of the per-round ratios on/off, with its bootstrap 95 % interval."""
    ratios = [a / b for a, b in zip(on, off)]
    low, high = round_interval(lambda picks: median_of(ratios, picks), len(ratios))
    return median_of(ratios, range(len(ratios))), low, high


def shuffled(names, generator=random):
    order = list(names)
    generator.shuffle(order)
    return order


# ---------------------------------------------------------------------------------------------
# The machine line and the figures.

def machine():
    """Host, CPUs, kernel."""
    with open("/proc/cpuinfo") as file:
        cpu = next((line.split(":", 1)[1].strip() for line in file if line.startswith("model name")), "?")
    return f"{platform.node()}, {os.cpu_count()} x {cpu}, Linux {platform.release()}"


def load_average():
    return tuple(round(value, 2) for value in os.getloadavg())


def machine_line():
    """The line every benchmark prints first: when, where, and how busy the machine was."""
    return f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {machine()}; load average {load_average()}"


def record(name, value):
    """A figure for `bench.py --json` (numbers, strings, lists and dicts of them)."""
    FIGURES[name] = value


@contextlib.contextmanager
def busy_core(busy):
    """One core kept busy by a shell loop while the block runs, when `busy`."""
    hog = subprocess.Popen(["/bin/sh", "-c", "while :; do :; done"]) if busy else None
    try:
        yield
    finally:
        if hog:
            hog.kill()
            hog.wait()
