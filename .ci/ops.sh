#!/usr/bin/env bash
# Operations checks (issue 13), run by .ci/run after the build: the metrics exposition
# (promtool), the contract against the running server (schemathesis), the nginx fleet,
# and the deployment files. Installs what a fresh Debian 12 lacks.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

# prometheus: promtool. nginx-light: the fleet test's balancer.
missing=()
for package in prometheus nginx-light curl python3-yaml; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# (The packages' own services, if started, listen on 80 and 9090: no conflict with the
# loopback ports 23100-23300 used below.)
python3 -m pip install -q schemathesis pyyaml

binary=.build/debug/layoutd
[ -x "$binary" ] || swift build --product layoutd

echo "== ops: metrics exposition and the contract against the server"
tools/contract-test "$binary"

echo "== ops: fleet behind nginx"
tools/fleet-test "$binary"

echo "== ops: deployment files"
tools/check-deploy "$binary"
