/**
 * How a Preview/Build that did not produce a result is shown: a 422 as Problems on the
 * exact nodes plus the list in the panel, a FAILED task with the service's error_message,
 * a cancel with the note that the service may still finish, and every other error as a
 * notification whose buttons lead to the fix. Messages never contain the key.
 */
import * as vscode from 'vscode';
import type { ResultKind } from '../../webview/protocol';
import type { ServiceSession } from '../service/clientFactory';
import { ServiceSetupError } from '../service/serviceConfig';
import { asServiceError, isFileWriteError } from '../service/serviceError';
import { actionsForKind, notifyProblem } from './problemActions';
import { baseName } from './reportTarget';
import { CANCELLED, shortTaskId, SUPERSEDED, type SubmitDeps, type SubmitOutcome, type SubmitTrigger } from './submitTypes';

export interface FailureContext {
  document: vscode.TextDocument;
  /** The text that was sent. */
  text: string;
  kind: ResultKind;
  trigger: SubmitTrigger;
  session?: ServiceSession;
  taskId?: string;
  error: unknown;
  /** The abort reason when the submission was aborted (cancel or superseded). */
  reason?: unknown;
}

const NOUN: Record<ResultKind, string> = { preview: 'preview', build: 'build' };

export function describeFailure(deps: SubmitDeps, f: FailureContext, base: SubmitOutcome): SubmitOutcome {
  const { panels, log } = deps;
  const uri = f.document.uri;
  const name = baseName(uri);
  const what = `The ${NOUN[f.kind]} of ${name}`;
  const quiet = f.trigger === 'save';

  if (f.reason === SUPERSEDED) return { ...base, status: 'superseded', taskId: f.taskId };
  if (f.reason === CANCELLED) {
    const message = f.taskId
      ? `Stopped waiting for the ${NOUN[f.kind]} of ${name}. The service may still finish task ${shortTaskId(f.taskId)}${f.kind === 'build' ? ' (a finished build counts against the quota)' : ''}.`
      : `Cancelled the ${NOUN[f.kind]} of ${name} before it reached the service.`;
    log.info(message);
    panels.showError(uri, { kind: 'cancelled', message });
    void vscode.window.showInformationMessage(message);
    return { ...base, status: 'cancelled', taskId: f.taskId, errorKind: 'cancelled', message };
  }

  if (f.error instanceof ServiceSetupError) {
    const message = log.clean(f.error.message);
    log.warn(message);
    panels.showError(uri, { kind: 'other', message });
    notifyProblem('error', message, f.error.actions);
    return { ...base, errorKind: 'setup', message };
  }

  const error = asServiceError(f.error);
  if (!error) {
    const message = log.clean(
      isFileWriteError(f.error)
        ? `Could not save the result: ${f.error.message}`
        : `${what} failed: ${(f.error as Error)?.message ?? String(f.error)}`,
    );
    log.error(message);
    panels.showError(uri, { kind: 'other', message });
    notifyProblem('error', message, ['showLog']);
    return { ...base, message };
  }

  const taskId = error.taskId ?? f.taskId;
  if (error.kind === 'validation' && error.details.length > 0) {
    const shown = deps.diagnostics.setFromValidationError(f.document, f.text, error.details);
    panels.showValidationErrors(
      uri,
      error.details.map((entry, i) => ({
        type: entry.type,
        msg: shown[i]?.message ?? entry.msg,
        loc: entry.loc,
        range: shown[i]?.range,
      })),
      f.kind,
    );
    const count = error.details.length;
    const message = `${what} was rejected: ${count} validation error${count === 1 ? '' : 's'}, marked in the file.`;
    log.info(message);
    if (!quiet) notifyProblem('warning', message, ['showProblems']);
    return { ...base, status: 'invalid', errorKind: 'validation', message, diagnostics: shown.length };
  }

  if (error.kind === 'task_failed') {
    // The runner's message is "<Kind> <task id> failed: <error_message>".
    const errorMessage = error.message.replace(/^\w+ \S+ failed: /, '');
    panels.showFailed(uri, { kind: f.kind, taskId: taskId ?? '', errorMessage });
    const message = `${what} failed on the service: ${errorMessage}`;
    log.warn(`${message} (task ${taskId ?? '?'})`);
    if (!quiet) notifyProblem('error', message, ['showLog']);
    // A failed build may still have been charged: refresh the numbers if they are on show.
    if (f.kind === 'build' && deps.quota.known) void deps.quota.refresh().catch(() => undefined);
    return { ...base, status: 'failed', taskId, errorKind: error.kind, message: errorMessage };
  }

  const where = f.session ? ` (${f.session.label})` : '';
  const message = log.clean(`${what} did not complete${where}: ${error.message}`);
  log.error(message);
  panels.showError(uri, { kind: error.kind, message: log.clean(error.message), detail: error.status ? `HTTP ${error.status}` : undefined });
  notifyProblem('error', message, actionsForKind(error.kind));
  return { ...base, taskId, errorKind: error.kind, message };
}
