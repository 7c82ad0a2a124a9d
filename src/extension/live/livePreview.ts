/**
 * The live view: the report's panel follows the text as the author types (or saves), drawn as
 * vector PDF pages by the local renderer (LocalService.renderDraft: no task, never charged).
 * The first keystroke after a pause is drawn at once, a burst after it once it pauses; a newer
 * text supersedes the render in flight; text that cannot be drawn (half-typed JSON, a value
 * the service would refuse) keeps the last good pages under a quiet "Paused: N problems" badge. Only reports whose panel is open follow; "Open Live
 * Preview" opens one. The explicit Preview command still asks the service for its JPEG.
 */
import * as vscode from 'vscode';
import { writeHostFileAtomically } from '../hostFiles';
import { describeDraftProblem } from '../../core/loc/draftProblem';
import type { DraftRender } from '../../service/service';
import type { RenderNoteDiagnostics } from '../diagnostics/renderNoteDiagnostics';
import type { ReportLog } from '../log';
import { isReportDocument } from '../reportDocument';
import type { ClientFactory } from '../service/clientFactory';
import type { LocalServiceHost } from '../service/localServiceHost';
import { readSettings } from '../service/serviceConfig';
import { liveFileFor } from '../viewer/resultFiles';
import type { ResultPanels } from '../viewer/resultPanels';
import { liveMode, type LiveMode } from './liveMode';

/**
 * Quiet time that ends a burst of keystrokes (the first one after a pause is drawn at once).
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const LIVE_DEBOUNCE_MS = 60;

export interface LivePreviewDeps {
  context: Pick<vscode.ExtensionContext, 'globalStorageUri'>;
  panels: ResultPanels;
  local: LocalServiceHost;
  clients: ClientFactory;
  log: ReportLog;
  /** True while a Preview or Build of the report runs: its result is about to replace the panel. */
  submitting?: (report: vscode.Uri) => boolean;
  /** Where a drawn text's render notes go (content cut from a single page, …): Problems on their components. */
  renderNotes?: Pick<RenderNoteDiagnostics, 'set'>;
}

/** What one render did, for the command's caller and the tests. */
export type LiveOutcome =
  | { status: 'shown'; file: string; pageCount: number; renderMs: number; version: number }
  | { status: 'paused'; problems: number; version: number }
  | { status: 'superseded' }
  /** Drawn but not shown: a Preview or Build of the report was running, and its result replaces the panel. */
  | { status: 'held'; version: number }
  | { status: 'failed'; message: string };

interface DocState {
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
  /** Bumped per render: only the newest one may show its result. */
  seq: number;
}

export class LivePreview implements vscode.Disposable {
  private readonly docs = new Map<string, DocState>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly finished = new vscode.EventEmitter<{ report: vscode.Uri; outcome: LiveOutcome }>();
  /** Fires after each render that ran to its end (shown, paused or failed). */
  readonly onDidRender = this.finished.event;

  constructor(private readonly deps: LivePreviewDeps) {
    this.subscriptions.push(
      this.finished,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) void this.changed(e.document, 'onType');
      }),
      vscode.workspace.onDidSaveTextDocument((d) => void this.changed(d, 'onSave')),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
    );
  }

  /** The mode in force now for `report` (its folder's setting), with `auto` decided by the service in use. */
  async mode(report?: vscode.Uri): Promise<LiveMode> {
    return liveMode(readSettings(report).livePreview, (await this.deps.clients.target()).mode);
  }

  /** "Open Live Preview": draws the report now and opens its panel beside the editor. */
  open(document: vscode.TextDocument): Promise<LiveOutcome> {
    this.cancelTimer(document.uri);
    return this.render(document, true);
  }

  /** Draws every open live view again (trust was granted: its images can be fetched now). */
  async redrawOpen(): Promise<void> {
    for (const report of this.deps.panels.liveReports()) {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === report.toString());
      if (document && !document.isClosed) await this.render(document, false);
    }
  }

  dispose(): void {
    for (const uri of [...this.docs.keys()]) this.forget(vscode.Uri.parse(uri));
    for (const d of this.subscriptions) d.dispose();
  }

  private async changed(document: vscode.TextDocument, trigger: Exclude<LiveMode, 'off'>): Promise<void> {
    // Only a report whose panel is open follows its text: typing never opens panels.
    if (!isReportDocument(document) || !this.deps.panels.hasPanel(document.uri)) return;
    // Saving an untitled copy empties it before VS Code closes it: nothing to draw (drawing it
    // paused the view of the saved file on "Missing required field body").
    if (document.uri.scheme === 'untitled' && document.getText() === '') return;
    const mode = await this.mode(document.uri);
    // onType also draws on save (a save can follow an undo to the saved text); onSave only then.
    if (mode === 'off' || (mode === 'onSave' && trigger === 'onType')) return;
    const state = this.state(document.uri);
    // The first keystroke after a pause is drawn at once; keystrokes that follow while it is
    // drawn (or waiting) are gathered until the typing pauses for LIVE_DEBOUNCE_MS.
    const idle = !state.timer && !state.controller;
    this.cancelTimer(document.uri);
    state.timer = setTimeout(
      () => {
        state.timer = undefined;
        if (!document.isClosed) void this.render(document, false);
      },
      trigger === 'onType' && !idle ? LIVE_DEBOUNCE_MS : 0,
    );
  }

  private async render(document: vscode.TextDocument, reveal: boolean): Promise<LiveOutcome> {
    const state = this.state(document.uri);
    const seq = ++state.seq;
    state.controller?.abort(new Error('superseded by a newer text'));
    const controller = new AbortController();
    state.controller = controller;
    const text = document.getText();
    const version = document.version;
    const { panels, log } = this.deps;
    let outcome: LiveOutcome;
    try {
      // Rendering only: with a hosted service selected, no notice says requests go to the local one.
      const service = await this.deps.local.ensureStarted({ announce: (await this.deps.clients.target()).mode === 'local' });
      const draft: DraftRender = await service.renderDraft(text, {
        signal: controller.signal,
        document: `live:${document.uri.toString()}`,
      });
      if (seq !== state.seq) return { status: 'superseded' };
      // The draft was still worth drawing (the task takes its PDF); showing it would only flash
      // before the service's result replaces it.
      if (!reveal && this.deps.submitting?.(document.uri)) {
        outcome = { status: 'held', version };
      } else if (!draft.ok) {
        panels.showLivePaused(
          document.uri,
          { problems: draft.problems, first: describeDraftProblem(text, draft.detail, vscode.l10n) },
          reveal,
        );
        outcome = { status: 'paused', problems: draft.problems, version };
      } else {
        const file = liveFileFor(this.deps.context.globalStorageUri, document.uri);
        await writeHostFileAtomically(file, draft.pdf);
        if (seq !== state.seq) return { status: 'superseded' };
        // The bytes go along: the viewer draws them without fetching the file it was written to.
        await panels.showLive(
          document.uri,
          { file, pageCount: draft.pageCount, boxes: draft.boxes, pageKeys: draft.pageKeys, data: draft.pdf },
          reveal,
        );
        // The notes of the text on screen replace the last run's (a text without notes clears them).
        this.deps.renderNotes?.set(document, text, draft.notes);
        outcome = { status: 'shown', file: file.fsPath, pageCount: draft.pageCount, renderMs: draft.renderMs, version };
      }
    } catch (error) {
      if (seq !== state.seq || controller.signal.aborted) return { status: 'superseded' };
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`Live preview of ${document.uri.fsPath || document.uri.toString()} failed: ${message}`);
      panels.showLivePaused(document.uri, { problems: 1, first: message }, reveal);
      outcome = { status: 'failed', message };
    } finally {
      if (state.controller === controller) state.controller = undefined;
    }
    this.finished.fire({ report: document.uri, outcome });
    return outcome;
  }

  private state(uri: vscode.Uri): DocState {
    let s = this.docs.get(uri.toString());
    if (!s) this.docs.set(uri.toString(), (s = { seq: 0 }));
    return s;
  }

  private cancelTimer(uri: vscode.Uri): void {
    const s = this.docs.get(uri.toString());
    if (s?.timer) clearTimeout(s.timer);
    if (s) s.timer = undefined;
  }

  private forget(uri: vscode.Uri): void {
    const s = this.docs.get(uri.toString());
    if (!s) return;
    if (s.timer) clearTimeout(s.timer);
    s.controller?.abort(new Error('the document was closed'));
    this.docs.delete(uri.toString());
  }
}
