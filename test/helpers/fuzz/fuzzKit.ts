/**
 * Shared pieces of the fuzz tests: a seeded PRNG (so a failure reproduces from the
 * printed seed), random JSON values and strings with the awkward characters, and a
 * walk of every path of a JSON document (for "every wrong type at every position").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonPath = Array<string | number>;

/** mulberry32: small, fast, good enough to spread fuzz cases; deterministic per seed. */
export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

/** The seed `npm test` uses: the gate must fail or pass the same way on every run. */
const FIXED_FUZZ_SEED = 20261123;

/**
 * FUZZ_SEED (to replay a failure), else a fresh random seed under `npm run fuzz`
 * (FUZZ_RANDOM=1), else the fixed seed; always printed by the caller.
 */
/**
 * Whether a fuzz test goes the whole way: under `npm run fuzz` (a fresh seed) or a replay
 * (FUZZ_SEED). `npm test`'s fixed-seed run takes the shorter sample each test describes.
 */
export function fuzzWholeWay(): boolean {
  return process.env.FUZZ_RANDOM === '1' || Boolean(process.env.FUZZ_SEED);
}

/**
 * The cases `npm test` takes of a run whose cases cost very differently (the renderer fuzz):
 * greedily the case that reaches the most features not reached yet for its cost, until every
 * feature the whole run reaches is reached, then the cheapest others up to `atLeast`. Indexes
 * in the run's order.
 */
export function coveringSlice(features: ReadonlyArray<ReadonlySet<string>>, costs: readonly number[], atLeast: number): number[] {
  const left = new Set(features.flatMap((f) => [...f]));
  const chosen = new Set<number>();
  while (left.size) {
    let best = -1;
    let bestScore = 0;
    features.forEach((f, i) => {
      if (chosen.has(i)) return;
      let fresh = 0;
      for (const x of f) if (left.has(x)) fresh++;
      const score = fresh / (costs[i] + 1);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    chosen.add(best);
    for (const x of features[best]) left.delete(x);
  }
  const rest = features.map((_, i) => i).filter((i) => !chosen.has(i));
  rest.sort((a, b) => costs[a] - costs[b] || a - b);
  for (const i of rest.slice(0, Math.max(0, atLeast - chosen.size))) chosen.add(i);
  return [...chosen].sort((a, b) => a - b);
}

/** What of `expected` a fuzz run did not reach ([] when it reached all): a sample that stopped covering something. */
export function unreached(reached: Iterable<string>, expected: Iterable<string>): string[] {
  const got = new Set(reached);
  return [...new Set(expected)].filter((x) => !got.has(x));
}

export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return process.env.FUZZ_RANDOM === '1' ? 1 + Math.floor(Math.random() * 2 ** 31) : FIXED_FUZZ_SEED;
}

/** Strings that break naive code: NUL, controls, RTL, zero-width, astral, lone surrogates, prototype names. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\t\r\n',
  '\ufeff',
  '\u200b\u200d\u2060',
  '\u202e\u202dRTL',
  'ключ',
  '数据',
  '😀',
  '👩‍👩‍👧‍👦',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  'é'.normalize('NFD'),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '${x}',
  '%s%n%x',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\windows',
  'C:\\x',
  '/abs/path',
  'null',
  'true',
  '3',
  '-0',
  '1e999',
  'NaN',
  '"quoted"',
  '\\',
  '**bold** _x_ `c` # h\n- a\n- b',
];

export function randomString(rng: Rng, maxLength = 40): string {
  if (rng.chance(0.4)) return rng.pick(NASTY_STRINGS);
  const length = rng.int(0, maxLength);
  let s = '';
  for (let i = 0; i < length; i++) {
    const r = rng.next();
    if (r < 0.6) s += String.fromCharCode(rng.int(0x20, 0x7e));
    else if (r < 0.7) s += String.fromCharCode(rng.int(0, 0x1f));
    else if (r < 0.85) s += String.fromCharCode(rng.int(0xa0, 0x2fff));
    else if (r < 0.93) s += String.fromCodePoint(rng.int(0x1f300, 0x1faff));
    else s += String.fromCharCode(rng.int(0xd800, 0xdfff)); // lone surrogate halves
  }
  return s;
}

const AWKWARD_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  2,
  3,
  0.5,
  -2.5,
  32,
  33,
  -33,
  1e21,
  -1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  0.1 + 0.2,
];

export function randomNumber(rng: Rng): number {
  if (rng.chance(0.5)) return rng.pick(AWKWARD_NUMBERS);
  return rng.chance(0.5) ? rng.int(-1000, 1000) : (rng.next() - 0.5) * 10 ** rng.int(-5, 30);
}

/** A random JSON value; objects may carry prototype-named keys. */
export function randomJson(rng: Rng, depth = 3): Json {
  const r = rng.next();
  if (depth <= 0 || r < 0.35) {
    const p = rng.int(0, 3);
    return p === 0 ? null : p === 1 ? rng.chance(0.5) : p === 2 ? randomNumber(rng) : randomString(rng);
  }
  if (r < 0.65) return Array.from({ length: rng.int(0, 5) }, () => randomJson(rng, depth - 1));
  const out: Record<string, Json> = {};
  const n = rng.int(0, 5);
  for (let i = 0; i < n; i++) setOwn(out, randomString(rng, 12), randomJson(rng, depth - 1));
  return out;
}

/** Sets an own property even when the key is "__proto__" (plain assignment would set the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One value of each JSON type (and the awkward corners of each), for substitution. */
export function valuesOfEveryType(rng: Rng): Json[] {
  return [
    null,
    rng.chance(0.5),
    rng.pick([0, 1, -1, 2, 40, 1e21, -5]),
    rng.pick([2.5, -0.5, 1e-9, 1.7976931348623157e308]),
    rng.pick(['', 'x', '3', 'yes', 'maybe', 'ÿ\u0000😀', '\ud800', 'x'.repeat(2000)]),
    rng.pick<Json>([[], [1], ['a', null], [{}], [[[]]]]),
    rng.pick<Json>([{}, { a: 1 }, { type: 'Card' }, { options: null }, { components: [] }]),
  ];
}

/** Every path of a JSON document (root excluded), depth first. */
export function allPaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i], ...allPaths(v, [...prefix, i]));
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...allPaths(v, [...prefix, k]));
  }
  return out;
}

/** Every object (root included) of a JSON document with its path. */
export function allObjects(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allObjects(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    out.push(prefix);
    for (const [k, v] of Object.entries(value)) out.push(...allObjects(v, [...prefix, k]));
  }
  return out;
}

/** A deep copy with the value at `path` replaced (own-property safe). */
export function withValueAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (Array.isArray(node)) node[last as number] = value;
  else setOwn(node as Record<string, unknown>, String(last), value);
  return copy;
}

/** The object at `path` (for adding keys). */
export function objectAt(doc: unknown, path: JsonPath): Record<string, unknown> {
  let node = doc as Record<string | number, unknown>;
  for (const seg of path) node = node[seg] as Record<string | number, unknown>;
  return node as Record<string, unknown>;
}

const ROOT = join(__dirname, '../../..');

/** The bundled example reports (parsed) and their texts. */
export function loadExamples(): Array<{ name: string; text: string; body: Record<string, unknown> }> {
  const dir = join(ROOT, 'examples');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.report.json'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      return { name, text, body: JSON.parse(text) as Record<string, unknown> };
    });
}

/** Own properties of the shared prototypes: anything here after a fuzz run is pollution. */
export function prototypeSnapshot(): string[] {
  const names = (label: string, o: object): string[] => Object.getOwnPropertyNames(o).map((n) => `${label}.${n}`);
  return [
    ...names('Object', Object.prototype),
    ...names('Array', Array.prototype),
    ...names('Function', Function.prototype),
    ...names('String', String.prototype),
  ].sort();
}

/** A forced GC when the runtime allows it (flags set at run time), so heap numbers compare. */
export function forceGc(): () => void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const v8 = require('node:v8') as typeof import('node:v8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const vm = require('node:vm') as typeof import('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  return () => {
    if (gc) {
      gc();
      gc();
    }
  };
}
