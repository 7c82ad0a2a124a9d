import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file under `dir`, relative and with `/` separators, sorted; none when `dir` is absent. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}
