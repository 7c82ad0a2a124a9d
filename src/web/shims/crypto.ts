/**
 * `node:crypto` for the browser bundle: what the renderer uses (src/render/pageKeys.ts) —
 * incremental SHA-1 digests and random UUIDs. @noble/hashes is in the bundle already (pdfkit's
 * encryption); SubtleCrypto is asynchronous and cannot hash incrementally.
 */
import { Buffer } from 'buffer';
import { sha1 } from '@noble/hashes/legacy';

type Encoding = 'hex' | 'base64' | 'base64url';

export interface Hash {
  update(data: string | Uint8Array): Hash;
  digest(): Buffer;
  digest(encoding: Encoding): string;
}

export function createHash(algorithm: string): Hash {
  if (algorithm !== 'sha1') throw new Error(`the browser renderer has no ${algorithm} hash (only sha1)`);
  const state = sha1.create();
  const hash: { update(data: string | Uint8Array): Hash; digest(encoding?: Encoding): Buffer | string } = {
    update(data: string | Uint8Array): Hash {
      state.update(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      return hash as unknown as Hash;
    },
    digest(encoding?: Encoding): Buffer | string {
      const bytes = Buffer.from(state.digest());
      // feross's Buffer has no 'base64url'.
      if (encoding === 'base64url') return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      return encoding ? bytes.toString(encoding) : bytes;
    },
  };
  return hash as unknown as Hash;
}

export function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}
