/**
 * Where `-o` sends the downloaded file: this process's stdout (`-`, or a name of it such as
 * /dev/stdout, so the summary line cannot end up inside the PDF) or a path, which must not
 * be a folder — refused before anything is submitted. FIFOs and devices are written into
 * by core/client/download.ts.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CliError } from './exitCodes';
import { printableName } from './terminalText';

/** `-o` values that mean this process's standard output. */
const STDOUT_NAMES: ReadonlySet<string> = new Set(['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** Whether `-o` names this process's standard output. */
export const isStdoutName = (arg: string): boolean => STDOUT_NAMES.has(arg);

export type OutputTarget = { to: 'stdout' } | { to: 'file'; path: string };

/** `example`: a file name to suggest inside a folder given by mistake (`q3.pdf`). */
export async function outputTarget(arg: string, cwd: string, example: string): Promise<OutputTarget> {
  if (isStdoutName(arg)) return { to: 'stdout' };
  const path = resolve(cwd, arg);
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new CliError(`-o ${printableName(arg)} is a directory: give a file name, e.g. -o ${printableName(join(arg, example))}`);
  }
  return { to: 'file', path };
}
