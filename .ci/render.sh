#!/usr/bin/env bash
# The render helper's CI part (issue 12): the /playground page in headless Chromium,
# driven by selenium against the built layoutd. Runs after `swift build --build-tests`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

missing=()
for package in chromium chromium-driver python3-selenium; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# Debian's python3-selenium is importable by the system python; a python that lacks it
# (a pyenv one) gets it from PyPI.
python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium

echo "== playground in headless Chromium"
swift build --product layoutd
python3 Tests/playground/test_playground.py .build/debug/layoutd
