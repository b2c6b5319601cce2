#!/usr/bin/env python3
"""Writes the fixture run folder of the report tests (sampleapp-run/) and its symbol map (symbols.json).

A hand-made run of a SampleApp-like app: five completed warm launches and one crash, with
phases, thread states, spans, a blocking-call tracer and a stall sampler. Stacks are raw
addresses; symbols.json names them the way a symbolicator would, so the golden files do not
depend on the machine. One symbol and one span name try to inject HTML on purpose.

Run from this folder: python3 make_fixture_run.py
"""
import json
import os

EVIL_SYMBOL = '</script><script>document.body.dataset.injected="symbol"</script>'
EVIL_SPAN = '<img src=x onerror="document.body.dataset.injected=\'span\'">'

APP = dict(path="/opt/sampleapp/SampleApp", load=0x555555554000, text=(0x555555560000, 0x5555555F0000), build="5a1e0c0ffee0ddba11")
FOUNDATION = dict(path="/usr/lib/swift/linux/libFoundation.so", load=0x7FFFF6800000, text=(0x7FFFF6880000, 0x7FFFF7100000), build=None)
SWIFTCORE = dict(path="/usr/lib/swift/linux/libswiftCore.so", load=0x7FFFF7200000, text=(0x7FFFF7240000, 0x7FFFF7600000), build=None)
LIBC = dict(path="/lib/x86_64-linux-gnu/libc.so.6", load=0x7FFFF7A00000, text=(0x7FFFF7A28000, 0x7FFFF7BBD000), build="c0ffee")

# name -> (image, offset of the return address inside the function)
FUNCTIONS = {
    "__libc_start_main": (LIBC, 0x29E40),
    "main": (APP, 0x12040),
    "UIApplicationMain(_:_:_:_:)": (APP, 0x40088),
    "LaunchPipeline.run()": (APP, 0x40830),
    "LaunchPipeline.finishLaunching()": (APP, 0x41044),
    "LaunchPipeline.commitFirstFrame()": (APP, 0x41200),
    "UIWindow.makeKeyAndVisible()": (APP, 0x42010),
    "AppDelegate.application(_:didFinishLaunchingWithOptions:)": (APP, 0x20150),
    "CatalogStore.load()": (APP, 0x24230),
    "CatalogStore.buildIndex()": (APP, 0x24870),
    "CatalogIndex.insert(_:)": (APP, 0x25120),
    "Analytics.configure()": (APP, 0x26040),
    "RootViewController.viewDidLoad()": (APP, 0x30030),
    "ThumbnailCache.warmUp()": (APP, 0x31050),
    "ThumbnailCache.decode(_:)": (APP, 0x31410),
    EVIL_SYMBOL: (APP, 0x32020),
    "Data.init(contentsOf:options:)": (FOUNDATION, 0x3B2080),
    "FileHandle.readToEnd()": (FOUNDATION, 0x3A1100),
}
UNNAMED_SWIFTCORE = SWIFTCORE["load"] + 0x5C0A0  # in libswiftCore, not in the symbol map: image+offset
OUTSIDE = 0x7FFFDEAD0000  # in no image: shown as a raw address


def addr(name):
    image, offset = FUNCTIONS[name]
    return image["load"] + offset


def hexa(value):
    return "0x%x" % value


def stack(*names):
    """Innermost first, from names given root first."""
    frames = []
    for name in reversed(names):
        frames.append(name if isinstance(name, int) else addr(name))
    return [hexa(a) for a in frames]


ROOT = ["__libc_start_main", "main", "UIApplicationMain(_:_:_:_:)", "LaunchPipeline.run()"]
FINISH = ROOT + ["LaunchPipeline.finishLaunching()", "AppDelegate.application(_:didFinishLaunchingWithOptions:)"]
WINDOW = ROOT + ["LaunchPipeline.commitFirstFrame()", "UIWindow.makeKeyAndVisible()", "RootViewController.viewDidLoad()"]

PHASES = [  # phase, duration ms, on-CPU share, runnable share
    ("binaryLoad", 21.0, 0.86, 0.06),
    ("applicationObject", 0.21, 0.97, 0.0),
    ("delegateObject", 0.33, 0.95, 0.0),
    ("infoPlist", 0.52, 0.9, 0.0),
    ("willFinishLaunching", 0.08, 0.95, 0.0),
    ("mainStoryboard", 6.4, 0.8, 0.05),
    ("didFinishLaunching", 74.0, 0.5, 0.04),
    ("firstVisibleWindow", 46.0, 0.9, 0.06),
    ("didBecomeActive", 1.9, 0.85, 0.0),
]
FACTORS = [1.0, 1.04, 0.97, 1.10, 1.02]
MS = 1_000_000


def make_trace(run_index, factor):
    phases = []
    t = 0
    starts = {}
    for name, duration_ms, cpu, runnable in PHASES:
        duration = int(duration_ms * MS * (factor if name in ("didFinishLaunching", "firstVisibleWindow", "binaryLoad") else 1.0))
        on_cpu = int(duration * cpu)
        run = int(duration * runnable)
        starts[name] = t
        phases.append({
            "phase": name, "startNs": t, "durationNs": duration,
            "threadState": {
                "wallNs": duration, "onCpuNs": on_cpu, "runnableNs": run, "blockedNs": max(0, duration - on_cpu - run),
                "minorFaults": int(duration_ms * 12), "majorFaults": 1 if name == "didFinishLaunching" else 0,
                "voluntarySwitches": 3 if cpu < 0.6 else 0, "involuntarySwitches": 1 if runnable else 0,
            },
        })
        t += duration
    ends = {p["phase"]: p["startNs"] + p["durationNs"] for p in phases}
    dfl = starts["didFinishLaunching"]
    fvw = starts["firstVisibleWindow"]
    read_start = dfl + int(1.5 * MS)
    read_duration = int(9.5 * MS * factor)
    sleep_start = read_start + read_duration + int(0.5 * MS)
    sleep_duration = 20 * MS
    index_start = sleep_start + sleep_duration + int(0.3 * MS)
    index_duration = int(30 * MS * factor)
    warm_start = fvw + int(2 * MS)
    warm_duration = int(38 * MS * factor)

    blocking = [
        {"function": "read", "kind": "fileIO", "startNs": read_start, "durationNs": read_duration, "phase": "didFinishLaunching",
         "resource": "/opt/sampleapp/AppBundle/catalog.json", "bytes": 4_718_592,
         "stack": stack(*(FINISH + ["CatalogStore.load()", "Data.init(contentsOf:options:)", "FileHandle.readToEnd()"]))},
        {"function": "usleep", "kind": "sleep", "startNs": sleep_start, "durationNs": sleep_duration, "phase": "didFinishLaunching",
         "resource": "20 ms", "stack": stack(*(FINISH + ["Analytics.configure()"]))},
        {"function": "open", "kind": "fileIO", "startNs": warm_start + int(0.2 * MS), "durationNs": int(1.2 * MS), "phase": "firstVisibleWindow",
         "resource": "/opt/sampleapp/AppBundle/thumbs/<evil>&\"name\".bin", "errno": 2,
         "stack": stack(*(WINDOW + ["ThumbnailCache.warmUp()", EVIL_SYMBOL]))},
    ]
    stalls = []
    # Stall 1: the sleep, then the catalog index on the CPU.
    s1_start = sleep_start - int(0.2 * MS)
    s1_end = index_start + index_duration
    samples = []
    ts = s1_start + 20 * MS
    while ts < s1_end:
        if ts < sleep_start + sleep_duration:
            samples.append({"timeNs": ts, "frames": blocking[1]["stack"], "blockingCall": 1})
        else:
            inner = ["CatalogIndex.insert(_:)"] if (ts // MS) % 3 else [UNNAMED_SWIFTCORE]
            samples.append({"timeNs": ts, "frames": stack(*(FINISH + ["CatalogStore.load()", "CatalogStore.buildIndex()"] + inner))})
        ts += 2 * MS
    stalls.append({"startNs": s1_start, "durationNs": s1_end - s1_start, "phase": "didFinishLaunching", "samples": samples})
    # Stall 2: thumbnail decoding on the CPU.
    s2_start = warm_start
    s2_end = warm_start + warm_duration
    samples = []
    ts = s2_start + 20 * MS
    while ts < s2_end:
        tail = ["ThumbnailCache.decode(_:)"] if (ts // MS) % 4 else ["ThumbnailCache.decode(_:)", OUTSIDE]
        samples.append({"timeNs": ts, "frames": stack(*(WINDOW + ["ThumbnailCache.warmUp()"] + tail))})
        ts += 2 * MS
    stalls.append({"startNs": s2_start, "durationNs": s2_end - s2_start, "phase": "firstVisibleWindow", "samples": samples})
    sample_count = sum(len(s["samples"]) for s in stalls)

    spans = [
        {"name": "catalog.load", "phase": "didFinishLaunching", "startNs": read_start - int(0.4 * MS),
         "durationNs": index_start + index_duration - read_start + int(0.6 * MS), "depth": 0, "onMainThread": True},
        {"name": "catalog.index", "phase": "didFinishLaunching", "startNs": index_start, "durationNs": index_duration,
         "depth": 1, "parent": 0, "onMainThread": True},
        {"name": "thumbnails.warmUp", "phase": "firstVisibleWindow", "startNs": warm_start, "durationNs": warm_duration,
         "depth": 0, "onMainThread": True},
        {"name": EVIL_SPAN, "phase": "firstVisibleWindow", "startNs": warm_start + warm_duration + int(0.5 * MS),
         "durationNs": int(0.9 * MS), "depth": 0, "onMainThread": True},
        {"name": "prefetch.background", "phase": "didFinishLaunching", "startNs": dfl + int(0.2 * MS),
         "durationNs": int(90 * MS), "depth": 0, "onMainThread": False},
    ]
    first_frame = ends["firstVisibleWindow"]
    images = []
    for image in (APP, FOUNDATION, SWIFTCORE, LIBC):
        entry = {"path": image["path"], "loadAddress": hexa(image["load"]), "textStart": hexa(image["text"][0]), "textEnd": hexa(image["text"][1])}
        if image["build"]:
            entry["buildID"] = image["build"]
        images.append(entry)
    return {
        "schemaVersion": 1,
        "app": {"name": "SampleApp", "executablePath": APP["path"], "interface": "storyboard", "infoPlistPath": "/opt/sampleapp/AppBundle/Info.plist"},
        "pid": 4100 + run_index, "mainThreadID": 4100 + run_index, "scenario": "warm", "runIndex": run_index,
        "machine": {"cpuModel": "Fixture CPU @ 3.0GHz", "logicalCores": 2, "kernel": "6.1.0-fixture", "memoryBytes": 8_000_000_000, "hostname": "fixture-host"},
        "clock": {"clock": "CLOCK_MONOTONIC", "launchStartNs": 5_000_000_000 + run_index * 1_000_000_000, "startSource": "spawn", "startResolutionNs": 1},
        "phases": phases,
        "spans": spans,
        "marks": [{"name": "processMain", "timeNs": int(19.5 * MS), "phase": "binaryLoad"}],
        "totals": {"timeToFirstFrameNs": first_frame, "timeToActiveNs": ends["didBecomeActive"]},
        "memory": {"peakResidentBytes": 61_000_000 + run_index * 250_000, "residentBytes": 60_000_000},
        "ending": {"reason": "exitAfterActive", "atNs": ends["didBecomeActive"] + 40_000},
        "profiler": {"version": "0.1.0", "mainThreadNs": 180_000 + run_index * 3_000, "recordedEvents": 24,
                     "instruments": ["phases", "threadState", "blockingCalls", "stallSampler"]},
        "mainThread": {
            "images": images,
            "blockingCalls": blocking,
            "stalls": stalls,
            "tracer": {"thresholdNs": 1_000_000, "interceptedCalls": 412, "recordedCalls": len(blocking), "droppedCalls": 0},
            "sampler": {"method": "ptrace", "stallThresholdMs": 20, "intervalMs": 2, "signalsSent": 0, "samplesTaken": sample_count},
        },
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(here, "sampleapp-run")
    os.makedirs(folder, exist_ok=True)
    launches = []
    index = 0
    for position in range(6):
        index += 1
        if index == 4:
            launches.append({"index": index, "scenario": "warm", "outcome": "crashed", "signal": 11, "wallNs": 88_000_000,
                             "message": "The app was killed by signal 11 (SIGSEGV).", "lastPhase": "didFinishLaunching"})
            continue
        trace = make_trace(index, FACTORS[len([l for l in launches if l["outcome"] == "completed"])])
        name = "launch-%03d.trace.json" % index
        with open(os.path.join(folder, name), "w") as f:
            json.dump(trace, f, indent=2, sort_keys=True)
            f.write("\n")
        launches.append({"index": index, "scenario": "warm", "outcome": "completed", "exitStatus": 0,
                         "wallNs": trace["ending"]["atNs"] + 3_000_000, "traceFile": name})
    manifest = {"schemaVersion": 1, "appPath": APP["path"], "scenario": "warm", "runs": len(launches), "warmup": 1,
                "date": "2026-03-14T09:26:53Z", "launches": launches}
    with open(os.path.join(folder, "launches.json"), "w") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    symbols = {hexa(addr(name)): name for name in FUNCTIONS}
    with open(os.path.join(here, "symbols.json"), "w") as f:
        json.dump(symbols, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
