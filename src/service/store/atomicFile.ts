/**
 * Crash-safe file writes: write a temporary file in the same folder, fsync it, then
 * rename it over the target. A reader (or a restarted service) sees either the old or
 * the new content, never half a file.
 */
import { promises as fs } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { volumeDocument, type JsonDocument } from './jsonDocument';
import { jsonText, type StoreVolume } from './volume';

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

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, jsonText(value));
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
  return volumeDocument(diskVolume(), path);
}

/** The data dir on disk as a task store's volume (volume.ts): crash-safe writes, folders made private. */
export function diskVolume(): StoreVolume {
  return {
    join,
    prepare: async (dir) => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await removeStaleTemps(dir);
    },
    list: async (dir) => fs.readdir(dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err))),
    readText: readTextIfExists,
    readBytes: (path) => fs.readFile(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err))),
    write: writeFileAtomic,
    remove: (path) => fs.rm(path, { force: true }),
  };
}
