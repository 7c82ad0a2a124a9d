/**
 * The `{}` language status of a report editor (next to "JSON" in the status bar): which report
 * service Preview and Build use (→ Select Service) and how the editor gets the report schema
 * (→ open it) — by the file name, by a `$schema`, overruled by another `$schema`, or not at all
 * for a report known by its content only, with what to do about it.
 */
import * as vscode from 'vscode';
import { schemaAttachment, type SchemaAttachment } from '../../core/report/reportDocument';
import { COMMANDS } from '../commands/commandIds';
import { isReportDocument } from '../reportDocument';
import type { ClientFactory } from '../service/clientFactory';

/** Every report file by name, in any scheme (untitled included). */
const BY_NAME: vscode.DocumentFilter[] = [
  { language: 'json', pattern: '**/*.report.json' },
  { language: 'jsonc', pattern: '**/*.report.jsonc' },
];

const SERVICE_ICON = { local: '$(server-process)', hosted: '$(cloud)', custom: '$(server)' } as const;

/** A glob matching exactly this path (a report known by its content has no telling name). */
const exactly = (path: string): string => path.replace(/[*?{}[\]]/g, (c) => `[${c}]`);

function describeSchema(a: SchemaAttachment): Pick<vscode.LanguageStatusItem, 'text' | 'detail' | 'severity'> {
  switch (a.by) {
    case 'name':
      return {
        text: `$(check) ${vscode.l10n.t('Report schema')}`,
        detail: vscode.l10n.t('by the file name *.report.json'),
        severity: vscode.LanguageStatusSeverity.Information,
      };
    case '$schema':
      return {
        text: `$(check) ${vscode.l10n.t('Report schema')}`,
        detail: vscode.l10n.t('from "$schema": {0}', a.schema),
        severity: vscode.LanguageStatusSeverity.Information,
      };
    case 'other':
      return {
        text: `$(warning) ${vscode.l10n.t('Another schema')}`,
        detail: vscode.l10n.t('"$schema" names {0}: remove it for Report Studio\'s completion and checks', a.schema),
        severity: vscode.LanguageStatusSeverity.Warning,
      };
    case 'none':
      return {
        text: `$(warning) ${vscode.l10n.t('No report schema')}`,
        detail: vscode.l10n.t('name the file *.report.json for completion and checks'),
        severity: vscode.LanguageStatusSeverity.Warning,
      };
  }
}

export class ReportLanguageStatus implements vscode.Disposable {
  private readonly service: vscode.LanguageStatusItem;
  private readonly schema: vscode.LanguageStatusItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly clients: ClientFactory,
    extensionUri: vscode.Uri,
  ) {
    this.service = vscode.languages.createLanguageStatusItem('reportStudio.service', BY_NAME);
    this.service.name = vscode.l10n.t('Report Studio Service');
    this.service.command = { title: vscode.l10n.t('Select Service'), command: COMMANDS.selectService };
    this.schema = vscode.languages.createLanguageStatusItem('reportStudio.schema', BY_NAME);
    this.schema.name = vscode.l10n.t('Report Studio Schema');
    this.schema.command = {
      title: vscode.l10n.t('Open Schema'),
      command: 'vscode.open',
      arguments: [vscode.Uri.joinPath(extensionUri, 'schemas', 'report.schema.json')],
    };
    this.subscriptions.push(
      this.service,
      this.schema,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.updateSchema();
      }),
    );
    this.update();
  }

  /** Recomputes both items (also called when the service or the key changes). */
  update(): void {
    this.updateSchema();
    void this.updateService();
  }

  private updateSchema(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !isReportDocument(document)) return;
    // A report by content only joins the selector, so its editor shows the items too.
    const selector = BY_NAME.some((f) => vscode.languages.match(f, document) > 0)
      ? BY_NAME
      : [...BY_NAME, { language: document.languageId, scheme: document.uri.scheme, pattern: exactly(document.uri.path) }];
    this.service.selector = selector;
    this.schema.selector = selector;
    Object.assign(this.schema, describeSchema(schemaAttachment(document.uri.path, document.getText())));
  }

  private async updateService(): Promise<void> {
    try {
      const target = await this.clients.target();
      const where = /^(.*) \((.*)\)$/.exec(target.label);
      this.service.text = `${SERVICE_ICON[target.mode]} ${where?.[1] ?? target.label}`;
      this.service.detail = where ? vscode.l10n.t('Preview and Build · {0}', where[2]) : vscode.l10n.t('Preview and Build');
      this.service.severity = vscode.LanguageStatusSeverity.Information;
    } catch (error) {
      this.service.text = `$(warning) ${vscode.l10n.t('Report service')}`;
      this.service.detail = (error as Error).message;
      this.service.severity = vscode.LanguageStatusSeverity.Warning;
    }
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
  }
}
