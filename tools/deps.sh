#!/bin/sh
# Installs the Debian packages sightline needs, if any are missing.
# Sourced by tools/run.sh and tools/test.sh, which name any extra packages
# in SL_EXTRA_PACKAGES (a sourced file sees the caller's own arguments, not
# its own, in POSIX sh).
set -eu
sl_need="build-essential cmake pkg-config libsdl2-dev libsdl2-ttf-dev libcglm-dev libstb-dev libjansson-dev libgeos-dev libenet-dev ${SL_EXTRA_PACKAGES:-}"
sl_missing=""
for p in $sl_need; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        sl_missing="$sl_missing $p"
    fi
done
if [ -n "$sl_missing" ]; then
    echo "sightline: installing Debian packages:$sl_missing"
    sl_sudo=""
    [ "$(id -u)" -eq 0 ] || sl_sudo="sudo"
    $sl_sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sl_sudo apt-get install -y --no-install-recommends $sl_missing
fi
