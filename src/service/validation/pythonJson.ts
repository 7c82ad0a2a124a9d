/**
 * JSON decoding with the behaviour of Python's `json.loads` (what FastAPI runs on a
 * request body): the same accepted inputs (NaN, Infinity, -Infinity are accepted) and,
 * for bad input, the same message and character offset as `json.JSONDecodeError`
 * (CPython ≤ 3.12 wording). Offsets count code points, as Python strings do.
 * JSON.parse is tried first; the hand-written scanner only runs when it fails.
 */

export class PythonJsonError extends Error {
  constructor(
    readonly pythonMessage: string,
    readonly pos: number,
  ) {
    super(`${pythonMessage}: char ${pos}`);
    this.name = 'PythonJsonError';
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Python's code-point offset of a UTF-16 index. */
function codePointOffset(text: string, index: number): number {
  let surrogatePairs = 0;
  for (let i = 0; i < index - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return index - surrogatePairs;
}

class Scanner {
  constructor(private readonly s: string) {}

  fail(message: string, index: number): never {
    throw new PythonJsonError(message, codePointOffset(this.s, index));
  }

  ws(i: number): number {
    while (i < this.s.length && WS.has(this.s[i])) i++;
    return i;
  }

  /** Parses one value at i; returns [value, end]. "Expecting value" when none starts there. */
  value(i: number): [unknown, number] {
    const s = this.s;
    const c = s[i];
    if (c === '"') return this.string(i + 1);
    if (c === '{') return this.object(i + 1);
    if (c === '[') return this.array(i + 1);
    if (c === 'n' && s.startsWith('null', i)) return [null, i + 4];
    if (c === 't' && s.startsWith('true', i)) return [true, i + 4];
    if (c === 'f' && s.startsWith('false', i)) return [false, i + 5];
    if (c === 'N' && s.startsWith('NaN', i)) return [NaN, i + 3];
    if (c === 'I' && s.startsWith('Infinity', i)) return [Infinity, i + 8];
    if (c === '-' && s.startsWith('-Infinity', i)) return [-Infinity, i + 9];
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(s);
    if (m) return [Number(m[0]), i + m[0].length];
    return this.fail('Expecting value', i);
  }

  string(i: number): [string, number] {
    const s = this.s;
    const begin = i - 1;
    let out = '';
    for (;;) {
      if (i >= s.length) this.fail('Unterminated string starting at', begin);
      const c = s[i];
      if (c === '"') return [out, i + 1];
      if (c === '\\') {
        if (i + 1 >= s.length) this.fail('Unterminated string starting at', begin);
        const e = s[i + 1];
        if (e !== 'u') {
          if (!(e in ESCAPES)) this.fail('Invalid \\escape', i);
          out += ESCAPES[e];
          i += 2;
          continue;
        }
        if (i + 6 >= s.length) this.fail('Invalid \\uXXXX escape', i + 1);
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\uXXXX escape', i + 1);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      if (c.charCodeAt(0) <= 0x1f) this.fail('Invalid control character at', i);
      out += c;
      i++;
    }
  }

  object(i: number): [Record<string, unknown>, number] {
    const s = this.s;
    const out: Record<string, unknown> = {};
    i = this.ws(i);
    if (s[i] === '}') return [out, i + 1];
    for (;;) {
      if (s[i] !== '"') this.fail('Expecting property name enclosed in double quotes', i);
      const [key, afterKey] = this.string(i + 1);
      i = this.ws(afterKey);
      if (s[i] !== ':') this.fail("Expecting ':' delimiter", i);
      i = this.ws(i + 1);
      const [v, afterValue] = this.value(i);
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      i = this.ws(afterValue);
      if (s[i] === '}') return [out, i + 1];
      if (s[i] !== ',') this.fail("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }

  array(i: number): [unknown[], number] {
    const s = this.s;
    const out: unknown[] = [];
    i = this.ws(i);
    if (s[i] === ']') return [out, i + 1];
    for (;;) {
      const [v, after] = this.value(i);
      out.push(v);
      i = this.ws(after);
      if (s[i] === ']') return [out, i + 1];
      if (s[i] !== ',') this.fail("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }
}

/** Decodes like Python's json.loads; throws PythonJsonError. */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Fall through: find Python's message and offset (or accept NaN/Infinity).
  }
  const scanner = new Scanner(text);
  const [value, end] = scanner.value(scanner.ws(0));
  const rest = scanner.ws(end);
  if (rest !== text.length) scanner.fail('Extra data', rest);
  return value;
}

/**
 * Deepest nesting of objects/arrays, without parsing; returns the offset (code points)
 * of the first bracket past `limit`, or -1. Strings are skipped so brackets in text
 * don't count.
 */
export function nestingViolation(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return codePointOffset(text, i);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}
