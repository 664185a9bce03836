#!/usr/bin/env bash
# Remake a database fixture of tests/web/test_old_databases.py: `tests/web/data/remake.sh COMMIT
# sqlite|postgresql` checks COMMIT out beside this checkout, builds its compiled grid, starts its
# `kingdomino serve` on a new database (SQLite, or an empty PostgreSQL from scripts/test-postgres),
# fills it with tests/web/data/old_database.py, stops it and dumps the database as SQL text into
# tests/web/data/COMMIT.KIND.sql, under a header naming the commit and this command.
set -euo pipefail
commit=$(git rev-parse --short "$1")
kind=$2
here=$(cd "$(dirname "$0")/../../.." && pwd)
python=${PYTHON:-$here/.venv/bin/python}
[ -x "$python" ] || python=$(command -v python3)
work=$(mktemp -d)
old="$work/checkout"
trap 'kill "${server:-0}" 2>/dev/null || true; git -C "$here" worktree remove --force "$old" 2>/dev/null || true; rm -rf "$work"' EXIT
git -C "$here" worktree add --detach "$old" "$commit" >/dev/null
if [ -f "$old/src/kingdomino/core/_bitgrid.c" ]; then
    (cd "$old" && "$python" setup.py build_ext --inplace >/dev/null)
fi
case "$kind" in
    sqlite) database=(--data-dir "$work/data") ;;
    postgresql)
        url=$("$here/scripts/test-postgres" kd_fixture)
        [ -n "$url" ] || { echo "remake.sh: no PostgreSQL here" >&2; exit 1; }
        database=(--database-url "$url") ;;
    *) echo "remake.sh: KIND is sqlite or postgresql" >&2; exit 2 ;;
esac
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$old" && PYTHONPATH=src exec "$python" -m kingdomino serve --port "$port" "${database[@]}" --ai-delay 0) \
    >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/api/meta" && break; sleep 0.5; done
"$python" "$here/tests/web/data/old_database.py" "http://127.0.0.1:$port"
kill "$server"
wait "$server" || true
out="$here/tests/web/data/$commit.$kind.sql"
{
    echo "-- A database made and used by \`kingdomino serve\` of commit $commit"
    echo "-- ($(git -C "$here" log -1 --format='%ad: %s' --date=short "$commit" | cut -c1-80)),"
    echo "-- filled by tests/web/data/old_database.py: tests/web/test_old_databases.py upgrades it."
    echo "-- Remade by: tests/web/data/remake.sh $commit $kind"
    if [ "$kind" = sqlite ]; then
        sqlite3 "$work/data/kingdomino.sqlite3" .dump
    else
        # psql's own commands (\restrict) are left out: the test runs the statements alone.
        su postgres -c "pg_dump --inserts --no-owner --no-privileges --no-comments kd_fixture" | grep -v '^\\'
    fi
} >"$out"
echo "$out: $(wc -c <"$out") bytes"
