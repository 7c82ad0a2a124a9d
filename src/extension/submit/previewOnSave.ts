/**
 * reportStudio.previewOnSave = "onSave": each save of a report previews it. At most one
 * preview per file is in flight; saves during it queue exactly one more (core
 * CoalescingQueue), which then reads the file as it is at that moment.
 */
import * as vscode from 'vscode';
import { CoalescingQueue } from '../../core/throttle/coalescingQueue';
import { isReportDocument } from '../reportDocument';
import { readSettings } from '../service/serviceConfig';
import type { ReportLog } from '../log';
import type { Submissions } from './submissions';

export function registerPreviewOnSave(submissions: Submissions, log: ReportLog): vscode.Disposable {
  const queue = new CoalescingQueue<string>((error, key) =>
    log.error(`Preview on save of ${key} failed: ${(error as Error)?.message ?? error}`),
  );
  return vscode.workspace.onDidSaveTextDocument((document) => {
    // In Restricted Mode nothing is sent on the workspace's behalf: Preview only on request.
    if (!vscode.workspace.isTrusted || readSettings(document.uri).previewOnSave !== 'onSave' || !isReportDocument(document)) return;
    const result = queue.trigger(document.uri.toString(), async () => {
      await submissions.submit(document, 'preview', 'save');
    });
    if (result !== 'started') log.debug(`Preview on save of ${document.uri.fsPath}: ${result} behind the running one`);
  });
}
