/**
 * Where `-o` sends the downloaded file: this process's stdout (`-`, or a name of it such as
 * /dev/stdout, so the summary line cannot end up inside the PDF) or a path, which must not
 * be a folder nor reached through a symbolic link (safeWrite.ts) — refused before anything is
 * submitted. FIFOs and devices are written into by core/client/download.ts.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isOwnStream } from '../core/client/ownStream';
import { CliError } from './exitCodes';
import { checkOutputPath } from './safeWrite';
import { printableName } from './terminalText';

/** `-o` values that mean this process's standard output. */
const STDOUT_NAMES: ReadonlySet<string> = new Set(['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** Whether `-o` names this process's standard output. */
export const isStdoutName = (arg: string): boolean => STDOUT_NAMES.has(arg);

export type OutputTarget = { to: 'stdout' } | { to: 'file'; path: string };

/**
 * `example`: a file name to suggest inside a folder given by mistake (`q3.pdf`); `besideReport`:
 * `arg` is not a -o but the default output beside the report (safeWrite.ts).
 */
export async function outputTarget(arg: string, cwd: string, example: string, besideReport = false): Promise<OutputTarget> {
  if (isStdoutName(arg)) return { to: 'stdout' };
  const path = resolve(cwd, arg);
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new CliError(`-o ${printableName(arg)} is a directory: give a file name, e.g. -o ${printableName(join(arg, example))}`);
  }
  if (!isOwnStream(path)) {
    await checkOutputPath(arg, cwd, { option: besideReport ? 'output' : `-o ${printableName(arg)}`, specialAllowed: true, besideReport });
  }
  return { to: 'file', path };
}
