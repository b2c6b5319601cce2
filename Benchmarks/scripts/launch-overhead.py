#!/usr/bin/env python3
"""What the profiler costs the launch it measures, on SampleApp: every instrument on, and each
part alone, against off, in one command.

Measured end: the exit point (`LAUNCHPROF_EXIT_AFTER=firstFrame`) as the app reads its own
monotonic clock there, relative to `LAUNCHPROF_SPAWN_NS` (the clock read when the app is
released to exec). The probe sends it as an `exitPoint` event before it writes the trace, and
sends it with recording off as well, so both sides are measured by the same clock reads and
nothing the profiler does after the exit point (stopping its instruments, building and writing
the trace) counts.

Every launch goes through overhead-harness.c (compiled here from the runner's own C: the gated
clone of lp_spawn.c and the whole-launch profile of lp_perf.c), with the app pinned to CPU 1 on
every side. Settings (SWIFT_BACKTRACE=enable=no on all, as the runner sets it with the tracer):

- off:      nothing but the spawn clock, the exit point and the event socket
- measurement: a measurement launch (`LAUNCHPROF_TRACE`, `LAUNCHPROF_PURPOSE=measurement`): the
            probe's phase and span marks, thread state, totals and the trace; no watchdog
- padded:   off with three more variables of measurement's sizes that nothing reads (the control
            for the environment's size)
- trace:    phases, thread state, spans and the trace (`LAUNCHPROF_TRACE`, no stall sampler)
- tracer:   trace + the blocking-call tracer preloaded and recording (`LD_PRELOAD`)
- profile:  the whole-launch profile alone (perf events at launchprof's default rate, read from
            `InstrumentSettings.defaultProfileRateHz`, or --rate; no trace, no tracer)
- all:      trace + tracer + profile, as `launchprof run` launches by default

Each round launches every setting once (or only off and those named by --settings: fewer
settings, more rounds in the same time), in a new random order. Printed per setting: the median
ratio to off with a bootstrap 95 % interval (2,000 resamples of the rounds, seeded), and the
median of the per-round ratios; then the medians of the app's resource use to its exit (user
and system CPU, minor page faults, voluntary and involuntary context switches, from wait4),
which say where a cost that is not the main thread's instructions goes. Then, unless --no-callgrind, the in-process part by
instruction counts: SampleApp under `valgrind --tool=callgrind` from its start to its exit point
(callgrind dumps when the probe's finishAndExit is entered), of the main thread (the launch's
critical path; with --separate-threads callgrind dumps only the triggering thread there), trace and
tracer on against off
(perf events do not work under valgrind: the whole-launch profile is not in this figure).

Under valgrind the address space has one fixed layout, and the Swift runtime's hash tables (the
generic metadata caches, keyed by metadata addresses; dictionaries seeded by their storage's
address) probe more or less depending on where the libraries and the heap lie: the same
program varies by several percent between layouts, and any change of a library's size (or one
more preloaded library) moves it. A launch outside valgrind gets a new random layout every time
(ASLR). So --layouts N counts every setting at the same N layouts (valgrind --aspace-minaddr)
and reports the mean, and each count is split into those hash-table probes and the rest.

    Benchmarks/scripts/launch-overhead.py [ROUNDS] [--build DIR] [--cpu N] [--no-callgrind]
                                          [--callgrind-only] [--callgrind-runs N] [--layouts N]
                                          [--rate HZ] [--json FILE]
"""
import argparse, json, os, platform, random, re, statistics, subprocess, sys, tempfile, time

from harness import APP_ASSIGNMENTS, ROOT, compile_harness, run_launch
from resampling import round_interval



def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", type=int, nargs="?", default=200)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--cpu", type=int, default=1, help="the CPU the app is pinned to on every side; -1: not pinned")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--callgrind-only", action="store_true", help="only the instruction counts")
    parser.add_argument("--callgrind-runs", type=int, default=3)
    parser.add_argument("--layouts", type=int, default=1,
                        help="address-space layouts per setting (valgrind --aspace-minaddr); 1: valgrind's default only")
    parser.add_argument("--rate", type=int, help="the profile's samples per second (default: launchprof's default)")
    parser.add_argument("--settings", default="trace,tracer,profile,all",
                        help="the settings timed against off, comma-separated (fewer settings: more rounds in the same time)")
    parser.add_argument("--json")
    return parser.parse_args()


def default_profile_rate():
    """launchprof's default whole-launch profile rate, read from its one definition
    (`InstrumentSettings.defaultProfileRateHz`), so the profile is measured as the runner runs it."""
    source = os.path.join(ROOT, "Sources", "LaunchRunner", "Sampling", "InstrumentSettings.swift")
    match = re.search(r"static let defaultProfileRateHz = (\d+)", open(source).read())
    if not match:
        sys.exit(f"{source}: no `static let defaultProfileRateHz = N`; expected the default profile rate there")
    return int(match.group(1))


def padded(assignment):
    """`assignment` renamed to a variable no one reads, the same length."""
    name, value = assignment.split("=", 1)
    return "X" * len(name) + "=" + value


def settings(trace, preload, rate):
    common = list(APP_ASSIGNMENTS)
    recording = [f"LAUNCHPROF_TRACE={trace}", "LAUNCHPROF_SAMPLER=none"]
    tracer = [f"LD_PRELOAD={preload}"]
    return {
        "off": (0, common),
        "measurement": (0, common + recording + ["LAUNCHPROF_PURPOSE=measurement"]),
        # The control of measurement: off with three more variables of the same sizes, names
        # the probe does not read (the environment's size alone).
        "padded": (0, common + [padded(a) for a in recording + ["LAUNCHPROF_PURPOSE=measurement"]]),
        "trace": (0, common + recording),
        "tracer": (0, common + recording + tracer),
        "profile": (rate, common),
        "all": (rate, common + recording + tracer),
    }


# The app's resource use the harness reports from wait4 (whole process, to its exit).
RESOURCES = ("userMs", "systemMs", "minorFaults", "voluntarySwitches", "involuntarySwitches")


def launch(harness, cpu, app, rate, assignments, resources=None):
    """One launch's exit-point time in ms; its resource use is appended to `resources`."""
    fields = run_launch(harness, cpu, rate, app, assignments)
    if resources is not None:
        resources.append({"userMs": fields["userUs"] / 1e3, "systemMs": fields["systemUs"] / 1e3,
                          **{key: fields[key] for key in RESOURCES[2:]}})
    return fields["exitPointNs"] / 1e6


def ratio_interval(values, name):
    """Bootstrap over rounds: resample round indices, keep each round's pairs together."""
    return round_interval(lambda picks: statistics.median(values[name][i] for i in picks) /
                          statistics.median(values["off"][i] for i in picks), len(values["off"]))


def timed_rounds(harness, cpu, app, table, rounds, resources):
    values = {name: [] for name in table}
    for _ in range(3):
        for name, (rate, assignments) in table.items():
            launch(harness, cpu, app, rate, assignments)
    for index in range(rounds):
        order = list(table)
        random.shuffle(order)
        for name in order:
            rate, assignments = table[name]
            values[name].append(launch(harness, cpu, app, rate, assignments, resources.setdefault(name, [])))
        if (index + 1) % 50 == 0:
            print(f"  {index + 1} rounds", file=sys.stderr)
    return values


# The Swift runtime's hash-table lookups whose probe counts depend on addresses (see above).
HASH_PROBES = ("ConcurrentReadableHashMap", "MetadataCacheKey", "__RawDictionaryStorageC4find",
               "_stringCompareWithSmolCheck")


def layout_address(index):
    """valgrind's lowest client address for layout `index`: its default, then page-aligned steps."""
    return None if index == 0 else 0x4000000 + index * 0x0A3D000


def instructions(app, assignments, folder, layout=0):
    """Instructions the main thread executed from exec to the exit point (callgrind dumps when
    LaunchProbe's finishAndExit is entered; with --separate-threads only that thread is dumped),
    and how many of them were the hash-table probes."""
    directory = tempfile.mkdtemp(dir=folder)
    out = os.path.join(directory, "callgrind.out")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_") and k != "LD_PRELOAD"}
    env.update(a.split("=", 1) for a in assignments)
    address = layout_address(layout)
    placement = [f"--aspace-minaddr={address:#x}"] if address else []
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--separate-threads=yes",
                    "--dump-before=*finishAndExit*", *placement, app], env=env, capture_output=True, check=True)
    main = os.path.join(directory, "callgrind.out.1-01")
    if not os.path.exists(main):
        sys.exit("callgrind made no dump at the exit point (finishAndExit was not entered)")
    return summary(main), hash_probes(main)


def summary(path):
    with open(path) as file:
        for line in file:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit(f"callgrind wrote no total in {path}")


def hash_probes(path):
    """Self cost of the functions named in HASH_PROBES (callgrind's compressed fn=(id) names;
    the cost line after calls= is the callee's, not the caller's own)."""
    names, counting, after_call, total = {}, False, False, 0
    with open(path) as file:
        for line in file:
            match = re.match(r"(c?)fn=\((\d+)\)(?: (.*))?", line)
            if match:
                name = names.setdefault(match.group(2), match.group(3) or "")
                if not match.group(1):
                    counting = any(part in name for part in HASH_PROBES)
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if counting and not after_call:
                    total += int(line.split()[1])
                after_call = False
    return total


def callgrind(app, table, runs, layouts, folder):
    # Valgrind 3.19 (Debian 12) cannot read the DWARF 5 of Swift builds: count a copy without
    # debug information, beside the original so that it finds its resource bundle.
    stripped = app + "-callgrind"
    subprocess.run(["objcopy", "--strip-debug", app, stripped], check=True)
    try:
        return count_settings(stripped, table, runs, layouts, folder)
    finally:
        os.remove(stripped)


def count_settings(app, table, runs, layouts, folder):
    counts = {name: [] for name in ("off", "trace", "tracer")}
    for layout in range(layouts):
        for _ in range(runs):
            for name in counts:
                counts[name].append(instructions(app, table[name][1], folder, layout))
    return {name: describe(values, runs) for name, values in counts.items()}


def describe(values, runs):
    """Per layout the median of its runs; over the layouts the mean (of all and of all but the
    hash-table probes)."""
    per_layout = [sorted(values[i:i + runs])[(runs - 1) // 2] for i in range(0, len(values), runs)]
    return {"mainThread": statistics.mean(total for total, _ in per_layout),
            "withoutHashProbes": statistics.mean(total - probes for total, probes in per_layout),
            "hashProbes": [probes for _, probes in per_layout],
            "runs": [total for total, _ in values]}


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    return f"{platform.node()}, {os.cpu_count()} x {cpu}, Linux {platform.release()}, load average {os.getloadavg()}"


def main():
    args = parse_arguments()
    app = os.path.join(args.build, "SampleApp")
    preload = os.path.abspath(os.path.join(args.build, "LaunchProfiler_CLaunchPreload.resources", "libLaunchPreload.so"))
    for path in (app, preload):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: run `swift build -c release` first.")
    folder = tempfile.mkdtemp()
    harness = compile_harness(folder)
    rate = args.rate or default_profile_rate()
    table = settings(os.path.join(folder, "launch.trace.json"), preload, rate)
    chosen = ["off"] + [name for name in args.settings.split(",") if name != "off"]
    unknown = [name for name in chosen if name not in table]
    if unknown:
        sys.exit(f"--settings: {', '.join(unknown)} is not a setting; the settings are {', '.join(table)}.")
    timed_table = {name: table[name] for name in chosen}
    print(f"whole-launch profile at {rate} Hz")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {machine()}")
    report = {"rounds": args.rounds, "machine": machine(), "profileRateHz": rate, "settings": {}}
    if not args.callgrind_only:
        timed(args, harness, app, timed_table, report)
    if not args.no_callgrind:
        counts = callgrind(os.path.abspath(app), table, args.callgrind_runs, args.layouts, folder)
        report["instructions"] = counts
        print_counts(counts, args)
    if args.json:
        with open(args.json, "w") as file:
            json.dump(report, file, indent=2, sort_keys=True)


def print_counts(counts, args):
    print(f"callgrind, main-thread instructions from exec to the exit point (median of {args.callgrind_runs} "
          f"runs per layout, mean over {args.layouts} layout(s)); without the hash-table probes:")
    for name, count in counts.items():
        line = f"{name:8s} main thread {count['mainThread']:,.0f}   without probes {count['withoutHashProbes']:,.0f}"
        if name != "off":
            off = counts["off"]
            line += (f"   ratio {count['mainThread'] / off['mainThread']:.4f}"
                     f", without probes {count['withoutHashProbes'] / off['withoutHashProbes']:.4f}")
        print(line)
        print(f"         runs {count['runs']}   hash-table probes per layout {count['hashProbes']}")


def timed(args, harness, app, table, report):
    resources = {}
    values = timed_rounds(harness, args.cpu, os.path.abspath(app), table, args.rounds, resources)
    report["loadAverageAfter"] = os.getloadavg()
    pinning = f"app pinned to CPU {args.cpu}" if args.cpu >= 0 else "app not pinned"
    print(f"{args.rounds} rounds, {pinning}; launch start to exit point (first frame)")
    for name in table:
        median = statistics.median(values[name])
        entry = {"medianMs": median}
        line = f"{name:8s} median {median:8.2f} ms"
        if name != "off":
            low, high = ratio_interval(values, name)
            paired = statistics.median(a / b for a, b in zip(values[name], values["off"]))
            entry.update(ratio=median / statistics.median(values["off"]), low=low, high=high, pairedRatio=paired)
            line += f"   ratio {entry['ratio']:.4f} (95 % CI {low:.4f} to {high:.4f}); median paired ratio {paired:.4f}"
        report["settings"][name] = entry
        print(line)
    print_resources(resources, report)
    print(f"load average after: {os.getloadavg()}")


def print_resources(resources, report):
    """Medians of the app's resource use per setting: where a cost that is not the main
    thread's instructions goes (CPU in the kernel, page faults, waits, preemptions)."""
    print("the app's resource use to its exit (medians; wait4): " + ", ".join(RESOURCES))
    for name, rows in resources.items():
        medians = {key: statistics.median(row[key] for row in rows) for key in RESOURCES}
        report["settings"][name]["resources"] = medians
        print(f"{name:8s} " + "   ".join(f"{key} {medians[key]:.1f}" for key in RESOURCES))


if __name__ == "__main__":
    main()
