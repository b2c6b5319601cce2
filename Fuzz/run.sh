#!/usr/bin/env bash
# Builds one libFuzzer target (Swift's -sanitize=fuzzer with AddressSanitizer) and runs it for
# SECONDS from its seed corpus in Fuzz/Corpus/TARGET. New inputs go to a scratch corpus
# (.build/fuzz-corpus/TARGET), never into the repository; a crash leaves its input in
# .build/fuzz-artifacts/TARGET and makes this script fail.
#
#     Fuzz/run.sh FuzzBudgets 600      # FuzzBudgets, FuzzTrace, FuzzELF, FuzzInfoPlist, FuzzStoryboard, FuzzReadiness
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run.sh TARGET SECONDS}
seconds=${2:?usage: Fuzz/run.sh TARGET SECONDS}
scratch=.build/fuzz
export LAUNCHPROF_FUZZ=1
swift build --scratch-path "$scratch" --product "$target" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
binary="$scratch/debug/$target"
corpus=.build/fuzz-corpus/$target
artifacts=.build/fuzz-artifacts/$target
mkdir -p "$corpus" "$artifacts"
# -rss_limit_mb bounds memory; -timeout turns a hang of one input into a failure.
"$binary" "$corpus" "Fuzz/Corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=65536 -artifact_prefix="$artifacts/" -print_final_stats=1
