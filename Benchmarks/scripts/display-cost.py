#!/usr/bin/env python3
"""What showing a LaunchKit app's window on a display costs its launch: SampleApp to its first
frame with no display, on a headless X server (Xvfb) and on a headless Wayland compositor
(weston, headless back end), the servers started once here, the three conditions alternating
in a random order within each round (the machine drifts between blocks).

    bench.py display-cost [--rounds 100] [--build DIR]     (SampleApp of the build)

Each launch writes its trace (LAUNCHPROF_TRACE) and ends at its first frame
(LAUNCHPROF_EXIT_AFTER=firstFrame). Prints, for each condition, the median time to first frame
(totals.timeToFirstFrameNs); for each display the median of the rounds' ratios (display / none)
with a bootstrap 95 % interval and the median difference; and the medians of the display's own
spans (`display.connect`: loading the client library, connecting, creating the window;
`display.firstFrame`: putting the first frame, the wait for the window to be exposed or
configured, and the acknowledgement: the X round trip, the Wayland frame callback).
"""
import json, os, random, select, statistics, subprocess, sys, tempfile, time

import harness
SPANS = ("display.connect", "display.firstFrame")


def start_xvfb():
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    ready, _, _ = select.select([server.stdout], [], [], 20)
    if not ready:
        server.kill()
        sys.exit("Xvfb did not report its display number within 20 s")
    return server, {"DISPLAY": ":" + server.stdout.readline().decode().strip(), "WAYLAND_DISPLAY": ""}


def start_weston(folder):
    runtime = os.path.join(folder, "runtime")
    os.mkdir(runtime, 0o700)
    server = subprocess.Popen(["weston", "--backend=headless-backend.so", "--socket=bench", "--idle-time=0"],
                              env=dict(os.environ, XDG_RUNTIME_DIR=runtime), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not os.path.exists(os.path.join(runtime, "bench")):
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            sys.exit("weston did not create its socket within 20 s")
        time.sleep(0.05)
    return server, {"WAYLAND_DISPLAY": "bench", "XDG_RUNTIME_DIR": runtime, "DISPLAY": ""}


def launch(app, assignments, folder):
    trace = os.path.join(folder, "trace.json")
    environment = dict(os.environ, LAUNCHPROF_TRACE=trace, LAUNCHPROF_EXIT_AFTER="firstFrame",
                       SWIFT_BACKTRACE="enable=no", **assignments)
    result = subprocess.run([app], env=environment, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr:
        sys.exit(f"{app} with {assignments} exited with {result.returncode}: {result.stderr.strip()}")
    with open(trace) as file:
        document = json.load(file)
    os.remove(trace)
    spans = {span["name"]: span["durationNs"] for span in document.get("spans", [])}
    return document["totals"]["timeToFirstFrameNs"], spans


def quartiles(values):
    q = statistics.quantiles(values, n=4)
    return f"median {statistics.median(values) / 1e6:.2f} ms (quartiles {q[0] / 1e6:.2f} to {q[2] / 1e6:.2f})"


def report(rounds, app, times, spans):
    print(f"{rounds} rounds, {app}; Xvfb 1280x800x24, weston headless 1024x640")
    for condition, values in times.items():
        print(f"  timeToFirstFrame, {condition:>7}: {quartiles(values)}")
    for condition in ("x11", "wayland"):
        ratio, low, high = harness.median_ratio(times[condition], times["none"])
        difference = statistics.median(d - n for d, n in zip(times[condition], times["none"]))
        harness.record(condition, {"ratio": ratio, "low": low, "high": high, "differenceMs": difference / 1e6,
                                   "spansMs": {name: statistics.median(spans[condition][name]) / 1e6 for name in SPANS}})
        print(f"  {condition} / none: median ratio {ratio:.4f} (95 % interval {low:.4f} to "
              f"{high:.4f}), median difference {difference / 1e6:+.2f} ms")
        for name in SPANS:
            print(f"    span {name}: {quartiles(spans[condition][name])}")


def main():
    args = harness.parser(__doc__, rounds=100).parse_args()
    rounds, app = args.rounds, harness.built(args.build, "SampleApp")
    harness.require_tool("Xvfb", "xvfb")
    harness.require_tool("weston", "weston")
    times = {"none": [], "x11": [], "wayland": []}
    spans = {condition: {name: [] for name in SPANS} for condition in ("x11", "wayland")}
    with tempfile.TemporaryDirectory() as folder:
        xvfb, x11 = start_xvfb()
        weston, wayland = start_weston(folder)
        conditions = {"none": {"DISPLAY": "", "WAYLAND_DISPLAY": ""}, "x11": x11, "wayland": wayland}
        try:
            for assignments in conditions.values():
                launch(app, assignments, folder)  # warms the page cache and the servers
            for _ in range(rounds):
                order = list(conditions)
                random.shuffle(order)
                for condition in order:
                    first_frame, launch_spans = launch(app, conditions[condition], folder)
                    times[condition].append(first_frame)
                    for name in spans.get(condition, {}):
                        spans[condition][name].append(launch_spans[name])
        finally:
            for server in (xvfb, weston):
                server.terminate()
                server.wait()
    report(rounds, app, times, spans)


if __name__ == "__main__":
    main()
