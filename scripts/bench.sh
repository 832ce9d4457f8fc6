#!/usr/bin/env bash
# Prints Kennel Desk's speed and size figures (no pass/fail: machines here are noisy):
#   - the release wasm bundle, raw and gzip;
#   - list decoding and search at 1k/10k/50k bookings against baselines (benches/lists.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
kd_setup

trunk build --release --offline >/dev/null
echo "== release bundle (dist/)"
for f in dist/*.wasm dist/*.js dist/*.css; do
  printf '%-50s %8d bytes raw %8d bytes gzip -9\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9c "$f" | wc -c)"
done
echo
cargo bench --offline --bench lists
