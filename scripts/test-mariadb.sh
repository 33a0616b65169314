#!/usr/bin/env bash
# A MariaDB server for the test suites only: its data directory on tmpfs (/dev/shm), no doublewrite
# buffer, no binary log, the redo log written but never flushed per commit. Nothing it holds
# survives a reboot, and a crash may lose its last second of commits: a test setting, never a
# production one (docs/architecture.md "Trap: the test database is not durable").
#
# Row locks, isolation (REPEATABLE READ), deadlock detection and lock wait timeouts are InnoDB's
# defaults, as on the production server: the concurrency tests test those, not durability.
#
#   scripts/test-mariadb.sh start   start it unless it answers (prints the DB_URL base)
#   scripts/test-mariadb.sh stop    stop it and remove its data
#   scripts/test-mariadb.sh url     the DB_URL base: mysql://root@127.0.0.1:$PORT
#
# MERIDIAN_TEST_MARIADB_PORT (default 3307) and MERIDIAN_TEST_MARIADB_DIR (default
# /dev/shm/meridian-test-mariadb) move it.
set -euo pipefail
PORT="${MERIDIAN_TEST_MARIADB_PORT:-3307}"
DIR="${MERIDIAN_TEST_MARIADB_DIR:-/dev/shm/meridian-test-mariadb}"
MARIADBD="${MARIADBD:-$(command -v mariadbd || echo /usr/sbin/mariadbd)}"

answers() { mysqladmin -uroot -h127.0.0.1 -P"$PORT" --connect-timeout=2 --silent ping >/dev/null 2>&1; }

start() {
  if answers; then
    echo "mysql://root@127.0.0.1:$PORT"
    return
  fi
  rm -rf "$DIR"
  mkdir -p "$DIR"
  # Root may run it only with --user=root; another user runs it as themself.
  local user=()
  [ "$(id -u)" = 0 ] && user=(--user=root)
  mariadb-install-db --no-defaults --datadir="$DIR/data" "${user[@]}" \
    --auth-root-authentication-method=normal --skip-test-db >"$DIR/install.log" 2>&1 ||
    { cat "$DIR/install.log" >&2; exit 1; }
  # tmpfs has no O_DIRECT and no native AIO: plain fsync (a no-op there) and simulated AIO.
  setsid "$MARIADBD" --no-defaults --datadir="$DIR/data" "${user[@]}" \
    --port="$PORT" --bind-address=127.0.0.1 --socket="$DIR/mysqld.sock" --pid-file="$DIR/mysqld.pid" \
    --log-error="$DIR/error.log" --skip-name-resolve --skip-log-bin \
    --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --sync-binlog=0 \
    --innodb-flush-method=fsync --innodb-use-native-aio=0 \
    --innodb-buffer-pool-size=1G --max-connections=400 \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
    </dev/null >/dev/null 2>&1 &
  for _ in $(seq 1 60); do
    if answers; then
      echo "mysql://root@127.0.0.1:$PORT"
      return
    fi
    sleep 0.5
  done
  echo "the test MariaDB did not start on port $PORT; its log:" >&2
  tail -20 "$DIR/error.log" >&2 || true
  exit 1
}

stop() {
  if [ -f "$DIR/mysqld.pid" ]; then
    local pid
    pid=$(cat "$DIR/mysqld.pid")
    kill "$pid" 2>/dev/null || true
    # Gone, not only silent: after it stops answering it still writes its buffer pool dump into
    # $DIR, which a removal racing it left behind ("Directory not empty").
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  fi
  rm -rf "$DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "mysql://root@127.0.0.1:$PORT" ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
