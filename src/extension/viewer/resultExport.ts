/**
 * `reportStudio.export.build` / `.preview`: after a Build (or Preview) is shown, its PDF (JPEG)
 * is also copied to a file of the user's — `<name>.pdf` next to the report or in
 * `reportStudio.export.folder` — like Tinymist's export on save. A file already there that this
 * setting did not write (its size and time are not the ones recorded when it was written) is
 * replaced only when the user says so. A status bar item opens the last written file.
 * Written through vscode.workspace.fs, so a report in a virtual workspace (a remote repository,
 * any FileSystemProvider) gets its copy beside it in that file system.
 */
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import { COMMANDS } from '../commands/commandIds';
import type { RedactingLog } from '../log';
import { readSettings } from '../service/serviceConfig';
import type { ShownResult } from '../submit/submissions';
import { fileName, parentOf, resultExtension, resultStem } from './resultFiles';
import { expandHome, isAbsolutePath } from '../homePath';
import { uniqueSuffix } from '../uniqueSuffix';

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

/**
 * The export folder setting resolved for a report: '' → its folder; relative → from its folder
 * (in the report's file system); absolute or `~` → that folder on this machine's disk.
 */
function exportTarget(report: vscode.Uri, stem: string, kind: TaskKind, folder: string): vscode.Uri {
  const expanded = expandHome(folder);
  const dir = !expanded
    ? parentOf(report)
    : isAbsolutePath(expanded)
      ? vscode.Uri.file(expanded)
      : vscode.Uri.joinPath(parentOf(report), ...expanded.split(/[\\/]+/));
  return vscode.Uri.joinPath(dir, `${stem}.${resultExtension(kind)}`);
}

/** A file as a person reads it: the path on disk, else the URI. */
function shown(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
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
    this.item.name = vscode.l10n.t('Report Studio: exported file');
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
    if (r.report.scheme === 'untitled') {
      log.info(`Export: ${r.report.toString()} is not saved in a folder; save it to export its ${r.kind === 'build' ? 'PDF' : 'JPEG'}`);
      return;
    }
    const file = exportTarget(r.report, resultStem(r.report), r.kind, settings.folder);
    const target = shown(file);
    try {
      if (!(await this.mayWrite(file))) return;
      const fs = vscode.workspace.fs;
      await fs.createDirectory(parentOf(file));
      const temp = file.with({ path: `${file.path}.${uniqueSuffix()}.tmp` });
      await fs.copy(this.deps.resultFileFor(r.report, r.kind), temp, { overwrite: true });
      await fs.rename(temp, file, { overwrite: true });
      const st = await fs.stat(file);
      await this.record(file, { size: st.size, mtimeMs: st.mtime });
      this.last.set(r.report.toString(), file);
      void vscode.commands.executeCommand('setContext', 'reportStudio.hasExport', true);
      log.info(`Export: wrote ${target}`);
      this.show(file);
      this.deps.exported(r.report, file);
      this.written.fire({ report: r.report, file });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log.error(`Export: could not write ${target}: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not write {0} (reportStudio.export): {1}', fileName(file), message));
    }
  }

  /** Free, written by this setting and unchanged since, or the user says to replace it. */
  private async mayWrite(file: vscode.Uri): Promise<boolean> {
    const st = await Promise.resolve(vscode.workspace.fs.stat(file)).catch(() => undefined);
    if (!st) return true;
    const target = shown(file);
    if (!(st.type & vscode.FileType.File)) throw new Error(vscode.l10n.t('{0} exists and is not a file', target));
    const mine = this.deps.context.globalState.get<Written>(WRITTEN_KEY, {})[target];
    // Within a millisecond: records from before the file system API kept node's fractional mtimeMs.
    if (mine && mine.size === st.size && Math.abs(mine.mtimeMs - st.mtime) < 1) return true;
    if (this.declined.has(target)) {
      this.deps.log.info(`Export: ${target} left as it is (not written by Report Studio; replacing it was declined)`);
      return false;
    }
    const replace = vscode.l10n.t('Replace');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        "{0} already exists in {1} and was not written by Report Studio's export. Replace it with the new {2}?",
        fileName(file),
        shown(parentOf(file)),
        (fileName(file).match(/\.([^.]+)$/)?.[1] ?? '').toUpperCase(),
      ),
      replace,
      vscode.l10n.t('Keep It'),
    );
    if (choice === replace) return true;
    this.declined.add(target);
    return false;
  }

  /** Keyed by the path on disk (as before virtual file systems), else the URI. */
  private async record(file: vscode.Uri, stat: { size: number; mtimeMs: number }): Promise<void> {
    const all = { ...this.deps.context.globalState.get<Written>(WRITTEN_KEY, {}), [shown(file)]: stat };
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
    this.item.tooltip = pdf
      ? vscode.l10n.t('Exported to {0}\nClick to open it in the PDF viewer.', shown(file))
      : vscode.l10n.t('Exported to {0}\nClick to open it.', shown(file));
    this.item.command = pdf
      ? { title: vscode.l10n.t('Open in PDF Viewer'), command: COMMANDS.openPdf, arguments: [file] }
      : { title: vscode.l10n.t('Open'), command: 'vscode.open', arguments: [file] };
    this.item.show();
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}
