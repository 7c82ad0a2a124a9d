/**
 * `report-studio validate <files|dirs…>`: the editor's strict schema check without the editor
 * or the service, one `file:line:col: error:` (or `warning:`) line per problem, so CI annotates
 * the exact line and a problem matcher jumps there. Errors are what the service would reject,
 * warnings what only the editor's schema finds (src/core/schema/reportProblems.ts); only
 * errors fail the run, unless --warnings-as-errors (exit 1) or more than --max-warnings (exit 7).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { reportProblems, withSeverity } from '../../core/schema/reportProblems';
import type { ReportProblem } from '../../core/schema/reportProblems';
import { reportSchemaIndex } from '../../core/schema/reportSchema';
import { expectPositionals } from '../args';
import { CliError, EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { diagnosticJson } from '../output';
import { inShard, shardKey, shardOption } from '../batch/shard';
import { readReportInput } from '../inputFile';
import { InvalidUtf8Error } from '../inputFile';
import type { CommandContext } from './report';
import { printableName } from '../terminalText';
import { exitWithWarnings, maxWarningsOption, tooManyWarningsWords, warningLimitJson, warningVerdict } from '../warnings';

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
    if (found.length === 0) throw new CliError(`${printableName(path)}: no *.report.json files in this directory`);
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
  problems: ReportProblem[];
  unreadable?: string;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

export async function runValidateCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('validate', args.positionals, 1, Infinity, 'one or more report files or folders');
  const maxWarnings = maxWarningsOption(args.options['max-warnings']);
  const shard = shardOption(args.options.shard);
  const files = inShard(await expand(args.positionals, out.io.cwd), (f) => shardKey(resolve(out.io.cwd, f), out.io.cwd), shard);
  const index = reportSchemaIndex();
  const results: FileResult[] = [];
  for (const file of files) {
    let problems: ReportProblem[];
    try {
      problems = reportProblems(index, await readReportInput(file, out.io.cwd));
    } catch (error) {
      if (!(error instanceof InvalidUtf8Error)) {
        results.push({ file, problems: [], unreadable: (error as Error).message });
        out.error((error as Error).message);
        continue;
      }
      // A problem of the file like any other: a line at the byte, counted, exit 1.
      problems = withSeverity([error.diagnostic()], 'error');
    }
    out.diagnostics(file, problems);
    results.push({ file, problems });
  }
  const errorCount = results.reduce((n, r) => n + r.problems.filter((p) => p.severity === 'error').length, 0);
  const warningCount = results.reduce((n, r) => n + r.problems.filter((p) => p.severity === 'warning').length, 0);
  const withProblems = results.filter((r) => r.problems.length > 0).length;
  const unreadable = results.filter((r) => r.unreadable).length;
  const found = [errorCount ? count(errorCount, 'error') : '', warningCount ? count(warningCount, 'warning') : ''].filter(Boolean);
  out.info(
    `${count(results.length, 'file')} checked: ` +
      (found.length ? `${found.join(', ')} in ${count(withProblems, 'file')}` : 'no problems') +
      (unreadable ? `, ${unreadable} unreadable` : ''),
  );
  const failing = errorCount + (args.options['warnings-as-errors'] ? warningCount : 0);
  const verdict = warningVerdict(warningCount, maxWarnings);
  if (verdict.exceeded) out.error(tooManyWarningsWords(verdict));
  out.document({
    ok: failing === 0 && unreadable === 0 && !verdict.exceeded,
    command: 'validate',
    shard: shard ?? null,
    error_count: errorCount,
    warning_count: warningCount,
    ...warningLimitJson(verdict),
    files: results.map((r) => ({
      file: r.file,
      valid: !r.unreadable && !r.problems.some((p) => p.severity === 'error'),
      error: r.unreadable ?? null,
      diagnostics: r.problems.map((d) => diagnosticJson(r.file, d)),
    })),
  });
  if (unreadable) return EXIT.usage;
  return exitWithWarnings(failing ? EXIT.validation : EXIT.ok, verdict);
}
