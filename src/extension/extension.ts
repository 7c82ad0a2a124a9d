// Entry point: builds the extension's parts and registers them. No work happens here: the
// client, the local service and the renderer load from their own bundles on first use, so
// activation makes no request, renders nothing and scans no disk.
//
// Disposables have one owner each: a class disposes what it creates (its private
// `subscriptions`), a register…() function returns one Disposable, and activate() is the only
// code that pushes onto context.subscriptions.
import * as vscode from 'vscode';
import { registerReportCodeActions } from './codeActions/reportCodeActions';
import { SchemaProvider } from './schema/schemaProvider';
import { registerReportCodeLens } from './codeLens/reportCodeLens';
import { buildDocument } from './commands/build';
import { createCommands } from './commands';
import { registerPreviewOnSave } from './submit/previewOnSave';
import { Submissions } from './submit/submissions';
import { RenderNoteDiagnostics } from './diagnostics/renderNoteDiagnostics';
import { ServiceDiagnostics } from './diagnostics/serviceDiagnostics';
import { ReportLog } from './log';
import { registerReportSymbols } from './outline/reportSymbols';
import { QuotaStatusBar } from './quota/quotaStatusBar';
import { QuotaStore } from './quota/quotaStore';
import { ReportContext } from './reportContext';
import { ApiKeyStore } from './service/apiKeyStore';
import { ClientFactory } from './service/clientFactory';
import { LocalServiceHost } from './service/localServiceHost';
import { watchServiceChanges } from './service/serviceChanges';
import type { Services } from './services';
import { LivePreview } from './live/livePreview';
import { PreviewSync } from './live/previewSync';
import { ResultPanels } from './viewer/resultPanels';

let localService: LocalServiceHost | undefined;

/** What activate() returns to other extensions and the e2e tests (vscode.Extension.exports). */
export interface ReportStudioApi {
  resultPanels: ResultPanels;
  /** The live view (tests wait on its onDidRender). */
  livePreview: LivePreview;
}

export function activate(context: vscode.ExtensionContext): ReportStudioApi {
  const push = (...d: vscode.Disposable[]): void => void context.subscriptions.push(...d);
  const log = new ReportLog();
  const keys = new ApiKeyStore(context.secrets, log);
  const local = (localService = new LocalServiceHost(context, log));
  const clients = new ClientFactory(context.extensionPath, keys, local, log);
  const quota = new QuotaStore(clients);
  const panels = new ResultPanels(context, log);
  const diagnostics = new ServiceDiagnostics();
  const renderNotes = new RenderNoteDiagnostics();
  const schemas = new SchemaProvider(context.extensionPath);
  const submissions = new Submissions({ context, log, clients, quota, panels, diagnostics, renderNotes });
  const live = new LivePreview({ context, panels, local, clients, log });
  const sync = new PreviewSync(panels);
  const services: Services = {
    context,
    log,
    keys,
    local,
    clients,
    quota,
    panels,
    diagnostics,
    renderNotes,
    submissions,
    schemas,
    live,
    sync,
  };
  const reports = new ReportContext(panels);
  const statusBar = new QuotaStatusBar(quota, clients, reports);
  push(log, keys, local, clients, quota, panels, diagnostics, renderNotes, submissions, live, sync, reports, statusBar);

  for (const command of createCommands(services)) {
    push(vscode.commands.registerCommand(command.id, (...args: unknown[]) => command.run(context, ...args)));
  }
  push(
    registerReportCodeActions({ schemas, serviceDiagnostics: diagnostics }),
    registerReportSymbols(),
    registerReportCodeLens(quota),
    registerPreviewOnSave(submissions, log),
    watchServiceChanges({ keys, local, clients, quota, statusBar }),
    panels.onDidRequestRebuild(async ({ report, kind }) => {
      try {
        const document = await vscode.workspace.openTextDocument(report);
        await (kind === 'build' ? buildDocument(services, document, 'panel') : submissions.submit(document, 'preview', 'panel'));
      } catch (error) {
        log.error(`Rebuild of ${report.toString()} failed: ${(error as Error).message}`);
      }
    }),
    submissions.onDidFinish(() => reports.update()),
    panels.onDidRequestCancel(({ report }) => void submissions.cancel(report)),
  );
  return { resultPanels: panels, livePreview: live };
}

/** Stops the local service (and its tasks) before the extension host goes away. */
export async function deactivate(): Promise<void> {
  await localService?.stop();
  localService = undefined;
}
