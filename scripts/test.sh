#!/usr/bin/env bash
# `npm test`: every check and every test of the repository, as CI runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
RESULTS=.test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
step() { printf '\n== %s\n' "$1"; }

step "Chromium (Debian's)"
bash scripts/ensure-chromium.sh

step "Lint and format (Biome)"
npx biome ci .

step "Types (tsc, strict)"
npm run typecheck

# Vitest gives a suite one worker on a two-core machine, and the suites share nothing (own ports, own databases):
# they run in two lanes side by side, each suite into its own log, printed in order once all have ended.
declare -A title=(
  [vitest]="Unit and integration tests (Vitest: protocols, chain, modal, testkit, site, frame, scripts)"
  [cloud-pglite]="Cloud on PGlite"
  [cloud-postgres]="Cloud on PostgreSQL"
)
suite() {
  local key=$1 status=0
  shift
  "$@" >"$RESULTS/$key.log" 2>&1 || status=$?
  echo "$status" >"$RESULTS/$key.status"
}
(
  suite vitest npx vitest run --reporter=default --reporter=json --outputFile="$RESULTS/vitest.json"
  # main.test.ts starts the entry points on PGlite whatever DATABASE_URL says: it runs in the PGlite lane only.
  suite cloud-postgres bash -c "cd apps/cloud && bash scripts/with-postgres.sh npx vitest run --reporter=default \
    --reporter=json --outputFile=../../$RESULTS/cloud-postgres.json --exclude src/main.test.ts"
) &
first_lane=$!
suite cloud-pglite bash -c "cd apps/cloud && npx vitest run --reporter=default --reporter=json \
  --outputFile=../../$RESULTS/cloud-pglite.json" &
second_lane=$!
wait "$first_lane" "$second_lane"
suites_failed=0
for key in vitest cloud-pglite cloud-postgres; do
  step "${title[$key]}"
  cat "$RESULTS/$key.log"
  status=$(cat "$RESULTS/$key.status")
  if [ "$status" -ne 0 ]; then
    echo "== ${title[$key]}: failed (exit $status)"
    suites_failed=1
  fi
done
[ "$suites_failed" -eq 0 ]

step "First-load size budget (size-limit)"
npm run size

step "Browser tests (Playwright, Debian's Chromium, real anvil)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$RESULTS/e2e.json" npx playwright test -c e2e --reporter=list,json

step "Summary"
npx tsx scripts/summarize.ts "$RESULTS" vitest cloud-pglite cloud-postgres e2e
