/**
 * API keys and their plans. Keys are compared in constant time: every request hashes
 * the presented key and compares the digest with every known digest, without early
 * exit, so timing reveals neither a key nor how many characters matched.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { resolvePlan, type KeyPlanInput, type Plan } from './options';

export interface ApiKey {
  /** Short, non-secret id (hash prefix) used in logs, task records and the ledger. */
  id: string;
  plan: Plan;
  digest: Buffer;
}

const digestOf = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** The id shown instead of the key: not reversible, stable across restarts. */
export const keyIdOf = (key: string): string => digestOf(`report-studio:${key}`).toString('hex').slice(0, 12);

export class KeyRing {
  private readonly keys: ApiKey[];

  constructor(inputs: KeyPlanInput[]) {
    if (inputs.length === 0) throw new Error('at least one API key is required');
    this.keys = inputs.map((k) => {
      if (typeof k.key !== 'string' || k.key.length < 8) throw new Error('API keys must be strings of at least 8 characters');
      return { id: keyIdOf(k.key), plan: resolvePlan(k), digest: digestOf(k.key) };
    });
  }

  /** The key's record, or undefined. Constant time in the key's content. */
  find(presented: string): ApiKey | undefined {
    const d = digestOf(presented);
    let found: ApiKey | undefined;
    for (const k of this.keys) {
      if (timingSafeEqual(d, k.digest) && !found) found = k;
    }
    return found;
  }

  byId(id: string): ApiKey | undefined {
    return this.keys.find((k) => k.id === id);
  }
}

/** A new development key: `rs_dev_` and 18 random bytes, base64url. */
export function newDevKey(): string {
  // base64 made URL-safe by hand: the browser's Buffer has no 'base64url'.
  return `rs_dev_${randomBytes(18).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
