/**
 * The production bundles (as the .vsix ships them): the bootstrap dist/extension.js and the full
 * part dist/studio.js, their sizes against their budgets, and their cost outside VS Code — a
 * fresh Node process per sample loads the bootstrap against a stub 'vscode' module, calls
 * activate() (no report open: the bootstrap alone), then reads the API, which loads the full
 * part. VS Code's own overhead around activation is not included: activation inside the real
 * workbench is the harness bench (harness.ts).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildExtensionBundle, REPO_ROOT } from '../../test/helpers/extensionBundle';
import { median, percentile, type BenchRow } from './table';

const SAMPLES = 15;
/** What each bundle may weigh (test/unit/extension/bundle.test.ts holds the same budgets). */
const BOOTSTRAP_BUDGET_KB = 16;
const STUDIO_BUDGET_KB = 300;

interface Sample {
  requireMs: number;
  activateMs: number;
  stage: string;
  fullMs: number;
}

export async function runActivationBench(samples = SAMPLES): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-activation-'));
  try {
    const bundle = await buildExtensionBundle(outDir);
    const kb = bundle.bytes / 1024;
    const studioKb = bundle.studio.bytes / 1024;
    console.log(
      `dist/extension.js (production): ${kb.toFixed(1)} KB (budget ${BOOTSTRAP_BUDGET_KB} KB); dist/studio.js ${studioKb.toFixed(0)} KB (budget ${STUDIO_BUDGET_KB} KB)`,
    );
    const child = path.join(REPO_ROOT, 'scripts/bench/activationChild.cjs');
    const results: Sample[] = [];
    for (let i = 0; i < samples; i++) {
      const out = execFileSync(process.execPath, [child, bundle.file], { cwd: REPO_ROOT, encoding: 'utf8' });
      const sample = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Sample;
      if (sample.stage !== 'bootstrap') throw new Error(`activate() with no report open loaded the full part (stage ${sample.stage})`);
      results.push(sample);
    }
    for (const key of ['requireMs', 'activateMs', 'fullMs'] as const) {
      const v = results.map((r) => r[key]);
      console.log(
        `${key.padEnd(11)} median ${median(v).toFixed(1)} ms, p90 ${percentile(v, 90).toFixed(1)} ms (${samples} cold processes)`,
      );
    }
    const total = results.map((r) => r.requireMs + r.activateMs);
    console.log(`bootstrap   median ${median(total).toFixed(1)} ms`);
    return [
      {
        group: 'size',
        figure: '`dist/extension.js` size (the bootstrap, production, minified)',
        median: kb,
        unit: 'KB',
        target: BOOTSTRAP_BUDGET_KB,
      },
      {
        group: 'size',
        figure: '`dist/studio.js` size (the full part, production, minified)',
        median: studioKb,
        unit: 'KB',
        target: STUDIO_BUDGET_KB,
      },
      {
        group: 'activation-stub',
        figure: 'activate() in Node with a stub vscode, no report open (require + activate)',
        median: median(total),
        unit: 'ms',
        note: `require ${median(results.map((r) => r.requireMs)).toFixed(1)} ms + activate ${median(results.map((r) => r.activateMs)).toFixed(1)} ms, ${samples} cold processes`,
      },
      {
        group: 'activation-stub',
        figure: 'then the full part on demand (require dist/studio.js + activateStudio)',
        median: median(results.map((r) => r.fullMs)),
        unit: 'ms',
        note: `the API read after activation, ${samples} cold processes`,
      },
    ];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
