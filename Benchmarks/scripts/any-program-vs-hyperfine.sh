#!/usr/bin/env bash
# Times any command (a program that writes no trace: ready when it exits) with hyperfine and
# with `launchprof run`, alternating in rounds within one session so all see the same machine,
# and prints the medians of spawn to exit. launchprof runs twice per round: with its default
# instruments (tracer preloaded: phases exec/loader/main/exit; whole-launch perf profile) and
# with none (--no-tracer --profile off --sampler none: phases exec/main/exit).
#
#   Benchmarks/scripts/any-program-vs-hyperfine.sh [ROUNDS] [RUNS_PER_ROUND] -- COMMAND [ARGS...]
#   Benchmarks/scripts/any-program-vs-hyperfine.sh 4 5 -- git --version
#
# Needs hyperfine (apt-get install hyperfine) and python3. BUILD=debug uses .build/debug.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-4}
per_round=${2:-5}
shift 2 || true
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: $0 ROUNDS RUNS_PER_ROUND -- COMMAND [ARGS...]" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install -y hyperfine" >&2; exit 1; }

build=${BUILD:-release}
[ "$build" = release ] && swift build -c release >/dev/null
tool=$PWD/.build/$build/launchprof
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quoted=$(printf '%q ' "$@")

for round in $(seq 1 "$rounds"); do
  hyperfine -N --style none --warmup 2 --runs "$per_round" --export-json "$work/hyperfine-$round.json" "$quoted" >/dev/null
  "$tool" run --runs "$per_round" --warmup 2 --output "$work/default-$round" -- "$@" >/dev/null 2>&1
  "$tool" run --runs "$per_round" --warmup 2 --no-tracer --profile off --sampler none --output "$work/bare-$round" -- "$@" >/dev/null 2>&1
done

python3 - "$work" "$rounds" "$quoted" <<'PY'
import json, statistics, sys
work, rounds, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
hyper, runs = [], {"default": [], "bare": []}
phases = {}
for r in range(1, rounds + 1):
    hyper += [t * 1e3 for t in json.load(open(f"{work}/hyperfine-{r}.json"))["results"][0]["times"]]
    for kind in runs:
        summary = json.load(open(f"{work}/{kind}-{r}/summary.json"))
        runs[kind] += [l["readyNs"] / 1e6 for l in summary["launches"] if l["outcome"] == "completed"]
        phases[kind] = summary["scenarios"]["warm"].get("phases")
hm = statistics.median(hyper)
print(f"command: {command}; {len(hyper)} launches per tool, alternating in {rounds} rounds")
print(f"hyperfine -N                      median {hm:8.3f} ms")
for kind, label in (("default", "launchprof run (instruments on) "), ("bare", "launchprof run (instruments off)")):
    if not runs[kind]:
        print(f"{label}  no completed launch")
        continue
    m = statistics.median(runs[kind])
    print(f"{label}  median {m:8.3f} ms  {100 * (m - hm) / hm:+6.2f} % of hyperfine  phases {'/'.join(phases[kind] or [])}")
PY
