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

/** The text with every known key replaced by `***`. Accepts a URL object too. */
export function redact(value: string | URL, extraSecrets: readonly (string | undefined)[] = []): string {
  let text = typeof value === 'string' ? value : value.toString();
  text = text.replace(QUERY_KEY, `$1${REDACTED}`).replace(HEADER_KEY, `$1${REDACTED}`);
  const secrets = [...registered, ...extraSecrets.filter((s): s is string => !!s)];
  // Longest first so a key that contains another key is removed whole.
  secrets.sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    if (!secret) continue;
    text = text.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) text = text.split(encoded).join(REDACTED);
  }
  return text;
}
