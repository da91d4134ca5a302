#!/usr/bin/env bash
# Issue 8's CI part: each libFuzzer target in Fuzz/ for 60 s from the committed seeds.
# Any crash fails CI; its input is left in Fuzz/FailCases (keep it: swift test replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
for target in FuzzRequestParser FuzzJSONTape FuzzPipeline; do
    echo "== fuzz $target (${FUZZ_SECONDS:-60} s)"
    log="/tmp/layoutd-fuzz-$target.log"
    status=0
    tools/fuzz.sh "$target" "${FUZZ_SECONDS:-60}" >"$log" 2>&1 || status=$?
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|SUMMARY|Test unit written" "$log" || true
    if [ "$status" -ne 0 ]; then
        tail -n 40 "$log"
        echo "fuzz target $target failed (status $status); its input is in Fuzz/FailCases"
        exit 1
    fi
done
