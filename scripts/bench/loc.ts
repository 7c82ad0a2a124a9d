/**
 * 422 → ranges for a 5,000-component report with 1,000 errors. The report (pretty-printed
 * JSON, components nested in Sections and Rows, see test/helpers/largeReport.ts) is previewed
 * on the local service, over loopback, which answers the real 422; its 1,000 pydantic entries
 * are then mapped to ranges by what the extension runs on a 422 (anchorEntriesOn, as
 * ServiceDiagnostics.setFromValidationError does), and again after an edit the way the
 * extension follows one: Anchoring.update() with the edit's change event (incremental), beside
 * anchoring afresh on the edited text for comparison. Two edits: a property added near the top
 * (every node below moves) and a component inserted halfway (the entries after it name other
 * nodes now and are resolved again). Medians; the bench checks that 1,000 ranges come out, each
 * on the node its loc names, and that the incremental ranges are the fresh ones.
 *   npx tsx scripts/bench/loc.ts [runs]   (or via npm run bench)
 */
import { deepStrictEqual } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ValidationErrorEntry } from '../../src/core/api/types';
import { ReportClient } from '../../src/core/client/apiClient';
import { isReportServiceError } from '../../src/core/client/errors';
import { anchorEntries, anchorEntriesOn, type AnchoredEntry } from '../../src/core/loc/anchorEntries';
import { applyChange, type TextChange } from '../../src/core/loc/textChanges';
import { createMinimalRenderer } from '../../src/render/minimalRenderer';
import { startLocalService } from '../../src/service/service';
import { largeReportWithErrors } from '../../test/helpers/largeReport';
import { median, type BenchRow } from './table';

const COMPONENTS = 5_000;
const ERRORS = 1_000;
const KEY = 'rs_bench_loc_key_0123456789';
const WARM_UP = 3;

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
function check(anchored: AnchoredEntry[], text: string, what: string, count = ERRORS): void {
  if (anchored.length !== count) throw new Error(`loc bench: ${what}: ${anchored.length} ranges for ${count} entries`);
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

/** One figure: what is timed, and the check of its result (made outside the timings). */
interface Case {
  run: () => AnchoredEntry[];
  verify: (r: AnchoredEntry[]) => void;
}

/**
 * `runs` timings of every case, taken in turn (one run of each, then again) so that the load of
 * a shared machine and the collection of garbage fall on all of them alike. (Collecting the
 * heap before each run would not be fairer: a run after a forced collection is ~20 % slower,
 * as the young generation grows back.)
 */
function timeRounds(runs: number, cases: Case[]): number[][] {
  for (const c of cases) c.verify(c.run());
  for (let i = 0; i < WARM_UP; i++) for (const c of cases) c.run(); // the JIT settles
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    cases.forEach((c, k) => {
      const t0 = performance.now();
      const result = c.run();
      times[k].push(performance.now() - t0);
      if (i === runs - 1) c.verify(result);
    });
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

    const sent = anchorEntriesOn(text, entries, { sentText: text });
    /** An edit followed incrementally from the anchoring on the sent text, and anchored afresh. */
    const edit = (change: TextChange, what: string) => {
      const edited = applyChange(text, change)!;
      const fresh = anchorEntries(edited, entries, { sentText: text });
      const verify = (r: AnchoredEntry[]) => {
        check(r, edited, what, fresh.length);
        deepStrictEqual(r, fresh, `loc bench: ${what}: the incremental ranges differ from anchoring afresh`);
      };
      return {
        incremental: { run: () => sent.update(edited, [change]).shown, verify },
        afresh: { run: () => anchorEntries(edited, entries, { sentText: text }), verify },
        resolved: sent.update(edited, [change]).resolved,
        kept: fresh.length,
      };
    };
    // An edit near the top moves every node below it: each entry moves with its node.
    const topEdit = edit(
      { offset: text.indexOf('"report_title"'), length: 0, text: '"version_number": "v2 (edited in the bench)",\n    ' },
      'after an edit at the top',
    );
    // A component inserted halfway: the entries after it name other nodes by index now.
    const sections = text.indexOf('"components": [') + '"components": ['.length;
    let halfway = text.indexOf('\n    {\n      "type": "Section"', text.length / 2);
    if (halfway < sections) halfway = sections;
    const insertEdit = edit(
      { offset: halfway + 1, length: 0, text: '    { "type": "Spacer", "options": { "space": 1 } },\n' },
      'after a component inserted halfway',
    );
    const [onSubmit, topIncremental, topAfresh, insertIncremental, insertAfresh] = timeRounds(runs, [
      { run: () => anchorEntriesOn(text, entries, { sentText: text }).shown, verify: (r) => check(r, text, 'on the sent text') },
      topEdit.incremental,
      topEdit.afresh,
      insertEdit.incremental,
      insertEdit.afresh,
    ]);
    const top = { ...topEdit, incremental: topIncremental, afresh: topAfresh };
    const inserted = { ...insertEdit, incremental: insertIncremental, afresh: insertAfresh };
    if (top.kept !== ERRORS) throw new Error(`loc bench: an edit at the top dropped ${ERRORS - top.kept} entries`);
    console.log(
      `loc: 422 → ${ERRORS} ranges median ${median(onSubmit).toFixed(1)} ms; after an edit at the top: incremental ${median(top.incremental).toFixed(1)} ms ` +
        `(${top.resolved} entries resolved again), afresh ${median(top.afresh).toFixed(1)} ms; after a component inserted halfway: incremental ` +
        `${median(inserted.incremental).toFixed(1)} ms (${inserted.resolved} resolved again, ${inserted.kept} still apply), afresh ${median(inserted.afresh).toFixed(1)} ms (${runs} runs each, taken in turn)`,
    );
    const size = `${(text.length / 1024 / 1024).toFixed(1)} MiB JSON, ${runs} runs`;
    return [
      {
        group: 'loc',
        figure: `422 → ranges, ${COMPONENTS.toLocaleString('en-US')}-component report with ${ERRORS.toLocaleString('en-US')} errors`,
        median: median(onSubmit),
        unit: 'ms',
        target: 50,
        note: `anchorEntriesOn on the sent text, ${size}`,
      },
      {
        group: 'loc',
        figure: `422 ranges re-anchored after an edit (same report)`,
        median: median(top.incremental),
        unit: 'ms',
        target: 20,
        peer: { label: 'anchored afresh', median: median(top.afresh) },
        note: `Anchoring.update with the edit's change, a property added at the top: every node moved, ${top.resolved} resolved again; ${size}`,
      },
      {
        group: 'loc',
        figure: `422 ranges re-anchored after a component inserted halfway (same report)`,
        median: median(inserted.incremental),
        unit: 'ms',
        peer: { label: 'anchored afresh', median: median(inserted.afresh) },
        note: `Anchoring.update: ${inserted.resolved} entries after it resolved again; ${size}`,
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
