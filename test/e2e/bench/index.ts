// The harness bench (scripts/bench/harness.ts), run in VS Code's Node extension host like the
// e2e suite (extensionTestsPath), against the installed .vsix, in a fresh window on an empty
// workspace. Not mocha: one run() that measures and writes its samples as JSON to
// REPORT_STUDIO_BENCH_OUT; the launcher reads them.
//   (a) activation, as VS Code records it (Developer: Startup Performance): load code + call
//       activate() + its promise resolving. REPORT_STUDIO_BENCH_MODE says which activation:
//       'startup' — the stock case: the workbench loads the user's settings.json as a JSONC
//         model at window start, so `onLanguage:jsonc` activates the extension before any
//         bench code runs;
//       'idle' — a profile without settings.json (the launcher removes it): nothing activates
//         the extension, and the bench times its own ext.activate() in the settled window.
//   (b) when REPORT_STUDIO_BENCH_PREVIEW_SAMPLES > 0: edit → preview visible in the panel.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';
import { activationStats, type ActivationStats } from './activationStats';
import { measureLive } from './live';
import { measurePreviews } from './preview';

export const EXTENSION_ID = 'report-studio.report-studio';
/** How long an idle window is left to settle (it starts the bench while still restoring). */
const SETTLE_MS = 1_500;

export interface HarnessSamples {
  mode: 'startup' | 'idle';
  vscodeVersion: string;
  uiKind: string;
  /** VS Code's record of the activation. */
  activation: ActivationStats;
  /** ms of the bench's own ext.activate() call; absent when VS Code had activated it already. */
  activateCallMs?: number;
  /** Bytes of dist/extension.js in the installed extension. */
  bundleBytes: number;
  previewMs: number[];
  /** Keystroke → live view updated (ms), and the draft renders behind them. */
  liveMs?: number[];
  liveRenderMs?: number[];
  previewWarmupMs?: number;
  previewReport?: string;
}

function writeResult(result: HarnessSamples | { error: string }): void {
  const out = process.env.REPORT_STUDIO_BENCH_OUT;
  if (!out) throw new Error('REPORT_STUDIO_BENCH_OUT is not set (run it through scripts/bench/harness.ts)');
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}

async function measure(): Promise<HarnessSamples> {
  const ext = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  const bundleBytes = fs.statSync(path.join(ext.extensionPath, 'dist', 'extension.js')).size;
  const mode = process.env.REPORT_STUDIO_BENCH_MODE === 'idle' ? 'idle' : 'startup';
  let activateCallMs: number | undefined;
  if (mode === 'idle') {
    const activeAlready = (): void => {
      if (ext.isActive)
        throw new Error(
          `${EXTENSION_ID} is active in the idle window; open documents: ${vscode.workspace.textDocuments.map((d) => d.uri.toString()).join(', ') || 'none'}`,
        );
    };
    activeAlready();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    activeAlready();
    const t0 = performance.now();
    await ext.activate();
    activateCallMs = performance.now() - t0;
  } else {
    for (const deadline = Date.now() + 10_000; !ext.isActive; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error(`${EXTENSION_ID} did not activate at window start (is the user settings.json missing?)`);
    }
  }
  const activation = await activationStats(EXTENSION_ID);
  const total = activation.loadCodeMs + activation.callActivateMs + activation.finishActivateMs;
  console.log(
    `bench: VS Code ${vscode.version} (${vscode.UIKind[vscode.env.uiKind]}); activated by ${activation.event}${activation.eager ? ' (eager)' : ''}: ` +
      `load code ${activation.loadCodeMs} + activate() ${activation.callActivateMs} + resolve ${activation.finishActivateMs} = ${total} ms` +
      (activateCallMs === undefined ? '' : `; the bench's ext.activate() took ${activateCallMs.toFixed(1)} ms`),
  );
  const result: HarnessSamples = {
    mode,
    vscodeVersion: vscode.version,
    uiKind: vscode.UIKind[vscode.env.uiKind],
    activation,
    activateCallMs,
    bundleBytes,
    previewMs: [],
  };
  const samples = Number(process.env.REPORT_STUDIO_BENCH_PREVIEW_SAMPLES ?? 0);
  if (samples > 0) Object.assign(result, await measurePreviews(await ext.activate(), samples));
  const liveSamples = Number(process.env.REPORT_STUDIO_BENCH_LIVE_SAMPLES ?? 0);
  if (liveSamples > 0) Object.assign(result, await measureLive(await ext.activate(), liveSamples));
  return result;
}

/** extensionTestsPath entry: the workbench calls it and reports how its promise settled. */
export async function run(): Promise<void> {
  try {
    writeResult(await measure());
  } catch (e) {
    const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(`bench: ${error}`);
    writeResult({ error });
    throw e;
  }
}
