/**
 * The production bundle (dist/extension.js as the .vsix ships it): its size against the
 * 1 MB budget, and its activation cost outside VS Code — a fresh Node process per sample
 * loads it against a stub 'vscode' module and calls activate(). Reports require (parse +
 * module init) and activate() separately. VS Code's own overhead around activation is not
 * included: activation inside the real workbench is the harness bench (harness.ts).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildExtensionBundle, REPO_ROOT } from '../../test/helpers/extensionBundle';
import { median, percentile, type BenchRow } from './table';

const SAMPLES = 15;
/** What the bundle may weigh (the README's performance table shows it): parsed on every activation. */
const BUDGET_KB = 300;

export async function runActivationBench(samples = SAMPLES): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-activation-'));
  try {
    const bundle = await buildExtensionBundle(outDir);
    const kb = bundle.bytes / 1024;
    console.log(`dist/extension.js (production): ${kb.toFixed(0)} KB (budget ${BUDGET_KB} KB)`);
    const child = path.join(REPO_ROOT, 'scripts/bench/activationChild.cjs');
    const results: Array<{ requireMs: number; activateMs: number }> = [];
    for (let i = 0; i < samples; i++) {
      const out = execFileSync(process.execPath, [child, bundle.file], { cwd: REPO_ROOT, encoding: 'utf8' });
      results.push(JSON.parse(out.trim().split('\n').pop() ?? '{}'));
    }
    for (const key of ['requireMs', 'activateMs'] as const) {
      const v = results.map((r) => r[key]);
      console.log(
        `${key.padEnd(11)} median ${median(v).toFixed(1)} ms, p90 ${percentile(v, 90).toFixed(1)} ms (${samples} cold processes)`,
      );
    }
    const total = results.map((r) => r.requireMs + r.activateMs);
    console.log(`total       median ${median(total).toFixed(1)} ms`);
    return [
      {
        group: 'size',
        figure: '`dist/extension.js` size (production bundle, minified)',
        median: kb,
        unit: 'KB',
        target: BUDGET_KB,
      },
      {
        group: 'activation-stub',
        figure: 'activate() in Node with a stub vscode (require + activate)',
        median: median(total),
        unit: 'ms',
        note: `require ${median(results.map((r) => r.requireMs)).toFixed(1)} ms + activate ${median(results.map((r) => r.activateMs)).toFixed(1)} ms, ${samples} cold processes`,
      },
    ];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
