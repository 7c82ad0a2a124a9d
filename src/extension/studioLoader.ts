/**
 * The bootstrap's one decision: does this window need the full extension (dist/studio.js) yet?
 * VS Code activates us for any JSON or JSONC file (onLanguage:json/jsonc: a report need not be
 * named *.report.json) and for every contributed command, so activation itself must cost almost
 * nothing. The full part loads — synchronously, exactly once — when
 *
 * - a report is open at activation, or a document opens as one or is edited into one
 *   (an untitled file getting `"type": "Report"`): reason `report`;
 * - a contributed command runs: `command` (they are all registered here, so the palette,
 *   menus, keybindings and walkthrough work before any report was opened);
 * - a result panel is being restored after a reload (`onWebviewPanel:reportStudio.result`):
 *   `panel`. VS Code does not need the serializer during activation: a panel it cannot revive
 *   yet waits, and is revived when the full part's ResultPanels registers its serializer;
 * - something reads `resultPanels` or `livePreview` of the API: `api`;
 * - a PDF opens in the PDF viewer (`onCustomEditor:reportStudio.pdf`): `pdf`;
 * - VS Code asks for `report-studio` tasks (Run Task, a tasks.json entry of the type): `task`.
 *   A task fetch activates the extension (`onTaskType:report-studio`, implied by
 *   `contributes.taskDefinitions`) and then asks the providers registered by then, so the
 *   provider is registered here and hands each request on, like the commands.
 *
 * Until then only the command and task provider registrations and four listeners exist. Everything heavy is
 * imported by type only, so esbuild keeps it out of dist/extension.js
 * (test/unit/extension/bundle.test.ts checks what the bootstrap may hold).
 */
import * as vscode from 'vscode';
import { registerReportFormatter } from './format/reportFormatter';
import { COMMANDS, TASK_TYPE, type CommandId } from './commands/commandIds';
import type { LivePreview } from './live/livePreview';
import type { PreviewSync } from './live/previewSync';
import type { ExtensionHostKind } from './hostKind';
import { isReportDocument } from './reportDocument';
import { registerLmTools, type LmToolHandler } from './lmTools/registerLmTools';
import type { Studio } from './studio';
import type { PdfEditorProvider } from './viewer/pdfEditor';
import type { ResultPanels } from './viewer/resultPanels';

/** dist/studio.js as the bootstrap requires it. */
export type StudioModule = typeof import('./studio');

/** What loaded the full part. */
export type LoadReason = 'report' | 'command' | 'panel' | 'api' | 'task' | 'pdf' | 'tool';

/** Which stage is loaded, for tests and the bench (`api.activation`). */
export interface ActivationState {
  stage: 'bootstrap' | 'full';
  /** The extension host running this entry: Node (`main`, dist/extension.js) or the web worker (`browser`, dist/web/extension.js). */
  host: ExtensionHostKind;
  /** Set once the full part is loaded. */
  loadedBy?: LoadReason;
  /** Milliseconds to require dist/studio.js and run activateStudio(). */
  loadMs?: number;
  /** Of which requiring dist/studio.js (parse and module setup). */
  requireMs?: number;
  /** True when it loaded inside activate() (so VS Code's activation time includes it). */
  duringActivate?: boolean;
}

/**
 * What activate() returns to other extensions and the e2e tests (vscode.Extension.exports).
 * Reading `resultPanels`, `livePreview` or `previewSync` loads the full part first (reason `api`), so a
 * caller always gets the real objects; `activation` reads without loading anything.
 */
export interface ReportStudioApi {
  readonly resultPanels: ResultPanels;
  /** The live view (tests wait on its onDidRender). */
  readonly livePreview: LivePreview;
  /** Source ↔ preview sync (tests wait on the range a click highlights). */
  readonly previewSync: PreviewSync;
  /** The PDF viewer (custom editor) of `*.pdf` files. */
  readonly pdfEditor: PdfEditorProvider;
  /** The language-model tools' answers (Node host): tests call prepareInvocation directly, whose confirmation would open a modal. */
  readonly lmTools: LmToolHandler | undefined;
  readonly activation: Readonly<ActivationState>;
}

/**
 * The result webview's type (RESULT_VIEW_TYPE of viewer/viewerPage.ts, spelled here so the
 * bootstrap does not depend on the viewer's module); VS Code's tab model shows it with a
 * prefix (`mainThreadWebview-…`).
 */
const RESULT_VIEW_TYPE = 'reportStudio.result';

/** The PDF viewer's custom editor type (PDF_VIEW_TYPE of viewer/pdfEditor.ts, spelled here for the same reason). */
const PDF_VIEW_TYPE = 'reportStudio.pdf';

const isResultTab = (tab: vscode.Tab): boolean =>
  tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(RESULT_VIEW_TYPE);

export class StudioLoader implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Listeners that wait for a report or a restored panel; gone once the full part is loaded. */
  private watchers: vscode.Disposable[] = [];
  private studio: Studio | undefined;
  private module: StudioModule | undefined;
  private failure: unknown;
  private activating = true;
  private readonly state: ActivationState;
  readonly api: ReportStudioApi;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly load: () => StudioModule,
    host: ExtensionHostKind = 'node',
  ) {
    this.state = { stage: 'bootstrap', host };
    const studio = (): Studio => this.loadStudio('api');
    const state = (): ActivationState => ({ ...this.state });
    this.api = {
      get resultPanels() {
        return studio().resultPanels;
      },
      get livePreview() {
        return studio().livePreview;
      },
      get previewSync() {
        return studio().previewSync;
      },
      get pdfEditor() {
        return studio().pdfEditor;
      },
      get lmTools() {
        return studio().lmTools;
      },
      get activation() {
        return state();
      },
    };
    for (const id of Object.values(COMMANDS)) {
      this.subscriptions.push(vscode.commands.registerCommand(id, (...args: unknown[]) => this.run(id, args)));
    }
    this.subscriptions.push(
      // For any JSON file (it is their default formatter): a light module, no full part needed.
      registerReportFormatter(context.extensionPath),
      vscode.tasks.registerTaskProvider(TASK_TYPE, {
        provideTasks: (token) => this.loadStudio('task').tasks.provideTasks(token),
        resolveTask: (task, token) => this.loadStudio('task').tasks.resolveTask(task, token),
      }),
      // Opening a PDF in the viewer activates the extension (onCustomEditor): VS Code asks the
      // provider registered by then, so it is registered here and hands the editor on.
      vscode.window.registerCustomEditorProvider(
        PDF_VIEW_TYPE,
        {
          openCustomDocument: (uri) => ({ uri, dispose: () => undefined }),
          resolveCustomEditor: (document, panel) => this.loadStudio('pdf').pdfEditor.resolveCustomEditor(document, panel),
        },
        { supportsMultipleEditorsPerDocument: true },
      ),
    );
    // The language-model tools (agent mode): their answers need the Node host's engine bundles.
    if (host === 'node') {
      this.subscriptions.push(
        registerLmTools(() => {
          const tools = this.loadStudio('tool').lmTools;
          if (!tools) throw new Error('Report Studio: the language-model tools need the Node extension host');
          return tools;
        }),
      );
    }
    try {
      const reason = this.neededNow();
      if (reason) this.loadStudio(reason);
      else this.watch();
    } finally {
      this.activating = false;
    }
  }

  /** Why the full part is needed at activation, if it is. */
  private neededNow(): LoadReason | undefined {
    if (vscode.workspace.textDocuments.some(isReportDocument)) return 'report';
    if (this.resultTabOpen()) return 'panel';
    return undefined;
  }

  private resultTabOpen(): boolean {
    return vscode.window.tabGroups.all.some((group) => group.tabs.some(isResultTab));
  }

  private watch(): void {
    const onReport = (document: vscode.TextDocument): void => {
      if (isReportDocument(document)) this.loadStudio('report');
    };
    const onTabs = (): void => {
      if (this.resultTabOpen()) this.loadStudio('panel');
    };
    this.watchers = [
      vscode.workspace.onDidOpenTextDocument(onReport),
      vscode.workspace.onDidChangeTextDocument((e) => onReport(e.document)),
      vscode.window.tabGroups.onDidChangeTabs(onTabs),
      vscode.window.tabGroups.onDidChangeTabGroups(onTabs),
    ];
  }

  private run(id: CommandId, args: unknown[]): unknown {
    return this.loadStudio('command').run(id, args);
  }

  /** The full part, loaded on the first call. A load that failed fails the same way again. */
  private loadStudio(reason: LoadReason): Studio {
    if (this.studio) return this.studio;
    if (this.failure !== undefined) throw this.failure;
    this.watchers.forEach((w) => w.dispose());
    this.watchers = [];
    const t0 = performance.now();
    let required: number;
    try {
      this.module = this.load();
      required = performance.now();
      this.studio = this.module.activateStudio(this.context, this.state.host);
    } catch (error) {
      this.failure = error;
      throw error;
    }
    Object.assign(this.state, {
      stage: 'full',
      host: this.state.host,
      loadedBy: reason,
      loadMs: performance.now() - t0,
      requireMs: required - t0,
      duringActivate: this.activating,
    } satisfies ActivationState);
    return this.studio;
  }

  /** Stops what the full part started (the local service), if it was loaded. */
  async deactivate(): Promise<void> {
    await this.module?.deactivateStudio();
  }

  dispose(): void {
    this.watchers.forEach((w) => w.dispose());
    this.subscriptions.forEach((s) => s.dispose());
  }
}
