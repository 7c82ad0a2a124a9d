#!/usr/bin/env bash
# Report Studio in any CI (docs/ci.md): install the CLI, validate every *.report.json under the
# current folder, build each report to PDF offline with the bundled local service. Exit 1 when a
# report has errors or fails to build; the PDFs of the others are built either way.
#
#   REPORT_STUDIO_PACKAGE  what npm installs (default report-studio; a version or a tarball works)
#   REPORT_STUDIO_FORMAT   problem lines: text (default, file:line:col: error: …) or github
#   PDF_DIR                where the PDFs go, in the reports' folders (default report-pdfs)
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

n=0
while IFS= read -r -d '' report; do
  n=$((n + 1))
  pdf="$pdf_dir/${report#./}"
  pdf="${pdf%.report.jsonc}"
  pdf="${pdf%.report.json}.pdf"
  mkdir -p "$(dirname "$pdf")"
  # A data folder per build: the local service's development quota never runs out.
  "$cli" build "$report" --offline --data-dir "$work/service/$n" -o "$pdf" || failed=1
done < <(find . \( -name node_modules -o -name '.?*' \) -prune -o -type f \( -name '*.report.json' -o -name '*.report.jsonc' \) -print0 | sort -z)

exit "$failed"
