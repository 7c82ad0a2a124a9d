/**
 * Removes API keys from anything about to be shown or logged: `api_key=` query values,
 * `X-API-KEY:` header lines, and every key registered by a client. Every log path and
 * every error message goes through here, so a key typed into a URL or echoed by a
 * misbehaving server never reaches the output panel, a terminal or a test snapshot.
 */

export const REDACTED = '***';

/** Keys shorter than this are only removed in the api_key/X-API-KEY patterns (to not mangle prose). */
const MIN_REGISTERED_LENGTH = 6;

const registered = new Set<string>();

/** Remembers a key so that redact() removes it wherever it appears. */
export function registerSecret(secret: string | undefined): void {
  if (secret && secret.length >= MIN_REGISTERED_LENGTH) registered.add(secret);
}

/** Forgets a key (a test or a key rotation). */
export function unregisterSecret(secret: string | undefined): void {
  if (secret) registered.delete(secret);
}

const QUERY_KEY = /([?&;]api_key=)[^&#\s"'<>]*/gi;
const HEADER_KEY = /(x-api-key["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;

/**
 * The ways a key is written into URLs by common encoders: as is, encodeURIComponent,
 * URLSearchParams (also escapes ~ ! ' ( ) and writes + for spaces), each with upper- or
 * lower-case hex.
 */
function spellings(secret: string): string[] {
  const component = encodeURIComponent(secret);
  const form = new URLSearchParams({ k: secret }).toString().slice(2);
  const lower = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  return [...new Set([secret, component, form, lower(component), lower(form)])];
}

/** The text with every known key replaced by `***`. Accepts a URL object too. */
export function redact(value: string | URL, extraSecrets: readonly (string | undefined)[] = []): string {
  let text = typeof value === 'string' ? value : value.toString();
  text = text.replace(QUERY_KEY, `$1${REDACTED}`).replace(HEADER_KEY, `$1${REDACTED}`);
  const secrets = [...registered, ...extraSecrets.filter((s): s is string => !!s)];
  // Longest first so a key that contains another key is removed whole.
  secrets.sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of spellings(secret)) text = text.split(form).join(REDACTED);
  }
  return text;
}

/**
 * A JSON value with every string (keys too) passed through redact(): for data a server
 * echoes back, e.g. 422 entries whose `msg`, `loc` or `input` repeat a key a misbehaving
 * service received. Returns the value itself when nothing needs removing (the usual case).
 */
export function redactJson<T>(value: T): T {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return value;
  }
  if (text === undefined || redact(text) === text) return value;
  return copyRedacted(value, 0) as T;
}

function copyRedacted(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redact(value);
  if (!value || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => copyRedacted(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // defineProperty: a "__proto__" key stays a key instead of replacing the prototype.
    Object.defineProperty(out, redact(k), { value: copyRedacted(v, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
