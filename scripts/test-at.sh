#!/usr/bin/env bash
# The whole test suite with the system clock moved to another moment, to prove it passes on any date:
#   bash scripts/test-at.sh 2027-07-11T22:30:00Z        (needs Debian's `faketime` package)
# Node, PostgreSQL and the tests run on the moved clock; Chromium keeps the real one (libfaketime breaks its crash
# handler's semaphores), which does not matter because the suite pins every page's clock to the site's.
set -euo pipefail
cd "$(dirname "$0")/.."
moment=${1:?usage: scripts/test-at.sh <moment, e.g. 2026-12-05T15:30:00Z>}
command -v faketime >/dev/null || { echo "faketime is not installed (apt-get install faketime)" >&2; exit 2; }
offset=$(($(date -d "$moment" +%s) - $(date +%s)))
wrapper=$(mktemp)
trap 'rm -f "$wrapper"' EXIT
printf '#!/bin/sh\nunset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC\nexec %s "$@"\n' "${CHROMIUM_PATH:-/usr/bin/chromium}" >"$wrapper"
chmod +x "$wrapper"
CI=true CHROMIUM_PATH="$wrapper" FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "+${offset}" npm test
