#!/usr/bin/env bash
# The one test command (`npm test`; CI runs it through .ci/run). From a fresh clone after
# `npm install`, in order:
#   1. tools      Debian's chromium and poppler-utils (scripts/ensure-test-tools.sh)
#   2. lint       npm run lint
#   3. typecheck  npm run typecheck
#   4. vitest     npx vitest run: unit, pglite, postgres and s3 projects (PostgreSQL at
#                 TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
#   5. build      npm run build
#   6. e2e        npx playwright test, against the built server
# A failing stage does not stop the later ones (except that e2e needs the build), so one run
# shows every problem. Ends with the time of each stage, each failed test by name with the first
# line of its message (scripts/test-reports.cjs), and one line "N passed, N failed" that adds up
# the tests of vitest and Playwright. Exits non-zero when any stage failed or no test ran.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export NEXT_TELEMETRY_DISABLED=1

if [ ! -d node_modules ]; then
  echo "node_modules is missing: run \`npm install\` first." >&2
  exit 1
fi

reports="$(mktemp -d "${TMPDIR:-/tmp}/signet-test-reports.XXXXXX")"
trap 'rm -rf "$reports"' EXIT
vitest_json="$reports/vitest.json"
playwright_json="$reports/playwright.json"

stage_count=6
stage_number=0
failed_stages=()
timings=()

# stage <name> <description> <command...>: runs one stage under a header, records time and result.
stage() {
  local name="$1" description="$2"
  shift 2
  stage_number=$((stage_number + 1))
  echo
  echo "========================================================================"
  echo "[$stage_number/$stage_count] $name: $description"
  echo "========================================================================"
  local started=$SECONDS status=ok
  if ! "$@"; then
    status=FAILED
    failed_stages+=("$name")
  fi
  local took=$((SECONDS - started))
  timings+=("$(printf '%-10s %5ss  %s' "$name" "$took" "$status")")
  echo "--- $name: $status in ${took}s"
}

skip_stage() {
  local name="$1" reason="$2"
  stage_number=$((stage_number + 1))
  echo
  echo "========================================================================"
  echo "[$stage_number/$stage_count] $name: SKIPPED ($reason)"
  echo "========================================================================"
  failed_stages+=("$name")
  timings+=("$(printf '%-10s %5s   %s' "$name" "-" "SKIPPED ($reason)")")
}

# Without the browser and the PDF tools nothing later is meaningful: stop at once.
stage tools "chromium and poppler-utils" bash scripts/ensure-test-tools.sh
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "Cannot run the tests without the tools above." >&2
  exit 1
fi

stage lint "eslint" npm run --silent lint
stage typecheck "tsc --noEmit" npm run --silent typecheck
stage vitest "unit, pglite, postgres and s3 projects" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_json"
stage build "next build and the PDF worker" npm run --silent build
if [ -f .next/BUILD_ID ] && [[ ! " ${failed_stages[*]} " =~ " build " ]]; then
  stage e2e "playwright against the built server" env SIGNET_PLAYWRIGHT_JSON="$playwright_json" npx playwright test
else
  skip_stage e2e "the build failed"
fi

counts="$(node scripts/test-reports.cjs counts "$vitest_json" "$playwright_json")"
failures="$(node scripts/test-reports.cjs failures "$vitest_json" "$playwright_json")"

total_passed=0
total_failed=0
echo
echo "========================================================================"
echo "Summary"
echo "========================================================================"
for line in "${timings[@]}"; do echo "  $line"; done
echo
while IFS=$'\t' read -r name passed failed skipped note; do
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  detail="$passed passed, $failed failed"
  [ "$skipped" -gt 0 ] && detail="$detail, $skipped skipped"
  [ -n "$note" ] && detail="$detail ($note)"
  printf '  %-10s %s\n' "$name" "$detail"
done <<<"$counts"
echo
if [ -n "$failures" ]; then
  echo "Failed tests:"
  while IFS= read -r line; do echo "  $line"; done <<<"$failures"
  echo
fi

status=0
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "Failed stages: ${failed_stages[*]}"
  status=1
fi
if [ "$total_passed" -eq 0 ]; then
  echo "No test passed: treating the run as failed."
  status=1
fi
echo "$total_passed passed, $total_failed failed"
exit "$status"
