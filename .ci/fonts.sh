#!/usr/bin/env bash
# Real fonts (issue 15): the TextShaping target links FreeType, HarfBuzz, fontconfig and ICU,
# so their -dev packages must be installed before `swift build`; the real-font tests need
# the fonts their Chromium fixtures were made with (DejaVu, Liberation) and the default font.
set -euo pipefail
missing=()
for package in pkg-config libfreetype-dev libharfbuzz-dev libfontconfig-dev libicu-dev \
  fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-liberation2; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
for module in freetype2 harfbuzz fontconfig icu-uc; do
  pkg-config --exists "$module" || { echo "pkg-config cannot find $module"; exit 1; }
done
for family in "DejaVu Sans" "DejaVu Serif" "Liberation Sans" "Liberation Serif"; do
  fc-list "$family" | grep -q . || { echo "font '$family' is not installed"; exit 1; }
done
echo "fonts: libraries and DejaVu/Liberation present"
