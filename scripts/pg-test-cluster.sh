#!/usr/bin/env bash
# Runs a command (by default the Go tests) against a throwaway PostgreSQL cluster: installs
# Debian's postgresql when missing, creates a cluster in a temporary folder on a free loopback
# port (its unix socket in that folder too), exports PORTAL_TEST_DATABASE_URL, runs the command,
# and always stops and removes the cluster. No Docker.
#
#   scripts/pg-test-cluster.sh                     # go test -count=1 ./backend/... ./web/...
#   scripts/pg-test-cluster.sh go test ./backend/internal/store/...
#
# PostgreSQL is part of `make test`: when it cannot be installed, this FAILS with a message; it
# never skips the PostgreSQL run quietly.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "pg-test-cluster: $*" >&2; exit 1; }

pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; fi
  done | sort -V | tail -n 1
}

bin=$(pg_bin)
if [ -z "$bin" ]; then
  echo "pg-test-cluster: installing Debian's postgresql..."
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null; }; then
    fail "FAILED: Debian's postgresql could not be installed (apt-get install postgresql), so the PostgreSQL half of the tests cannot run. Install it, or fix apt, and run again."
  fi
  bin=$(pg_bin)
  [ -n "$bin" ] || fail "FAILED: postgresql is installed but no initdb/pg_ctl was found under /usr/lib/postgresql/*/bin."
fi

dir=$(mktemp -d /tmp/wealthportal-pg-XXXXXX)
chmod 755 "$dir"
# As root, PostgreSQL runs as the postgres user (initdb refuses root).
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || fail "FAILED: running as root but there is no postgres user to run the cluster as."
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

started=""
cleanup() {
  if [ -n "$started" ]; then
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; fail "FAILED: initdb"; }

# A free port: try a few random ones; pg_ctl fails when another process took the port meanwhile.
for _ in 1 2 3 4 5 6 7 8 9 10; do
  port=$((20000 + RANDOM % 20000))
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi # in use
  # fsync and friends off: the cluster is thrown away, and tests create a database each.
  if "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null; then
    started=1
    break
  fi
done
[ -n "$started" ] || { tail -n 20 "$dir/server.log" >&2 || true; fail "FAILED: the PostgreSQL cluster did not start"; }

export PORTAL_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
echo "pg-test-cluster: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (in $dir)"
if [ $# -eq 0 ]; then
  set -- go test -count=1 ./backend/... ./web/...
fi
"$@"
