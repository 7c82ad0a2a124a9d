/**
 * What a batch `build`/`preview` works on: the files, folders and glob patterns given, expanded to
 * report files (a folder: every `*.report.json(c)` under it, skipping `node_modules` and dot
 * folders, as `validate` does), each with the file it writes. With `--out-dir` the output tree
 * mirrors the inputs' tree below their common folder; without it each file goes next to its report.
 */
import { lstat, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import type { TaskKind } from '../../core/api/types';
import { CliError } from '../exitCodes';
import { shown } from '../output';
import { printableName } from '../terminalText';
import { defaultOutputPath } from '../commands/report';

/** Reports one run builds at most: a mistyped pattern (`/**`) must not submit a whole disk. */
export const MAX_BATCH_FILES = 2000;

const REPORT_GLOB = '**/*.report.{json,jsonc,JSON,JSONC}';
const SKIPPED = ['**/node_modules/**'];

export interface BatchInput {
  /** As printed: relative to the working folder when inside it or named by a relative argument (shown()). */
  file: string;
  /** Absolute path of the report. */
  path: string;
  /** Absolute path of the file it writes (`export`: the path its page images' names start with). */
  output: string;
  /** The argument the output's place comes from, as typed (--out-dir, else the report's own): how shown() prints it. */
  outputGiven: string;
}

/** What the arguments name: the report files, and the folder each argument stands for (its tree is mirrored). */
export interface ExpandedInputs {
  /** Absolute paths, in name order, each once. */
  files: string[];
  /** Each file → the argument that named it, as typed (a relative one is printed relative, shown()). */
  given: ReadonlyMap<string, string>;
  /** A folder given, the static part of a pattern (`reports` of the pattern `reports/{2025,2026}/q3.report.json`), a file's folder. */
  roots: string[];
  /** Symbolic links to a folder that holds them (absolute, in name order): walked once, named once. */
  loops: string[];
}

/**
 * Files as given, folders and patterns expanded. The cap is per process: a run split into
 * `shards` (--shard i/n) may match MAX_BATCH_FILES per shard, and each shard builds at most that.
 */
export async function expandInputs(args: readonly string[], cwd: string, shards = 1): Promise<ExpandedInputs> {
  /** Real path → the path it is taken by: a file reached twice (a symlinked folder, a loop, given twice) is one report. */
  const found = new Map<string, string>();
  const given = new Map<string, string>();
  const roots: string[] = [];
  const loops = new Set<string>();
  const limit = MAX_BATCH_FILES * shards;
  for (const arg of args) {
    const { files, root } = await expandOne(arg, cwd);
    roots.push(root);
    for (const f of await byDirectPathFirst(files, root)) {
      const real = await realpath(f).catch(() => f);
      if (!found.has(real)) {
        found.set(real, f);
        given.set(f, arg);
      } else for (const loop of await loopsOnPath(f, root)) loops.add(loop);
    }
    if (found.size > limit) {
      const perShard = shards > 1 ? ` per shard (${shards} shards: ${limit})` : '';
      throw new CliError(
        `more than ${limit} report files match (at ${printableName(arg)}): a run builds at most ${MAX_BATCH_FILES}${perShard}; split it into several runs or more shards (--shard i/n)`,
      );
    }
  }
  return {
    files: [...found.values()].sort((a, b) => a.localeCompare(b)),
    given,
    roots,
    loops: [...loops].sort((a, b) => a.localeCompare(b)),
  };
}

/**
 * The files in the order they are taken: those reached without a symbolic link to a folder first
 * (the path the user knows), then the fewest folders deep, then by name — so a file also reached
 * through a link or a loop keeps its own path.
 */
async function byDirectPathFirst(files: readonly string[], root: string): Promise<string[]> {
  const realRoot = await realpath(root).catch(() => root);
  const keyed = await Promise.all(
    files.map(async (f) => {
      const realFolder = await realpath(dirname(f)).catch(() => dirname(f));
      return { f, direct: realFolder === join(realRoot, relative(root, dirname(f))), depth: f.split(sep).length };
    }),
  );
  keyed.sort((a, b) => Number(b.direct) - Number(a.direct) || a.depth - b.depth || a.f.localeCompare(b.f));
  return keyed.map((k) => k.f);
}

/** The folders on `file`'s path below `root` that are symbolic links to a folder holding them. */
async function loopsOnPath(file: string, root: string): Promise<string[]> {
  const loops: string[] = [];
  let folder = root;
  for (const part of relative(root, dirname(file)).split(sep).filter(Boolean)) {
    folder = join(folder, part);
    if (!(await lstat(folder).catch(() => undefined))?.isSymbolicLink()) continue;
    const [target, parent] = await Promise.all([realpath(folder), realpath(dirname(folder))]).catch(() => ['', '']);
    if (target && (parent === target || parent.startsWith(target + sep))) loops.push(folder);
  }
  return loops;
}

async function expandOne(arg: string, cwd: string): Promise<{ files: string[]; root: string }> {
  const absolute = resolve(cwd, arg);
  const info = await stat(absolute).catch(() => undefined);
  if (info?.isDirectory()) {
    const files = await glob(REPORT_GLOB, { cwd: absolute, absolute: true, ignore: SKIPPED, dot: false, onlyFiles: true });
    if (files.length === 0) throw new CliError(`${printableName(arg)}: no *.report.json files in this directory`);
    return { files: files.map((f) => resolve(f)), root: absolute };
  }
  // A path that exists is a file even when its name has glob characters in it.
  if (info || !isDynamicPattern(arg)) return { files: [absolute], root: dirname(absolute) };
  const files = await glob(arg, { cwd, absolute: true, ignore: SKIPPED, dot: false, onlyFiles: true, expandDirectories: false });
  const reports = files.filter((f) => /\.jsonc?$/i.test(f)).map((f) => resolve(f));
  if (reports.length === 0) throw new CliError(`${printableName(arg)}: no .json or .jsonc file matches this pattern`);
  return { files: reports, root: resolve(cwd, staticPart(arg)) };
}

/** The folders of a pattern before its first wildcard: `reports/{2025,2026}/q?.report.json` → `reports`. */
function staticPart(pattern: string): string {
  const parts = pattern.split('/');
  const firstDynamic = parts.findIndex((p) => isDynamicPattern(p));
  return parts.slice(0, firstDynamic).join('/') || '.';
}

/** The deepest folder holding every folder given. */
export function commonFolder(folders: readonly string[]): string {
  // Split as they are: the first part is '' (POSIX) or the drive (`C:`), so the root is kept.
  const split = folders.map((f) => f.split(sep));
  const first = split[0] ?? [];
  let n = first.length;
  for (const parts of split) {
    let i = 0;
    while (i < n && i < parts.length && parts[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join(sep) || sep;
}

/**
 * Pairs each report with its output: with --out-dir the tree below the arguments' common folder is
 * kept (`build reports --out-dir out`: reports/a/q.report.json → out/a/q.pdf). Two reports writing
 * one file is a usage error, caught before anything is sent. `kind`: a task's file, or how a
 * command names its output beside the report (`export`). `outDirGiven`: --out-dir as typed, when
 * `outDir` is it resolved.
 */
export function planOutputs(
  inputs: ExpandedInputs,
  kind: TaskKind | ((report: string) => string),
  cwd: string,
  outDir: string | undefined,
  outDirGiven = outDir,
): BatchInput[] {
  const root = commonFolder(inputs.roots);
  const seen = new Map<string, string>();
  return inputs.files.map((path) => {
    const beside = typeof kind === 'function' ? kind(path) : defaultOutputPath(path, kind);
    const output = outDir === undefined ? beside : join(resolve(cwd, outDir), relative(root, beside));
    const reportGiven = inputs.given.get(path) ?? path;
    const file = shown(path, cwd, reportGiven);
    const outputGiven = outDirGiven ?? reportGiven;
    const other = seen.get(output);
    if (other !== undefined) {
      throw new CliError(
        `${printableName(other)} and ${printableName(file)} would both write ${printableName(shown(output, cwd, outputGiven))}: rename one`,
      );
    }
    seen.set(output, file);
    return { file, path, output, outputGiven };
  });
}
