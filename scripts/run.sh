#!/usr/bin/env bash
# Runs Kennel Desk: installs what is missing, builds the release app, starts devapi with the
# demo data serving the app and the API on one origin, and prints the URL.
#   scripts/run.sh                 http://127.0.0.1:8080/
#   PORT=9000 scripts/run.sh       another port
#   scripts/run.sh --today 2026-12-24 --delay-ms 800    extra flags go to devapi
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
kd_setup

echo "== building the app (release)"
scripts/build.sh
echo "== building devapi"
cargo build --release --offline -p devapi

HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8080}
echo "== starting devapi with demo data (Ctrl-C stops it)"
cargo run --release --offline --quiet -p devapi -- --dist dist --host "$HOST" --port "$PORT" "$@" |
  while IFS= read -r line; do
    echo "$line"
    case "$line" in
      "devapi listening on "*) echo "Kennel Desk is running: open ${line#devapi listening on }/" ;;
    esac
  done
