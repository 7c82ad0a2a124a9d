/**
 * Where one JSON document of the local service's store lives (the quota ledger, a task record):
 * a file on disk (fileDocument, atomicFile.ts: crash-safe) or memory (memoryDocument: the
 * service in the browser keeps no files). Writes of one document go through a CoalescingWriter.
 */
import { jsonText, memoryVolume, type StoreVolume } from './volume';

export interface JsonDocument {
  /** The document as last written; undefined when it never was. */
  read<T>(): Promise<T | undefined>;
  write(value: unknown): Promise<void>;
}

/** The document at `path` of a volume, as the store's JSON text (jsonText). */
export function volumeDocument(volume: StoreVolume, path: string): JsonDocument {
  return {
    read: async <T>() => {
      const text = await volume.readText(path);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
    write: (value) => volume.write(path, jsonText(value)),
  };
}

/** A document held in memory: a reader gets a copy, as from a file. */
export function memoryDocument(): JsonDocument {
  return volumeDocument(memoryVolume(), 'document.json');
}

/**
 * Serialises writes of one document and coalesces bursts: while a write runs, later
 * requests collapse into one more write of the latest state. `flush()` resolves once
 * the state as of the call is written.
 */
export class CoalescingWriter {
  private running: Promise<void> | undefined;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly document: JsonDocument,
    private readonly snapshot: () => unknown,
  ) {}

  flush(): Promise<void> {
    if (this.pending) return this.pending;
    if (!this.running) {
      this.running = this.write().finally(() => (this.running = undefined));
      return this.running;
    }
    const after = this.running;
    this.pending = after
      .catch(() => undefined)
      .then(() => {
        this.pending = undefined;
        return this.flush();
      });
    return this.pending;
  }

  private write(): Promise<void> {
    return this.document.write(this.snapshot());
  }
}
