/**
 * Where the CLI writes (-o, --out-dir, --junit, diff --out) is never reached through a symbolic
 * link: a pull request can commit `report-diff/summary.md` as a link to a file outside the
 * checkout, and a documented CI step would then write through it. Every existing part of the
 * path below the working folder (the whole path when it is inside it, else the file itself; the
 * file itself for the default output beside a report) must not be a link, and the file, when
 * it exists, must be a regular file — except where -o writes into a FIFO or a device
 * (docs/cli.md, output files). Refused with exit 2 before anything is sent or drawn.
 */
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError } from './exitCodes';
import { shown } from './output';
import { printableName } from './terminalText';

export interface OutputCheck {
  /** How the user gave it, for the message: `-o out.pdf`, `--junit r.xml`, `--out report-diff`. */
  option: string;
  /** -o only: an existing FIFO or device is written into. Elsewhere it is refused. */
  specialAllowed?: boolean;
  /**
   * The default output beside its report (`q3.report.json` → `q3.pdf`): the folder is the one the
   * report was read from, linked or not; only the file itself is checked.
   */
  besideReport?: boolean;
}

/** Refuses a path to write that goes through a symbolic link or ends on a file of the wrong kind. */
export async function checkOutputPath(path: string, cwd: string, check: OutputCheck): Promise<void> {
  const target = resolve(cwd, path);
  const below = relative(cwd, target);
  const inside = below !== '' && !below.startsWith('..') && !isAbsolute(below);
  const start = inside && !check.besideReport ? cwd : dirname(target);
  let part = start;
  for (const name of relative(start, target).split(sep).filter(Boolean)) {
    part = join(part, name);
    const info = await lstat(part).catch(() => undefined);
    if (!info) return; // the rest does not exist yet: the CLI makes it
    const where = `${check.option}: ${printableName(shown(part, cwd))}`;
    if (info.isSymbolicLink()) throw new CliError(`${where} is a symbolic link; output is never written through one`);
    if (part === target && !info.isDirectory() && !info.isFile() && !check.specialAllowed) {
      throw new CliError(`${where} is not a regular file (a FIFO, a device or a socket); output goes only into files it makes`);
    }
  }
}

/**
 * Writes a whole file that checkOutputPath() allows (its folders made when missing): to a new
 * temporary name beside it (created exclusively, so never an existing file or link) and renamed
 * over it when complete — an interrupted run never leaves half a file, and a link made since the
 * check is replaced rather than written through.
 */
export async function writeOutputFile(target: string, data: string | Uint8Array, cwd: string, check: OutputCheck): Promise<void> {
  await checkOutputPath(target, cwd, check);
  await mkdir(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
