/**
 * One log line per request: time, method, path, status, duration, key id.
 * The key itself never appears: the `api_key` query value is masked and the key is
 * shown by its non-reversible id.
 */
import { maskCredentials } from '../../core/redact';

/**
 * The URL with its key parameter masked. Parameter names are compared after
 * percent-decoding, as the server reads them: `?api%5Fkey=…` is masked too. (The service's
 * log sink then removes configured keys in any encoding and escapes control characters.)
 */
export function redactUrl(url: string): string {
  return maskCredentials(url);
}

export function formatRequestLine(method: string, url: string, status: number, ms: number, keyId: string | undefined): string {
  const key = keyId ? `key#${keyId}` : 'key=-';
  return `${new Date().toISOString()} ${method} ${redactUrl(url)} ${status} ${ms.toFixed(1)}ms ${key}`;
}

/**
 * Responses whose every byte was handed to the connection although end() was not reached:
 * a client that reads the last byte of a file and hangs up at once can close the connection
 * between the last write and the end of the file stream. Logged with their status, not 499.
 */
const fullySent = new WeakSet<object>();

export function markFullySent(res: object): void {
  fullySent.add(res);
}

export function wasFullySent(res: { writableEnded: boolean }): boolean {
  return res.writableEnded || fullySent.has(res);
}
