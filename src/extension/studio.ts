// The full extension (dist/studio.js): builds every part and registers the providers. The
// bootstrap (extension.ts, dist/extension.js) loads it once, when something needs it: a report
// open or becoming one, a command, a restored result panel, a caller reading the API or a fetch
// of `report-studio` tasks. No work happens here either: the client, the local service and the
// renderer load from their own bundles on first use, so loading the full part makes no request,
// renders nothing and scans no disk.
//
// Disposables have one owner each: a class disposes what it creates (its private
// `subscriptions`), a register…() function returns one Disposable, and the two activate
// functions — activate() of the bootstrap and activateStudio() here — are the only code that
// pushes onto context.subscriptions.
import * as vscode from 'vscode';
import { registerReportCodeActions } from './codeActions/reportCodeActions';
import { SchemaProvider } from './schema/schemaProvider';
import { registerReportCodeLens } from './codeLens/reportCodeLens';
import { repeatInPanel, useLocalServiceInPanel } from './submit/panelRequests';
import { createCommands } from './commands';
import type { CommandId } from './commands/commandIds';
import type { ExtensionHostKind } from './hostKind';
import { registerPreviewOnSave } from './submit/previewOnSave';
import { Submissions } from './submit/submissions';
import { RenderNoteDiagnostics } from './diagnostics/renderNoteDiagnostics';
import { ReportSchemaDiagnostics } from './diagnostics/reportSchemaDiagnostics';
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
import { ResultSourceMaps } from './live/resultSourceMap';
import { PdfEditorProvider } from './viewer/pdfEditor';
import { registerPdfDefault } from './viewer/pdfDefault';
import { ResultExport } from './viewer/resultExport';
import { ResultPanels } from './viewer/resultPanels';
import { TrailingCommaDiagnostics } from './diagnostics/trailingCommaDiagnostics';
import { registerTrailingCommaActions } from './codeActions/trailingCommaActions';
import { trackWalkthrough } from './walkthrough/walkthroughSteps';
import { ReportLanguageStatus } from './schema/reportLanguageStatus';
import { nodeHostTasks } from './nodeHost';
import { LanguageModelTools } from './lmTools/languageModelTools';

let localService: LocalServiceHost | undefined;

/** The loaded full part: what the bootstrap's API and its command registrations hand on to. */
export interface Studio {
  resultPanels: ResultPanels;
  livePreview: LivePreview;
  previewSync: PreviewSync;
  /** The PDF viewer of `*.pdf` files; the bootstrap registered the custom editor and hands editors on. */
  pdfEditor: PdfEditorProvider;
  /** The `report-studio` tasks; the bootstrap registered the provider and hands requests on. */
  tasks: vscode.TaskProvider;
  /** The language-model tools' answers; the bootstrap registered the tools (Node host only). */
  lmTools?: LanguageModelTools;
  /** Runs a contributed command; the bootstrap registered them all and calls this. */
  run(id: CommandId, args: unknown[]): unknown;
}

export function activateStudio(context: vscode.ExtensionContext, host: ExtensionHostKind = 'node'): Studio {
  const push = (...d: vscode.Disposable[]): void => void context.subscriptions.push(...d);
  const log = new ReportLog();
  // Which entry runs: the same extension behaves differently without Node (docs/extension.md, VS Code for the Web).
  log.info(`Report Studio runs in the ${host === 'web' ? 'web worker' : 'Node'} extension host`);
  const keys = new ApiKeyStore(context.secrets, log);
  const local = (localService = new LocalServiceHost(context, log, host));
  const clients = new ClientFactory(context.extensionPath, keys, local, log);
  const quota = new QuotaStore(clients);
  const panels = new ResultPanels(context, log);
  const diagnostics = new ServiceDiagnostics();
  const renderNotes = new RenderNoteDiagnostics();
  const schemas = new SchemaProvider(context.extensionUri);
  const submissions = new Submissions({ context, log, clients, quota, panels, diagnostics, renderNotes });
  const live = new LivePreview({ context, panels, local, clients, log, renderNotes, submitting: (uri) => submissions.isRunning(uri) });
  const sync = new PreviewSync(panels);
  const sourceMaps = new ResultSourceMaps({ panels, local, log, onDidShowResult: submissions.onDidShowResult });
  const pdfEditor = new PdfEditorProvider(context.extensionUri, log);
  const exports = new ResultExport({
    context,
    log,
    onDidShowResult: submissions.onDidShowResult,
    resultFileFor: (r, k) => panels.resultFileFor(r, k),
    exported: (r, file) => panels.showExported(r, file),
  });
  const services: Services = {
    host,
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
    exports,
    pdfEditor,
  };
  push(new TrailingCommaDiagnostics(), registerTrailingCommaActions(), new ReportSchemaDiagnostics(schemas, log));
  const reports = new ReportContext(panels);
  const statusBar = new QuotaStatusBar(quota, clients, reports);
  const languageStatus = new ReportLanguageStatus(clients, context.extensionUri);
  push(log, keys, local, clients, quota, panels, diagnostics, renderNotes, submissions, live, sync, sourceMaps, reports, statusBar);
  push(pdfEditor, exports, registerPdfDefault(log));

  const commands = new Map(createCommands(services).map((command) => [command.id, command]));
  push(
    registerReportCodeActions({ schemas, serviceDiagnostics: diagnostics }),
    registerReportSymbols(),
    registerReportCodeLens(quota),
    registerPreviewOnSave(submissions, log),
    watchServiceChanges({ keys, local, clients, quota, statusBar, panels, live }),
    panels.onDidRequestRebuild(({ report, kind }) => void repeatInPanel(services, report, kind)),
    panels.onDidRequestUseLocal(({ report, kind }) => void useLocalServiceInPanel(services, report, kind)),
    submissions.onDidFinish(() => reports.update()),
    trackWalkthrough(submissions, live),
    languageStatus,
    // The language status names the service in use: follow the settings, the key, the local service and its resets.
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('reportStudio') && languageStatus.update()),
    keys.onDidChange(() => languageStatus.update()),
    local.onDidChangeState(() => languageStatus.update()),
    quota.onDidChange(() => languageStatus.update()),
    panels.onDidRequestCancel(({ report }) => void submissions.cancel(report)),
  );
  /** After an offline build task: the status bar shows what the task printed, when it shows the local service. */
  const refreshLocalQuota = async (): Promise<void> => {
    try {
      if ((await clients.target()).mode === 'local') await quota.refresh();
    } catch {
      // A failed refresh shows in the status bar's tooltip; the task has ended either way.
    }
  };
  const tasks = nodeHostTasks(context, services, {
    localService: () => local.ensureStarted({ announce: false }),
    afterOfflineBuild: () => void refreshLocalQuota(),
  });
  push(...tasks.disposables);
  const lmTools = host === 'node' ? new LanguageModelTools(services) : undefined;
  if (lmTools) push(lmTools);
  return {
    lmTools,
    resultPanels: panels,
    livePreview: live,
    previewSync: sync,
    pdfEditor,
    tasks: tasks.tasks,
    run(id, args) {
      const command = commands.get(id);
      if (!command) throw new Error(`Report Studio has no command ${id}`);
      return command.run(context, ...args);
    },
  };
}

/** Stops the local service (and its tasks) before the extension host goes away. */
export async function deactivateStudio(): Promise<void> {
  await localService?.stop();
  localService = undefined;
}
