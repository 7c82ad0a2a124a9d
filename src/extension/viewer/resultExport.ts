/**
 * `reportStudio.export.build` / `.preview`: after a Build (or Preview) is shown, its PDF (JPEG)
 * is also copied to a file of the user's — `<name>.pdf` next to the report or in
 * `reportStudio.export.folder` — like Tinymist's export on save. A file already there that this
 * setting did not write (its size and time are not the ones recorded when it was written) is
 * replaced only when the user says so. A status bar item opens the last written file.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import { COMMANDS } from '../commands/commandIds';
import type { RedactingLog } from '../log';
import { readSettings } from '../service/serviceConfig';
import type { ShownResult } from '../submit/submissions';
import { fileName, resultExtension, resultStem } from './resultFiles';
import { expandHome } from '../homePath';

const WRITTEN_KEY = 'reportStudio.exportedFiles';

/** What was written, to tell our own earlier export from a file someone else put there. */
type Written = Record<string, { size: number; mtimeMs: number }>;

export interface ResultExportDeps {
  context: Pick<vscode.ExtensionContext, 'globalState'>;
  log: RedactingLog;
  onDidShowResult: vscode.Event<ShownResult>;
  /** Where the result shown for a report is (the extension's own copy). */
  resultFileFor(report: vscode.Uri, kind: TaskKind): vscode.Uri;
  /** The file was written: the report's result panel links to it. */
  exported(report: vscode.Uri, file: vscode.Uri): void;
}

/** The export folder setting resolved for a report: '' → its folder; `~` → home; relative → from its folder. */
function exportTarget(reportPath: string, stem: string, kind: TaskKind, folder: string): string {
  const expanded = expandHome(folder);
  const dir = !expanded ? path.dirname(reportPath) : path.isAbsolute(expanded) ? expanded : path.join(path.dirname(reportPath), expanded);
  return path.join(dir, `${stem}.${resultExtension(kind)}`);
}

export class ResultExport implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('reportStudio.export', vscode.StatusBarAlignment.Left, 40);
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Files the user declined to replace this session: not asked again until the window reloads. */
  private readonly declined = new Set<string>();
  /** The last file written per report. */
  private readonly last = new Map<string, vscode.Uri>();
  private readonly written = new vscode.EventEmitter<{ report: vscode.Uri; file: vscode.Uri }>();
  /** A file was written (tests wait on it). */
  readonly onDidExport = this.written.event;

  constructor(private readonly deps: ResultExportDeps) {
    this.item.name = 'Report Studio: exported file';
    this.subscriptions.push(
      this.item,
      this.written,
      deps.onDidShowResult((r) => void this.export(r)),
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.showItemFor(e.document.uri)),
    );
  }

  /** The file last exported for `report` (or for any report), if any. */
  lastFile(report?: vscode.Uri): vscode.Uri | undefined {
    return report ? this.last.get(report.toString()) : [...this.last.values()].pop();
  }

  private async export(r: ShownResult): Promise<void> {
    const settings = readSettings(r.report).export;
    if (!(r.kind === 'build' ? settings.build : settings.preview)) return;
    const { log } = this.deps;
    if (r.report.scheme !== 'file') {
      log.info(`Export: ${r.report.toString()} is not saved in a folder; save it to export its ${r.kind === 'build' ? 'PDF' : 'JPEG'}`);
      return;
    }
    const target = exportTarget(r.report.fsPath, resultStem(r.report), r.kind, settings.folder);
    try {
      if (!(await this.mayWrite(target))) return;
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await fs.copyFile(this.deps.resultFileFor(r.report, r.kind).fsPath, temp);
      await fs.rename(temp, target);
      const st = await fs.stat(target);
      await this.record(target, { size: st.size, mtimeMs: st.mtimeMs });
      const file = vscode.Uri.file(target);
      this.last.set(r.report.toString(), file);
      void vscode.commands.executeCommand('setContext', 'reportStudio.hasExport', true);
      log.info(`Export: wrote ${target}`);
      this.show(file);
      this.deps.exported(r.report, file);
      this.written.fire({ report: r.report, file });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log.error(`Export: could not write ${target}: ${message}`);
      void vscode.window.showErrorMessage(`Could not write ${path.basename(target)} (reportStudio.export): ${message}`);
    }
  }

  /** Free, written by this setting and unchanged since, or the user says to replace it. */
  private async mayWrite(target: string): Promise<boolean> {
    const st = await fs.stat(target).catch(() => undefined);
    if (!st) return true;
    if (!st.isFile()) throw new Error(`${target} exists and is not a file`);
    const mine = this.deps.context.globalState.get<Written>(WRITTEN_KEY, {})[target];
    if (mine && mine.size === st.size && mine.mtimeMs === st.mtimeMs) return true;
    if (this.declined.has(target)) {
      this.deps.log.info(`Export: ${target} left as it is (not written by Report Studio; replacing it was declined)`);
      return false;
    }
    const choice = await vscode.window.showWarningMessage(
      `${path.basename(target)} already exists in ${path.dirname(target)} and was not written by Report Studio's export. Replace it with the new ${path.extname(target).slice(1).toUpperCase()}?`,
      'Replace',
      'Keep It',
    );
    if (choice === 'Replace') return true;
    this.declined.add(target);
    return false;
  }

  private async record(target: string, stat: { size: number; mtimeMs: number }): Promise<void> {
    const all = { ...this.deps.context.globalState.get<Written>(WRITTEN_KEY, {}), [target]: stat };
    await this.deps.context.globalState.update(WRITTEN_KEY, all);
  }

  private showItemFor(report: vscode.Uri): void {
    const file = this.last.get(report.toString());
    if (file) this.show(file);
    else this.item.hide();
  }

  private show(file: vscode.Uri): void {
    const pdf = /\.pdf$/i.test(file.path);
    this.item.text = `$(${pdf ? 'file-pdf' : 'file-media'}) ${fileName(file)}`;
    this.item.tooltip = `Exported to ${file.fsPath}\nClick to open it${pdf ? ' in the PDF viewer' : ''}.`;
    this.item.command = pdf
      ? { title: 'Open in PDF Viewer', command: COMMANDS.openPdf, arguments: [file] }
      : { title: 'Open', command: 'vscode.open', arguments: [file] };
    this.item.show();
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}
