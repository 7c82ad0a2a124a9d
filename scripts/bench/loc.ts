/**
 * 422 → ranges for a 5,000-component report with 1,000 errors. The report (pretty-printed
 * JSON, components nested in Sections and Rows, see locReport.ts) is previewed on the local
 * service, over loopback, which answers the real 422; its 1,000 pydantic entries are then
 * mapped to ranges by the function the extension runs on a 422 (anchorEntries, as
 * ServiceDiagnostics.setFromValidationError does), and again after an edit (the re-anchor
 * each edit triggers while the errors are shown). Medians; the bench checks that 1,000
 * ranges come out, each on the node its loc names.
 *   npx tsx scripts/bench/loc.ts [runs]   (or via npm run bench)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ValidationErrorEntry } from '../../src/core/api/types';
import { ReportClient } from '../../src/core/client/apiClient';
import { isReportServiceError } from '../../src/core/client/errors';
import { anchorEntries, type AnchoredEntry } from '../../src/core/fixes/anchorEntries';
import { createMinimalRenderer } from '../../src/render/minimal-renderer';
import { startLocalService } from '../../src/mock/service';
import { largeReportWithErrors } from './locReport';
import { median, type BenchRow } from './table';

const COMPONENTS = 5_000;
const ERRORS = 1_000;
const KEY = 'rs_bench_loc_key_0123456789';

/** The 422 entries of the service for `text`, and how long the round trip took. */
async function submitFor422(client: ReportClient, text: string): Promise<{ entries: ValidationErrorEntry[]; ms: number }> {
  const t0 = performance.now();
  try {
    await client.previewReport(text);
  } catch (err) {
    const ms = performance.now() - t0;
    if (isReportServiceError(err) && err.kind === 'validation') return { entries: err.details, ms };
    throw err;
  }
  throw new Error('loc bench: the service accepted a report with injected errors');
}

/** Every entry mapped, one range each, on a node of the text (not the whole document). */
function check(anchored: AnchoredEntry[], text: string, what: string): void {
  if (anchored.length !== ERRORS) throw new Error(`loc bench: ${what}: ${anchored.length} ranges for ${ERRORS} entries`);
  const wholeDocument = anchored.filter((a) => a.diagnostic.range.start === 0 && a.diagnostic.range.end >= text.trimEnd().length).length;
  const inexact = anchored.filter((a) => !a.diagnostic.exact && a.entry.type !== 'missing').length;
  if (wholeDocument || inexact)
    throw new Error(
      `loc bench: ${what}: ${wholeDocument} ranges cover the whole document, ${inexact} locs were not followed to their node`,
    );
  for (const a of anchored) {
    const { start, end } = a.diagnostic.range;
    if (!(start >= 0 && end > start && end <= text.length))
      throw new Error(`loc bench: ${what}: range ${start}-${end} of ${a.entry.loc.join('.')} is not in the text`);
  }
}

function timeRuns(runs: number, fn: () => AnchoredEntry[], verify: (r: AnchoredEntry[]) => void): number[] {
  verify(fn()); // warm-up (JIT) and the check, outside the timings
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const result = fn();
    times.push(performance.now() - t0);
    if (i === runs - 1) verify(result);
  }
  return times;
}

export async function runLocBench(runs = 15): Promise<BenchRow[]> {
  const { text, injected } = largeReportWithErrors(COMPONENTS, ERRORS);
  console.log(
    `loc: ${COMPONENTS} components, ${(text.length / 1024 / 1024).toFixed(1)} MiB pretty-printed, ${text.split('\n').length} lines; injected ${[...injected].map(([k, n]) => `${n} × ${k}`).join(', ')}`,
  );
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-bench-loc-'));
  // The 422 is all this bench asks for: the minimal renderer keeps render workers out of it.
  const service = await startLocalService({
    port: 0,
    dataDir,
    rateLimit: 0,
    keys: [{ key: KEY, quotaSingle: 10, quotaMulti: 10 }],
    renderer: createMinimalRenderer(),
  });
  const client = new ReportClient({ apiKey: KEY, baseUrl: service.baseUrl, retry: { retries: 0 } });
  try {
    const first = await submitFor422(client, text);
    const entries = first.entries;
    if (entries.length !== ERRORS)
      throw new Error(`loc bench: the service answered ${entries.length} entries for ${ERRORS} injected errors`);
    const roundTrips = [first.ms];
    for (let i = 0; i < 4; i++) roundTrips.push((await submitFor422(client, text)).ms);
    console.log(
      `loc: the local service answered 422 with ${entries.length} entries; submit → 422 median ${median(roundTrips).toFixed(0)} ms (${roundTrips.length} runs)`,
    );

    const onSubmit = timeRuns(
      runs,
      () => anchorEntries(text, entries, { sentText: text }),
      (r) => check(r, text, 'on the sent text'),
    );
    // An edit near the top moves every node below it: each entry is found again by its loc.
    const at = text.indexOf('"report_title"');
    const edited = `${text.slice(0, at)}"version_number": "v2 (edited in the bench)",\n    ${text.slice(at)}`;
    const afterEdit = timeRuns(
      runs,
      () => anchorEntries(edited, entries, { sentText: text }),
      (r) => check(r, edited, 'after an edit'),
    );
    console.log(
      `loc: 422 → ${ERRORS} ranges median ${median(onSubmit).toFixed(1)} ms; re-anchored after an edit median ${median(afterEdit).toFixed(1)} ms (${runs} runs each)`,
    );
    const size = `${(text.length / 1024 / 1024).toFixed(1)} MiB JSON, ${runs} runs`;
    return [
      {
        group: 'loc',
        figure: `422 → ranges, ${COMPONENTS.toLocaleString('en-US')}-component report with ${ERRORS.toLocaleString('en-US')} errors`,
        median: median(onSubmit),
        unit: 'ms',
        target: 50,
        note: `anchorEntries on the sent text, ${size}`,
      },
      {
        group: 'loc',
        figure: `422 ranges re-anchored after an edit (same report)`,
        median: median(afterEdit),
        unit: 'ms',
        target: 20,
        note: `every node moved, ${size}`,
      },
      {
        group: 'loc',
        figure: `submit → 422 with ${ERRORS.toLocaleString('en-US')} entries (local service, same report)`,
        median: median(roundTrips),
        unit: 'ms',
        note: `loopback HTTP, validation and pydantic translation, ${roundTrips.length} runs`,
      },
    ];
  } finally {
    await client.close();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runLocBench(Number(process.argv[2]) || undefined).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
