/**
 * How a Preview/Build that did not produce a result is shown: a 422 as Problems on the
 * exact nodes plus the list in the panel, a FAILED task with the service's error_message,
 * a cancel with the note that the service may still finish, and every other error as a
 * notification whose buttons lead to the fix. Messages never contain the key.
 *
 * `describeFailure` decides all of that as a plain value (unit-tested branch by branch);
 * `applyFailure` is the one thin function that performs it.
 */
import * as vscode from 'vscode';
import type { ValidationErrorEntry } from '../../core/api/types';
import type { TaskKind } from '../../core/api/types';
import { actionsForKind, notifyProblem, type ProblemAction } from '../problemActions';
import { baseName } from '../reportTarget';
import type { ServiceSession } from '../service/clientFactory';
import { ServiceSetupError } from '../service/serviceConfig';
import { asServiceError, isFileWriteError } from '../service/serviceError';
import { isUnreachableKind, unreachableSentence } from '../../core/service/unreachable';
import { COMMANDS } from '../commands/commandIds';
import { CANCELLED, shortTaskId, SUPERSEDED, type SubmitDeps, type SubmitOutcome, type SubmitTrigger } from './types';

export interface FailureContext {
  document: vscode.TextDocument;
  /** The text that was sent. */
  text: string;
  kind: TaskKind;
  trigger: SubmitTrigger;
  session?: ServiceSession;
  taskId?: string;
  error: unknown;
  /** The abort reason when the submission was aborted (cancel or superseded). */
  reason?: unknown;
}

/** What the panel beside the report shows. */
type FailurePanel =
  | { show: 'error'; kind: string; message: string; detail?: string; offerLocal?: boolean }
  | { show: 'failed'; taskId: string; errorMessage: string }
  | { show: 'validation'; details: readonly ValidationErrorEntry[] };

/** Everything a failure leads to, decided without doing any of it. */
interface FailureDescription {
  outcome: Omit<SubmitOutcome, 'kind' | 'report'>;
  log?: { level: 'info' | 'warn' | 'error'; message: string };
  panel?: FailurePanel;
  /** A toast: `info` plain, `warning`/`error` with buttons that lead to the fix. */
  notify?: { severity: 'info' | 'warning' | 'error'; message: string; actions: readonly ProblemAction[] };
  /** A failed build may still have been charged: refresh the quota if it is on show. */
  refreshQuota?: boolean;
}

/**
 * `clean`: the log's redaction (its registered keys), applied to every message built here.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export function describeFailure(
  f: Omit<FailureContext, 'document' | 'text'> & { name: string },
  clean: (text: string) => string,
): FailureDescription {
  const { name } = f;
  const what = f.kind === 'build' ? vscode.l10n.t('The build of {0}', name) : vscode.l10n.t('The preview of {0}', name);
  const quiet = f.trigger === 'save';

  if (f.reason === SUPERSEDED) return { outcome: { status: 'superseded', taskId: f.taskId } };
  if (f.reason === CANCELLED) {
    const message = f.taskId
      ? f.kind === 'build'
        ? vscode.l10n.t(
            'Stopped waiting for the build of {0}. The service may still finish task {1} (a finished build counts against the quota).',
            name,
            shortTaskId(f.taskId),
          )
        : vscode.l10n.t('Stopped waiting for the preview of {0}. The service may still finish task {1}.', name, shortTaskId(f.taskId))
      : f.kind === 'build'
        ? vscode.l10n.t('Cancelled the build of {0} before it reached the service.', name)
        : vscode.l10n.t('Cancelled the preview of {0} before it reached the service.', name);
    return {
      outcome: { status: 'cancelled', taskId: f.taskId, errorKind: 'cancelled', message },
      log: { level: 'info', message },
      panel: { show: 'error', kind: 'cancelled', message },
      notify: { severity: 'info', message, actions: [] },
    };
  }

  if (f.error instanceof ServiceSetupError) {
    const message = clean(f.error.message);
    return {
      outcome: { status: 'error', errorKind: 'setup', message },
      log: { level: 'warn', message },
      panel: { show: 'error', kind: 'other', message },
      notify: { severity: 'error', message, actions: f.error.actions },
    };
  }

  const error = asServiceError(f.error);
  if (!error) {
    const message = clean(
      isFileWriteError(f.error)
        ? vscode.l10n.t('Could not save the result: {0}', f.error.message)
        : vscode.l10n.t('{0} failed: {1}', what, (f.error as Error)?.message ?? String(f.error)),
    );
    return {
      outcome: { status: 'error', message },
      log: { level: 'error', message },
      panel: { show: 'error', kind: 'other', message },
      notify: { severity: 'error', message, actions: ['showLog'] },
    };
  }

  const taskId = error.taskId ?? f.taskId;
  if (error.kind === 'validation' && error.details.length > 0) {
    const count = error.details.length;
    const message =
      count === 1
        ? vscode.l10n.t('{0} was rejected: 1 validation error, marked in the file.', what)
        : vscode.l10n.t('{0} was rejected: {1} validation errors, marked in the file.', what, count);
    return {
      outcome: { status: 'invalid', errorKind: 'validation', message },
      log: { level: 'info', message },
      panel: { show: 'validation', details: error.details },
      notify: quiet ? undefined : { severity: 'warning', message, actions: ['showProblems'] },
    };
  }

  if (error.kind === 'task_failed') {
    const errorMessage = error.serviceMessage ?? error.message;
    const message = vscode.l10n.t('{0} failed on the service: {1}', what, errorMessage);
    return {
      outcome: { status: 'failed', taskId, errorKind: error.kind, message: errorMessage },
      log: { level: 'warn', message: `${message} (task ${taskId ?? '?'})` },
      panel: { show: 'failed', taskId: taskId ?? '', errorMessage },
      notify: quiet ? undefined : { severity: 'error', message, actions: ['showLog'] },
      refreshQuota: f.kind === 'build',
    };
  }

  // Offline, wrong address, nothing listening: one sentence, and the ways out (the bundled
  // service, or the same task again). The client's own message (endpoint, code) goes to the log.
  if (isUnreachableKind(error.kind)) {
    const remote = f.session?.mode !== 'local';
    const message = clean(
      blockedByBrowser(error)
        ? vscode.l10n.t('{0} did not run. {1}', what, error.message)
        : unreachableSentence(what, f.session?.label ?? vscode.l10n.t('report service'), error, vscode.l10n),
    );
    return {
      outcome: { status: 'error', taskId, errorKind: error.kind, message },
      log: { level: 'error', message: `${message} (${clean(error.message)})` },
      panel: { show: 'error', kind: error.kind, message, offerLocal: remote },
      notify: { severity: 'error', message, actions: remote ? ['useLocal', 'retry'] : ['retry', 'showLog'] },
    };
  }

  const where = f.session ? ` (${f.session.label})` : '';
  const message = clean(vscode.l10n.t('{0} did not complete{1}: {2}', what, where, error.message));
  return {
    outcome: { status: 'error', taskId, errorKind: error.kind, message },
    log: { level: 'error', message },
    panel: {
      show: 'error',
      kind: error.kind,
      message: clean(error.message),
      detail: error.status ? `HTTP ${error.status}` : undefined,
    },
    notify: { severity: 'error', message, actions: actionsForKind(error.kind) },
  };
}

/**
 * fetch's bare TypeError — no cause, no error code, unlike Node's "fetch failed" — is the browser
 * refusing the exchange (a service that allows no calls from this page: CORS). The browser
 * engine's client says so in its message, naming the service (src/web/client/http.ts).
 */
function blockedByBrowser(error: { kind: string; cause?: unknown }): boolean {
  return error.kind === 'network' && error.cause instanceof TypeError && error.cause.cause === undefined;
}

/** The same task again, through its command (a hosted Build asks first, as from the palette). */
function retryTask(kind: TaskKind, report: vscode.Uri): Thenable<unknown> {
  return vscode.commands.executeCommand(kind === 'build' ? COMMANDS.build : COMMANDS.preview, report);
}

/** Performs a failure's description: log, panel, Problems, toast, quota refresh. */
export function applyFailure(deps: SubmitDeps, f: FailureContext, base: SubmitOutcome): SubmitOutcome {
  const { panels, log } = deps;
  const uri = f.document.uri;
  const d = describeFailure({ ...f, name: baseName(uri) }, (text) => log.clean(text));
  const outcome: SubmitOutcome = { ...base, ...d.outcome };
  if (d.log) log[d.log.level](d.log.message);
  if (d.panel?.show === 'validation') {
    const shown = deps.diagnostics.setFromValidationError(f.document, f.text, d.panel.details);
    panels.showValidationErrors(
      uri,
      d.panel.details.map((entry, i) => ({
        type: entry.type,
        msg: shown[i]?.message ?? entry.msg,
        loc: entry.loc,
        range: shown[i]?.range,
      })),
      f.kind,
    );
    outcome.diagnostics = shown.length;
  } else if (d.panel?.show === 'failed') {
    panels.showFailed(uri, { kind: f.kind, taskId: d.panel.taskId, errorMessage: d.panel.errorMessage });
  } else if (d.panel?.show === 'error') {
    const { kind, message, detail, offerLocal } = d.panel;
    panels.showError(uri, { kind, message, detail, offerLocal }, f.kind);
  }
  if (d.notify?.severity === 'info') void vscode.window.showInformationMessage(d.notify.message);
  else if (d.notify) notifyProblem(d.notify.severity, d.notify.message, d.notify.actions, { retry: () => retryTask(f.kind, uri) });
  if (d.refreshQuota && deps.quota.known) void deps.quota.refresh().catch(() => undefined);
  return outcome;
}
