// Edit → preview visible in the panel: a copy of a 1-page example is open; each sample
// changes its title with a WorkspaceEdit, runs reportStudio.preview (the bundled local
// service, as a user without an API key gets it) and ends when the new JPEG is decoded and
// shown in the result panel's webview. The webview records that moment itself (Date.now()
// inside the viewer frame, armed through the bench driver in the launcher, same clock), so
// polling latency does not count. Three warm-ups first (local service start, panel creation,
// each render worker's JPEG encoder).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';

export const REPORT = 'kpi-dashboard.report.json';
/** Previews run before the timed ones (panel, local service, workers, pdf.js and the encoders warm). */
const WARM_UPS = 3;
/** The bundle lives in <repo>/out/e2e/bench/. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export async function driver<T>(action: 'arm' | 'armText' | 'shown' | 'screenshot', args: Record<string, unknown>): Promise<T> {
  const url = process.env.REPORT_STUDIO_BENCH_DRIVER;
  if (!url) throw new Error('REPORT_STUDIO_BENCH_DRIVER is not set');
  const res = await fetch(`${url}/${action}`, { method: 'POST', body: JSON.stringify(args) });
  const body = (await res.json()) as { value?: T; error?: string };
  if (!res.ok) throw new Error(`bench driver ${action}: ${body.error}`);
  return body.value as T;
}

export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 50))) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  }
}

/** Replaces the report_title value; resolves once the document holds it. */
export async function setTitle(document: vscode.TextDocument, title: string): Promise<void> {
  const text = document.getText();
  const m = /"report_title"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text);
  if (!m) throw new Error(`${REPORT} has no report_title`);
  const start = m.index + m[0].length - m[1].length;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(start + m[1].length)), JSON.stringify(title));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the WorkspaceEdit was refused');
}

interface Outcome {
  status: string;
  message?: string;
}

async function preview(uri: vscode.Uri): Promise<void> {
  const outcome = await vscode.commands.executeCommand<Outcome>('reportStudio.preview', uri);
  if (outcome?.status !== 'success') throw new Error(`preview ended ${outcome?.status}: ${outcome?.message ?? ''}`);
}

export async function measurePreviews(
  api: ReportStudioApi,
  samples: number,
): Promise<{ previewMs: number[]; previewNoLiveMs: number[]; previewWarmupMs: number; previewReport: string }> {
  // A copy outside the workspace: the bench never touches the repository's examples.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-bench-'));
  const file = path.join(dir, REPORT);
  fs.copyFileSync(path.join(REPO_ROOT, 'examples', REPORT), file);
  const document = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(document);

  const warmStart = Date.now();
  await setTitle(document, 'KPI dashboard (warm-up)');
  await preview(document.uri);
  await waitFor(
    'the first preview in the panel',
    () => {
      const s = api.resultPanels.viewerState(document.uri);
      return s?.view === 'jpeg' && s.result?.kind === 'jpeg' ? s : undefined;
    },
    60_000,
  );
  const previewWarmupMs = Date.now() - warmStart;
  console.log(`bench: warm-up preview shown after ${previewWarmupMs} ms`);
  // Two more, untimed: each render worker's first preview compiles its JPEG encoder (WASM).
  for (let i = 1; i <= WARM_UPS - 1; i++) {
    await setTitle(document, `KPI dashboard (warm-up ${i + 1})`);
    await preview(document.uri);
  }

  const timed = async (label: string): Promise<number[]> => {
    const ms: number[] = [];
    for (let i = 1; i <= samples; i++) {
      await new Promise((r) => setTimeout(r, 500)); // let the viewer settle (state notifications, toasts)
      const armed = await driver<number>('arm', { report: REPORT });
      if (armed < 1) throw new Error(`no result viewer of ${REPORT} to watch`);
      const t0 = Date.now();
      await setTitle(document, `KPI dashboard (${label} ${i})`);
      await preview(document.uri);
      const shownAt = await driver<number>('shown', { report: REPORT, timeoutMs: 30_000 });
      ms.push(shownAt - t0);
      console.log(`bench: edit → preview visible (${label}) #${i}: ${shownAt - t0} ms`);
    }
    return ms;
  };
  // As a user gets it: the live view redraws the edit, and the Preview's task takes its PDF.
  const previewMs = await timed('live view on');
  console.log(`bench: the window after the last sample: ${await driver<string>('screenshot', {})}`);
  // Without the live view the task lays the report out itself.
  const config = vscode.workspace.getConfiguration('reportStudio');
  await config.update('livePreview', 'off', vscode.ConfigurationTarget.Global);
  let previewNoLiveMs: number[];
  try {
    previewNoLiveMs = await timed('live view off');
  } finally {
    await config.update('livePreview', undefined, vscode.ConfigurationTarget.Global);
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  fs.rmSync(dir, { recursive: true, force: true });
  return { previewMs, previewNoLiveMs, previewWarmupMs, previewReport: REPORT };
}
