#!/usr/bin/env bash
# Installs every tool Kennel Desk's build and tests need, and skips what is already there,
# so a fresh machine gets all of it and a second run takes seconds.
# Sourced by run.sh and test.sh (it exports PATH); can also be run on its own.
set -euo pipefail

KD_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Tools that are not cargo binaries live outside the clone, so a fresh clone reuses them.
KD_TOOLS=${KENNEL_DESK_TOOLS:-$HOME/.cache/kennel-desk-tools}
TRUNK_VERSION=0.21.14     # 0.22 needs a newer rustc than this machine has (docs/toolchain.md)
BINARYEN_VERSION=132.0.0  # Debian's wasm-opt 108 breaks the output (docs/toolchain.md)
# Debian's brotli_static module for nginx; scripts/serve-nginx.sh loads it when it is there.
KD_BROTLI_MODULE=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
AXE_VERSION=4.14.1        # axe-core, injected by the end-to-end tests (tests/e2e/places.rs)
ESBUILD_VERSION=0.28.2    # minifies wasm-bindgen's JS glue in scripts/build.sh

kd_log() { printf '[setup] %s\n' "$*" >&2; }

kd_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# env carries DEBIAN_FRONTEND through sudo, which would otherwise reset it and let apt prompt.
kd_apt_install() {
  kd_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  kd_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Whether npm package PKG is at VERSION in DIR: its package.json says so (read as a path, not
# a module name, even when KENNEL_DESK_TOOLS is relative) and its command BIN, if any, runs.
kd_npm_present() {
  local dir=$1 pkg=$2 version=$3 bin=$4
  [ "$(node -p 'require(require("path").resolve(process.argv[1])).version' \
      "$dir/node_modules/$pkg/package.json" 2>/dev/null)" = "$version" ] &&
    { [ -z "$bin" ] || "$dir/node_modules/.bin/$bin" --version >/dev/null 2>&1; }
}

# Installs npm package PKG at VERSION into $KD_TOOLS/DIR (outside the clone, so a fresh clone
# reuses it) unless it is there and works (kd_npm_present).
#   kd_npm_tool DIR PKG VERSION [BIN]
kd_npm_tool() {
  local dir=$KD_TOOLS/$1 pkg=$2 version=$3 bin=${4:-}
  if kd_npm_present "$dir" "$pkg" "$version" "$bin"; then
    kd_log "$pkg $version: present"
    return
  fi
  kd_log "$pkg $version: installing from npm into $dir"
  mkdir -p "$dir"
  # npm leaves a broken copy of the same version as it is (and esbuild's installer checks
  # the native binary of a package beside it): start from nothing. Another package of DIR
  # goes with it and is installed again by its own call.
  rm -rf "${dir:?}/node_modules"
  npm install --prefix "$dir" --no-audit --no-fund --silent "$pkg@$version"
  kd_npm_present "$dir" "$pkg" "$version" "$bin" ||
    { kd_log "$pkg $version: installed, but it does not run"; return 1; }
}

# The wasm-bindgen CLI must be exactly the version Cargo.lock resolved, or trunk tries to
# download one (which cannot work here) and the generated glue would not match.
kd_wasm_bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$KD_ROOT/Cargo.lock"
}

# The lock file of the standard library's source (the rust-src component); build.sh rebuilds
# std only when it is there.
kd_std_lock() {
  printf '%s/lib/rustlib/src/rust/library/Cargo.lock' "$(rustc --print sysroot)"
}

kd_setup() {
  export PATH="$KD_TOOLS/binaryen/node_modules/.bin:$KD_TOOLS/esbuild/node_modules/.bin:$HOME/.cargo/bin:$PATH"

  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    kd_log "wasm32 target: present"
  else
    kd_log "wasm32 target: installing"
    rustup target add wasm32-unknown-unknown
  fi

  # The standard library's source: scripts/build.sh rebuilds std for the release wasm with
  # the app's size settings (docs/toolchain.md, "A smaller standard library"). Its path is
  # the same before and after the install; asked of rustc once.
  local std_lock
  std_lock=$(kd_std_lock)
  if [ -f "$std_lock" ]; then
    kd_log "rust-src: present"
  else
    kd_log "rust-src: installing"
    rustup component add rust-src ||
      kd_log "rust-src could not be installed: the release wasm is built with the prebuilt std (larger)"
  fi

  if trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
    kd_log "trunk $TRUNK_VERSION: present"
  else
    kd_log "trunk $TRUNK_VERSION: installing (about 9 minutes on 2 cores)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi

  local wbv
  wbv=$(kd_wasm_bindgen_version)
  if [ -z "$wbv" ]; then
    kd_log "Cargo.lock names no wasm-bindgen version"; return 1
  fi
  if wasm-bindgen --version 2>/dev/null | grep -q " $wbv\$" &&
     command -v wasm-bindgen-test-runner >/dev/null; then
    kd_log "wasm-bindgen-cli $wbv: present"
  else
    kd_log "wasm-bindgen-cli $wbv: installing"
    # Its own lockfile can pin a dependency the registry no longer serves (0.2.130 pins a
    # webpki-roots that is gone); then resolve afresh, which keeps wasm-bindgen itself exact.
    cargo install wasm-bindgen-cli --version "$wbv" --locked --force ||
      { kd_log "locked install failed; installing with a fresh resolve";
        cargo install wasm-bindgen-cli --version "$wbv" --force; }
  fi

  if ! command -v npm >/dev/null; then
    kd_log "npm: installing from Debian (binaryen comes from the npm registry)"
    kd_apt_install nodejs npm
  fi

  kd_npm_tool binaryen binaryen "$BINARYEN_VERSION" wasm-opt
  kd_npm_tool esbuild esbuild "$ESBUILD_VERSION" esbuild
  kd_npm_tool axe axe-core "$AXE_VERSION"

  if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    kd_log "chromium and chromedriver: present"
  else
    kd_log "chromium and chromedriver: installing from Debian"
    kd_apt_install chromium chromium-driver
  fi

  # Production serving (deploy/nginx.conf, scripts/serve-nginx.sh) and build-time
  # precompression (scripts/build.sh: brotli, and zopfli for the gzip copies). nginx lives
  # in /usr/sbin, off a normal user's PATH.
  if { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; } && command -v brotli >/dev/null &&
    command -v zopfli >/dev/null; then
    kd_log "nginx, brotli and zopfli: present"
  else
    kd_log "nginx, brotli and zopfli: installing from Debian"
    kd_apt_install nginx brotli zopfli
  fi
  # Not every distribution packages the brotli module: without it nginx serves the .gz files.
  # A marker remembers that it is missing, so later runs do not ask apt again.
  if [ -f "$KD_BROTLI_MODULE" ]; then
    kd_log "nginx brotli_static module: present"
  elif [ -f "$KD_TOOLS/no-nginx-brotli-module" ]; then
    kd_log "nginx brotli_static module: not in this distribution (gzip only)"
  else
    kd_log "nginx brotli_static module: installing from Debian"
    kd_apt_install libnginx-mod-http-brotli-static ||
      { kd_log "libnginx-mod-http-brotli-static is not available here: nginx will serve gzip only";
        mkdir -p "$KD_TOOLS" && touch "$KD_TOOLS/no-nginx-brotli-module"; }
  fi

  # trunk builds with --offline (so it never reaches for tool downloads); cargo needs the
  # crates on disk first. Quick when they are already there.
  (cd "$KD_ROOT" && cargo fetch --quiet)
  # ... and the crates the standard library's own build needs, when it is rebuilt.
  if [ -f "$std_lock" ]; then
    (cd "$KD_ROOT" && RUSTC_BOOTSTRAP=1 cargo fetch --quiet -Zbuild-std=std,panic_abort \
      --target wasm32-unknown-unknown)
  fi
  # scripts/build.sh, started by run.sh and test.sh after this, skips its own setup.
  export KD_SETUP_DONE=1
}

# Run directly: just set up. Sourced: the caller calls kd_setup.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  kd_setup
fi
