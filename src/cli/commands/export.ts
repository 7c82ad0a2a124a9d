/**
 * `report-studio export <files|dirs|globs…> --png [--dpi N] [--pages 1-3] [-o DIR]`: one PNG per
 * page, `<report>-p<N>.png`, from the bundled renderer in this process (free, offline, no
 * watermark: src/render/pageImages.ts does the work, this reads and writes the files). A report
 * the service would reject gets its problem lines and no images (exit 1); the others are still
 * exported; the exit code is the worst of the reports'. docs/cli.md, "export".
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RenderNote } from '../../core/api/types';
import { DEFAULT_DPI, isPageSelectionError, parseDpi, parsePageSelection, type PageSpan } from '../../core/pageImageOptions';
import { reportProblems } from '../../core/schema/reportProblems';
import { reportSchemaIndex } from '../../core/schema/reportSchema';
import { expectPositionals } from '../args';
import { plural } from '../batch/batchOutput';
import { expandInputs, planOutputs, type BatchInput } from '../batch/inputs';
import { loadEngine } from '../engineLoader';
import { CliError, EXIT, type ExitCode } from '../exitCodes';
import { InvalidUtf8Error, readReportInput } from '../inputFile';
import type { PageImager } from '../localService';
import { diagnosticJson, formatBytes, shown, type Output, type Problem } from '../output';
import { formatDuration } from '../../core/duration';
import { isStdoutName } from '../outputTarget';
import { writeOutputFile } from '../safeWrite';
import { noteProblems } from '../warnings';
import { printableName } from '../terminalText';
import type { CommandContext } from './report';
import { reportStem } from './report';

interface WrittenPage {
  page: number;
  path: string;
  width: number;
  height: number;
  size: number;
}

interface Exported {
  file: string;
  /** The argument the images' place comes from, as typed (-o, else the report's own): how shown() prints them. */
  outputGiven: string;
  exitCode: ExitCode;
  /** Pages of the whole report, when it was laid out. */
  pageCount?: number;
  written: WrittenPage[];
  notes: RenderNote[];
  /** Why no images were made: one sentence that names the report. */
  error?: string;
  diagnostics: Problem[];
  ms: number;
}

interface ExportOptions {
  dpi: number;
  pages?: PageSpan[];
  /** `--pages` as given, for messages. */
  pagesText?: string;
  signal: AbortSignal;
  cwd: string;
  /** `-o DIR` as given, for messages; absent: the images go beside each report. */
  outOption?: string;
}

export async function runExportCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out, signal } = ctx;
  const cwd = out.io.cwd;
  if (args.options.png !== true) {
    throw new CliError('"export" needs --png (page images, the only format so far). See: report-studio export --help');
  }
  expectPositionals('export', args.positionals, 1, Infinity, 'one or more report files, folders or glob patterns');
  const options: ExportOptions = {
    dpi: typeof args.options.dpi === 'string' ? argument(parseDpi, args.options.dpi) : DEFAULT_DPI,
    pages: typeof args.options.pages === 'string' ? argument(parsePageSelection, args.options.pages) : undefined,
    pagesText: args.options.pages as string | undefined,
    signal,
    cwd,
    outOption: typeof args.options.output === 'string' ? `-o ${printableName(args.options.output)}` : undefined,
  };
  const outDir = typeof args.options.output === 'string' ? await outputFolder(args.options.output, cwd) : undefined;
  const inputs = planOutputs(await expandInputs(args.positionals, cwd), reportStem, cwd, outDir, args.options.output as string | undefined);

  const started = Date.now();
  const results: Exported[] = [];
  const imager = await loadEngine().createPageImager();
  try {
    for (const input of inputs) {
      if (signal.aborted) break;
      const result = await exportOne(imager, input, options);
      printResult(out, result);
      results.push(result);
    }
  } finally {
    imager.dispose();
  }
  const code = signal.aborted ? EXIT.cancelled : results.reduce<ExitCode>((worst, r) => (r.exitCode > worst ? r.exitCode : worst), EXIT.ok);
  const failed = results.filter((r) => r.error).length;
  const images = results.reduce((n, r) => n + r.written.length, 0);
  out.info(
    `${plural(inputs.length, 'report')} in ${formatDuration(Date.now() - started)}: ${results.length - failed} exported (${plural(images, 'page image')})` +
      (failed ? `, ${failed} failed` : '') +
      (results.length < inputs.length ? `, ${inputs.length - results.length} not started` : ''),
  );
  out.document({
    ok: code === EXIT.ok,
    command: 'export',
    exit_code: code,
    format: 'png',
    dpi: options.dpi,
    summary: { reports: inputs.length, exported: results.length - failed, failed, images, ms: Date.now() - started },
    reports: results.map((r) => ({
      file: r.file,
      ok: !r.error,
      exit_code: r.exitCode,
      page_count: r.pageCount ?? null,
      images: r.written.map((w) => ({ ...w, path_relative: shown(w.path, cwd, r.outputGiven) })),
      notes: r.notes,
      error: r.error ?? null,
      diagnostics: r.diagnostics.map((d) => diagnosticJson(r.file, d)),
      ms: r.ms,
    })),
  });
  return code;
}

async function exportOne(imager: PageImager, input: BatchInput, options: ExportOptions): Promise<Exported> {
  const started = Date.now();
  const result = (exitCode: ExitCode, more: Partial<Exported>): Exported => ({
    file: input.file,
    outputGiven: input.outputGiven,
    exitCode,
    written: [],
    notes: [],
    diagnostics: [],
    ms: Date.now() - started,
    ...more,
  });
  const name = printableName(input.file);
  let text: string;
  try {
    text = await readReportInput(input.file, options.cwd);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) return result(EXIT.validation, { error: error.message, diagnostics: [error.diagnostic()] });
    if (error instanceof CliError) return result(error.exitCode, { error: error.message });
    throw error;
  }
  // What the service would refuse is not drawn either: the same problem lines as `validate`.
  const errors = reportProblems(reportSchemaIndex(), text).filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    return result(EXIT.validation, { error: `${name}: ${plural(errors.length, 'error')}; no page images were made`, diagnostics: errors });
  }
  let images;
  try {
    images = await imager.render(text, name, options);
  } catch (error) {
    if (options.signal.aborted) return result(EXIT.cancelled, { error: `${name}: interrupted` });
    const message = (error as Error).message;
    if (isPageSelectionError(error)) {
      const pages = plural(error.pageCount, 'page');
      return result(EXIT.usage, { error: `${name} has ${pages}: --pages ${options.pagesText} asks for page ${error.page}` });
    }
    return result(EXIT.validation, { error: message });
  }
  const written: WrittenPage[] = [];
  for (const image of images.pages) {
    const path = `${input.output}-p${image.page}.png`;
    try {
      const check = { option: options.outOption ?? `${printableName(input.file)}'s page image`, besideReport: !options.outOption };
      await writeOutputFile(path, image.png, options.cwd, check);
    } catch (error) {
      return result(EXIT.usage, {
        error: error instanceof CliError ? error.message : `cannot write ${printableName(path)}: ${(error as Error).message}`,
        written,
        notes: images.notes,
      });
    }
    written.push({ page: image.page, path, width: image.width, height: image.height, size: image.png.byteLength });
  }
  const diagnostics = noteProblems(text, images.notes);
  return result(EXIT.ok, { pageCount: images.pageCount, written, notes: images.notes, diagnostics });
}

/** `examples/q3.report.json → examples/q3-p1.png … q3-p3.png  (3 of 3 pages, 1190×1683, 412.0 KB, 0.9 s)`. */
function printResult(out: Output, r: Exported): void {
  out.diagnostics(r.file, r.diagnostics);
  if (r.error) {
    out.error(r.error);
    return;
  }
  const cwd = out.io.cwd;
  const names = r.written.map((w) => printableName(shown(w.path, cwd, r.outputGiven)));
  const listed = names.length <= 3 ? names.join(', ') : `${names[0]} … ${names[names.length - 1]}`;
  const first = r.written[0];
  const size = r.written.reduce((n, w) => n + w.size, 0);
  out.line(
    `${printableName(r.file)} → ${listed}  (${r.written.length} of ${plural(r.pageCount ?? 0, 'page')}, ` +
      `${first ? `${first.width}×${first.height}, ` : ''}${formatBytes(size)}, ${formatDuration(r.ms)})`,
  );
}

/** `-o DIR`: a folder (made when missing); a file there is refused before anything is drawn. */
async function outputFolder(arg: string, cwd: string): Promise<string> {
  const path = resolve(cwd, arg);
  const info = await stat(path).catch(() => undefined);
  if (isStdoutName(arg) || (info && !info.isDirectory())) {
    throw new CliError(`-o ${printableName(arg)} is not a folder: export writes one image per page into a folder (made if missing)`);
  }
  return path;
}

/** An option's value checked before anything is drawn: its sentence becomes a usage error (exit 2). */
function argument<T>(parse: (text: string) => T, text: string): T {
  try {
    return parse(text);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}
