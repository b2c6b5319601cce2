#!/usr/bin/env bash
# Launches SampleApp warm and cold, alternating in rounds, and prints the medians of
# binaryLoad, time to first frame and major faults, and how much each cold launch evicted.
#
#   Benchmarks/scripts/cold-vs-warm.sh [ROUNDS] [RUNS_PER_ROUND]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-2}
per_round=${2:-10}
swift build -c release >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for round in $(seq 1 "$rounds"); do
  for scenario in warm cold; do
    .build/release/launchprof run --runs "$per_round" --warmup 1 --scenario "$scenario" \
      --output "$work/$scenario-$round" -- .build/release/SampleApp >/dev/null 2>&1
  done
done
python3 - "$work" <<'PY'
import glob, json, statistics, sys
work = sys.argv[1]
for scenario in ("warm", "cold"):
    load, ttff, faults, evicted = [], [], [], []
    for folder in glob.glob(f"{work}/{scenario}-*"):
        metrics = json.load(open(f"{folder}/summary.json"))["scenarios"][scenario]["metrics"]
        load += metrics["binaryLoad"]["samples"]
        ttff += metrics["timeToFirstFrame"]["samples"]
        faults += metrics["majorFaults"]["samples"]
        evicted += [l.get("evictedBytes") or 0 for l in json.load(open(f"{folder}/launches.json"))["launches"]]
    print(f"{scenario}: n={len(load)}  binaryLoad median {statistics.median(load) / 1e6:6.1f} ms"
          f"  first frame median {statistics.median(ttff) / 1e6:6.1f} ms"
          f"  major faults median {statistics.median(faults):4.0f}"
          f"  evicted per launch median {statistics.median(evicted) / 1e6:5.1f} MB")
PY
