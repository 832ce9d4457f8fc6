#!/usr/bin/env bash
# Runs every test Kennel Desk has, after installing whatever is missing:
#   format and lints -> native tests (model, devapi) -> browser tests (wasm-bindgen-test in
#   headless Chromium) -> end-to-end tests (release build, devapi, nginx, Chromium over WebDriver).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
kd_setup

export CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)}
step() { printf '\n== %s\n' "$*"; }

# Disk. A run keeps its builds in the target directory for the next run to reuse: 3.4 GB at
# its peak, caches included. Where less than 8 GB is free (a CI machine once ran out of disk
# here) or with KD_LEAN_DISK=1, the run is lean instead: no incremental caches, and the lints'
# and the wasm tests' builds are removed once their layer has passed (2.0 GB at the peak; the
# next run compiles them again). KD_LEAN_DISK=0 keeps everything.
tdir=${CARGO_TARGET_DIR:-target}
mkdir -p "$tdir"
# Unreadable free space counts as none: a lean run is the safe guess.
free_mb=$(df -Pm "$tdir" | awk 'NR == 2 { print $4 }') || free_mb=0
lean=${KD_LEAN_DISK:-auto}
case "$lean" in
  auto) if ((${free_mb:-0} < 8192)); then lean=1; else lean=0; fi ;;
  0 | 1) ;;
  *) echo "test.sh: KD_LEAN_DISK must be 0, 1 or auto (got '$lean')" >&2; exit 2 ;;
esac
lints_dir=$tdir
if [[ $lean == 1 ]]; then
  export CARGO_INCREMENTAL=0
  lints_dir=$tdir/lints
  echo "[test] ${free_mb:-?} MB free: a lean run (the lints' and wasm tests' builds removed after them)"
  if ((${free_mb:-0} < 2560)); then
    echo "[test] warning: a lean run fills about 2 GB of $tdir; it may run out of disk" >&2
  fi
fi
# In a lean run, removes a layer's build (a directory under the target directory) once it
# has passed.
drop() { if [[ $lean == 1 ]]; then rm -rf "$@"; fi; }

step "format"
cargo fmt --all -- --check

step "lints (native and wasm)"
CARGO_TARGET_DIR=$lints_dir cargo clippy --offline --workspace --all-targets -- -D warnings
CARGO_TARGET_DIR=$lints_dir cargo clippy --offline --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings
drop "$tdir/lints"

step "native tests: model and devapi"
cargo test --offline -p kennel-desk --test model
cargo test --offline -p kennel-desk --test data_layer
# Arbitrary JSON and text into every model/ decoder and parser (proptest; a few seconds).
cargo test --offline -p kennel-desk --test properties
cargo test --offline -p kennel-desk --test vaccination
cargo test --offline -p kennel-desk --test board
cargo test --offline -p kennel-desk --test i18n
cargo test --offline -p devapi

step "browser tests: components in headless Chromium (wasm-bindgen-test)"
cargo test --offline --target wasm32-unknown-unknown --test browser
# The release wasm builds in target/release-std (scripts/build.sh), or here again without it.
drop "$tdir/wasm32-unknown-unknown"

step "end-to-end tests: release build, devapi, nginx, headless Chromium"
scripts/build.sh
# The same build for a sub-path, for the nginx test under /kennel/ (tests/e2e/deploy.rs);
# cargo has nothing to recompile, only wasm-bindgen and wasm-opt run again.
PUBLIC_URL=/kennel/ DIST_DIR=target/dist-kennel scripts/build.sh
# The end-to-end data and the browser's calendar are both relative to today, so a test under
# way at midnight can fail for the date alone (its data built on one day, its page read on
# the next). Only when the day changed during the run are the failed tests run once more,
# with data built for the new day; a test failing again fails the run.
# A run that ended otherwise (the test binary crashed, so later tests never ran) is not
# rerun: only when libtest's summary counts as many failures as there are failed names.
e2e_day=$(date +%F)
e2e_log=$(mktemp)
trap 'rm -f "$e2e_log"' EXIT
if cargo test --offline --test e2e -- --test-threads=1 2>&1 | tee "$e2e_log"; then
  :
else
  rc=$?
  failed=$(sed -n 's/^---- \(.*\) stdout ----$/\1/p' "$e2e_log" | sort -u)
  counted=$(sed -n 's/^test result: FAILED\. [0-9]* passed; \([0-9]*\) failed.*/\1/p' "$e2e_log")
  if [[ $(date +%F) == "$e2e_day" || -z $failed || $counted != "$(wc -l <<<"$failed")" ]]; then
    exit "$rc"
  fi
  echo "The day changed during the run ($e2e_day to $(date +%F)); once more: ${failed//$'\n'/ }"
  # shellcheck disable=SC2086  # one filter per failed test's name
  cargo test --offline --test e2e -- --test-threads=1 --exact $failed
fi

# Not a timing test (machines here are noisy): it proves the benchmark still runs end to end.
step "benchmark smoke: scripts/bench.sh browser --smoke (one run at 1 000 bookings)"
scripts/bench.sh browser --smoke

step "all test layers passed"
