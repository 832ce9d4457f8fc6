#!/usr/bin/env bash
# The one release build of Kennel Desk, used by run.sh, test.sh and deployment alike:
#   scripts/build.sh                                  dist/ for serving at /
#   PUBLIC_URL=/kennel/ scripts/build.sh              dist/ for serving at /kennel/
#   DIST_DIR=/srv/kennel-desk scripts/build.sh        into another directory
#
# After `trunk build --release` it makes the output fit a strict Content-Security-Policy and
# a static server (deploy/nginx.conf):
#   1. trunk's inline <script type="module"> loader (and the page's inline <style>) move into
#      content-hashed files, so `script-src 'self'` allows them with no hash or nonce in the
#      policy and index.html stays editable (README, "Deployment");
#   2. under a sub-path, the route base (and the /api base beside it) is written into
#      index.html's meta tags, so PUBLIC_URL is the only place the path is set;
#   3. every asset gets a .br (brotli -q 11) and a .gz (zopfli, else gzip -9) beside it for nginx's
#      brotli_static / gzip_static (unless that would be larger than the file). index.html is left uncompressed on purpose: it is the one
#      file operators edit, and a stale .gz beside an edited index.html would win.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
# run.sh and test.sh have set up already (kd_setup exports KD_SETUP_DONE); alone, set up here.
if [ -z "${KD_SETUP_DONE:-}" ]; then kd_setup; fi

PUBLIC_URL=${PUBLIC_URL:-/}
DIST_DIR=${DIST_DIR:-dist}
case "$PUBLIC_URL" in
  /*) ;;
  *) echo "build.sh: PUBLIC_URL must be a path starting with /, e.g. /kennel/ (got '$PUBLIC_URL')" >&2; exit 2 ;;
esac
case "$PUBLIC_URL" in
  *[!A-Za-z0-9/_-]*) echo "build.sh: PUBLIC_URL may hold only letters, digits and / _ - (got '$PUBLIC_URL')" >&2; exit 2 ;;
esac
# One trailing slash: trunk joins it straight onto file names.
PUBLIC_URL="${PUBLIC_URL%/}/"
ROUTE_BASE="${PUBLIC_URL%/}"

# A smaller wasm (docs/toolchain.md, "A smaller standard library"): std rebuilt with the
# release profile's size settings, and a panic that traps at once instead of formatting its
# message (panic = "immediate-abort"): 258.6 -> 242.1 KB brotli. With no panic message, the
# source locations that `#[track_caller]` functions pass along are read by nothing, so they
# are not kept either (-Zlocation-detail=none: 768,388 -> 767,388 B raw, 239,261 -> 238,793 B
# brotli). All are unstable flags of this pinned toolchain, hence RUSTC_BOOTSTRAP, for this
# one build only. Its own target directory: the flags differ from every other build's.
# KD_BUILD_STD=0 (or no rust-src) builds with the prebuilt std, whose panics print their
# message in the console.
if [ "${KD_BUILD_STD:-1}" != 0 ] && [ -f "$(kd_std_lock)" ]; then
  export RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/release-std}"
  # Added to .cargo/config.toml's flags for the target (erase_components stays).
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
else
  echo "build.sh: building with the prebuilt std (KD_BUILD_STD=0 or no rust-src): a larger wasm" >&2
fi

trunk build --release --offline --public-url "$PUBLIC_URL" --dist "$DIST_DIR"
index="$DIST_DIR/index.html"

# An asset changed after trunk wrote its integrity hash: FILE's sha384 into the integrity
# attribute of the index.html tag whose href names it.
write_integrity() {
  local file=$1 sri
  sri="sha384-$(perl -MDigest::SHA=sha384_base64 -0777 -ne 'print sha384_base64($_)' "$file")"
  NAME="${file##*/}" SRI="$sri" \
    perl -0777 -i -pe 's{(href="[^"]*\Q$ENV{NAME}\E"[^>]*?\sintegrity=")[^"]*}{$1$ENV{SRI}}g' "$index"
  grep -qF "integrity=\"$sri\"" "$index" ||
    { echo "build.sh: could not write ${file##*/}'s integrity into $index" >&2; exit 1; }
}

# 0. The stylesheet minified (esbuild, which setup.sh installs, as for the glue below): no
# comments or indentation, and shorter forms (colours, zeros, last semicolons), 5,143 B brotli
# where stripping comments and indentation alone left 5,307. It blocks the first paint
# and shares the slow link with the wasm, so its bytes are on Lighthouse's LCP path. No syntax
# lowering (esbuild's default target). Not trunk's --minify: that also minifies index.html,
# whose comments are the operator's guide (and whose unquoted attributes the steps below do
# not read). The file keeps trunk's name (a hash of the source, so it still changes with
# every edit); its integrity attribute is computed anew.
for css in "$DIST_DIR"/*.css; do
  [ -e "$css" ] || continue
  esbuild "$css" --minify --log-level=warning --outfile="$css.min"
  mv "$css.min" "$css"
  write_integrity "$css"
done

# 0b. wasm-bindgen's JS glue minified (esbuild, which setup.sh installs): 71 -> 32 KB raw,
# 9.4 -> 7.6 KB brotli, and less for the browser to parse before the wasm can start. Without
# bundling, no syntax lowering (its default target), names kept where they matter: the wasm
# finds its imports by property name, which esbuild never renames; exports keep theirs.
#
# Then the wasm's import names and its closures' and runtime's export names are shortened in
# the wasm and the glue together, and exports the glue never reads are left out
# (scripts/short-wasm-names.mjs): wasm-bindgen writes each import as
# `__wbg_<method>_<16 hex digits>` in both files, and hex digits do not compress. 782,670 ->
# 768,852 B raw and 243,290 -> 239,334 B brotli for the wasm; 29,895 -> 20,907 B raw and
# 7,253 -> 4,481 B brotli for the glue (the imports and closures); the runtime's exports then
# 767,388 -> 767,141 B raw and 238,793 -> 238,759 B brotli for the wasm, 20,907 -> 20,330 B raw
# and 4,481 -> 4,455 B brotli for the glue.
#
# Last, the pair is named by a hash of what it now holds. Trunk's name is a hash of cargo's
# wasm, taken before all this, so the same Rust source kept its name when these steps
# changed the files; the two halves of a pair must never meet a cached half of another
# (a LinkError), and deploy/nginx.conf caches them as immutable. Every mention in index.html
# (the loader's import and init, the preload links) follows; the glue's modulepreload
# integrity is computed anew, as the stylesheet's.
#
# The wasm-opt setup.sh installs (BINARYEN_VERSION), not Debian's: its 108 breaks the output.
case "$(wasm-opt --version)" in
  *"version ${BINARYEN_VERSION%%.*}"*) ;;
  *) echo "build.sh: expected wasm-opt ${BINARYEN_VERSION%%.*} first on PATH (setup.sh installs it), got $(wasm-opt --version)" >&2; exit 1 ;;
esac
for js in "$DIST_DIR"/kennel-desk-*.js; do
  [ -e "$js" ] || continue
  wasm="${js%.js}_bg.wasm"
  esbuild "$js" --minify --format=esm --log-level=warning --outfile="$js.min"
  mv "$js.min" "$js"
  # The functions in the order that compresses best (scripts/order-wasm-functions.mjs names
  # them by it, wasm-opt moves them and writes no names): 239,192 -> 234,171 B brotli against
  # the same command in LLVM's order. The optimize and shrink levels are -Oz's, for how
  # wasm-opt writes the code (its StackIR), with no passes run again; the features are read
  # from the wasm's target_features section, which short-wasm-names.mjs drops after.
  node scripts/order-wasm-functions.mjs "$wasm"
  wasm-opt --reorder-functions-by-name --strip-debug --optimize-level 2 --shrink-level 2 \
    --generate-stack-ir --optimize-stack-ir "$wasm" -o "$wasm"
  node scripts/short-wasm-names.mjs "$wasm" "$js"
  old=$(basename "${js%.js}")
  new="kennel-desk-$(cat "$wasm" "$js" | sha256sum | cut -c1-16)"
  if [ "$old" != "$new" ]; then
    mv "$js" "$DIST_DIR/$new.js"
    mv "$wasm" "$DIST_DIR/${new}_bg.wasm"
    OLD="$old" NEW="$new" perl -i -pe 's/\Q$ENV{OLD}\E(?=(?:_bg\.wasm|\.js)\b)/$ENV{NEW}/g' "$index"
    if grep -qF "$old" "$index"; then
      echo "build.sh: $index still names $old after the rename to $new" >&2
      exit 1
    fi
  fi
  write_integrity "$DIST_DIR/$new.js"
done

# 0b'. The build's id (the wasm's and glue's hashed name) in index.html, as
# <meta name="kennel-desk:build">: how sw.js tells the app's own index from any other page of
# the origin (a sign-in page, an intranet page), and what it names the build's cache by.
build_id=$(basename "$(ls "$DIST_DIR"/kennel-desk-*_bg.wasm | head -n 1)" _bg.wasm)
BUILD="$build_id" perl -0777 -i -pe '
  my $meta = qq{<meta name="kennel-desk:build" content="$ENV{BUILD}" />};
  s{<meta name="kennel-desk:build"[^>]*>}{$meta} or s{(<meta name="kennel-desk:service-worker"[^>]*>)}{$1\n    $meta} or s{</head>}{    $meta\n  </head>};
' "$index"
grep -qF "name=\"kennel-desk:build\" content=\"$build_id\"" "$index" ||
  { echo "build.sh: could not write the build id into $index" >&2; exit 1; }

# 0c. The wasm's preload link without trunk's integrity attribute. Chromium ignores integrity
# on a fetch preload and warns so on every load ("currently ignored for preload destinations
# that do not support subresource integrity", crbug.com/981419: a wrong hash there changes
# nothing, tried); the loader's own fetch of the wasm carries none. The glue's modulepreload
# keeps its integrity, which is checked.
perl -0777 -i -pe 's{<link rel="preload"[^>]*_bg\.wasm"[^>]*>}{(my $t = $&) =~ s/\s+integrity="[^"]*"//; $t}ge' "$index"
if grep -Eq '<link rel="preload"[^>]*_bg\.wasm"[^>]*integrity=' "$index" ||
  ! grep -Eq '<link rel="preload"[^>]*_bg\.wasm"' "$index"; then
  echo "build.sh: expected the wasm's preload link in $index, without integrity" >&2
  exit 1
fi

# 1. Inline script and style blocks -> external files named by their content's sha256, the
# same `<name>-<hex>.<ext>` shape as trunk's own assets, so they are cached as immutable.
# Scripts are minified on the way (esbuild, as the glue above): index.html's own script is
# mostly comments for whoever edits it (3.9 KB raw, 1.4 KB brotli as written).
externalize() { # TAG EXT PREFIX REPLACEMENT_TEMPLATE(with @HREF@)
  local tag=$1 ext=$2 prefix=$3 template=$4 n=0 body hash file
  while body=$(perl -0777 -ne "if (m{<$tag( type=\"module\")?>(.*?)</$tag>}s) { print \$2; exit 0 } exit 1" "$index"); do
    if [ "$ext" = js ]; then
      body=$(printf '%s' "$body" | esbuild --minify --format=esm --log-level=warning)
    fi
    hash=$(printf '%s' "$body" | sha256sum | cut -c1-16)
    file="$prefix-$hash.$ext"
    printf '%s\n' "$body" >"$DIST_DIR/$file"
    HREF="$PUBLIC_URL$file" TEMPLATE="$template" perl -0777 -i -pe \
      "my \$r = \$ENV{TEMPLATE}; \$r =~ s/\\@HREF\\@/\$ENV{HREF}/; s{<$tag( type=\"module\")?>.*?</$tag>}{\$r}s" "$index"
    n=$((n + 1))
    if [ "$n" -gt 20 ]; then echo "build.sh: cannot move the inline <$tag> out of $index" >&2; exit 1; fi
  done
}
externalize script js loader '<script type="module" src="@HREF@"></script>'
externalize style css inline '<link rel="stylesheet" href="@HREF@" />'

# Whatever a strict policy would block must not be left: a <script> without src, a <style>
# block, a style="" or on*="" attribute, a javascript: URL.
if grep -Eiq '<script(\s+type="module")?\s*>|<style[ >]|\sstyle=|\son[a-z]+=|javascript:' "$index"; then
  echo "build.sh: $index still holds inline script or style, which the CSP would block:" >&2
  grep -Ein '<script(\s+type="module")?\s*>|<style[ >]|\sstyle=|\son[a-z]+=|javascript:' "$index" >&2
  exit 1
fi

# 2. Under a sub-path the app must know its route base; the API is served beside it
# (deploy/nginx.conf proxies <PUBLIC_URL>api/), so a root-relative /api base moves with it.
if [ "$PUBLIC_URL" != / ]; then
  ROUTE_BASE="$ROUTE_BASE" PUBLIC_URL="$PUBLIC_URL" perl -0777 -i -pe '
    my $meta = qq{<meta name="kennel-desk:route-base" content="$ENV{ROUTE_BASE}" />};
    s{<meta name="kennel-desk:route-base"[^>]*>}{$meta} or s{(<meta name="kennel-desk:api-base"[^>]*>)}{$1\n    $meta} or s{</head>}{    $meta\n  </head>};
    s{(<meta name="kennel-desk:api-base" content=")/api(/?")}{$1$ENV{PUBLIC_URL}api$2};
    s{(<meta name="kennel-desk:service-worker" content=")/sw\.js(")}{$1$ENV{PUBLIC_URL}sw.js$2};
  ' "$index"
  grep -q "name=\"kennel-desk:route-base\" content=\"$ROUTE_BASE\"" "$index" ||
    { echo "build.sh: could not write the route base into $index" >&2; exit 1; }
fi

# 3. Precompressed copies of every asset (not index.html, see above).
find "$DIST_DIR" -type f ! -name '*.br' ! -name '*.gz' ! -name index.html -print0 |
  while IFS= read -r -d '' f; do
    brotli -f -q 11 -o "$f.br" "$f"
    # zopfli writes ordinary gzip, 4 % smaller than gzip -9 for the wasm (327,363 -> 313,789
    # bytes, about 3 s of build): what a browser gets that does not ask for brotli, such as
    # any browser over plain HTTP (Chromium sends brotli only over HTTPS).
    if command -v zopfli >/dev/null; then zopfli -c "$f" >"$f.gz"; else gzip -9 -n -k -f "$f"; fi
    # A tiny file grows when compressed; then nginx should send the original.
    for c in "$f.br" "$f.gz"; do
      if [ "$(stat -c %s "$c")" -ge "$(stat -c %s "$f")" ]; then rm -f "$c"; fi
    done
  done

echo "build.sh: $DIST_DIR/ built for $PUBLIC_URL (inline loader moved out, assets precompressed)"
