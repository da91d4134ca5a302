#!/usr/bin/env bash
# wrk against layoutd and against nginx serving the very same response bytes as static
# files, with the same wrk settings, in one run on this machine. Not part of CI.
#   apt-get install -y wrk nginx-light; swift build -c release; tools/http-bench/run.sh
# Prints requests/s and p99 latency for GET /healthz, POST /v1/layout of a 50-node tree
# (a layout-cache hit after the first request), and the same tree with options.cache
# "none" (a cold layout every time).
set -euo pipefail
cd "$(dirname "$0")/../.."
threads=${THREADS:-2} connections=${CONNECTIONS:-32} duration=${DURATION:-8s}
work=$(mktemp -d)
trap 'kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/www/v1" "$work/logs"

# The request: a generated 50-node screen.
python3 - "$work" <<'PY'
import json, subprocess, sys
work = sys.argv[1]
tree = subprocess.run([".build/release/layoutd-bench", "--emit-tree", "50"], capture_output=True, text=True).stdout
if not tree.strip():
    raise SystemExit("layoutd-bench --emit-tree failed")
open(f"{work}/hit.json", "w").write(tree)
request = json.loads(tree)
request["options"] = {"cache": "none"}
open(f"{work}/cold.json", "w").write(json.dumps(request))
PY

.build/release/layoutd serve --port 18081 --log-level error & echo $! > "$work/layoutd.pid"
for _ in $(seq 50); do curl -sf localhost:18081/healthz >/dev/null && break; sleep 0.1; done
curl -s localhost:18081/healthz > "$work/www/healthz"
curl -s -H 'Content-Type: application/json' --data-binary @"$work/hit.json" localhost:18081/v1/layout > "$work/www/v1/layout"
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
    listen 127.0.0.1:18082;
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

measure() {  # server-name url [script]
  local output
  if [ -n "${3:-}" ]; then
    output=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$3" "$2")
  else
    output=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$2")
  fi
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$output")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$output")
  printf '%-34s %-8s %12s %10s\n' "$4" "$1" "$rps" "$p99"
}
printf '%-34s %-8s %12s %10s\n' "case" "server" "requests/s" "p99"
measure layoutd http://127.0.0.1:18081/healthz "" "GET /healthz"
measure nginx http://127.0.0.1:18082/healthz "" "GET /healthz"
measure layoutd http://127.0.0.1:18081/v1/layout "$work/hit.lua" "POST /v1/layout 50 nodes (cache hit)"
measure nginx http://127.0.0.1:18082/v1/layout "$work/hit.lua" "POST /v1/layout 50 nodes (cache hit)"
measure layoutd http://127.0.0.1:18081/v1/layout "$work/cold.lua" "POST /v1/layout 50 nodes (cold)"
measure nginx http://127.0.0.1:18082/v1/cold "$work/cold.lua" "POST /v1/layout 50 nodes (cold)"
