#!/usr/bin/env bash
# bench.load on a fresh database, as docs/performance.md measures: drop and create the database, empty the Redis
# database, migrate, then run bench.load with the arguments given (e.g. --games 100 --seconds 30 --serve 2 --rate 100).
# BENCH_DB (benchdb) and BENCH_REDIS (redis://127.0.0.1:6379/12) name where; run it from any checkout to compare two.
set -euo pipefail
cd "$(dirname "$0")/.."
db="${BENCH_DB:-benchdb}"
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" REDIS_URL="${BENCH_REDIS:-redis://127.0.0.1:6379/12}"
export DJANGO_ENV=production SECRET_KEY=bench-only-0123456789abcdefghijklmnopqrstuvwxyz \
       ALLOWED_HOSTS=127.0.0.1,localhost SECURE_SSL_REDIRECT=0 RATE_LIMIT_TURNS=off DB_POOL_MAX=15
psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
redis-cli -u "$REDIS_URL" flushdb >/dev/null
.venv/bin/python manage.py migrate -v 0
exec .venv/bin/python -m bench.load "$@"
