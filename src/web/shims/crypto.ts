/**
 * `node:crypto` for the browser bundles: what the renderer (src/render/pageKeys.ts) and the local
 * service (keys.ts, renderReuse.ts) use — incremental SHA-1 and SHA-256 digests, random bytes and
 * UUIDs, and a constant-time comparison. @noble/hashes is in the bundle already (pdfkit's
 * encryption); SubtleCrypto is asynchronous and cannot hash incrementally.
 */
import { Buffer } from 'buffer';
import { sha1 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';

type Encoding = 'hex' | 'base64' | 'base64url';

export interface Hash {
  update(data: string | Uint8Array): Hash;
  digest(): Buffer;
  digest(encoding: Encoding): string;
}

export function createHash(algorithm: string): Hash {
  const algorithms = { sha1, sha256 };
  if (algorithm !== 'sha1' && algorithm !== 'sha256') throw new Error(`the browser build has no ${algorithm} hash (only sha1 and sha256)`);
  const state = algorithms[algorithm].create();
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

export function randomBytes(size: number): Buffer {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(size)));
}

/** Whether `a` and `b` hold the same bytes, in time that depends on their length only (as Node's). */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
