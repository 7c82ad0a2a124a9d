/**
 * `--format github`: problems as GitHub Actions workflow commands, which the runner turns into
 * annotations on the file and line of the pull request:
 *
 *   ::error file=reports/q3.report.json,line=6,col=26,endLine=6,endColumn=35,title=report-studio: required::Missing …
 *
 * Escaping follows the runner (actions/toolkit `command.ts`): in the message `%` → `%25`,
 * CR → `%0D`, LF → `%0A`; in a property value also `:` → `%3A` and `,` → `%2C`, so a file
 * name or a server's text can neither end the command early nor add a property.
 */
import { appendFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Severity } from '../core/schema/reportProblems';

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::<command> key=value,…::message`, every part escaped. */
export function workflowCommand(command: string, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/**
 * The file as GitHub names it: relative to the checkout (`GITHUB_WORKSPACE`) when it lies
 * inside it, with `/` — an annotation on any other path is not shown on the file.
 */
export function workspacePath(file: string, cwd: string, workspace: string | undefined): string {
  if (!workspace) return file;
  const rel = relative(resolve(workspace), resolve(cwd, file));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}

/** Where a problem is, 1-based, the end exclusive (as `--json` gives it). */
export interface OneBasedRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * One problem as `::error …` / `::warning …`. `message` is the problem's text as the text
 * format prints it after the severity (`message [type] (path)`), already made printable.
 */
export function githubAnnotation(file: string, problem: OneBasedRange & { severity: Severity; type: string }, message: string): string {
  const { line, column, endLine, endColumn, severity, type } = problem;
  return workflowCommand(severity, { file, line, col: column, endLine, endColumn, title: `report-studio: ${type}` }, message);
}

/** Appends Markdown to the job's summary page when the runner names a file for it ($GITHUB_STEP_SUMMARY); a no-op elsewhere. */
export async function appendStepSummary(markdown: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  await appendFile(resolve(cwd, file), markdown.endsWith('\n') ? markdown : `${markdown}\n`, 'utf8');
}
