// Helpers of the result viewer e2e tests: the installed extension's API, real results from
// the packaged local service, and the UI driver (test/e2e/ui/driver.ts) that acts on
// the webview of the page this suite runs in.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';
import type { ResultPanels } from '../../../src/extension/viewer/resultPanels';
import type { ViewerState } from '../../../src/webview/protocol';
import { EXTENSION_ID, ui, waitFor } from './helpers';

export { ui, uiDriverUrl } from './helpers';
import type { TaskKind } from '../../../src/core/api/types';

export async function extensionApi(): Promise<ReportStudioApi> {
  const ext = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  const api = await ext.activate();
  if (!api?.resultPanels) throw new Error('activate() of the extension returns no { resultPanels } API');
  return api;
}

/** The open result panels' tabs, in every group. */
export function resultTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('reportStudio.result'));
}

/** A copy of the report with more pages (page breaks and copies of its first sections). */
export function longerReport(text: string): string {
  const report = JSON.parse(text);
  report.components.push({ type: 'PageBreak' }, report.components[0], { type: 'PageBreak' }, report.components[1]);
  return JSON.stringify(report, null, 2);
}

/**
 * A one-page PDF whose text uses unembedded standard fonts, as pdfkit's default Helvetica is:
 * pdf.js draws them with a local face when the machine has one (Liberation Sans for Helvetica)
 * and otherwise with the font data it fetches from media/pdfjs/standard_fonts/ (ZapfDingbats).
 */
export function standardFontPdf(text: string): Uint8Array {
  const content = `BT /F1 32 Tf 60 700 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET BT /F2 32 Tf 60 640 Td (3456) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

// ---- the local service, from the installed extension's own bundle ----------------------

interface ServiceLib {
  startLocalService(o: { dataDir: string; port?: number }): Promise<{ baseUrl: string; apiKeys: string[]; stop(): Promise<void> }>;
  ReportClient: new (o: { apiKey: string; baseUrl: string }) => { close?(): Promise<void> };
  runTask(
    client: unknown,
    o: { kind: TaskKind; report: string; output: { to: 'file'; path: string } },
  ): Promise<{ taskId: string; size: number }>;
  pdfPageCount(bytes: Uint8Array): number | undefined;
  jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined;
  mapValidationErrors(
    text: string,
    entries: unknown[],
  ): Array<{
    start: { line: number; character: number };
    end: { line: number; character: number };
    type: string;
    message: string;
    loc: (string | number)[];
  }>;
}

export class LocalRenderer {
  private constructor(
    readonly lib: ServiceLib,
    private readonly service: Awaited<ReturnType<ServiceLib['startLocalService']>>,
    readonly client: InstanceType<ServiceLib['ReportClient']>,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<LocalRenderer> {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const lib = require(path.join(ext.extensionPath, 'dist', 'engine.js')) as ServiceLib;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-viewer-e2e-'));
    const service = await lib.startLocalService({ dataDir, port: 0 });
    const client = new lib.ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl });
    return new LocalRenderer(lib, service, client, dataDir);
  }

  /** Where a client reaches this service, and a key it accepts (to use it as a custom service). */
  get baseUrl(): string {
    return this.service.baseUrl;
  }
  get apiKey(): string {
    return this.service.apiKeys[0];
  }

  /** Renders `text` and moves the file to `target` in one rename (as the extension must). */
  async render(kind: TaskKind, text: string, target: vscode.Uri): Promise<Uint8Array> {
    fs.mkdirSync(path.dirname(target.fsPath), { recursive: true });
    const tmp = `${target.fsPath}.${process.pid}.tmp`;
    await this.lib.runTask(this.client, { kind, report: text, output: { to: 'file', path: tmp } });
    fs.renameSync(tmp, target.fsPath);
    return new Uint8Array(fs.readFileSync(target.fsPath));
  }

  async stop(): Promise<void> {
    await this.client.close?.();
    await this.service.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

// ---- the UI driver ------------------------------------------------------------------------

export interface ElementInfo {
  text: string;
  value?: string;
  disabled?: boolean;
  hidden: boolean;
  dataset: Record<string, string>;
  naturalWidth?: number;
  naturalHeight?: number;
  width: number;
  height: number;
  /** Position in the viewer frame's viewport (CSS px). */
  left: number;
  top: number;
}

/** Elements of the visible viewer of `report` (a report file name, e.g. `sales.report.json`). */
/** A screenshot of the whole window, without notification toasts over the panel. */
export async function screenshot(name: string): Promise<string> {
  await vscode.commands.executeCommand('notifications.clearAll');
  return ui<string>('screenshot', { name });
}

export async function read(report: string, selector: string): Promise<ElementInfo[]> {
  return ui<ElementInfo[]>('read', { report, selector });
}

/**
 * How long a new panel's viewer may take to appear. Normally about a second; in code-server a
 * webview created while another one is being closed mid-load waits up to 30 s for the shared
 * service worker (see trackResourceLoads in test/e2e/ui/driver.ts).
 */
const VIEWER_START_MS = 45_000;

/** Polls the report's viewer until the first element matching `selector` satisfies `accept`. */
export async function waitForElement(
  report: string,
  what: string,
  selector: string,
  accept: (e: ElementInfo) => boolean,
  timeoutMs = VIEWER_START_MS,
): Promise<ElementInfo> {
  let last: ElementInfo[] = [];
  try {
    return await waitFor(
      what,
      async () => {
        last = await read(report, selector);
        return last.length > 0 && accept(last[0]) ? last[0] : undefined;
      },
      timeoutMs,
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}; ${selector} is now ${JSON.stringify(last[0] ?? null)}`, { cause: e });
  }
}

/** "page x of y" as the toolbar shows it. */
export async function pageIndicator(report: string): Promise<{ page: string; of: string }> {
  const [input] = await read(report, '#pageInput');
  const [count] = await read(report, '#pageCount');
  return { page: input?.value ?? '', of: count?.text ?? '' };
}

export async function waitForViewerState(
  panels: ResultPanels,
  report: vscode.Uri,
  what: string,
  accept: (s: ViewerState) => boolean,
  timeoutMs = VIEWER_START_MS,
): Promise<ViewerState> {
  try {
    return await waitFor(
      what,
      () => {
        const s = panels.viewerState(report);
        return s && accept(s) ? s : undefined;
      },
      timeoutMs,
    );
  } catch (e) {
    throw new Error(`${(e as Error).message}; state now ${JSON.stringify(panels.viewerState(report) ?? null)}`, { cause: e });
  }
}

/** Resolves with the next event `event` fires that `accept` likes. */
export function nextEvent<T>(event: vscode.Event<T>, accept: (e: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no matching event within ${timeoutMs} ms`));
    }, timeoutMs);
    const sub = event((e) => {
      if (!accept(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}
