// `npm start`: the whole loop on the embedded default, no key and no network needed.
// Starts the bundled local service in-process, previews and builds every
// examples/*.report.json into out/, prints the paths, the quota before and after and a
// summary table. Exit code 0 when every example previewed and built, 1 otherwise.
// (npm start runs scripts/build.mjs first; this file only uses dist/.)
import { createRequire } from 'node:module';
import { mkdtemp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const lib = require(join(root, 'dist', 'engine.js'));

const rel = (p) => relative(process.cwd(), p) || p;
const kb = (n) => (n === undefined ? '-' : `${(n / 1024).toFixed(1)} KB`);
const ms = (n) => (n === undefined ? '-' : `${n} ms`);

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function quotaLine(label, q) {
  return `${label}: ${q.remaining_single_page_reports}/${q.max_single_page_reports} single-page, ${q.remaining_multi_page_reports}/${q.max_multi_page_reports} multi-page reports left`;
}

/** One preview or build; returns what the summary needs, never throws. */
async function run(client, kind, file, text, out) {
  try {
    // The bundled service long-polls: each file comes back as soon as it is rendered.
    const longPollSeconds = lib.longPollSecondsFor(client.baseUrl);
    const result = await lib.runTask(client, { kind, report: text, output: { to: 'file', path: out }, longPollSeconds });
    const bytes = await readFile(out);
    const pages = kind === 'build' ? lib.pdfPageCount(bytes) : undefined;
    return { ok: true, ms: result.timings.totalMs, size: result.size, pages, path: out };
  } catch (error) {
    const lines = [`${kind} ${rel(file)} failed: ${error.message}`];
    if (error.kind === 'validation' && error.details?.length) {
      for (const d of lib.mapValidationErrors(text, error.details)) lines.push(`  ${lib.formatDiagnostic(rel(file), d)}`);
    }
    return { ok: false, error: lines.join('\n'), kind: error.kind ?? 'error' };
  }
}

async function main() {
  const examplesDir = join(root, 'examples');
  const outDir = join(root, 'out');
  const files = (await readdir(examplesDir))
    .filter((f) => f.endsWith('.report.json'))
    .sort()
    .map((f) => join(examplesDir, f));
  if (files.length === 0) {
    console.error(`no examples/*.report.json found in ${examplesDir}`);
    return 1;
  }
  await mkdir(outDir, { recursive: true });
  // A fresh data dir: every run starts with a full quota and leaves nothing behind.
  const dataDir = await mkdtemp(join(tmpdir(), 'report-studio-start-'));
  const started = Date.now();
  const service = await lib.startLocalService({ port: 0, dataDir, rateLimit: 0 });
  const client = new lib.ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl });
  console.log(`Local service: ${service.baseUrl} (data in ${dataDir}, started in ${Date.now() - started} ms)`);
  const rows = [['example', 'pages', 'preview', 'preview size', 'build', 'build size', 'status']];
  const failures = [];
  try {
    const before = await client.getRemainingQuota();
    console.log(quotaLine('Quota before', before));
    console.log('');
    for (const file of files) {
      const stem = basename(file).replace(/\.report\.json$/, '');
      const text = await readFile(file, 'utf8');
      const preview = await run(client, 'preview', file, text, join(outDir, `${stem}.preview.jpg`));
      const build = await run(client, 'build', file, text, join(outDir, `${stem}.pdf`));
      for (const r of [preview, build]) {
        if (r.ok) console.log(`  ${rel(r.path)}`);
        else failures.push(r.error);
      }
      const status =
        preview.ok && build.ok
          ? 'ok'
          : `FAILED (${[preview, build]
              .filter((r) => !r.ok)
              .map((r) => r.kind)
              .join(', ')})`;
      rows.push([basename(file), build.pages ?? '-', ms(preview.ms), kb(preview.size), ms(build.ms), kb(build.size), status]);
    }
    const after = await client.getRemainingQuota();
    console.log('');
    console.log(quotaLine('Quota after ', after));
    console.log('');
    console.log(table(rows));
  } finally {
    await client.close();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} step(s) failed:\n${failures.join('\n')}`);
    return 1;
  }
  console.log(
    `\nAll ${files.length} examples previewed and built into ${rel(outDir)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm start failed: ${lib.redact(String(error?.stack ?? error))}`);
    process.exit(1);
  },
);
