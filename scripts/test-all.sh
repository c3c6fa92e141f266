#!/usr/bin/env bash
# Every test of the project: types, lint, unit and API tests on PGlite, the API tests again on
# PostgreSQL when one listens locally, then the browser tests against the built product, and last the
# resilience suite (real processes killed mid-work, backups, secrets in logs) when PostgreSQL is there.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"

echo "== Types and lint"
npm run --silent typecheck
npm run --silent lint

echo "== Unit and API tests (PGlite)"
npx vitest run

if node scripts/pg-available.mjs "$PG_URL"; then
  echo "== API tests on PostgreSQL"
  DATABASE_URL="$PG_URL" npx vitest run --project api
else
  echo "== PostgreSQL not reachable at $PG_URL: API tests ran on PGlite only"
fi

echo "== Browser tests (Chromium)"
npm run --silent test:e2e

# The built web app is there now: the JavaScript the home page loads, against its budget. The rest of the
# budget table (npm run bench) takes minutes of load on a quiet machine, so it is not part of the tests.
echo "== First-load weight"
npm run --silent bench:weight

if node scripts/pg-available.mjs "$PG_URL"; then
  echo "== Resilience (real processes on PostgreSQL)"
  TEST_PG_URL="$PG_URL" npm run --silent test:resilience
else
  echo "== PostgreSQL not reachable at $PG_URL: resilience suite skipped (it needs PostgreSQL)"
fi
