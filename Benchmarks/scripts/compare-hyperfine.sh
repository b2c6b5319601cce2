#!/usr/bin/env bash
# Times whole launches of SampleApp with hyperfine and with `launchprof run`, alternating
# in rounds within one session so both see the same machine, and prints both medians and
# spreads. Both time the same thing: spawn to exit of the same launch, with the same
# profiler setting (phases and thread state recorded, trace written, no tracer preloaded,
# no stall sampler) and the launch ending after `active` (LAUNCHPROF_EXIT_AFTER=active).
#
#   Benchmarks/scripts/compare-hyperfine.sh [ROUNDS] [RUNS_PER_ROUND]
#
# Needs hyperfine (apt-get install hyperfine) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-4}
per_round=${2:-15}
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install -y hyperfine" >&2; exit 1; }

swift build -c release >/dev/null
app=$PWD/.build/release/SampleApp
tool=$PWD/.build/release/launchprof
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for round in $(seq 1 "$rounds"); do
  LAUNCHPROF_TRACE="$work/hyperfine.trace.json" LAUNCHPROF_EXIT_AFTER=active LAUNCHPROF_SAMPLER=none \
    hyperfine -N --style none --warmup 2 --runs "$per_round" \
    --export-json "$work/hyperfine-$round.json" "$app" >/dev/null
  "$tool" run --runs "$per_round" --warmup 2 --no-tracer --sampler none --output "$work/launchprof-$round" -- "$app" >/dev/null 2>&1
done

python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
hyper, prof, active = [], [], []
for r in range(1, rounds + 1):
    hyper += [t * 1e3 for t in json.load(open(f"{work}/hyperfine-{r}.json"))["results"][0]["times"]]
    launches = json.load(open(f"{work}/launchprof-{r}/launches.json"))["launches"]
    prof += [l["wallNs"] / 1e6 for l in launches if l["outcome"] == "completed"]
    summary = json.load(open(f"{work}/launchprof-{r}/summary.json"))
    active += summary["scenarios"]["warm"]["metrics"]["timeToActive"]["samples"]
active = [a / 1e6 for a in active]
def describe(values):
    median = statistics.median(values)
    mad = statistics.median([abs(v - median) for v in values])
    return median, mad, statistics.stdev(values)
hm, hmad, hsd = describe(hyper)
pm, pmad, psd = describe(prof)
am, amad, asd = describe(active)
print(f"launches per tool: {len(hyper)} (hyperfine), {len(prof)} (launchprof), alternating in {rounds} rounds")
print(f"hyperfine          spawn to exit   median {hm:8.2f} ms   MAD {hmad:6.2f} ms   stdev {hsd:6.2f} ms")
print(f"launchprof run     spawn to exit   median {pm:8.2f} ms   MAD {pmad:6.2f} ms   stdev {psd:6.2f} ms")
print(f"launchprof run     time to active  median {am:8.2f} ms   MAD {amad:6.2f} ms   stdev {asd:6.2f} ms")
print(f"median difference (launchprof - hyperfine): {100 * (pm - hm) / hm:+.2f} %  (target: within 3 %)")
print(f"spread ratio (launchprof MAD / hyperfine MAD): {pmad / hmad if hmad else float('nan'):.2f}  (target: at most 1)")
PY
