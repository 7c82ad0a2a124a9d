/**
 * "Report Studio: Compare with…": the report's pages now (the editor's text, unsaved edits
 * included) against HEAD, its last build or another file, in the compare view. Both reports
 * are drawn by the bundled local service's renderer as drafts (no task, never charged, off this
 * thread); the pages are then compared here by the engine's visual differ (page keys, then
 * PDFium rasters and pixels; src/render/diff/).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeChanges, type ReportDiff } from '../../core/diff/diffTypes';
import type { CompareResult } from '../../webview/compare/compareProtocol';
import type { DiffSide, VisualDiffer } from '../../cli/localService';
import type { ReportLog } from '../log';
import { loadEngine } from '../service/runtimeLoader';
import type { LocalServiceHost } from '../service/localServiceHost';
import type { ComparePanels } from './comparePanel';
import type { OldSide } from './compareSources';

/** Up to this many pages, unchanged pages are drawn too (the view opens them on demand). */
const DRAW_UNCHANGED_UP_TO = 30;

export interface CompareDeps {
  context: vscode.ExtensionContext;
  local: LocalServiceHost;
  log: ReportLog;
  panels: ComparePanels;
}

let differ: Promise<VisualDiffer> | undefined;

/** The differ (PDFium, ~0.5 s to start) is made once and released with the extension. */
function visualDiffer(deps: CompareDeps): Promise<VisualDiffer> {
  if (!differ) {
    const made = loadEngine(deps.context.extensionPath).createVisualDiffer();
    differ = made;
    deps.context.subscriptions.push({
      dispose: () =>
        void made.then(
          (d) => d.dispose(),
          () => undefined,
        ),
    });
    made.catch(() => (differ = undefined));
  }
  return differ;
}

async function draw(deps: CompareDeps, text: string, label: string, signal: AbortSignal): Promise<DiffSide> {
  const service = await deps.local.ensureStarted({ announce: false });
  const draft = await service.renderDraft(text, { signal });
  if (!draft.ok)
    throw new Error(
      draft.problems === 1
        ? vscode.l10n.t('{0} is not a report the service would accept (1 problem): fix it, then compare again.', label)
        : vscode.l10n.t('{0} is not a report the service would accept ({1} problems): fix it, then compare again.', label, draft.problems),
    );
  return { label, pdf: draft.pdf, pageKeys: draft.pageKeys };
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Uint8Array | undefined): { width: number; height: number } {
  if (!png || png.length < 24) return { width: 1, height: 1 };
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const dataUri = (png: Uint8Array | undefined) => (png ? `data:image/png;base64,${Buffer.from(png).toString('base64')}` : undefined);

export async function compareReport(deps: CompareDeps, document: vscode.TextDocument, old: OldSide): Promise<ReportDiff | undefined> {
  const report = path.basename(document.uri.path);
  const newLabel = document.isDirty ? vscode.l10n.t('editor (unsaved)') : vscode.l10n.t('editor');
  const title = vscode.l10n.t('Compare: {0} ↔ {1}', report, old.label);
  deps.panels.show(document.uri, title, { type: 'comparing', report, oldLabel: old.label, newLabel });
  const controller = new AbortController();
  try {
    return await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Comparing {0} with {1}', report, old.label),
        cancellable: true,
      },
      async (_progress, token) => {
        token.onCancellationRequested(() => controller.abort(new Error('cancelled')));
        const started = Date.now();
        const engine = await visualDiffer(deps);
        const oldSide = 'pdf' in old ? engine.pdfSide(old.pdf, old.label) : await draw(deps, old.text, old.label, controller.signal);
        const newSide = await draw(deps, document.getText(), newLabel, controller.signal);
        const pages = Math.max(oldSide.pageKeys?.length ?? 0, newSide.pageKeys?.length ?? 0);
        const { diff, images } = await engine.diff(oldSide, newSide, {
          images: pages <= DRAW_UNCHANGED_UP_TO ? 'all' : 'changed',
          signal: controller.signal,
        });
        const byPage = new Map(images.map((i) => [i.page, i]));
        const size = pngSize(images[0]?.new ?? images[0]?.old);
        const result: CompareResult = {
          report,
          oldLabel: diff.oldLabel,
          newLabel: diff.newLabel,
          oldPages: diff.oldPages,
          newPages: diff.newPages,
          summary: describeChanges(diff, vscode.l10n),
          pageWidth: size.width,
          pageHeight: size.height,
          pages: diff.pages.map((p) => ({ ...p, old: dataUri(byPage.get(p.page)?.old), new: dataUri(byPage.get(p.page)?.new) })),
        };
        deps.panels.show(document.uri, title, { type: 'result', result });
        deps.log.info(`compare ${report} with ${old.label}: ${result.summary} (${Date.now() - started} ms)`);
        return diff;
      },
    );
  } catch (error) {
    const message = controller.signal.aborted ? 'Cancelled.' : (error as Error).message;
    deps.panels.show(document.uri, title, { type: 'error', report, message });
    if (!controller.signal.aborted) deps.log.warn(`compare ${report} with ${old.label}: ${message}`);
    return undefined;
  }
}
