#!/usr/bin/env bash
# Prints Kennel Desk's speed and size figures (no pass/fail: machines here are noisy).
#   scripts/bench.sh            native: list decoding and search at 1k/10k/50k bookings against
#                               baselines in the same run (benches/lists.rs), plus bundle sizes
#   scripts/bench.sh browser    the release app in headless Chromium against a bare-JavaScript
#                               floor page, at 1k/10k/50k generated bookings, plus Lighthouse;
#                               prints a table and writes target/bench/browser.json
#   scripts/bench.sh browser --smoke    one run at 1 000 bookings, no Lighthouse (the test
#                               command runs this so the benchmark cannot rot)
# Options after `browser` go to bench/browser.mjs: --sizes 1000,10000 --runs 3 --lighthouse-runs 5
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
kd_setup

mode=${1:-native}
[ $# -gt 0 ] && shift

build_app() {
  scripts/build.sh >/dev/null
}

case "$mode" in
  native)
    build_app
    echo "== release bundle (dist/)"
    for f in dist/*.wasm dist/*.js dist/*.css; do
      printf '%-50s %8d bytes raw %8d bytes gzip -9\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9c "$f" | wc -c)"
    done
    echo
    cargo bench --offline --bench lists
    ;;
  browser)
    # playwright-core drives Debian's Chromium (it downloads no browser); lighthouse is only
    # needed for the full run. Both live in the tools folder, outside the clone.
    BENCH_MODULES="$KD_TOOLS/bench"
    smoke=false
    extra=()
    for arg in "$@"; do
      case "$arg" in
        --smoke) smoke=true ;;
        *) extra+=("$arg") ;;
      esac
    done
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
    kd_npm_tool bench playwright-core 1.65.1
    $smoke || kd_npm_tool bench lighthouse 13.5.0 lighthouse

    build_app
    # The smoke run only proves the benchmark still works, so it takes the debug devapi the
    # tests already built; the figures come from a release devapi.
    if $smoke; then
      cargo build --offline --quiet -p devapi
      devapi=target/debug/devapi
    else
      cargo build --release --offline --quiet -p devapi
      devapi=target/release/devapi
    fi
    # devapi serves the floor page beside the app, from a copy of dist/: same origin, same
    # server, same compression for both.
    site=$(mktemp -d)
    trap 'rm -rf "$site"' EXIT
    cp dist/* "$site"/
    cp bench/floor.html "$site"/floor.html

    if $smoke; then
      set -- --sizes 1000 --runs 1 --out target/bench/browser-smoke.json
    else
      set -- --lighthouse --out target/bench/browser.json
    fi
    node bench/browser.mjs --modules "$BENCH_MODULES" --devapi "$devapi" --site "$site" "$@" ${extra[@]+"${extra[@]}"}
    ;;
  *)
    echo "usage: scripts/bench.sh [native | browser [--smoke] [--sizes N,N] [--runs R]]" >&2
    exit 2
    ;;
esac
