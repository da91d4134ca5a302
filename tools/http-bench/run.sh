#!/usr/bin/env bash
# wrk against layoutd and against nginx serving the very same response bytes as static
# files, with the same wrk settings, in one run on this machine. Not part of CI.
#   apt-get install -y wrk nginx-light; swift build -c release; tools/http-bench/run.sh
# Prints requests/s and p99 latency for GET /healthz, POST /v1/layout of a 50-node tree
# (a layout-cache hit after the first request), and the same tree with options.cache
# "none" (a cold layout every time), then the layoutd/nginx ratio of each case. With
# `perf` available (and perf_event_paranoid allowing it), also context switches and CPU
# time per request (nginx's over its worker processes). LAYOUTD=path picks another
# binary (e.g. an older build to compare);
# PORT_LAYOUTD / PORT_NGINX move the ports. IO_MODELS="epoll dispatch" runs one layoutd
# per `--io-model` (on PORT_LAYOUTD, +10, ...) and measures each case on nginx and every
# model in turn, interleaved, so the ratios come from the same minutes of the machine.
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

models=${IO_MODELS:-}
declare -A model_port
if [ -z "$models" ]; then
  model_port[layoutd]=$port_layoutd
  "$layoutd" serve --port "$port_layoutd" --log-level error & echo $! > "$work/layoutd.pid"
  servers="layoutd"
else
  servers="" offset=0
  for model in $models; do
    model_port[$model]=$((port_layoutd + offset))
    "$layoutd" serve --port "${model_port[$model]}" --io-model "$model" --log-level error & echo $! > "$work/$model.pid"
    servers="$servers $model" offset=$((offset + 10))
  done
fi
for server in $servers; do
  for _ in $(seq 50); do curl -sf localhost:${model_port[$server]}/healthz >/dev/null && break; sleep 0.1; done
  # The first request of the tree fills the cache: every later one is a hit.
  curl -s -H 'Content-Type: application/json' --data-binary @"$work/hit.json" localhost:${model_port[$server]}/v1/layout >/dev/null
done
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
  if $perf_ok; then
    pid=$(cat "$work/$1.pid")
    # nginx's requests are served by the master's worker processes.
    if [ "$1" = nginx ]; then pid=$(pgrep -d, -P "$pid"); fi
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
  if $perf_ok; then
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
cases=("GET /healthz|/healthz|/healthz|" "POST /v1/layout 50 nodes (cache hit)|/v1/layout|/v1/layout|$work/hit.lua"
  "POST /v1/layout 50 nodes (cold)|/v1/layout|/v1/cold|$work/cold.lua")
for entry in "${cases[@]}"; do
  IFS='|' read -r label path nginx_path script <<<"$entry"
  measure nginx "http://127.0.0.1:$port_nginx$nginx_path" "$script" "$label"
  for server in $servers; do
    measure "$server" "http://127.0.0.1:${model_port[$server]}$path" "$script" "$label"
  done
done
echo
printf '%-38s %-8s %s\n' "case" "server" "server/nginx"
for entry in "${cases[@]}"; do
  label=${entry%%|*}
  for server in $servers; do
    printf '%-38s %-8s %s\n' "$label" "$server" "$(awk -v a="${rps[$label/$server]}" -v b="${rps[$label/nginx]}" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')"
  done
done
