#!/usr/bin/env bash
# The API suite against a real PostgreSQL (each test app creates and drops its own database).
set -euo pipefail
cd "$(dirname "$0")/.."
DATABASE_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --project api "$@"
