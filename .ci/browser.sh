#!/bin/sh
# Installs what the end-to-end tests of the web calculator need: Debian's
# chromium (Playwright drives it at /usr/bin/chromium; browser downloads are not
# used) and a font with Japanese characters for the tile faces. Idempotent:
# does nothing when both are present.
set -eu

need=""
[ -x /usr/bin/chromium ] || need="chromium"
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
    need="$need fonts-droid-fallback"
fi
[ -n "$need" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086 - the list is meant to split into package names
$SUDO apt-get install -y -q $need
