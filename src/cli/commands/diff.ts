/**
 * `report-studio diff`: what a change did to the pages. Two reports or PDFs (`diff old new`),
 * or every report that changed between git revisions (`--base rev [paths…]` against the work
 * tree, `a..b [paths…]` between two). Both sides are laid out by the bundled renderer in this
 * process (free: no service, no key, no quota); pages whose keys differ are compared pixel by
 * pixel (src/render/diff/). Exit 0: nothing changed; 1: something did; 2: a side could not be
 * read or rendered, or wrong arguments. docs/cli.md, "diff".
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describeChanges, hasChanges } from '../../core/diff/diffTypes';
import { htmlSummary, markdownSummary, summaryHeadline, totals, type SummaryEntry } from '../../core/diff/summary';
import { loadEngine } from '../engineLoader';
import { CliError, EXIT, type ExitCode } from '../exitCodes';
import { appendStepSummary, workflowCommand, workspacePath } from '../githubFormat';
import { readReportInput } from '../inputFile';
import type { DiffSide, VisualDiffer } from '../localService';
import { printable, printableLine } from '../output';
import { printableName } from '../terminalText';
import { checkOutputPath, writeOutputFile } from '../safeWrite';
import { inShard, shardKey, shardOption } from '../batch/shard';
import { changedReports, checkRevision, parseRange, repositoryRoot, textAt, type RevisionRange } from './diffGit';
import type { CommandContext } from './report';
import { isPdf } from '../../core/pdfMagic';

const SUMMARY_MD = 'summary.md';
const SUMMARY_HTML = 'summary.html';

/** The largest PDF read for a comparison. */
const MAX_PDF_BYTES = 100 * 1024 * 1024;

/** One comparison to make: how to get each side (undefined: the report does not exist there). */
interface Pair {
  name: string;
  /** Absolute path of the (new) report: its rank for --shard. */
  path: string;
  old: (differ: VisualDiffer) => Promise<DiffSide | undefined>;
  next: (differ: VisualDiffer) => Promise<DiffSide | undefined>;
}

export async function runDiffCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out, signal } = ctx;
  const cwd = out.io.cwd;
  const shard = shardOption(args.options.shard);
  const pairs = inShard(
    await plan(args.positionals, args.options.base as string | undefined, cwd, signal),
    (p) => shardKey(p.path, cwd),
    shard,
  );
  const outArg = args.options.out === undefined ? undefined : String(args.options.out);
  const outDir = outArg === undefined ? undefined : resolve(cwd, outArg);
  const option = `--out ${printableName(outArg ?? '')}`;
  if (outDir) {
    // Checked before drawing anything; each file is checked again as it is written (writeOutputFile).
    for (const path of [outDir, join(outDir, SUMMARY_MD), join(outDir, SUMMARY_HTML)]) await checkOutputPath(path, cwd, { option });
    await mkdir(outDir, { recursive: true }).catch((e: Error) => fail(`cannot create ${printableName(outDir)}: ${e.message}`));
  }

  const differ = await loadEngine().createVisualDiffer();
  const entries: SummaryEntry[] = [];
  try {
    for (const pair of pairs) {
      signal.throwIfAborted();
      entries.push(await compare(differ, pair, outDir === undefined ? undefined : { dir: outDir, option, cwd }, signal));
    }
  } catch (error) {
    if (signal.aborted) return EXIT.cancelled;
    throw error;
  } finally {
    differ.dispose();
  }

  if (outDir) {
    await writeOutputFile(join(outDir, SUMMARY_MD), markdownSummary(entries), cwd, { option });
    await writeOutputFile(join(outDir, SUMMARY_HTML), htmlSummary(entries), cwd, { option });
  }
  const github = out.format === 'github';
  for (const e of entries) {
    if (e.error) out.error(`${printableName(e.name)}: ${e.error}`);
    else if (github && e.diff && hasChanges(e.diff)) {
      const file = printable(printableName(workspacePath(e.name, cwd, out.io.env.GITHUB_WORKSPACE)));
      out.io.stdout.write(`${workflowCommand('notice', { file, title: 'report-studio diff' }, printable(describeChanges(e.diff)))}\n`);
    } else if (!github) out.line(`${printableName(e.name)}: ${e.diff ? describeChanges(e.diff) : ''}`);
  }
  if (github) await appendStepSummary(markdownSummary(entries), cwd, out.io.env);
  out.info(summaryHeadline(entries) + (outDir ? ` (summary in ${outDir})` : ''));

  const changed = entries.some((e) => e.diff && hasChanges(e.diff));
  const code = entries.some((e) => e.error) ? EXIT.usage : changed ? EXIT.validation : EXIT.ok;
  out.document({
    ok: code !== EXIT.usage,
    command: 'diff',
    shard: shard ?? null,
    changed,
    totals: totals(entries),
    out: outDir,
    reports: entries.map((e) => ({ name: e.name, error: e.error, ...e.diff, images: e.images })),
  });
  return code;
}

/** Where --out writes: the folder, and how it was given (for a refusal's message). */
interface OutFolder {
  dir: string;
  option: string;
  cwd: string;
}

async function compare(differ: VisualDiffer, pair: Pair, out: OutFolder | undefined, signal: AbortSignal): Promise<SummaryEntry> {
  try {
    const [old, next] = [await pair.old(differ), await pair.next(differ)];
    const { diff, images } = await differ.diff(old, next, { images: out ? 'changed' : 'none', signal });
    const entry: SummaryEntry = { name: pair.name, diff };
    if (out) {
      entry.images = {};
      for (const image of images) {
        if (!image.sideBySide) continue;
        const file = `${slug(pair.name)}-p${image.page}.png`;
        await writeOutputFile(join(out.dir, file), image.sideBySide, out.cwd, { option: out.option });
        entry.images[image.page] = file;
      }
    }
    return entry;
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof CliError) throw error; // an output refused: the run stops
    return { name: pair.name, error: printableLine((error as Error).message) };
  }
}

/** A file name for a report's pictures: its path with separators and oddities as `_`. */
function slug(name: string): string {
  return (
    name
      .replace(/\.report\.jsonc?$|\.pdf$/i, '')
      .replace(/[^A-Za-z0-9.-]+/g, '_')
      .replace(/^[._]+/, '') || 'report'
  );
}

async function plan(positionals: string[], base: string | undefined, cwd: string, signal: AbortSignal): Promise<Pair[]> {
  const range: RevisionRange | undefined =
    base !== undefined ? { base } : positionals.length ? await rangeArgument(positionals[0], cwd) : undefined;
  if (range) return revisionPairs(range, base !== undefined ? positionals : positionals.slice(1), cwd, signal);
  if (positionals.length !== 2) {
    throw new CliError('"diff" needs two files (old new), --base <rev> or <rev>..<rev>. See: report-studio diff --help');
  }
  const [oldFile, newFile] = positionals;
  return [{ name: newFile, path: resolve(cwd, newFile), old: (d) => fileSide(d, oldFile, cwd), next: (d) => fileSide(d, newFile, cwd) }];
}

/** `a..b` names a range unless a file of that name exists. */
async function rangeArgument(text: string, cwd: string): Promise<RevisionRange | undefined> {
  const range = parseRange(text);
  return range && !(await stat(resolve(cwd, text)).catch(() => undefined)) ? range : undefined;
}

async function revisionPairs(range: RevisionRange, paths: string[], cwd: string, signal: AbortSignal): Promise<Pair[]> {
  const root = await repositoryRoot(cwd, signal);
  await checkRevision(root, range.base, signal);
  if (range.head) await checkRevision(root, range.head, signal);
  const files = await changedReports(
    root,
    range,
    paths.map((p) => resolve(cwd, p)),
    signal,
  );
  const side = (rev: string | undefined, file: string) => async (d: VisualDiffer) => {
    const text = await textAt(root, rev, file, signal);
    return text === undefined ? undefined : d.renderReport(text, rev ? `${rev}:${file}` : file, signal);
  };
  return files.map((file) => ({ name: file, path: join(root, file), old: side(range.base, file), next: side(range.head, file) }));
}

async function fileSide(differ: VisualDiffer, file: string, cwd: string): Promise<DiffSide> {
  const path = resolve(cwd, file);
  const info = await stat(path).catch(() => undefined);
  if (info?.isFile() && info.size <= MAX_PDF_BYTES) {
    const head = await readFile(path);
    if (isPdf(head)) return differ.pdfSide(new Uint8Array(head), file);
  }
  return differ.renderReport(await readReportInput(file, cwd), file);
}

function fail(message: string): never {
  throw new CliError(message);
}
