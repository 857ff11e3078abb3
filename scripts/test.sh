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

# Types beside the next two steps: `tsc -b` runs on one thread, and neither the package builds nor Vitest (one
# worker on two cores: Vitest's default is cores − 1) keeps both cores busy. What it prints is shown when it ends
# (after Vitest), with the time it took; it is stopped if a step before fails.
TYPES_LOG="$RESULTS/typecheck.log"
printf '\n== Types (tsc, strict): started beside the next two steps, shown after them\n'
( started=$SECONDS status=0
  npm run typecheck >"$TYPES_LOG" 2>&1 || status=$?
  echo "$((SECONDS - started)) $status" >"$TYPES_LOG.done" ) &
types_job=$!
# The job and what it started (npm, tsc), by process id.
stop_tree() { local child; for child in $(pgrep -P "$1"); do stop_tree "$child"; done; kill "$1" 2>/dev/null || true; }
trap 'stop_tree "$types_job"' EXIT

step "Published packages (tsdown builds; the tarballs installed outside the repository, imported in Node)"
# Packed once: the browser tests' outside dapps (scripts/outsideDapps.ts) install these same tarballs.
export ALLACCESS_PACKED_TARBALLS="$PWD/$RESULTS/tarballs"
npm run build:packages -- --logLevel warn && npm run check:packages

# Each Vitest run also keeps its files' whole times (import and hooks included: scripts/fileTimesReporter.ts).
FILE_TIMES=scripts/fileTimesReporter.ts
step "Unit and integration tests (Vitest: protocols, chain, modal, testkit, site, frame, scripts)"
VITEST_FILE_TIMES="$RESULTS/vitest.files.json" npx vitest run --reporter=default --reporter=json \
  --reporter="./$FILE_TIMES" --outputFile="$RESULTS/vitest.json"

step "Types (tsc, strict): its wait after Vitest"
wait "$types_job" || true
cat "$TYPES_LOG"
read -r types_took types_status <"$TYPES_LOG.done"
printf '%5d s  %s\n' "$types_took" "Types (tsc, strict): the whole run, beside the two steps above" | tee -a "$TIMES"
[ "$types_status" = 0 ] || exit "$types_status"

# The cloud's whole suite runs once, on a real PostgreSQL server: what a deployment runs on, with real concurrent
# connections, so the row locks, races and caps are tested where they can race. PGlite is the same PostgreSQL
# engine in WebAssembly with one connection: the entry points' test starts the cloud on it whatever DATABASE_URL
# says, the browser tests run their whole stack on it, and the tests that name DATABASE_URL themselves (the
# indexer's, the relay's fan-out) run again on it below. Three workers on two cores: its tests wait on PostgreSQL,
# anvil, Alto and child processes, so two kept the machine 78 % busy (137 s); three, 94 % (104 s).
step "Cloud on PostgreSQL (the whole suite; the entry points on PGlite)"
(cd apps/cloud && VITEST_FILE_TIMES="../../$RESULTS/cloud-postgres.files.json" bash scripts/with-postgres.sh \
  npx vitest run --maxWorkers=3 --reporter=default --reporter=json --reporter="../../$FILE_TIMES" \
  --outputFile="../../$RESULTS/cloud-postgres.json")

step "Cloud on PGlite (the tests that choose their storage by DATABASE_URL, again)"
(cd apps/cloud && VITEST_FILE_TIMES="../../$RESULTS/cloud-pglite.files.json" npx vitest run --maxWorkers=2 \
  $(grep -rl DATABASE_URL src --include='*.test.ts' | grep -v '^src/main.test.ts$') --reporter=default \
  --reporter=json --reporter="../../$FILE_TIMES" --outputFile="../../$RESULTS/cloud-pglite.json")

step "First-load size budget (size-limit)"
npm run size

step "Browser tests (Playwright, Debian's Chromium, real anvil)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$RESULTS/e2e.json" npx playwright test -c e2e --reporter=list,json

end_step
printf '\n== Steps\n' && cat "$TIMES" && printf '%5d s  in all\n' "$SECONDS"
npx tsx scripts/summarize.ts "$RESULTS" vitest cloud-pglite cloud-postgres e2e
