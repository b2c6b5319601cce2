#!/usr/bin/env bash
# Eight nightly runs of nightlyprog.c into a SQLite history, builds c1 to c8, the fifth and the
# ones after it 3 ms slower; then the trend dashboard, the series and its change points.
#
#   Examples/NightlyTrend/make-history.sh .build/release/launchprof /tmp/nightly [RUNS]
#
# Leaves FOLDER/h.sqlite, FOLDER/trends.html and each night's run folder (FOLDER/run-cN).
set -euo pipefail
launchprof=$(realpath "$1")
folder=$2
runs=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$folder"
cd "$folder"
rm -rf h.sqlite h.sqlite-* run-c*
for night in 1 2 3 4 5 6 7 8; do
  extra=0
  if [ "$night" -ge 5 ]; then extra=3000; fi
  "${CC:-cc}" -O2 -DEXTRA_SLEEP_US="$extra" "$here/nightlyprog.c" -o nightlyprog
  "$launchprof" run --runs "$runs" --history h.sqlite --commit "c$night" --branch nightly -n nightlyprog \
    --output "run-c$night" -- ./nightlyprog >"run-c$night.txt"
done
"$launchprof" history report --history h.sqlite --min-segment 3 -o trends.html
"$launchprof" history show --history h.sqlite timeToReady
"$launchprof" history trend --history h.sqlite --min-segment 3
