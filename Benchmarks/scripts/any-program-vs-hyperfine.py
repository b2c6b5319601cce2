#!/usr/bin/env python3
"""Any command's launch timed by hyperfine and by `launchprof run`, side by side in one session.

A program that writes no trace is ready when it exits: launchprof measures it from the release of
the child at exec to its exit, hyperfine -N from the spawn to the exit. Each round runs three
blocks of RUNS launches in a new random order: hyperfine; `launchprof run` as a user runs it
(its profiled launches with the default instruments, the preloaded tracer for the phases
exec/loader/main/exit and the whole-launch perf profile, then as many measurement launches with no
instruments, whose times are the time to ready it reports); and launchprof with no instruments
and no measurement launches (--no-measurement-launches --no-tracer --profile off --sampler none); with
--parts also the tracer alone and the profile alone (without measurement launches). A block's median
is compared with the hyperfine block of the same round, so drift between rounds (this machine's
speed wanders by tens of per cent over minutes) cancels. Printed: the medians of all launches,
and per launchprof setting, and for the default run's profiled launches, the median of the
per-round ratios to hyperfine with a bootstrap 95 % interval (2,000 resamples of the rounds,
seeded), and the phases of its launches.

    bench.py any-program-vs-hyperfine [--rounds 30] [--runs 5] [--parts] [--build DIR] -- COMMAND [ARGS...]
    bench.py any-program-vs-hyperfine --rounds 40 --runs 5 -- /usr/bin/git --version

Needs hyperfine (apt-get install hyperfine) and a release build (swift build -c release).
"""
import json, os, random, shlex, shutil, statistics, subprocess, sys, tempfile

import harness
from harness import round_interval
SETTINGS = {"default": [], "bare": ["--no-measurement-launches", "--no-tracer", "--profile", "off", "--sampler", "none"]}
PARTS = {"tracer": ["--no-measurement-launches", "--profile", "off", "--sampler", "none"],
         "profile": ["--no-measurement-launches", "--no-tracer", "--sampler", "none"]}
LABELS = {"default": "as reported", "bare": "instruments off", "tracer": "tracer alone", "profile": "profile alone"}


def parse_arguments():
    parser = harness.parser(__doc__, rounds=30, runs=5, command=True)
    parser.add_argument("--parts", action="store_true", help="also the tracer alone and the profile alone")
    arguments = parser.parse_args()
    arguments.command = harness.command_of(arguments, parser)
    harness.require_tool("hyperfine", "hyperfine")
    return arguments


def hyperfine_block(command, runs, folder):
    export = os.path.join(folder, "hyperfine.json")
    subprocess.run(["hyperfine", "-N", "--style", "none", "--warmup", "1", "--runs", str(runs),
                    "--export-json", export, shlex.join(command)], check=True, stdout=subprocess.DEVNULL)
    return [t * 1e3 for t in json.load(open(export))["results"][0]["times"]], None


def launchprof_block(launchprof, setting, command, runs, folder):
    output = tempfile.mkdtemp(dir=folder)
    run = subprocess.run([launchprof, "run", "--runs", str(runs), "--warmup", "1", "--no-history",
                          *SETTINGS[setting], "--output", output, "--", *command],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        sys.exit(f"launchprof run ({setting}) exited with {run.returncode}: {run.stderr.strip()[-400:]}")
    summary = json.load(open(os.path.join(output, "summary.json")))
    scenario = next(iter(summary["scenarios"].values()))
    # The time to ready as the run reports it (its measurement launches' when it made them), and
    # the profiled launches' own.
    reported = [t / 1e6 for t in scenario["metrics"]["timeToReady"]["samples"]]
    profiled = [l["readyNs"] / 1e6 for l in summary["launches"] if l["outcome"] == "completed"]
    shutil.rmtree(output)
    return reported, profiled, scenario.get("phases")


def main():
    arguments = parse_arguments()
    launchprof = harness.built(arguments.build, "launchprof")
    folder = tempfile.mkdtemp()
    if arguments.parts:
        SETTINGS.update(PARTS)
    blocks = {"hyperfine": [], **{setting: [] for setting in SETTINGS}, "profiled": []}
    phases = {}
    order = random.Random(11)
    for _ in range(arguments.rounds):
        kinds = [kind for kind in blocks if kind != "profiled"]
        order.shuffle(kinds)
        for kind in kinds:
            if kind == "hyperfine":
                times, _ = hyperfine_block(arguments.command, arguments.runs, folder)
            else:
                times, profiled, phases[kind] = launchprof_block(launchprof, kind, arguments.command, arguments.runs, folder)
                if kind == "default":
                    blocks["profiled"].append(profiled)
            blocks[kind].append(times)
    shutil.rmtree(folder)
    report(arguments, blocks, phases)


def report(arguments, blocks, phases):
    every = {kind: [t for block in runs for t in block] for kind, runs in blocks.items()}
    print(f"command: {shlex.join(arguments.command)}; {arguments.rounds} rounds of {arguments.runs} launches per tool, in random order")
    print(f"{'hyperfine -N':<33}  median {statistics.median(every['hyperfine']):9.3f} ms")
    LABELS["profiled"] = "its profiled launches"
    phases["profiled"] = phases.get("default")
    for kind in [*SETTINGS, "profiled"]:
        label = f"launchprof run ({LABELS[kind]})".ljust(33)
        ratios = [statistics.median(mine) / statistics.median(theirs)
                  for mine, theirs in zip(blocks[kind], blocks["hyperfine"]) if mine and theirs]
        low, high = round_interval(lambda picks: statistics.median(ratios[i] for i in picks), len(ratios))
        harness.record(kind, {"medianMs": statistics.median(every[kind]), "ratio": statistics.median(ratios),
                              "low": low, "high": high})
        print(f"{label}  median {statistics.median(every[kind]):9.3f} ms  ratio to hyperfine "
              f"{statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})  phases {'/'.join(phases.get(kind) or [])}")


if __name__ == "__main__":
    main()
