#!/usr/bin/env bash
# Serves a Kennel Desk build with a real nginx and deploy/nginx.conf, in the foreground,
# unprivileged, writing nothing outside a temporary directory (removed on exit).
#   scripts/serve-nginx.sh DIST_DIR API_BASE_URL PORT [PUBLIC_PATH]
#   scripts/serve-nginx.sh dist http://127.0.0.1:8080/api 8443
#   scripts/serve-nginx.sh /srv/kennel-desk http://10.0.0.5/api 8443 /kennel/   (a PUBLIC_URL=/kennel/ build)
# Environment:
#   FRAME_ANCESTORS="https://intranet.example https://*.wiki.example"
#                   origins that may show the app in an iframe, besides its own (default: none)
#   HOST=0.0.0.0    the address to listen on (default 127.0.0.1)
# Ctrl-C or SIGTERM stops nginx (gracefully) and removes the temporary directory.
set -euo pipefail
# bash 5.2 would put the matched text in place of an `&` in ${var//pattern/replacement}.
shopt -u patsub_replacement 2>/dev/null || true

usage() { sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "serve-nginx.sh: $*" >&2; exit 2; }
[ $# -ge 3 ] && [ $# -le 4 ] || usage

ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
DIST_DIR=$1 API_BASE_URL=${2%/} PORT=$3 PUBLIC_PATH=${4:-/}
HOST=${HOST:-127.0.0.1}
FRAME_ANCESTORS=${FRAME_ANCESTORS:-}
BROTLI_MODULE=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so

[ -f "$DIST_DIR/index.html" ] || fail "$DIST_DIR/index.html not found: run scripts/build.sh first"
DIST_DIR=$(cd "$DIST_DIR" && pwd)
[[ $API_BASE_URL =~ ^https?://[^[:space:]\;\'\"{}]+$ ]] || fail "API_BASE_URL must be an http(s) URL, got '$2'"
[[ $PORT =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1 ] && [ "$PORT" -le 65535 ] || fail "PORT must be a number, got '$PORT'"
host_re='^[][A-Za-z0-9.:-]+$'
[[ $HOST =~ $host_re ]] || fail "HOST must be an address, got '$HOST'"
# The path goes into regexes in the config: letters, digits, / _ - only.
[[ $PUBLIC_PATH =~ ^/[A-Za-z0-9/_-]*$ ]] || fail "PUBLIC_PATH must be a path like /kennel/, got '$PUBLIC_PATH'"
PUBLIC_PATH="${PUBLIC_PATH%/}/"
if [ "$PUBLIC_PATH" != / ] &&
   ! grep -q "name=\"kennel-desk:route-base\" content=\"${PUBLIC_PATH%/}\"" "$DIST_DIR/index.html"; then
  fail "$DIST_DIR was not built for $PUBLIC_PATH: run PUBLIC_URL=$PUBLIC_PATH scripts/build.sh"
fi
frame_ancestors=""
for origin in $FRAME_ANCESTORS; do
  [[ $origin =~ ^https?://(\*\.)?[A-Za-z0-9.-]+(:[0-9]+)?$ ]] ||
    fail "FRAME_ANCESTORS holds '$origin', which is not an origin like https://intranet.example"
  frame_ancestors+=" $origin"
done

NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || fail "nginx not found: run scripts/setup.sh"

PREFIX=$(mktemp -d "${TMPDIR:-/tmp}/kennel-desk-nginx.XXXXXX")
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$PREFIX"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Started as root, nginx runs its workers as nobody, who must reach the temp paths.
chmod 755 "$PREFIX"
mkdir -p "$PREFIX/tmp"

# The build appears at PUBLIC_PATH under the server's root: a symlink, so `root` and
# try_files work as they do at / (`alias` with try_files is a known trap).
if [ "$PUBLIC_PATH" = / ]; then
  site_root=$DIST_DIR
  outside=""
else
  site_root=$PREFIX/site
  mkdir -p "$site_root$(dirname "$PUBLIC_PATH")"
  ln -s "$DIST_DIR" "$site_root${PUBLIC_PATH%/}"
  outside="
        # Only the sub-path is Kennel Desk's.
        location = ${PUBLIC_PATH%/} { return 301 $PUBLIC_PATH; }
        location / { return 404; }"
fi
if [ -f "$BROTLI_MODULE" ]; then
  load_brotli="load_module $BROTLI_MODULE;"
  brotli_static="brotli_static on;"
else
  load_brotli="# (no brotli_static module installed: gzip only)"
  brotli_static="# brotli_static: module not installed"
fi

conf=$(<"$ROOT_DIR/deploy/nginx.conf")
conf=${conf//@@LOAD_BROTLI@@/$load_brotli}
conf=${conf//@@BROTLI_STATIC@@/$brotli_static}
conf=${conf//@@PREFIX@@/$PREFIX}
conf=${conf//@@LISTEN@@/$HOST:$PORT}
conf=${conf//@@ROOT@@/$site_root}
conf=${conf//@@API_BASE_URL@@/$API_BASE_URL}
conf=${conf//@@FRAME_ANCESTORS@@/$frame_ancestors}
conf=${conf//@@OUTSIDE@@/$outside}
conf=${conf//@@PUBLIC_PATH@@/$PUBLIC_PATH}
if [[ $conf == *@@* ]]; then fail "deploy/nginx.conf has a placeholder this script does not fill"; fi
printf '%s\n' "$conf" >"$PREFIX/nginx.conf"

# No separate `nginx -t`: it binds the port for a moment, and a client that connects in that
# moment gets a reset. A bad configuration stops the real start with the same message.
echo "serve-nginx.sh: starting nginx: Kennel Desk on http://$HOST:$PORT$PUBLIC_PATH (API: $API_BASE_URL; access log in $PREFIX)"
# In the background and waited for, so the traps above can stop it and clean up.
# -e: nginx's compiled-in error log is not writable unprivileged; errors go to stderr.
"$NGINX" -c "$PREFIX/nginx.conf" -p "$PREFIX" -e stderr &
nginx_pid=$!
status=0
wait "$nginx_pid" || status=$?
nginx_pid=""
exit "$status"
