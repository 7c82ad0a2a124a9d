// The harness bench (scripts/bench/harness.ts), run in VS Code's Node extension host like the
// e2e suite (extensionTestsPath), against the installed .vsix, in a fresh window. Not mocha: one
// run() that measures and writes its samples as JSON to REPORT_STUDIO_BENCH_OUT; the launcher
// reads them.
//   (a) activation, as VS Code records it (Developer: Startup Performance): load code + call
//       activate() + its promise resolving, and which stage of the extension that loaded
//       (api.activation: the bootstrap alone, or the full part too, why, how long it took and
//       whether inside activate()). REPORT_STUDIO_BENCH_MODE says which activation:
//       'idle'   — a profile without settings.json on an empty workspace: nothing activates the
//         extension; the bench times its own ext.activate() in the settled window (on demand),
//         then the full part loading when the API is first read;
//       'plain'  — the window opens a JSON file that is not a report (data.json) at start, so
//         `onLanguage:json` activates the extension for it (or `onLanguage:jsonc` for the user's
//         settings.json, which the workbench also loads as a model);
//       'report' — the window opens a *.report.json at start.
//   (b) when REPORT_STUDIO_BENCH_PREVIEW_SAMPLES > 0: edit → preview visible in the panel.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ActivationState, ReportStudioApi } from '../../../src/extension/extension';
import { activationStats, type ActivationStats } from './activationStats';
import { measureLive } from './live';
import { measurePreviews, waitFor } from './preview';

export const EXTENSION_ID = 'report-studio.report-studio';
/** How long an idle window is left to settle (it starts the bench while still restoring). */
const SETTLE_MS = 1_500;

export type BenchMode = 'idle' | 'plain' | 'report';

export interface HarnessSamples {
  mode: BenchMode;
  vscodeVersion: string;
  uiKind: string;
  /** VS Code's record of the activation. */
  activation: ActivationStats;
  /**
   * The extension's own account once the window settled ('idle': right after ext.activate(),
   * before the bench read the API; 'report': once the full part was loaded).
   */
  stage: ActivationState;
  /** 'idle' only: the account after the bench first read the API, which loads the full part. */
  onDemandFull?: ActivationState;
  /** ms of the bench's own ext.activate() call; absent when VS Code had activated it already. */
  activateCallMs?: number;
  /** Bytes of dist/extension.js (the bootstrap) and dist/studio.js in the installed extension. */
  bundleBytes: number;
  studioBytes: number;
  previewMs: number[];
  /** The same with reportStudio.livePreview off (the task renders the report itself). */
  previewNoLiveMs?: number[];
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

/** How long a 'report' window may take to open its report and load the full part. */
const REPORT_TIMEOUT_MS = 30_000;

const describe = (s: ActivationState): string =>
  s.stage === 'bootstrap'
    ? 'the bootstrap alone'
    : `the full part too (${s.loadedBy}, ${s.loadMs?.toFixed(1)} ms, ${s.duringActivate ? 'inside' : 'after'} activate())`;

async function measure(): Promise<HarnessSamples> {
  const ext = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  const size = (file: string): number => fs.statSync(path.join(ext.extensionPath, 'dist', file)).size;
  const mode: BenchMode =
    process.env.REPORT_STUDIO_BENCH_MODE === 'idle' ? 'idle' : process.env.REPORT_STUDIO_BENCH_MODE === 'report' ? 'report' : 'plain';
  const openDocuments = (): string => vscode.workspace.textDocuments.map((d) => d.uri.toString()).join(', ') || 'none';
  let activateCallMs: number | undefined;
  if (mode === 'idle') {
    const activeAlready = (): void => {
      if (ext.isActive) throw new Error(`${EXTENSION_ID} is active in the idle window; open documents: ${openDocuments()}`);
    };
    activeAlready();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    activeAlready();
    const t0 = performance.now();
    await ext.activate();
    activateCallMs = performance.now() - t0;
  } else {
    await waitFor('the extension to activate at window start', () => ext.isActive || undefined, 30_000);
  }
  const api = ext.exports;
  if (mode === 'report') {
    await waitFor(
      `the full part to load with the report open (open documents: ${openDocuments()})`,
      () => (api.activation.stage === 'full' ? true : undefined),
      REPORT_TIMEOUT_MS,
    );
  } else if (api.activation.stage !== 'bootstrap') {
    throw new Error(`in a '${mode}' window the full part loaded (${describe(api.activation)}); open documents: ${openDocuments()}`);
  }
  const stage = api.activation;
  const activation = await activationStats(EXTENSION_ID);
  let onDemandFull: ActivationState | undefined;
  if (mode === 'idle') {
    void api.resultPanels;
    onDemandFull = api.activation;
  }
  const total = activation.loadCodeMs + activation.callActivateMs + activation.finishActivateMs;
  console.log(
    `bench: VS Code ${vscode.version} (${vscode.UIKind[vscode.env.uiKind]}), '${mode}' window; activated by ${activation.event}${activation.eager ? ' (eager)' : ''}: ` +
      `load code ${activation.loadCodeMs} + activate() ${activation.callActivateMs} + resolve ${activation.finishActivateMs} = ${total} ms, ${describe(stage)}` +
      (activateCallMs === undefined ? '' : `; the bench's ext.activate() took ${activateCallMs.toFixed(1)} ms`) +
      (onDemandFull ? `; then the API read loaded ${describe(onDemandFull)}` : ''),
  );
  const result: HarnessSamples = {
    mode,
    vscodeVersion: vscode.version,
    uiKind: vscode.UIKind[vscode.env.uiKind],
    activation,
    stage,
    onDemandFull,
    activateCallMs,
    bundleBytes: size('extension.js'),
    studioBytes: size('studio.js'),
    previewMs: [],
  };
  const samples = Number(process.env.REPORT_STUDIO_BENCH_PREVIEW_SAMPLES ?? 0);
  if (samples > 0) Object.assign(result, await measurePreviews(api, samples));
  const liveSamples = Number(process.env.REPORT_STUDIO_BENCH_LIVE_SAMPLES ?? 0);
  if (liveSamples > 0) Object.assign(result, await measureLive(api, liveSamples));
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
