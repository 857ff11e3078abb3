#!/usr/bin/env bash
# `npm test`: every check and every test of the repository, as CI runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
RESULTS=.test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
# Each step's time, printed as it ends and listed again at the end (the per-file times: scripts/summarize.ts).
TIMES="$RESULTS/steps.txt"
current='' since=$SECONDS
end_step() { [ -z "$current" ] || printf '%5d s  %s\n' $((SECONDS - since)) "$current" | tee -a "$TIMES"; }
step() { end_step; current=$1 since=$SECONDS; printf '\n== %s\n' "$1"; }

step "Chromium (Debian's)"
bash scripts/ensure-chromium.sh

step "Lint and format (Biome)"
npx biome ci .

step "Types (tsc, strict)"
npm run typecheck

step "Published packages (tsdown builds; the tarballs installed outside the repository, imported in Node)"
npm run build:packages -- --logLevel warn && npm run check:packages

step "Unit and integration tests (Vitest: protocols, chain, modal, testkit, site, frame, scripts)"
npx vitest run --reporter=default --reporter=json --outputFile="$RESULTS/vitest.json"

step "Cloud on PGlite"
(cd apps/cloud && npx vitest run --reporter=default --reporter=json --outputFile="../../$RESULTS/cloud-pglite.json")

# Not side by side with the steps above: on two cores the suites are CPU-bound, and measured in two lanes they
# took 12 minutes as one after another do. Only the tests that can reach a database run again: those whose imports
# reach src/db/open.ts (Vitest follows the imports, so a new database test needs no list) and those that hand
# DATABASE_URL to a process they start. main.test.ts starts the entry points on PGlite whatever DATABASE_URL
# says: it runs once, above.
step "Cloud on PostgreSQL (the tests that reach a database)"
(cd apps/cloud && bash scripts/with-postgres.sh npx vitest related src/db/open.ts \
  $(grep -rl DATABASE_URL src --include='*.test.ts') --run --reporter=default --reporter=json \
  --outputFile="../../$RESULTS/cloud-postgres.json" --exclude src/main.test.ts)

step "First-load size budget (size-limit)"
npm run size

step "Browser tests (Playwright, Debian's Chromium, real anvil)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$RESULTS/e2e.json" npx playwright test -c e2e --reporter=list,json

end_step
printf '\n== Steps\n' && cat "$TIMES" && printf '%5d s  in all\n' "$SECONDS"
npx tsx scripts/summarize.ts "$RESULTS" vitest cloud-pglite cloud-postgres e2e
