/**
 * Preview and Build share this flow: take the report's current text (unsaved edits
 * included; the client strips comments and trailing commas), run the task under a
 * cancellable progress notification that follows QUEUED → RUNNING → SUCCESS/FAILED,
 * write the result under global storage and show it in the report's result panel.
 * A newer submission of the same file supersedes an older one still in flight.
 */
import * as vscode from 'vscode';
import { readHostFile, writeHostFileAtomically } from '../hostFiles';
import type { TaskStatus } from '../../core/api/types';
import type { TaskProgress } from '../../core/runner/taskRunner';
import { longPollSecondsFor } from '../../core/runner/polling';
import { formatDuration } from '../../core/duration';
import type { TaskKind } from '../../core/api/types';
import type { ServiceSession } from '../service/clientFactory';
import type { ServiceMode } from '../../core/service/serviceChoice';
import { readSettings } from '../service/serviceConfig';
import { resultFileFor } from '../viewer/resultFiles';
import { baseName } from '../reportTarget';
import { applyFailure } from './failure';
import { CANCELLED, shortTaskId, SUPERSEDED, type SubmitDeps, type SubmitOutcome, type SubmitTrigger } from './types';

export type { SubmitOutcome, SubmitTrigger } from './types';

/** A service result shown in its report's panel (for source ↔ preview sync on it). */
export interface ShownResult {
  report: vscode.Uri;
  kind: TaskKind;
  /** The report text that was sent. */
  text: string;
  mode: ServiceMode;
}

const LABEL: Record<TaskKind, { noun: string; file: string }> = {
  preview: { noun: 'Preview', file: 'JPEG' },
  build: { noun: 'Build', file: 'PDF' },
};

// A function, not a constant: the progress notification speaks the display language.
const statusText = (status: TaskStatus): string =>
  ({
    CREATED: vscode.l10n.t('Created'),
    QUEUED: vscode.l10n.t('Queued'),
    RUNNING: vscode.l10n.t('Rendering'),
    SUCCESS: vscode.l10n.t('Finished'),
    FAILED: vscode.l10n.t('Failed'),
  })[status];

/** Largest preview sent to the panel with its message; a larger one is fetched by the viewer. */
const MAX_INLINE_BYTES = 16 * 1024 * 1024;

/** Share of the progress bar reached at each step. */
const PROGRESS_AT: Record<string, number> = { submitted: 15, QUEUED: 15, RUNNING: 40, downloading: 80, done: 100 };

export class Submissions implements vscode.Disposable {
  private readonly running = new Map<string, { controller: AbortController; id: number }>();
  private seq = 0;
  private readonly finished = new vscode.EventEmitter<SubmitOutcome>();
  /** Every submission's outcome, superseded ones included. */
  readonly onDidFinish = this.finished.event;
  private readonly shown = new vscode.EventEmitter<ShownResult>();
  /** A service result is on screen in the report's panel, made from `text` by a service of `mode`. */
  readonly onDidShowResult = this.shown.event;

  constructor(private readonly deps: SubmitDeps) {}

  /** True while a submission of `report` is in flight. */
  isRunning(report: vscode.Uri): boolean {
    return this.running.has(report.toString());
  }

  /** Stops waiting for the report's task (the panel's Cancel button); false when none runs. */
  cancel(report: vscode.Uri): boolean {
    const entry = this.running.get(report.toString());
    entry?.controller.abort(CANCELLED);
    return !!entry;
  }

  async submit(document: vscode.TextDocument, kind: TaskKind, trigger: SubmitTrigger): Promise<SubmitOutcome> {
    const key = document.uri.toString();
    this.running.get(key)?.controller.abort(SUPERSEDED);
    const controller = new AbortController();
    const id = ++this.seq;
    this.running.set(key, { controller, id });
    const text = document.getText();
    const name = baseName(document.uri);
    try {
      const outcome = await vscode.window.withProgress(
        {
          // Saves preview quietly (status bar spinner); an explicit command gets the notification.
          location: trigger === 'save' ? vscode.ProgressLocation.Window : vscode.ProgressLocation.Notification,
          title:
            trigger === 'save'
              ? vscode.l10n.t('Report Studio: previewing {0}', name)
              : kind === 'build'
                ? vscode.l10n.t('Report Studio: Building {0}', name)
                : vscode.l10n.t('Report Studio: Previewing {0}', name),
          cancellable: trigger !== 'save',
        },
        async (progress, token) => {
          token.onCancellationRequested(() => controller.abort(CANCELLED));
          return this.execute(document, text, kind, trigger, controller.signal, progress);
        },
      );
      this.finished.fire(outcome);
      return outcome;
    } finally {
      if (this.running.get(key)?.id === id) this.running.delete(key);
    }
  }

  /**
   * A task that cannot start (its service did not answer a moment ago): shown exactly as a
   * task that failed to connect, with nothing sent.
   */
  async failEarly(document: vscode.TextDocument, kind: TaskKind, trigger: SubmitTrigger, error: unknown): Promise<SubmitOutcome> {
    const session = await this.deps.clients.acquire().catch(() => undefined);
    const base: SubmitOutcome = { status: 'error', kind, report: document.uri.toString() };
    const outcome = applyFailure(this.deps, { document, text: document.getText(), kind, trigger, session, error }, base);
    this.finished.fire(outcome);
    return outcome;
  }

  private async execute(
    document: vscode.TextDocument,
    text: string,
    kind: TaskKind,
    trigger: SubmitTrigger,
    signal: AbortSignal,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
  ): Promise<SubmitOutcome> {
    const { clients, panels, log } = this.deps;
    const uri = document.uri;
    const base: SubmitOutcome = { status: 'error', kind, report: uri.toString() };
    let reached = 0;
    const step = (message: string, at?: number): void => {
      const increment = at !== undefined && at > reached ? at - reached : undefined;
      if (increment) reached = at as number;
      progress.report({ message, increment });
    };
    let session: ServiceSession | undefined;
    let taskId: string | undefined;
    try {
      step(vscode.l10n.t('Connecting to the service…'));
      session = await clients.acquire();
      if (signal.aborted) throw signal.reason;
      step(
        vscode.l10n.t(
          'Submitting to the {0}…',
          session.label.replace(/^\w/, (c) => c.toLowerCase()),
        ),
      );
      const settings = readSettings(uri);
      const file = resultFileFor(this.deps.context.globalStorageUri, uri, kind);
      log.info(`${LABEL[kind].noun} of ${uri.fsPath || uri.toString()} → ${session.label}`);
      const result = await session.engine.runTask(session.client, {
        kind,
        report: text,
        // On disk the client writes the file itself; elsewhere (a web or remote host's storage) it hands the bytes here.
        output: file.scheme === 'file' ? { to: 'file', path: file.fsPath } : { to: 'bytes' },
        polling: { initialDelayMs: settings.polling.initialDelayMs, maxDelayMs: settings.polling.maxIntervalMs },
        longPollSeconds: longPollSecondsFor(session.baseUrl),
        requestTimeoutMs: settings.requestTimeoutMs,
        signal,
        onProgress: (p: TaskProgress) => {
          taskId = p.taskId;
          const elapsed = formatDuration(p.elapsedMs, vscode.l10n, vscode.env.language);
          if (p.phase === 'downloading')
            step(vscode.l10n.t('Downloading the {0}… · {1}', LABEL[kind].file, elapsed), PROGRESS_AT.downloading);
          else if (p.phase !== 'done')
            step(
              vscode.l10n.t('{0} · task {1} · {2}', statusText(p.status), shortTaskId(p.taskId), elapsed),
              PROGRESS_AT[p.status] ?? PROGRESS_AT.submitted,
            );
          if (p.phase === 'submitted' || p.phase === 'status')
            panels.showStatus(uri, { kind, status: p.status, taskId: p.taskId, elapsedMs: p.elapsedMs });
        },
      });
      if (result.bytes) await this.write(session, file, result.bytes);
      step(vscode.l10n.t('Done'), PROGRESS_AT.done);
      if (kind === 'build') this.deps.quota.updateFromHeaders(session, result.quota);
      this.deps.diagnostics.clear(uri);
      // The local renderer's notes land on their JSON nodes; a run without notes clears the old ones.
      for (const note of result.notes)
        log.warn(`${LABEL[kind].noun} of ${baseName(uri)}: ${note.message} (at ${note.path.join('.') || 'the report'})`);
      this.deps.renderNotes.set(document, text, result.notes);
      const pageCount = await this.countPages(session, kind, file, result.bytes);
      await panels.showResult(uri, { kind, file, pageCount, data: await this.inlineBytes(kind, file, result.bytes) });
      this.shown.fire({ report: uri, kind, text, mode: session.mode });
      const took = formatDuration(result.timings.totalMs, vscode.l10n, vscode.env.language);
      const ready =
        kind === 'build' ? vscode.l10n.t('Build of {0} ready', baseName(uri)) : vscode.l10n.t('Preview of {0} ready', baseName(uri));
      const pages =
        pageCount === undefined ? '' : pageCount === 1 ? ` · ${vscode.l10n.t('1 page')}` : ` · ${vscode.l10n.t('{0} pages', pageCount)}`;
      vscode.window.setStatusBarMessage(`$(check) ${ready}${pages} · ${took}`, 5_000);
      return { ...base, status: 'success', taskId: result.taskId, file: file.fsPath, pageCount, quota: result.quota, notes: result.notes };
    } catch (error) {
      return applyFailure(
        this.deps,
        { document, text, kind, trigger, session, taskId, error, reason: signal.aborted ? signal.reason : undefined },
        base,
      );
    }
  }

  /** Bytes the client handed back, written where the client would have written them (a failure names the file, as the client's would). */
  private async write(session: ServiceSession, file: vscode.Uri, bytes: Uint8Array): Promise<void> {
    try {
      await writeHostFileAtomically(file, bytes);
    } catch (error) {
      throw new session.engine.FileWriteError(file.scheme === 'file' ? file.fsPath : file.toString(), error);
    }
  }

  /** A preview's JPEG goes to the panel with its message (small; saves the webview a fetch of the file). */
  private async inlineBytes(kind: TaskKind, file: vscode.Uri, bytes: Uint8Array | undefined): Promise<Uint8Array | undefined> {
    if (kind !== 'preview') return undefined;
    try {
      const data = bytes ?? (await readHostFile(file));
      return data.length <= MAX_INLINE_BYTES ? data : undefined;
    } catch {
      return undefined; // showResult says the file is missing
    }
  }

  private async countPages(
    session: ServiceSession,
    kind: TaskKind,
    file: vscode.Uri,
    bytes: Uint8Array | undefined,
  ): Promise<number | undefined> {
    if (kind !== 'build') return 1;
    try {
      return session.engine.pdfPageCount(bytes ?? (await readHostFile(file)));
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    for (const { controller } of this.running.values()) controller.abort(SUPERSEDED);
    this.running.clear();
    this.finished.dispose();
    this.shown.dispose();
  }
}
