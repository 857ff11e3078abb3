#!/usr/bin/env bash
# The whole cloud suite twice: on embedded PGlite, then on a real PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cloud tests on PGlite"
npx vitest run "$@"
echo "== cloud tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run "$@"
