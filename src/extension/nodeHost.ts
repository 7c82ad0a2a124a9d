/**
 * What only the Node extension host has: the commands that reach the operating system or git
 * (NODE_HOST_COMMANDS) and the `report-studio` tasks, which run the CLI in a terminal and link
 * the PDFs it prints. The web entry swaps this module for src/extension/web/nodeHost.ts (same
 * exports; scripts/web-build.mjs, SWAPS), so none of it — child_process, node:fs, node:stream —
 * is in dist/web/extension.js.
 */
import type * as vscode from 'vscode';
import { compareWithCommand } from './commands/compareWith';
import type { ReportStudioCommand } from './commands/command';
import { openReportExternallyCommand } from './commands/openReportExternally';
import type { Services } from './services';
import { registerPdfLinks } from './tasks/pdfLinks';
import { ReportTasks } from './tasks/reportTasks';
import { TaskProblems } from './tasks/taskProblems';

export function nodeHostCommands(s: Services): ReportStudioCommand[] {
  return [openReportExternallyCommand(s), compareWithCommand(s)];
}

export interface NodeHostTasks {
  /** The `report-studio` tasks; the bootstrap registered the provider and hands requests on. */
  tasks: vscode.TaskProvider;
  /** What the tasks registered (their Problems, the terminal's PDF links), for the context's subscriptions. */
  disposables: vscode.Disposable[];
}

export function nodeHostTasks(
  context: vscode.ExtensionContext,
  s: Pick<Services, 'panels'>,
  hooks: { localService(): Promise<{ baseUrl: string; apiKey: string }>; afterOfflineBuild(): void },
): NodeHostTasks {
  const problems = new TaskProblems(context.extensionPath);
  const tasks = new ReportTasks({ context, panels: s.panels, problems, ...hooks });
  return { tasks, disposables: [problems, registerPdfLinks()] };
}
