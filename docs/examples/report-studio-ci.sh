#!/usr/bin/env bash
# Report Studio in any CI (docs/ci.md): install the CLI, validate every *.report.json under the
# current folder, build them all to PDF offline in one run with the bundled local service. Exit 1
# when a report has errors, fails to build or has a render warning (content that did not fit, an
# image not fetched); the PDFs are built either way.
#
#   REPORT_STUDIO_PACKAGE  what npm installs (default report-studio; a version or a tarball works)
#   REPORT_STUDIO_FORMAT   problem lines: text (default, file:line:col: error: …) or github
#   PDF_DIR                where the PDFs go, in the reports' folders (default report-pdfs)
#   JUNIT_FILE             also write a JUnit XML file there, one test case per report (default none)
#
# test/integration/package/ciRecipe.test.ts runs it.
set -euo pipefail

pdf_dir="${PDF_DIR:-report-pdfs}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Into a prefix of its own: no root needed, nothing left behind.
npm install -g --prefix "$work/cli" --no-audit --no-fund "${REPORT_STUDIO_PACKAGE:-report-studio}" >/dev/null
cli="$work/cli/bin/report-studio"

failed=0
"$cli" validate --format "${REPORT_STUDIO_FORMAT:-text}" . || failed=1

# One process and one local service build every report; the PDFs keep the reports' folders.
# --max-warnings 0: a PDF that lost content (a page too full, an image not fetched) fails the run.
"$cli" build . --offline --out-dir "$pdf_dir" --max-warnings 0 ${JUNIT_FILE:+--junit "$JUNIT_FILE"} || failed=1

exit "$failed"
