/** The files the Node service serves, read from disk as they stream out (FileAccess, exchange.ts). */
import { createReadStream, promises as fs } from 'node:fs';
import type { FileAccess } from './exchange';

export const diskFiles: FileAccess = {
  async open(path) {
    let size: number;
    try {
      const info = await fs.stat(path);
      if (!info.isFile()) return undefined;
      size = info.size;
    } catch {
      return undefined;
    }
    return { size, chunks: () => createReadStream(path) };
  },
};
