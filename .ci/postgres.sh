#!/bin/sh
# Installs what the club server's database tests need beside SQLite: Debian's
# PostgreSQL server binaries (initdb, pg_ctl, postgres). The tests start their
# own throwaway server on loopback as a user other than root; nothing is started
# here. Idempotent: does nothing when the binaries are present.
set -eu

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q postgresql
