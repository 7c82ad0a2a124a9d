/**
 * The agent tools' engine in the extension: a report is the editor's text of an open document
 * (unsaved edits included), else a file inside a workspace folder; pages are drawn by the live
 * view's renderer (the local service's draft render: no task, never charged) and rasterised by
 * the engine's page imager; preview and build go through the same Submissions as the commands
 * (result panel, Problems, quota in the status bar); the quota is the status bar's store.
 */
import * as vscode from 'vscode';
import type { AgentEngine, RenderedPages, RenderPagesOptions, SubmitOutcome } from '../../core/agent/agentTools';
import type { QuotaRecord, TaskKind } from '../../core/api/types';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import { loadEngine, type Engine } from '../service/runtimeLoader';
import type { Services } from '../services';
import type * as AgentToolsModule from './agentToolsEntry';

type AgentTools = typeof AgentToolsModule;
type PageImager = Awaited<ReturnType<Engine['createPageImager']>>;

export class ExtensionAgentEngine implements AgentEngine {
  private imager?: Promise<PageImager>;

  constructor(
    private readonly services: Services,
    private readonly tools: AgentTools,
  ) {}

  get local(): boolean {
    return this.services.quota.current.local;
  }

  schemaIndex(): Promise<SchemaIndex> {
    return this.services.schemas.schemaIndex();
  }

  /** The open document `path` names (a workspace-relative or absolute path, or a document URI), opened from a workspace folder if need be. */
  async document(path: string, tool: string): Promise<vscode.TextDocument> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === path || d.uri.fsPath === path);
    if (open) return open;
    const folders = vscode.workspace.workspaceFolders ?? [];
    const uri =
      path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path)
        ? vscode.Uri.file(path)
        : folders[0]
          ? vscode.Uri.joinPath(folders[0].uri, path)
          : undefined;
    const already = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (already) return already;
    if (!uri || !vscode.workspace.getWorkspaceFolder(uri)) {
      throw new this.tools.AgentInputError(
        vscode.l10n.t('{0}: "{1}" is neither an open report nor a file in a workspace folder', tool, path),
      );
    }
    try {
      return await vscode.workspace.openTextDocument(uri);
    } catch {
      throw new this.tools.AgentInputError(vscode.l10n.t('{0}: cannot read "{1}": no such file', tool, path));
    }
  }

  async readReport(path: string, tool: string): Promise<{ text: string; label: string }> {
    const document = await this.document(path, tool);
    return { text: document.getText(), label: vscode.workspace.asRelativePath(document.uri) };
  }

  async renderPages(text: string, label: string, options: RenderPagesOptions): Promise<RenderedPages> {
    const service = await this.services.local.ensureStarted({ announce: false });
    const draft = await service.renderDraft(text);
    if (!draft.ok) {
      throw new this.tools.AgentInputError(
        vscode.l10n.t('{0} is not a report the service would accept ({1} problems): run validate for them.', label, draft.problems),
      );
    }
    if (options.pages?.length === 0) return { pageCount: draft.pageCount, pages: [], notes: draft.notes };
    const pages = await (await this.pageImager()).rasterise(draft.pdf, label, options);
    return { ...pages, notes: draft.notes };
  }

  private pageImager(): Promise<PageImager> {
    if (!this.imager) {
      const made = loadEngine(this.services.context.extensionPath).createPageImager();
      this.imager = made;
      made.catch(() => (this.imager = undefined));
    }
    return this.imager;
  }

  async submit(kind: TaskKind, _text: string, label: string, o: { path?: string; output?: string }): Promise<SubmitOutcome> {
    if (o.path === undefined) {
      throw new this.tools.AgentInputError(vscode.l10n.t('{0}: in the editor, give "path", a report open or in the workspace', kind));
    }
    if (o.output !== undefined) {
      throw new this.tools.AgentInputError(
        vscode.l10n.t('{0}: the editor writes where its settings say (reportStudio.export); leave "output" out', kind),
      );
    }
    const document = await this.document(o.path, kind);
    const outcome = await this.services.submissions.submit(document, kind, 'command');
    if (outcome.status === 'invalid') {
      const index = await this.schemaIndex();
      const problems = this.tools.agentProblems(index, document.getText()).filter((p) => p.severity === 'error');
      return { output: '', notes: [], rejected: problems };
    }
    if (outcome.status !== 'success' || !outcome.file) {
      throw new Error(outcome.message ?? vscode.l10n.t('{0} of {1} ended: {2}', kind, label, outcome.status));
    }
    return {
      output: vscode.workspace.asRelativePath(outcome.file),
      pages: outcome.pageCount,
      quota: outcome.quota,
      notes: outcome.notes ?? [],
    };
  }

  async quota(): Promise<{ record: QuotaRecord; local: boolean }> {
    const record = await this.services.quota.refresh();
    return { record, local: this.services.quota.current.local };
  }

  dispose(): void {
    void this.imager?.then(
      (i) => i.dispose(),
      () => undefined,
    );
  }
}
