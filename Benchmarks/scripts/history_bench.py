#!/usr/bin/env python3
"""Benchmarks of the run history, on the real CLI:

  1. inserting one run (`launchprof history import RUN_FOLDER`, process start included, into a new
     store and into the year's), and `launchprof history list` on an empty store (process start
     and open) to show what is not the insert;
  2. `launchprof history trend` over a year of nightly runs (365 runs x 3 scenarios x 40 metrics
     x 20 launches), and its growth with the number of runs: --last N within the year, and a
     second store of two years (730 nights) for the last figure.

    bench.py history [--runs 5] [--build DIR]

--runs: launches of each timed launchprof command (the figure is their median). Build first:
swift build -c release.
The history is generated straight into SQLite with the schema of HistorySchema version 2.
"""
import datetime, json, os, random, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

import harness

# Set from --build and --runs.
LAUNCHPROF = None
REPS = 5
NIGHTS, SCENARIOS, METRICS, LAUNCHES = 365, ["cold", "warm", "resume"], 40, 20

SCHEMA = [
    "CREATE TABLE history_schema (version INTEGER NOT NULL)",
    "INSERT INTO history_schema VALUES (1)",
    "INSERT INTO history_schema VALUES (2)",
    """CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, run_key TEXT NOT NULL UNIQUE, recorded_at TEXT NOT NULL, app TEXT NOT NULL,
      app_version TEXT, commit_sha TEXT, branch TEXT, machine_class TEXT NOT NULL, hostname TEXT NOT NULL,
      kernel TEXT NOT NULL, scenario TEXT NOT NULL, launches INTEGER NOT NULL, settings TEXT NOT NULL, verdicts TEXT NOT NULL)""",
    "CREATE INDEX runs_series ON runs (app, scenario, machine_class, recorded_at)",
    """CREATE TABLE metrics (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, scenario TEXT NOT NULL,
      metric TEXT NOT NULL, count INTEGER NOT NULL, median REAL NOT NULL, p10 REAL NOT NULL, p90 REAL NOT NULL,
      mean REAL NOT NULL, launch_values TEXT NOT NULL, PRIMARY KEY (run_id, scenario, metric))""",
    "CREATE INDEX metrics_series ON metrics (run_id, scenario, metric, count, median, p10, p90)",
]


START = datetime.datetime(2026, 1, 1, 2, 0, 0)


def percentile(values, q):
    s = sorted(values)
    h = (len(s) - 1) * q
    lo = int(h)
    return s[lo] + (s[min(lo + 1, len(s) - 1)] - s[lo]) * (h - lo)


def generate(path, nights):
    rng = random.Random(42)
    db = sqlite3.connect(path)
    for statement in SCHEMA:
        db.execute(statement)
    for night in range(nights):
        for scenario in SCENARIOS:
            cur = db.execute(
                "INSERT INTO runs (run_key, recorded_at, app, app_version, commit_sha, branch, machine_class, hostname, kernel, scenario, launches, settings, verdicts)"
                " VALUES (?, ?, 'SampleApp', NULL, ?, 'main', 'bench/2c/24GiB', 'bench', '6.1', ?, ?, '{}', '[]')",
                (f"bench-{night}-{scenario}", (START + datetime.timedelta(days=night)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                 f"{night:040x}", scenario, LAUNCHES))
            run_id = cur.lastrowid
            rows = []
            for metric in range(METRICS):
                level = 1e6 * (1 + metric) * (1.05 if night >= 200 and metric % 10 == 0 else 1)
                values = [level * (1 + 0.03 * rng.gauss(0, 1)) for _ in range(LAUNCHES)]
                rows.append((run_id, scenario, f"metric.{metric:02d}", LAUNCHES, statistics.median(values), percentile(values, 0.1),
                             percentile(values, 0.9), statistics.fmean(values), json.dumps(values)))
            db.executemany("INSERT INTO metrics VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def empty_store(path):
    """A store with no runs, opened (and so migrated) once by launchprof: `history` refuses a path
    where no history exists yet."""
    generate(path, 0)
    subprocess.run([LAUNCHPROF, "history", "list", "--history", path], capture_output=True, check=True)


def timed(arguments):
    times = []
    for _ in range(REPS):
        start = time.perf_counter()
        out = subprocess.run([LAUNCHPROF] + arguments, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if out.returncode != 0:
            sys.exit(f"launchprof {' '.join(arguments)} failed: {out.stderr}")
    return statistics.median(times) * 1000, out.stdout


def insert_one_run(work, year):
    """A real run folder (20 launches of SampleApp, not recorded), imported into fresh stores
    and into the year's store."""
    folder = os.path.join(work, "run")
    app = os.path.join(os.path.dirname(LAUNCHPROF), "SampleApp")
    if not os.path.exists(app):
        return None
    out = subprocess.run([LAUNCHPROF, "run", "--runs", "20", "--warmup", "0", "--no-history", "--output", folder, "--", app], capture_output=True, text=True)
    if not os.path.exists(os.path.join(folder, "summary.json")):
        sys.exit(f"launchprof run failed: {out.stderr}")
    times = []
    for rep in range(REPS):
        store = os.path.join(work, f"one-{rep}.sqlite")
        empty_store(store)
        start = time.perf_counter()
        subprocess.run([LAUNCHPROF, "history", "import", "--history", store, folder], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    subprocess.run([LAUNCHPROF, "history", "import", "--history", year, folder], capture_output=True, check=True)
    return statistics.median(times) * 1000, (time.perf_counter() - start) * 1000


def trend(path, nights, what, arguments):
    """Times `history trend` over `nights` nights of `path` and counts the change points."""
    ms, out = timed(["history", "trend", "--history", path] + arguments)
    found = out.count(" at run ")
    harness.record(f"trend {what}", {"ms": ms, "changePoints": found})
    print(f"trend over {what} ({nights * len(SCENARIOS)} runs, {len(SCENARIOS) * METRICS} series): {ms:.0f} ms, {found} change points")


def main():
    global LAUNCHPROF, REPS
    args = harness.parser(__doc__, runs=5).parse_args()
    LAUNCHPROF, REPS = harness.built(args.build, "launchprof"), args.runs
    work = tempfile.mkdtemp(prefix="history-bench-")
    try:
        path = os.path.join(work, "year.sqlite")
        start = time.perf_counter()
        generate(path, NIGHTS)
        print(f"generated {NIGHTS * len(SCENARIOS)} runs x {METRICS} metrics x {LAUNCHES} launches in {time.perf_counter() - start:.1f} s "
              f"({os.path.getsize(path) / 1e6:.0f} MB)")
        empty = os.path.join(work, "empty.sqlite")
        empty_store(empty)
        base, _ = timed(["history", "list", "--history", empty])
        harness.record("list on an empty store", {"ms": base})
        print(f"launchprof history list on an empty store (process start, open): {base:.0f} ms")
        for last in [30, 90, 180, 365]:
            trend(path, last, f"the last {last} nights", ["--last", str(last * len(SCENARIOS))])
        two_years = os.path.join(work, "two-years.sqlite")
        generate(two_years, 2 * NIGHTS)
        trend(two_years, 2 * NIGHTS, "two years (730 nights)", [])
        ms, _ = timed(["history", "list", "--history", path, "--last", "1"])
        print(f"list --last 1 on the year: {ms:.0f} ms")
        imported = insert_one_run(work, path)
        if imported is None:
            print(f"history import skipped: no SampleApp beside {LAUNCHPROF} (swift build -c release --product SampleApp)")
        else:
            harness.record("import", {"newStoreMs": imported[0], "yearStoreMs": imported[1]})
            print(f"history import of one run (20 launches) into a new store: {imported[0]:.0f} ms; into the year's store: {imported[1]:.0f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
