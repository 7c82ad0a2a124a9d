/**
 * Removes credentials from anything about to be shown or logged: `api_key=` query values
 * (the parameter name and value read after percent-decoding, as a server reads them),
 * `X-API-KEY:` and `Authorization:` header values, `"auth_header"` JSON values, the user
 * info of URLs, and every key registered by a client in any percent-encoding. Every log
 * path and every error message goes through here, so a key typed into a URL or echoed by
 * a misbehaving server never reaches the output panel, a terminal or a test snapshot.
 * escapeControlChars() then keeps one logged event on one line (see logLine()).
 */
import { capText, MAX_LOG_LINE_CHARS } from './api/echoLimits';

const REDACTED = '***';

/** Keys shorter than this are only removed in the api_key/X-API-KEY patterns (to not mangle prose). */
const MIN_REGISTERED_LENGTH = 6;

/** Registered keys → how many holders (clients, sessions) still use each. */
const registered = new Map<string, number>();

/**
 * Remembers a key so that redact() removes it wherever it appears, until every holder has
 * called the release function it got back (a closed client releases its key), so the registry
 * holds the keys in use rather than every key ever seen.
 */
export function registerSecret(secret: string | undefined): () => void {
  if (!secret || secret.length < MIN_REGISTERED_LENGTH) return () => undefined;
  registered.set(secret, (registered.get(secret) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (registered.get(secret) ?? 1) - 1;
    if (left > 0) registered.set(secret, left);
    else registered.delete(secret);
  };
}

/** Forgets a key whoever holds it (a test, or a key the user cleared). */
export function unregisterSecret(secret: string | undefined): void {
  if (secret) registered.delete(secret);
}

/** A query parameter `name=value` after `?`, `&` or `;` (the name may be percent-encoded). */
const QUERY_PARAM = /([?&;])([^=&#\s"'<>?;]+)=([^&#\s"'<>]*)/g;
/** Names whose value is a key, compared after percent-decoding and lower-casing. */
const KEY_PARAMS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key', 'token', 'access_token']);
const HEADER_KEY = /(x-api-key["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;
/** `Authorization: Bearer …` / `Basic …` / a bare token, in header or JSON form. */
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token)\s+)?)[^\s"',;}]+/gi;
/** A webhook's `"auth_header": "…"` (a 422 or a record echoing a report). */
const AUTH_HEADER_JSON = /("auth_header"\s*:\s*")(?:[^"\\]|\\.)*(")/gi;
/**
 * `scheme://user:password@host`: the user info goes, whatever it holds. The scheme is at
 * most 32 characters, so a long run of letters costs one scan, not one per start.
 */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#@"'<>]+@/gi;
const ESCAPE = /%[0-9A-Fa-f]{2}/g;
/** Characters that end a run of URL-ish text. */
const RUN_END = /[\s"'<>]/;

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder('utf-8');

/**
 * Percent-decoding as a server does it (so `%73ecret` and `s%65cret` are both `secret`);
 * escaped bytes that are not UTF-8 become U+FFFD instead of throwing.
 */
export function percentDecode(text: string, plusIsSpace = false): string {
  const source = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  if (!source.includes('%')) return source;
  return source.replace(ESCAPE_RUN, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return utf8.decode(bytes);
  });
}

/** True when a query parameter name means an API key once decoded (`api%5Fkey`, `API_KEY`). */
function isKeyParamName(name: string): boolean {
  return KEY_PARAMS.has(percentDecode(name, true).trim().toLowerCase());
}

/**
 * Masks credentials written in a recognisable form (no registered secrets needed): key
 * query parameters, key and Authorization headers, auth_header JSON values, URL user info.
 */
export function maskCredentials(text: string): string {
  return text
    .replace(QUERY_PARAM, (all, sep: string, name: string) => (isKeyParamName(name) ? `${sep}${name}=${REDACTED}` : all))
    .replace(HEADER_KEY, `$1${REDACTED}`)
    .replace(AUTHORIZATION, `$1${REDACTED}`)
    .replace(AUTH_HEADER_JSON, `$1${REDACTED}$2`)
    .replace(URL_USERINFO, `$1${REDACTED}@`);
}

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

function removeSecrets(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) {
    for (const form of spellings(secret)) text = text.split(form).join(REDACTED);
  }
  return text;
}

/**
 * The text with every credential replaced by `***`. Accepts a URL object too. A key may
 * be percent-encoded any way a server still decodes (`%73ecret`): runs holding escapes
 * are decoded and, when the decoded form reveals a key, replaced by it, redacted.
 */
export function redact(value: string | URL, extraSecrets: readonly (string | undefined)[] = []): string {
  let text = maskCredentials(typeof value === 'string' ? value : value.toString());
  // Longest first so a key that contains another key is removed whole.
  const secrets = [...registered.keys(), ...extraSecrets.filter((s): s is string => !!s)].sort((a, b) => b.length - a.length);
  text = removeSecrets(text, secrets);
  return text.includes('%') ? redactEncodedRuns(text, secrets) : text;
}

/**
 * Each run of text around a %XX escape (up to whitespace, a quote or <>) is decoded; when
 * that reveals a credential the run is replaced by its decoded, redacted form. Runs are
 * found from the escapes outwards, each character visited a bounded number of times.
 */
function redactEncodedRuns(text: string, secrets: readonly string[]): string {
  let out = '';
  let copied = 0;
  ESCAPE.lastIndex = 0;
  for (let m = ESCAPE.exec(text); m; m = ESCAPE.exec(text)) {
    let start = m.index;
    while (start > copied && !RUN_END.test(text[start - 1])) start--;
    let end = m.index + 3;
    while (end < text.length && !RUN_END.test(text[end])) end++;
    const run = text.slice(start, end);
    const decoded = percentDecode(run);
    const clean = removeSecrets(maskCredentials(decoded), secrets);
    if (clean !== decoded) {
      out += text.slice(copied, start) + clean;
      copied = end;
    }
    ESCAPE.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** C0 and C1 controls, DEL, the Unicode line/paragraph separators and bidi overrides. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Control characters written visibly (`\n`, `\r`, `\t`, `\x1b`, `\u2028`): a value from a
 * request (a URL, a header, a report string) can then neither start a forged log line nor
 * send escape sequences to the terminal showing the log.
 */
export function escapeControlChars(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/**
 * What every log writer writes: credentials removed (after decoding), then controls escaped, then
 * capped at MAX_LOG_LINE_CHARS — after redaction, so a cut never leaves part of a key to be seen.
 */
export function logLine(line: string, extraSecrets: readonly (string | undefined)[] = []): string {
  return capText(escapeControlChars(redact(line, extraSecrets)), MAX_LOG_LINE_CHARS);
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
