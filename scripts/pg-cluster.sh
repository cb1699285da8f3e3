#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests:
#   scripts/pg-cluster.sh start DIR   -> prints the database URL on stdout
#   scripts/pg-cluster.sh stop DIR
# Uses Debian's `postgresql` package (installed when missing, through scripts/apt-install.sh).
# initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user, in DIR,
# which that user owns. The cluster listens on a free local TCP port and trusts local
# connections (it holds nothing but test data and is removed by `stop`).
set -euo pipefail
cd "$(dirname "$0")/.."
action=${1:?usage: $0 start|stop DIR}
dir=${2:?usage: $0 start|stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
as_owner=()
[ "$(id -u)" = 0 ] && as_owner=(runuser -u postgres --)
case "$action" in
  start)
    if [ -z "$bin" ]; then
      scripts/apt-install.sh postgresql >&2
      bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U spider --auth=trust -E UTF8 >/dev/null
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U spider spider_test
    echo "postgresql+psycopg://spider@127.0.0.1:$port/spider_test"
    ;;
  stop)
    [ -d "$dir/data" ] && "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
