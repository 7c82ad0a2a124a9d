/**
 * Crash-safe file writes: write a temporary file in the same folder, fsync it, then
 * rename it over the target. A reader (or a restarted service) sees either the old or
 * the new content, never half a file.
 */
import { promises as fs } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { JsonDocument } from './jsonDocument';

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'w', 0o600);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, path);
  } catch (err) {
    // A write that failed half-way (disk full) must not keep the space it took until a restart.
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** JSON text serialised elsewhere (a worker thread): written as is by writeJsonAtomic. */
export class SerializedJson {
  constructor(readonly text: string) {}
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, value instanceof SerializedJson ? value.text : JSON.stringify(value, null, 1) + '\n');
}

/** A file's text; undefined when the file is absent (any other read error is thrown). */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Reads JSON; undefined when the file is absent. Throws on corrupt content. */
export async function readJson<T>(path: string): Promise<T | undefined> {
  const text = await readTextIfExists(path);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** Removes temporary files left by a process that died mid-write. */
export async function removeStaleTemps(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).map((n) => fs.rm(join(dir, n), { force: true })));
}

/** The store's JSON document in a file: absent until first written, replaced whole and crash-safe on every write. */
export function fileDocument(path: string): JsonDocument {
  return { read: <T>() => readJson<T>(path), write: (value) => writeJsonAtomic(path, value) };
}
