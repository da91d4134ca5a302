#!/bin/sh
# Builds the libFuzzer targets in Fuzz/ and runs one: tools/fuzz.sh TARGET SECONDS
# TARGET is FuzzRequestParser, FuzzJSONTape or FuzzPipeline. New corpus entries go to
# Fuzz/.build/corpus/TARGET (the committed seeds in Fuzz/Corpus/TARGET are only read); a
# crashing input is written to Fuzz/FailCases/TARGET-crash-… and fails the run, and the
# normal tests (FuzzFailCaseTests) replay everything in Fuzz/FailCases.
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [libFuzzer options]" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2
cd "$(dirname "$0")/../Fuzz"
swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$target" >&2
mkdir -p ".build/corpus/$target" FailCases
exec ".build/debug/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="FailCases/$target-" "$@" ".build/corpus/$target" "Corpus/$target"
