/**
 * `report-studio validate <files|dirs…>`: the editor's strict schema check without
 * the editor or the service, one `file:line:col: error:` line per problem, so CI
 * annotates the exact line and a problem matcher jumps there.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { getNodeValue } from 'jsonc-parser';
import { DiagnosticMapper } from '../../core/loc/diagnostics';
import type { SourceDiagnostic } from '../../core/loc/diagnostics';
import { mapSchemaErrors } from '../../core/loc/schemaErrors';
import { reportSchemaIndex } from '../../core/schema/reportSchema';
import { expectPositionals } from '../args';
import { CliError, EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { diagnosticJson } from '../output';
import { readReportFile } from './report';
import { InvalidUtf8Error } from '../inputFile';
import type { CommandContext } from './report';

const REPORT_FILE = /\.report\.jsonc?$/i;

/** Files as given; directories searched (recursively) for *.report.json(c), in name order. */
async function expand(paths: string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(resolve(cwd, path)).catch(() => undefined);
    if (!info?.isDirectory()) {
      files.push(path);
      continue;
    }
    const found = await walk(resolve(cwd, path));
    if (found.length === 0) throw new CliError(`${path}: no *.report.json files in this directory`);
    files.push(...found.map((f) => relative(cwd, f) || f));
  }
  return files;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else if (REPORT_FILE.test(e.name)) out.push(full);
  }
  return out;
}

interface FileResult {
  file: string;
  diagnostics: SourceDiagnostic[];
  unreadable?: string;
}

export async function runValidateCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('validate', args.positionals, 1, Infinity, 'one or more report files or folders');
  const files = await expand(args.positionals, out.io.cwd);
  const validator = reportSchemaIndex().validator('strict');
  const results: FileResult[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readReportFile(file, out.io.cwd);
    } catch (error) {
      if (error instanceof InvalidUtf8Error) {
        // A problem of the file like any other: a line at the byte, counted, exit 1.
        const diagnostics = [error.diagnostic()];
        out.diagnostics(file, diagnostics);
        results.push({ file, diagnostics });
        continue;
      }
      results.push({ file, diagnostics: [], unreadable: (error as Error).message });
      out.error((error as Error).message);
      continue;
    }
    const mapper = new DiagnosticMapper(text);
    let diagnostics = mapper.syntaxErrors();
    if (diagnostics.length === 0) {
      const root = mapper.source.parsed.root;
      diagnostics = mapSchemaErrors(mapper, validator.validate(root ? getNodeValue(root) : undefined));
    }
    out.diagnostics(file, diagnostics);
    results.push({ file, diagnostics });
  }
  const errorCount = results.reduce((n, r) => n + r.diagnostics.length, 0);
  const failed = results.filter((r) => r.diagnostics.length > 0).length;
  const unreadable = results.filter((r) => r.unreadable).length;
  out.info(
    `${results.length} file${results.length === 1 ? '' : 's'} checked: ` +
      (errorCount ? `${errorCount} problem${errorCount === 1 ? '' : 's'} in ${failed} file${failed === 1 ? '' : 's'}` : 'no problems') +
      (unreadable ? `, ${unreadable} unreadable` : ''),
  );
  out.document({
    ok: errorCount === 0 && unreadable === 0,
    command: 'validate',
    error_count: errorCount,
    files: results.map((r) => ({
      file: r.file,
      valid: !r.unreadable && r.diagnostics.length === 0,
      error: r.unreadable ?? null,
      diagnostics: r.diagnostics.map((d) => diagnosticJson(r.file, d)),
    })),
  });
  if (unreadable) return EXIT.usage;
  return errorCount ? EXIT.validation : EXIT.ok;
}
