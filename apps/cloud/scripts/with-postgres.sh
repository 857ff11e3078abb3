#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server (Debian's `postgresql`, installed when absent)
# on 127.0.0.1 and a free port, with DATABASE_URL set; stops it and removes its files afterwards.
# Works as root (the server runs as the `postgres` user, it refuses root) and with no stdin (CI).
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# Not fully installed (absent, or another process is installing it right now): let apt-get see to it.
# It waits for the dpkg lock and does nothing more when the package is already installed.
if [ "$(dpkg-query -W -f='${db:Status-Abbrev}' postgresql 2>/dev/null)" != "ii " ] || [ -z "$(pg_bin)" ]; then
  echo "with-postgres: installing Debian's postgresql" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=900 -qq update </dev/null
  apt-get -o DPkg::Lock::Timeout=900 -y -qq install --no-install-recommends postgresql </dev/null >/dev/null
fi
BIN="$(pg_bin)"
[ -x "$BIN/pg_ctl" ] || { echo "with-postgres: no PostgreSQL server binaries found" >&2; exit 1; }

if [ "$(id -u)" = 0 ]; then as_db() { runuser -u postgres -- "$@"; }; else as_db() { "$@"; }; fi

TMP="$(mktemp -d /tmp/cloud-pg.XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres: "$TMP"
stop() {
  as_db "$BIN/pg_ctl" -D "$TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap stop EXIT
trap 'exit 130' INT TERM

PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
as_db "$BIN/initdb" -D "$TMP/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
as_db "$BIN/pg_ctl" -D "$TMP/data" -l "$TMP/server.log" -w -t 60 start -o \
  "-c listen_addresses=127.0.0.1 -p $PORT -k $TMP -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null || { cat "$TMP/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
"$@"
