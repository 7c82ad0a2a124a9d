/**
 * Where one JSON document of the local service's store lives (the quota ledger, a task record):
 * a file on disk (fileDocument, atomicFile.ts: crash-safe) or memory (memoryDocument: the
 * service in the browser keeps no files). Writes of one document go through a CoalescingWriter.
 */

export interface JsonDocument {
  /** The document as last written; undefined when it never was. */
  read<T>(): Promise<T | undefined>;
  write(value: unknown): Promise<void>;
}

/** A document held as JSON text in memory: a reader gets a copy, as from a file. */
export function memoryDocument(): JsonDocument {
  let text: string | undefined;
  return {
    read: async <T>() => (text === undefined ? undefined : (JSON.parse(text) as T)),
    write: async (value) => {
      text = JSON.stringify(value);
    },
  };
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
