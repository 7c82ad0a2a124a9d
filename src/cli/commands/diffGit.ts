/**
 * The git side of `report-studio diff`: which reports changed between two revisions and their
 * text at a revision. git runs as a child process (`git diff --name-only`, `git show rev:path`)
 * in the repository holding the working directory; nothing is written to the repository.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../exitCodes';
import { MAX_INPUT_BYTES, readReportInput } from '../inputFile';
import { printableName } from '../terminalText';

/** At most this many changed reports are compared in one run (narrow it with paths). */
const MAX_CHANGED_REPORTS = 200;
const REPORT_FILE = /\.report\.jsonc?$/i;

/** What to compare: `base` against the work tree (head undefined) or against `head`. */
export interface RevisionRange {
  base: string;
  head?: string;
}

/** `a..b` → both revisions; anything else is not a range. */
export function parseRange(text: string): RevisionRange | undefined {
  const m = /^([^.\s](?:\S*[^.\s])?)\.\.([^.\s]\S*)$/.exec(text);
  return m ? { base: m[1], head: m[2] } : undefined;
}

function git(cwd: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, signal, maxBuffer: MAX_INPUT_BYTES + 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(new CliError('git was not found on PATH (needed for --base and a..b)'));
      const why = String(stderr).trim().split('\n')[0] || error.message;
      reject(new CliError(`git ${args[0]} failed: ${why}`));
    });
  });
}

/** The top of the repository holding `cwd`. */
export async function repositoryRoot(cwd: string, signal: AbortSignal): Promise<string> {
  return (await git(cwd, ['rev-parse', '--show-toplevel'], signal)).trim();
}

/** A revision that exists, or a usage error naming it. */
export async function checkRevision(root: string, rev: string, signal: AbortSignal): Promise<void> {
  if (rev.startsWith('-')) throw new CliError(`"${rev}" is not a revision`);
  await git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], signal).catch(() => {
    throw new CliError(`"${printableName(rev)}" is not a commit in this repository`);
  });
}

/** Report files (relative to the root, `/`-separated) that differ between the revisions, in name order. */
export async function changedReports(root: string, range: RevisionRange, paths: string[], signal: AbortSignal): Promise<string[]> {
  const revs = range.head ? [range.base, range.head] : [range.base];
  const out = await git(root, ['diff', '--name-only', '--no-renames', '-z', ...revs, '--', ...paths], signal);
  const files = out
    .split('\0')
    .filter((f) => REPORT_FILE.test(f))
    .sort();
  if (files.length > MAX_CHANGED_REPORTS) {
    throw new CliError(`${files.length} reports changed; at most ${MAX_CHANGED_REPORTS} are compared in one run (name paths to narrow it)`);
  }
  return files;
}

/** The file's text at `rev` (undefined when it does not exist there), or in the work tree when rev is undefined. */
export async function textAt(root: string, rev: string | undefined, file: string, signal: AbortSignal): Promise<string | undefined> {
  if (rev === undefined) return (await stat(join(root, file)).catch(() => undefined)) ? readReportInput(join(root, file), root) : undefined;
  const exists = await git(root, ['cat-file', '-e', `${rev}:${file}`], signal).then(
    () => true,
    () => false,
  );
  return exists ? git(root, ['show', `${rev}:${file}`], signal) : undefined;
}
