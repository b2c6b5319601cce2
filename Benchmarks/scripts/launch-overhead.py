#!/usr/bin/env python3
"""What the profiler costs the launch it measures, on SampleApp: each instrument alone and all
together against none, launch by launch in a random order in one session.

--measure chooses what is measured (comma-separated; every measure runs its own launches):

- exit-point (default): the app's exit point (`LAUNCHPROF_EXIT_AFTER=firstFrame`) as the app reads
  its own monotonic clock there, relative to `LAUNCHPROF_SPAWN_NS` (the clock read when the app is
  released to exec). The probe sends it as an `exitPoint` event before it writes the trace, and
  with recording off as well, so both sides are measured by the same clock reads and nothing the
  profiler does after the exit point (stopping its instruments, writing the trace) counts.
- wall: the same launches' release-to-exit wall time, which does include writing the trace
  after the first frame (an upper bound of what the profiler adds), and for the settings that
  write a trace the profiler's own main-thread time it records (`profiler.mainThreadNs`).
- callgrind: the in-process part by instruction counts, SampleApp under `valgrind
  --tool=callgrind` from its start to its exit point (callgrind dumps when the probe's
  finishAndExit is entered), of the main thread (`--separate-threads`), trace and tracer on
  against off (perf events do not work under valgrind: the profile is not in this figure).
- profile-rates: the whole-launch profile through the CLI, `launchprof trace --profile perf|off
  --profile-rate R --sampler none -- SampleApp`, at each of --rates against off: the app's time to
  first frame from its trace (the runner's release of the child to its first frame, so what the
  runner does before and after is outside it), and the profile samples per launch.

exit-point and wall launch through overhead-harness.c (compiled here from the runner's own C: the
gated clone of lp_spawn.c and the whole-launch profile of lp_perf.c), the app pinned to --cpu on
every side (-1: not pinned). Settings (SWIFT_BACKTRACE=enable=no on all, as the runner sets it
with the tracer); `--settings` names those timed against off:

- off:          nothing but the spawn clock, the exit point and the event socket
- measurement:  a measurement launch (`LAUNCHPROF_TRACE`, `LAUNCHPROF_PURPOSE=measurement`): the
                probe's phase and span marks, thread state, totals and the trace; no watchdog
- padded:       off with three more variables of measurement's sizes that nothing reads (the
                control for the environment's size)
- trace:        phases, thread state, spans and the trace (`LAUNCHPROF_TRACE`, no stall sampler)
- signal:       trace + the in-process signal sampler (`LAUNCHPROF_SAMPLER=signal`)
- tracer:       trace + the blocking-call tracer preloaded and recording (`LD_PRELOAD`)
- tracer-alone: the tracer preloaded, nothing recorded
- tracer+signal: trace + tracer + the signal sampler
- profile:      the whole-launch profile alone (perf events at launchprof's default rate, read from
                `InstrumentSettings.defaultProfileRateHz`, or --rate; no trace, no tracer)
- all:          trace + tracer + profile, as `launchprof run` launches by default

Each round launches off and every chosen setting once, in a new random order (fewer settings:
more rounds in the same time). Printed per setting: the ratio of the medians to off with a
bootstrap 95 % interval (2,000 resamples of the rounds, seeded) and the median of the per-round
ratios; then the medians of the app's resource use to its exit (user and system CPU, minor page
faults, voluntary and involuntary context switches, from wait4), which say where a cost that is
not the main thread's instructions goes.

Under valgrind the address space has one fixed layout, and the Swift runtime's hash tables (the
generic metadata caches, keyed by metadata addresses; dictionaries seeded by their storage's
address) probe more or less depending on where the libraries and the heap lie: the same program
varies by several percent between layouts. So --layouts N counts every setting at the same N
layouts (valgrind --aspace-minaddr) and reports the mean, each count split into those hash-table
probes and the rest.

    bench.py launch-overhead --rounds 500 --cpu -1
    bench.py launch-overhead --rounds 1000 --cpu -1 --settings all
    bench.py launch-overhead --rounds 500 --cpu -1 --settings measurement,padded
    bench.py launch-overhead --rounds 60 --measure wall --settings trace,signal,tracer,tracer-alone,tracer+signal
    bench.py launch-overhead --measure callgrind --layouts 8 --callgrind-runs 1
    bench.py launch-overhead --measure profile-rates --rounds 100 --rates 250,1000
"""
import json, os, re, statistics, subprocess, sys, tempfile

import harness

MEASURES = ("exit-point", "wall", "callgrind", "profile-rates")


def parse_arguments():
    parser = harness.parser(__doc__, rounds=200)
    parser.add_argument("--measure", default="exit-point",
                        help=f"what is measured, comma-separated: {', '.join(MEASURES)} (default exit-point)")
    parser.add_argument("--settings", default="trace,tracer,profile,all",
                        help="the settings timed against off, comma-separated (default trace,tracer,profile,all)")
    parser.add_argument("--cpu", type=int, default=1, help="the CPU the app is pinned to on every side; -1: not pinned")
    parser.add_argument("--rate", type=harness.positive, help="the profile setting's samples per second (default: launchprof's default)")
    parser.add_argument("--rates", type=harness.rates, default=[1000], help="profile-rates: the rates in Hz, comma-separated (default 1000)")
    parser.add_argument("--callgrind-runs", type=harness.positive, default=3, help="callgrind: runs per setting and layout (default 3)")
    parser.add_argument("--layouts", type=harness.positive, default=1,
                        help="callgrind: address-space layouts per setting (valgrind --aspace-minaddr); 1: valgrind's default only")
    args = parser.parse_args()
    args.measure = args.measure.split(",")
    unknown = [name for name in args.measure if name not in MEASURES]
    if unknown:
        parser.error(f"--measure {','.join(unknown)}: expected one or more of {', '.join(MEASURES)}")
    return args


def default_profile_rate():
    """launchprof's default whole-launch profile rate, read from its one definition
    (`InstrumentSettings.defaultProfileRateHz`), so the profile is measured as the runner runs it."""
    pattern = re.compile(r"static let defaultProfileRateHz = (\d+)")
    for folder, _, files in os.walk(os.path.join(harness.ROOT, "Sources")):
        for name in files:
            if name == "InstrumentSettings.swift":
                match = pattern.search(open(os.path.join(folder, name)).read())
                if match:
                    return int(match.group(1))
    sys.exit("Sources/**/InstrumentSettings.swift: no `static let defaultProfileRateHz = N`; expected the default profile rate there")


def padded(assignment):
    """`assignment` renamed to a variable no one reads, the same length."""
    name, value = assignment.split("=", 1)
    return "X" * len(name) + "=" + value


def settings(trace, preload, rate):
    """name -> (profile rate, assignments, writes a trace)."""
    common = list(harness.APP_ASSIGNMENTS)
    recording = [f"LAUNCHPROF_TRACE={trace}", "LAUNCHPROF_SAMPLER=none"]
    signal = [f"LAUNCHPROF_TRACE={trace}", "LAUNCHPROF_SAMPLER=signal"]
    tracer = [f"LD_PRELOAD={preload}"]
    purpose = ["LAUNCHPROF_PURPOSE=measurement"]
    return {
        "off": (0, common, False),
        "measurement": (0, common + recording + purpose, True),
        # The control of measurement: off with three more variables of the same sizes, names
        # the probe does not read (the environment's size alone).
        "padded": (0, common + [padded(a) for a in recording + purpose], False),
        "trace": (0, common + recording, True),
        "signal": (0, common + signal, True),
        "tracer": (0, common + recording + tracer, True),
        "tracer-alone": (0, common + tracer, False),
        "tracer+signal": (0, common + signal + tracer, True),
        "profile": (rate, common, False),
        "all": (rate, common + recording + tracer, True),
    }


# The app's resource use the harness reports from wait4 (whole process, to its exit).
RESOURCES = ("userMs", "systemMs", "minorFaults", "voluntarySwitches", "involuntarySwitches")


def launch(tool, cpu, app, setting, trace):
    """One launch: its exit point and wall time in ms, its resource use, and the profiler's own
    main-thread time in ms from its trace when the setting writes one."""
    rate, assignments, traced = setting
    fields = harness.run_launch(tool, cpu, rate, app, assignments)
    resources = {"userMs": fields["userUs"] / 1e3, "systemMs": fields["systemUs"] / 1e3,
                 **{key: fields[key] for key in RESOURCES[2:]}}
    own = json.load(open(trace))["profiler"]["mainThreadNs"] / 1e6 if traced else None
    return {"exit-point": fields["exitPointNs"] / 1e6, "wall": fields["wallNs"] / 1e6,
            "resources": resources, "own": own}


def timed_rounds(tool, cpu, app, table, rounds, trace):
    results = {name: [] for name in table}
    for _ in range(3):
        for name in table:
            launch(tool, cpu, app, table[name], trace)
    for index in range(rounds):
        for name in harness.shuffled(table):
            results[name].append(launch(tool, cpu, app, table[name], trace))
        if (index + 1) % 50 == 0:
            print(f"  {index + 1} rounds", file=sys.stderr)
    return results


def timed(args, tool, app, table, trace):
    results = timed_rounds(tool, args.cpu, app, table, args.rounds, trace)
    pinning = f"app pinned to CPU {args.cpu}" if args.cpu >= 0 else "app not pinned"
    for measure in [m for m in args.measure if m in ("exit-point", "wall")]:
        what = "launch start to exit point (first frame)" if measure == "exit-point" else "release to exit (wall)"
        print(f"{measure}: {args.rounds} rounds, {pinning}; {what}")
        figures = {}
        off = [launch[measure] for launch in results["off"]]
        for name in table:
            values = [launch[measure] for launch in results[name]]
            entry = {"medianMs": statistics.median(values)}
            line = f"  {name:13s} median {entry['medianMs']:8.2f} ms"
            if name != "off":
                ratio, low, high = harness.ratio_of_medians(values, off)
                paired = statistics.median(a / b for a, b in zip(values, off))
                entry.update(ratio=ratio, low=low, high=high, pairedRatio=paired)
                line += f"   ratio {ratio:.4f} (95 % CI {low:.4f} to {high:.4f}); median paired ratio {paired:.4f}"
            own = [launch["own"] for launch in results[name] if launch["own"] is not None]
            if measure == "wall" and own:
                entry["profilerMainThreadMs"] = statistics.median(own)
                line += f"; the profiler's own main-thread time {entry['profilerMainThreadMs']:.3f} ms"
            figures[name] = entry
            print(line)
        harness.record(measure, figures)
    print_resources(results)


def print_resources(results):
    """Medians of the app's resource use per setting: where a cost that is not the main
    thread's instructions goes (CPU in the kernel, page faults, waits, preemptions)."""
    print("the app's resource use to its exit (medians; wait4): " + ", ".join(RESOURCES))
    figures = {}
    for name, launches in results.items():
        figures[name] = {key: statistics.median(launch["resources"][key] for launch in launches) for key in RESOURCES}
        print(f"  {name:13s} " + "   ".join(f"{key} {figures[name][key]:.1f}" for key in RESOURCES))
    harness.record("resources", figures)


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
    env = harness.clean_environment(**dict(a.split("=", 1) for a in assignments))
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


def callgrind(app, table, args, folder):
    # Valgrind 3.19 (Debian 12) cannot read the DWARF 5 of Swift builds: count a copy without
    # debug information, beside the original so that it finds its resource bundle.
    harness.require_tool("valgrind", "valgrind")
    stripped = app + "-callgrind"
    subprocess.run(["objcopy", "--strip-debug", app, stripped], check=True)
    try:
        counts = {name: [] for name in ("off", "trace", "tracer")}
        for layout in range(args.layouts):
            for _ in range(args.callgrind_runs):
                for name in counts:
                    counts[name].append(instructions(stripped, table[name][1], folder, layout))
    finally:
        os.remove(stripped)
    counts = {name: describe(values, args.callgrind_runs) for name, values in counts.items()}
    harness.record("instructions", counts)
    print_counts(counts, args)


def describe(values, runs):
    """Per layout the median of its runs; over the layouts the mean (of all and of all but the
    hash-table probes)."""
    per_layout = [sorted(values[i:i + runs])[(runs - 1) // 2] for i in range(0, len(values), runs)]
    return {"mainThread": statistics.mean(total for total, _ in per_layout),
            "withoutHashProbes": statistics.mean(total - probes for total, probes in per_layout),
            "hashProbes": [probes for _, probes in per_layout],
            "runs": [total for total, _ in values]}


def print_counts(counts, args):
    print(f"callgrind, main-thread instructions from exec to the exit point (median of {args.callgrind_runs} "
          f"runs per layout, mean over {args.layouts} layout(s)); without the hash-table probes:")
    for name, count in counts.items():
        line = f"  {name:8s} main thread {count['mainThread']:,.0f}   without probes {count['withoutHashProbes']:,.0f}"
        if name != "off":
            off = counts["off"]
            line += (f"   ratio {count['mainThread'] / off['mainThread']:.4f}"
                     f", without probes {count['withoutHashProbes'] / off['withoutHashProbes']:.4f}")
        print(line)
        print(f"           runs {count['runs']}   hash-table probes per layout {count['hashProbes']}")


def traced_launch(launchprof, app, profile, rate, folder):
    """One `launchprof trace` launch: time to first frame in ms and the profile's samples."""
    trace = os.path.join(folder, "launch.trace.json")
    command = [launchprof, "trace", "--profile", profile, "--profile-rate", str(rate), "--sampler", "none",
               "-o", trace, "--", app]
    subprocess.run(command, env=harness.clean_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    document = json.load(open(trace))
    samples = len(document.get("profile", {}).get("samples", [])) if profile == "perf" else 0
    return document["totals"]["timeToFirstFrameNs"] / 1e6, samples


def profile_rates(args, app, folder):
    launchprof = harness.built(args.build, "launchprof")
    figures = {}
    for rate in args.rates:
        for _ in range(3):
            traced_launch(launchprof, app, "off", rate, folder), traced_launch(launchprof, app, "perf", rate, folder)
        times, counts = {"off": [], "perf": []}, []
        for _ in range(args.rounds):
            for profile in harness.shuffled(times):
                value, samples = traced_launch(launchprof, app, profile, rate, folder)
                times[profile].append(value)
                if profile == "perf":
                    counts.append(samples)
        ratio, low, high = harness.ratio_of_medians(times["perf"], times["off"])
        figures[str(rate)] = {"offMs": statistics.median(times["off"]), "onMs": statistics.median(times["perf"]),
                              "ratio": ratio, "low": low, "high": high, "samples": statistics.median(counts)}
        print(f"profile at {rate} Hz, {args.rounds} rounds: time to first frame median off "
              f"{figures[str(rate)]['offMs']:.1f} ms, on {figures[str(rate)]['onMs']:.1f} ms; ratio {ratio:.4f} "
              f"(95 % CI {low:.4f} to {high:.4f}); profile samples per launch (median) {statistics.median(counts):.0f}")
    harness.record("profile-rates", figures)


def main():
    args = parse_arguments()
    app = harness.built(args.build, "SampleApp")
    preload = harness.preload(args.build)
    folder = tempfile.mkdtemp()
    rate = args.rate or default_profile_rate()
    trace = os.path.join(folder, "launch.trace.json")
    table = settings(trace, preload, rate)
    chosen = ["off"] + [name for name in args.settings.split(",") if name != "off"]
    unknown = [name for name in chosen if name not in table]
    if unknown:
        sys.exit(f"--settings {','.join(unknown)}: not a setting; the settings are {', '.join(table)}.")
    harness.record("profileRateHz", rate)
    if "exit-point" in args.measure or "wall" in args.measure:
        print(f"whole-launch profile at {rate} Hz")
        timed(args, harness.compile_harness(folder), app, {name: table[name] for name in chosen}, trace)
    if "callgrind" in args.measure:
        callgrind(app, table, args, folder)
    if "profile-rates" in args.measure:
        profile_rates(args, app, folder)
    subprocess.run(["rm", "-rf", folder], check=False)


if __name__ == "__main__":
    main()
