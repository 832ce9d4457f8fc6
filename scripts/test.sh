#!/usr/bin/env bash
# Runs every test Kennel Desk has, after installing whatever is missing:
#   format and lints -> native tests (model, devapi) -> browser tests (wasm-bindgen-test in
#   headless Chromium) -> end-to-end tests (release build, devapi, Chromium over WebDriver).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
kd_setup

export CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)}
step() { printf '\n== %s\n' "$*"; }

step "format"
cargo fmt --all -- --check

step "lints (native and wasm)"
cargo clippy --offline --workspace --all-targets -- -D warnings
cargo clippy --offline --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings

step "native tests: model and devapi"
cargo test --offline -p kennel-desk --test model
cargo test --offline -p kennel-desk --test board
cargo test --offline -p devapi

step "browser tests: components in headless Chromium (wasm-bindgen-test)"
cargo test --offline --target wasm32-unknown-unknown --test browser

step "end-to-end tests: release build, devapi, headless Chromium"
trunk build --release --offline
cargo test --offline --test e2e -- --test-threads=1

step "all test layers passed"
