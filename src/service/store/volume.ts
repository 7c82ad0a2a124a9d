/**
 * Where the task store keeps its records, submitted reports and result files: the data dir
 * on disk (diskVolume, atomicFile.ts: crash-safe writes, the Node service) or memory
 * (memoryVolume: the service in the browser keeps no files). Paths are made with the volume's
 * own `join`.
 */
export interface StoreVolume {
  join(...parts: string[]): string;
  /** Makes the folder if it is missing and removes the temporary files a crash left in it. */
  prepare(dir: string): Promise<void>;
  /** The names in a folder (none when it is missing). */
  list(dir: string): Promise<string[]>;
  /** A file's text; undefined when it is absent. */
  readText(path: string): Promise<string | undefined>;
  /** A file's bytes; undefined when it is absent. */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /** Replaces the file whole: a reader sees the old content or the new, never a part. */
  write(path: string, data: string | Uint8Array): Promise<void>;
  /** Deletes the file; nothing when it is absent. */
  remove(path: string): Promise<void>;
}

/** A volume in memory: a map from path to a copy of the bytes written. */
export function memoryVolume(): StoreVolume {
  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  return {
    join: (...parts) => parts.filter(Boolean).join('/'),
    prepare: async () => undefined,
    list: async (dir) =>
      [...files.keys()]
        .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
        .map((p) => p.slice(dir.length + 1)),
    readText: async (path) => {
      const bytes = files.get(path);
      return bytes && new TextDecoder().decode(bytes);
    },
    readBytes: async (path) => files.get(path)?.slice(),
    write: async (path, data) => void files.set(path, typeof data === 'string' ? encoder.encode(data) : data.slice()),
    remove: async (path) => void files.delete(path),
  };
}

/** The JSON text the store writes (one space of indent, a final newline): the same on every volume. */
export function jsonText(value: unknown): string {
  return value instanceof SerializedJson ? value.text : JSON.stringify(value, null, 1) + '\n';
}

/** JSON text serialised elsewhere (a worker thread): written as is. */
export class SerializedJson {
  constructor(readonly text: string) {}
}
