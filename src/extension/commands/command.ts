import type * as vscode from 'vscode';
import type { CommandId } from './commandIds';

/**
 * One contributed command. Each lives in its own module under commands/ and is listed in
 * commands/index.ts; its id must match a `contributes.commands` entry in package.json.
 */
export interface ReportStudioCommand {
  readonly id: CommandId;
  run(context: vscode.ExtensionContext, ...args: unknown[]): unknown;
}
