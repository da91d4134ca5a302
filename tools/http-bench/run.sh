#!/usr/bin/env bash
# wrk against layoutd and against nginx serving the very same response bytes as static
# files, with the same wrk settings, in one run on this machine. Not part of CI.
#   apt-get install -y wrk nginx-light; swift build -c release; tools/http-bench/run.sh
# Prints requests/s and p99 latency for GET /healthz, POST /v1/layout of a 50-node tree
# (a layout-cache hit after the first request), and the same tree with options.cache
# "none" (a cold layout every time), then the layoutd/nginx ratio of each case. With
# `perf` available (and perf_event_paranoid allowing it), also layoutd's context switches
# per request. LAYOUTD=path picks another binary (e.g. an older build to compare);
# PORT_LAYOUTD / PORT_NGINX move the ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
threads=${THREADS:-2} connections=${CONNECTIONS:-32} duration=${DURATION:-8s}
layoutd=${LAYOUTD:-.build/release/layoutd}
bench=${LAYOUTD_BENCH:-$(dirname "$layoutd")/layoutd-bench}
port_layoutd=${PORT_LAYOUTD:-20581} port_nginx=${PORT_NGINX:-20582}
work=$(mktemp -d)
trap 'kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/www/v1" "$work/logs"

# The request: a generated 50-node screen.
python3 - "$work" "$bench" <<'PY'
import json, subprocess, sys
work, bench = sys.argv[1], sys.argv[2]
tree = subprocess.run([bench, "--emit-tree", "50"], capture_output=True, text=True).stdout
if not tree.strip():
    raise SystemExit("layoutd-bench --emit-tree failed")
open(f"{work}/hit.json", "w").write(tree)
request = json.loads(tree)
request["options"] = {"cache": "none"}
open(f"{work}/cold.json", "w").write(json.dumps(request))
PY

"$layoutd" serve --port "$port_layoutd" --log-level error & echo $! > "$work/layoutd.pid"
for _ in $(seq 50); do curl -sf localhost:$port_layoutd/healthz >/dev/null && break; sleep 0.1; done
curl -s localhost:$port_layoutd/healthz > "$work/www/healthz"
curl -s -H 'Content-Type: application/json' --data-binary @"$work/hit.json" localhost:$port_layoutd/v1/layout > "$work/www/v1/layout"
cp "$work/www/v1/layout" "$work/www/v1/cold"

cat > "$work/nginx.conf" <<NGINX
daemon off;
worker_processes 2;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$port_nginx;
    root $work/www;
    # Serve the static bytes for POST as well, so both servers get identical wrk scripts.
    error_page 405 =200 \$uri;
    location / { default_type application/json; }
  }
}
NGINX
nginx -c "$work/nginx.conf" & sleep 0.5

for kind in hit cold; do
  cat > "$work/$kind.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$work/$kind.json", "r")
wrk.body = f:read("*a")
f:close()
LUA
done

perf_ok=false
if command -v perf >/dev/null && perf stat -e context-switches -- true >/dev/null 2>&1; then perf_ok=true; fi

declare -A rps
measure() {  # server-name url script label
  local output pid
  pid=$(cat "$work/layoutd.pid")
  if [ "$1" = layoutd ] && $perf_ok; then
    perf stat -e context-switches,task-clock -p "$pid" -x, -o "$work/perf.csv" -- sleep "${duration%s}" &
    local perf_pid=$!
  fi
  if [ -n "$3" ]; then
    output=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$3" "$2")
  else
    output=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$2")
  fi
  local r p99 total extra=""
  r=$(awk '/Requests\/sec/ {print $2}' <<<"$output")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$output")
  total=$(awk '/requests in/ {print $1}' <<<"$output")
  if [ "$1" = layoutd ] && $perf_ok; then
    wait "$perf_pid" || true
    local switches cpu_ms
    switches=$(awk -F, '$3 == "context-switches" {print $1}' "$work/perf.csv")
    cpu_ms=$(awk -F, '$3 == "task-clock" {print $1}' "$work/perf.csv")
    extra=$(awk -v s="$switches" -v c="$cpu_ms" -v n="$total" 'BEGIN { if (n > 0) printf "%.2f cs/req  %.1f us CPU/req", s / n, c * 1000 / n }')
  fi
  rps["$4/$1"]=$r
  printf '%-38s %-8s %12s %10s  %s\n' "$4" "$1" "$r" "$p99" "$extra"
}
printf '%-38s %-8s %12s %10s\n' "case" "server" "requests/s" "p99"
measure layoutd http://127.0.0.1:$port_layoutd/healthz "" "GET /healthz"
measure nginx http://127.0.0.1:$port_nginx/healthz "" "GET /healthz"
measure layoutd http://127.0.0.1:$port_layoutd/v1/layout "$work/hit.lua" "POST /v1/layout 50 nodes (cache hit)"
measure nginx http://127.0.0.1:$port_nginx/v1/layout "$work/hit.lua" "POST /v1/layout 50 nodes (cache hit)"
measure layoutd http://127.0.0.1:$port_layoutd/v1/layout "$work/cold.lua" "POST /v1/layout 50 nodes (cold)"
measure nginx http://127.0.0.1:$port_nginx/v1/cold "$work/cold.lua" "POST /v1/layout 50 nodes (cold)"
echo
printf '%-38s %s\n' "case" "layoutd/nginx"
for label in "GET /healthz" "POST /v1/layout 50 nodes (cache hit)" "POST /v1/layout 50 nodes (cold)"; do
  printf '%-38s %s\n' "$label" "$(awk -v a="${rps[$label/layoutd]}" -v b="${rps[$label/nginx]}" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')"
done
