/**
 * Where the CLI writes and how: results on stdout (human text or one JSON document
 * with --json), messages and progress on stderr, diagnostics as `file:line:col:`
 * lines that editors' problem matchers and CI annotators parse. Everything printed
 * goes through redact() and loses escape sequences and control characters
 * (terminalText.ts), each call writes exactly one line (a line break inside becomes a
 * space), and file names pass printableName(): neither a server's text nor a file name
 * can drive the terminal or forge a line.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { SourceDiagnostic } from '../core/loc/diagnostics';
import { redact } from '../core/redact';
import type { Severity } from '../core/schema/reportProblems';
import { githubAnnotation, workspacePath } from './githubFormat';
import type { OneBasedRange } from './githubFormat';
import { escapeJsonForTerminal, oneLine, printableName, stripControlSequences } from './terminalText';

/** What every human-readable line goes through before it is written. */
export function printable(text: string): string {
  return stripControlSequences(redact(text));
}

/** printable() on one line: what Output writes for each line it is given. */
export function printableLine(text: string): string {
  return printable(oneLine(text));
}

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /**
   * A bundled local service already running in this process (the extension's, for a build
   * task): --offline uses it instead of starting one, so the task spends and prints the quota
   * the status bar shows, and names no data folder.
   */
  localService?: () => Promise<{ baseUrl: string; apiKey: string }>;
}

/** How problem lines are printed: `file:line:col: error: …` or GitHub Actions workflow commands. */
export type ProblemFormat = 'text' | 'github';

/**
 * A diagnostic to print; without a severity it is an error (JSON syntax, a 422). A render note
 * (warnings.ts) has `renderNote` and reads `message (kind)`: its words say what happened.
 */
export type Problem = SourceDiagnostic & { severity?: Severity; renderNote?: boolean };

export class Output {
  constructor(
    readonly io: CliIo,
    readonly json: boolean,
    readonly quiet: boolean,
    readonly format: ProblemFormat = 'text',
  ) {}

  /** A line of the result (stdout, human mode only). */
  line(text = ''): void {
    if (!this.json) this.io.stdout.write(`${printableLine(text)}\n`);
  }

  /** A line of information about the run (stderr), hidden by --quiet and --json. */
  info(text: string): void {
    if (!this.quiet && !this.json) this.io.stderr.write(`${printableLine(text)}\n`);
  }

  /**
   * An error message (stderr), shown even with --quiet; with --json it is part of the document.
   * `more` (a hint, a stack) follows on lines of its own, indented.
   */
  error(text: string, more: readonly string[] = []): void {
    if (this.json) return;
    const rest = more.map((m) => `\n  ${printableLine(m)}`).join('');
    this.io.stderr.write(`report-studio: ${printableLine(text)}${rest}\n`);
  }

  /** The one JSON document of a --json run. */
  document(value: unknown): void {
    if (this.json) this.io.stdout.write(`${escapeJsonForTerminal(redact(JSON.stringify(value, null, 2)))}\n`);
  }

  /**
   * Diagnostics go to stdout, one per line (also in --quiet); to stderr when stdout carries
   * the file itself (`-o -`).
   */
  diagnostics(file: string, list: readonly Problem[], to: 'stdout' | 'stderr' = 'stdout'): void {
    if (this.json) return;
    for (const d of list) this.io[to].write(`${this.problemLine(file, d)}\n`);
  }

  private problemLine(file: string, d: Problem): string {
    if (this.format === 'text') return printable(formatDiagnostic(file, d));
    const shownFile = printable(printableName(workspacePath(file, this.io.cwd, this.io.env.GITHUB_WORKSPACE)));
    const problem = { ...oneBased(d), severity: d.severity ?? 'error', type: printable(oneLine(d.type)) };
    return githubAnnotation(shownFile, problem, printable(problemText(d)));
  }
}

/**
 * `message [type] (path)`, or a render note's `message (kind)`: message, type and path may carry
 * a server's text (a 422 entry), kept on one line.
 */
function problemText(d: Problem): string {
  if (d.renderNote) return `${oneLine(d.message)} (${oneLine(d.type)})`;
  const where = d.path && d.path !== '(document)' ? ` (${oneLine(d.path)})` : '';
  return `${oneLine(d.message)} [${oneLine(d.type)}]${where}`;
}

/** `file:line:col: error: message [type] (path)` (or `warning:`) with 1-based line and column. */
export function formatDiagnostic(file: string, d: Problem): string {
  return `${printableName(file)}:${d.start.line + 1}:${d.start.character + 1}: ${d.severity ?? 'error'}: ${problemText(d)}`;
}

function oneBased(d: SourceDiagnostic): OneBasedRange {
  return { line: d.start.line + 1, column: d.start.character + 1, endLine: d.end.line + 1, endColumn: d.end.character + 1 };
}

/** Diagnostics as data for --json (1-based, end exclusive). */
export function diagnosticJson(file: string, d: Problem): Record<string, unknown> {
  return {
    file,
    ...oneBased(d),
    severity: d.severity ?? 'error',
    message: d.message,
    type: d.type,
    path: d.path,
    loc: d.loc,
    exact: d.exact,
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Left-aligned columns; numbers and the header row are given as strings. */
export function table(rows: readonly string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A path as the user reads it: relative to the working folder when inside it; outside it, the way
 * they wrote the place — `../pdfs/q3.pdf` for `--out-dir ../pdfs`, `/tmp/pdfs/q3.pdf` for
 * `--out-dir /tmp/pdfs`. `given`: the argument the path comes from, as typed (without it, a path
 * outside the working folder is absolute).
 */
export function shown(path: string, cwd: string, given?: string): string {
  const rel = relative(cwd, path);
  if (!rel || isAbsolute(rel)) return path; // the folder itself, or another drive
  const outside = rel === '..' || rel.startsWith(`..${sep}`);
  return !outside || (given !== undefined && !isAbsolute(given)) ? rel : path;
}
