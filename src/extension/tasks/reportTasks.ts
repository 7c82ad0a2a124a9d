/**
 * The `report-studio` tasks (docs/extension.md, _Tasks_): "validate all reports" of a workspace
 * folder and "build this report offline" for the report in the active editor, plus tasks.json
 * entries of the type (`command`, `files`, `offline`). Each runs the CLI's own code in a
 * CliTerminal, and TaskProblems turns its `file:line:col:` lines into Problems (with the
 * `$report-studio` matcher's pattern; the matcher itself is for the CLI run in a shell task). The bootstrap registers the provider (a task fetch activates the extension) and
 * hands each request to this class in the full part.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isGlob, parseReportTaskDefinition, reportTaskRuns, type ReportTaskSpec } from '../../core/tasks/reportTask';
import { TASK_TYPE } from '../commands/commandIds';
import { findReportTarget } from '../reportTarget';
import { loadEngine } from '../service/runtimeLoader';
import type { ResultPanels } from '../viewer/resultPanels';
import { CliTerminal } from './cliTerminal';
import type { TaskProblems } from './taskProblems';

const TASK_NAMES = { validate: 'validate all reports', build: 'build this report offline' } as const;

/** What `report-studio validate <folder>` checks; the scan skips the folders it skips. */
const REPORT_FILES = '**/*.report.{json,jsonc}';
const NOT_SCANNED = '{**/node_modules/**,**/.*/**}';

export interface ReportTasksDeps {
  context: vscode.ExtensionContext;
  panels: ResultPanels | undefined;
  problems: TaskProblems;
  /** The extension's own local service (started on demand): where offline builds run. */
  localService(): Promise<{ baseUrl: string; apiKey: string }>;
  /** An offline build spent a quota: the status bar fetches the numbers the task printed. */
  afterOfflineBuild(): void;
}

interface ActiveReport {
  /** Relative to its workspace folder, else absolute. */
  file: string;
  path: string;
  folder: vscode.WorkspaceFolder | undefined;
}

export class ReportTasks implements vscode.TaskProvider {
  constructor(private readonly deps: ReportTasksDeps) {}

  async provideTasks(token?: vscode.CancellationToken): Promise<vscode.Task[]> {
    const tasks: vscode.Task[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, REPORT_FILES), NOT_SCANNED, 1, token);
      if (found.length > 0) tasks.push(this.task({ type: TASK_TYPE, command: 'validate' }, folder, TASK_NAMES.validate));
    }
    const report = await this.activeReport();
    if (typeof report !== 'string' && report.folder) {
      const definition = { type: TASK_TYPE, command: 'build', files: [report.file], offline: true };
      tasks.push(this.task(definition, report.folder, TASK_NAMES.build));
    }
    return tasks;
  }

  /** A tasks.json entry of the type: the same definition, run by the CLI. */
  resolveTask(task: vscode.Task): vscode.Task | undefined {
    if (task.definition.type !== TASK_TYPE) return undefined;
    const folder = typeof task.scope === 'object' ? task.scope : vscode.workspace.workspaceFolders?.[0];
    return this.task(task.definition, folder, task.name);
  }

  private task(definition: vscode.TaskDefinition, folder: vscode.WorkspaceFolder | undefined, name: string): vscode.Task {
    const execution = new vscode.CustomExecution(async (resolved) => this.terminal(resolved, folder));
    // No problem matcher: TaskProblems reads the lines (its problems go when the file changes).
    const task = new vscode.Task(definition, folder ?? vscode.TaskScope.Workspace, name, TASK_TYPE, execution, []);
    task.group = vscode.TaskGroup.Build;
    task.detail = describe(definition);
    return task;
  }

  private terminal(definition: vscode.TaskDefinition, folder: vscode.WorkspaceFolder | undefined): CliTerminal {
    const spec = parseReportTaskDefinition(definition);
    const offlineBuild = !('problem' in spec) && spec.command === 'build' && spec.offline;
    const cwd = folder?.uri.fsPath ?? process.cwd();
    return new CliTerminal({
      cwd,
      env: process.env,
      plan: async () => {
        if ('problem' in spec) return `task ${JSON.stringify(definition)}: ${spec.problem}`;
        if (!folder || folder.uri.scheme !== 'file') return 'a report-studio task runs in a workspace folder on this machine';
        const files = await this.files(spec, folder);
        return typeof files === 'string' ? files : reportTaskRuns(spec, files);
      },
      runCli: () => loadEngine(this.deps.context.extensionPath).runCli,
      onStart: () => this.deps.problems.startRun(),
      onLine: (line) => this.deps.problems.line(line, cwd),
      localService: () => this.deps.localService(),
      finished: offlineBuild ? () => this.deps.afterOfflineBuild() : undefined,
    });
  }

  /** `files` with globs expanded (relative to the folder); a build without files takes the active report. */
  private async files(spec: ReportTaskSpec, folder: vscode.WorkspaceFolder): Promise<string[] | string> {
    if (spec.files.length === 0 && spec.command === 'build') {
      const report = await this.activeReport();
      if (typeof report === 'string') return report;
      return [report.folder?.uri.toString() === folder.uri.toString() ? report.file : report.path];
    }
    const files: string[] = [];
    for (const entry of spec.files) {
      if (!isGlob(entry)) {
        files.push(entry);
        continue;
      }
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, entry), NOT_SCANNED);
      if (found.length === 0) return `${entry}: no file in ${folder.name} matches`;
      files.push(...found.map((uri) => path.relative(folder.uri.fsPath, uri.fsPath)).sort());
    }
    return files;
  }

  /** The report a build would act on (as Preview and Build choose it), saved on this machine. */
  private async activeReport(): Promise<ActiveReport | string> {
    const target = await findReportTarget(undefined, this.deps.panels);
    if ('problem' in target) return 'no report to build: open one in the editor, or name it in the task\'s "files"';
    const { uri } = target.document;
    if (uri.scheme !== 'file') return `${uri.toString()} is not saved: save it to build it with a task`;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return { file: folder ? path.relative(folder.uri.fsPath, uri.fsPath) : uri.fsPath, path: uri.fsPath, folder };
  }
}

/** The task's line in the Run Task list. */
function describe(definition: vscode.TaskDefinition): string {
  const files = Array.isArray(definition.files) ? definition.files.join(' ') : undefined;
  if (definition.command === 'validate') return `report-studio validate ${files ?? '.'}`;
  const offline = definition.offline === false ? '' : ' --offline';
  return `report-studio build ${files ?? '<the active report>'}${offline}`;
}
