#!/bin/sh
# pg.sh starts and stops a throwaway PostgreSQL server for compactguard's
# store tests. It installs nothing: it uses the Debian binaries under
# /usr/lib/postgresql/*/bin (install the `postgresql` package first).
#
#   .ci/pg.sh start   initialise a cluster under /tmp, start it on
#                     127.0.0.1:$COMPACTGUARD_PG_PORT (default 55432) with
#                     trust auth, create database compactguard_test and
#                     print the export line for COMPACTGUARD_TEST_PG_DSN
#   .ci/pg.sh stop    stop the server and delete its directory
#   .ci/pg.sh dsn     print the export line again
#
# Typical use:  eval "$(.ci/pg.sh start)"  then  go test ./host/ledger/...
# The server runs with fsync off: it is for tests only and holds nothing
# worth keeping.
set -eu

PORT="${COMPACTGUARD_PG_PORT:-55432}"
DIR="${COMPACTGUARD_PG_DIR:-/tmp/compactguard-pg-$PORT}"
DB=compactguard_test

log() { echo "pg.sh: $*" >&2; }

bindir() {
	for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
		if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
			echo "$d"
			return 0
		fi
	done
	log "no PostgreSQL binaries under /usr/lib/postgresql/*/bin; install the postgresql package (apt-get install -y postgresql)"
	return 1
}

# as_owner runs a command as the cluster's owner: the postgres OS user when
# we are root (initdb and postgres refuse to run as root), else ourselves.
as_owner() {
	if [ "$(id -u)" = 0 ]; then
		if command -v runuser >/dev/null 2>&1; then
			runuser -u postgres -- "$@"
		else
			su postgres -s /bin/sh -c '"$0" "$@"' -- "$@"
		fi
	else
		"$@"
	fi
}

dsn() {
	echo "export COMPACTGUARD_TEST_PG_DSN='postgres://postgres@127.0.0.1:$PORT/$DB?sslmode=disable'"
}

start() {
	BIN=$(bindir)
	if [ -f "$DIR/data/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
		log "already running in $DIR"
		dsn
		return 0
	fi
	if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" 2>/dev/null; then
		log "another server already answers on 127.0.0.1:$PORT; set COMPACTGUARD_PG_PORT to a free port"
		return 1
	fi
	rm -rf "$DIR"
	mkdir -p "$DIR"
	if [ "$(id -u)" = 0 ]; then
		if ! id postgres >/dev/null 2>&1; then
			log "running as root but there is no postgres OS user to run the server as"
			return 1
		fi
		chown postgres "$DIR"
	fi
	as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --no-sync >"$DIR/initdb.log" 2>&1 || {
		cat "$DIR/initdb.log" >&2
		log "initdb failed"
		return 1
	}
	cat >>"$DIR/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
	as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start >/dev/null || {
		cat "$DIR/server.log" >&2
		log "pg_ctl start failed"
		return 1
	}
	i=0
	until "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; do
		i=$((i + 1))
		if [ "$i" -gt 60 ]; then
			log "server did not answer pg_isready within 30s; see $DIR/server.log"
			return 1
		fi
		sleep 0.5
	done
	"$BIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
		-c "CREATE DATABASE $DB" >/dev/null
	log "started PostgreSQL ($BIN) in $DIR on 127.0.0.1:$PORT"
	dsn
}

stop() {
	if [ ! -d "$DIR/data" ]; then
		log "nothing to stop in $DIR"
		return 0
	fi
	BIN=$(bindir)
	as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$DIR"
	log "stopped and removed $DIR"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
dsn) dsn ;;
*)
	echo "usage: $0 start|stop|dsn" >&2
	exit 2
	;;
esac
