#!/usr/bin/env bash
# Memory soak: `layoutd load` with unique 1,000-node trees against one `layoutd serve`,
# printing the server's RSS every 10 s next to its configured bounds (layout cache bytes
# + measurement cache bytes + 64 MiB of working memory, the README's memory model).
#   swift build -c release; tools/soak/run.sh
# Settings (environment): DURATION seconds (300), NODES (1000), CONNECTIONS (4),
# CACHE_BYTES (268435456), MEASURE_CACHE_BYTES (the server's default when unset),
# PORT (20591), LAYOUTD (.build/release/layoutd), SERVE_ARGS (extra `serve` arguments).
# Ends with the peak, the mean of the last 3 minutes, and whether RSS stayed in bounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-300} nodes=${NODES:-1000} connections=${CONNECTIONS:-4}
cache_bytes=${CACHE_BYTES:-268435456} port=${PORT:-20591}
layoutd=${LAYOUTD:-.build/release/layoutd}
work=$(mktemp -d)
trap 'kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT

serve_args=(serve --port "$port" --log-level error --cache-bytes "$cache_bytes")
if [ -n "${MEASURE_CACHE_BYTES:-}" ]; then serve_args+=(--measure-cache-bytes "$MEASURE_CACHE_BYTES"); fi
# shellcheck disable=SC2206
serve_args+=(${SERVE_ARGS:-})
"$layoutd" "${serve_args[@]}" & echo $! > "$work/serve.pid"
for _ in $(seq 100); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
pid=$(cat "$work/serve.pid")

# The measurement cache's byte bound as the server reports it (0 when it does not).
measure_bytes=$(curl -s "localhost:$port/v1/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("measurements",{}).get("maxBytes",0))')
bound=$((cache_bytes + measure_bytes + 64 * 1024 * 1024))
echo "layoutd pid $pid: cache ${cache_bytes} B + measurement cache ${measure_bytes} B + 64 MiB = bound $((bound / 1048576)) MiB"

"$layoutd" load --url "http://127.0.0.1:$port/v1/layout" --duration "$duration" --nodes "$nodes" \
  --connections "$connections" --repeat-ratio 0 --seed "$RANDOM" > "$work/load.txt" 2>&1 &
echo $! > "$work/load.pid"

printf '%6s %10s %12s %12s\n' "t (s)" "RSS (MiB)" "cache (MiB)" "bound (MiB)"
# Sampled on real elapsed time, every 10 s while the load runs (a sample itself takes a
# moment on a busy machine, so a fixed sleep would drift).
load_pid=$(cat "$work/load.pid")
start=$(date +%s)
samples=()
next=10
while kill -0 "$load_pid" 2>/dev/null; do
  now=$(( $(date +%s) - start ))
  if (( now < next )); then sleep 1; continue; fi
  next=$(( next + 10 ))
  rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
  cache=$(curl -s "localhost:$port/v1/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cache"]["bytes"])')
  printf '%6d %10.1f %12.1f %12.1f\n' "$now" "$(bc <<<"scale=1; $rss_kb / 1024")" "$(bc <<<"scale=1; $cache / 1048576")" "$(bc <<<"scale=1; $bound / 1048576")"
  samples+=("$rss_kb")
done
wait "$(cat "$work/load.pid")" || true
tail -n 12 "$work/load.txt"
python3 - "$bound" "${samples[@]}" <<'PY'
import sys
bound = int(sys.argv[1]) / 1048576
rss = [int(x) / 1024 for x in sys.argv[2:]]
last = rss[-18:]  # the last 3 minutes (10 s samples)
print(f"peak RSS {max(rss):.1f} MiB, last 3 min mean {sum(last)/len(last):.1f} MiB "
      f"(min {min(last):.1f}, max {max(last):.1f}), bound {bound:.1f} MiB: "
      + ("IN BOUNDS" if max(rss) <= bound else "OVER BOUND"))
PY
