/**
 * `--shard i/n`: one of n machines takes its part of a run. The reports are ranked by their path
 * relative to the working folder (`/` separators, compared by code unit, not by locale), so every
 * machine agrees whatever its checkout path or language; shard i takes the i-th of n contiguous,
 * equal (±1) slices of that list, as Playwright splits its test files. Contiguous rather than
 * round-robin: a folder's reports stay together on one machine, and adding a report moves at most
 * one report across each shard boundary.
 */
import { relative, sep } from 'node:path';
import { CliError } from '../exitCodes';

/** Shards of one run at most: a GitHub Actions matrix holds at most 256 jobs. */
export const MAX_SHARDS = 256;

/** 1-based, as Playwright, Jest and Vitest count them. */
export interface Shard {
  index: number;
  total: number;
}

/** `n` of `--shards n` (plan): a whole number from 1 to MAX_SHARDS. */
export function parseShardCount(flag: string, text: string): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_SHARDS)) throw new CliError(`${flag} takes a whole number of shards from 1 to ${MAX_SHARDS}, got "${text}"`);
  return n;
}

/** `--shard i/n` → { index: i, total: n }, or a usage error saying which part is wrong. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new CliError(`--shard takes i/n, the shard i of n to run (e.g. 2/4), got "${text}"`);
  const [index, total] = [Number(m[1]), Number(m[2])];
  if (total < 1 || total > MAX_SHARDS) throw new CliError(`--shard ${text}: n, the number of shards, is 1 to ${MAX_SHARDS}, got ${total}`);
  if (index < 1 || index > total) throw new CliError(`--shard ${text}: i counts from 1 to ${total}, got ${index}`);
  return { index, total };
}

/** The shard given as an option value, or undefined when the option is absent. */
export function shardOption(value: string | boolean | undefined): Shard | undefined {
  return typeof value === 'string' ? parseShard(value) : undefined;
}

export const shardName = (s: Shard): string => `${s.index}/${s.total}`;

/** What a shard's place in the ranking is: a report's path relative to the working folder, `/`-separated. */
export function shardKey(path: string, cwd: string): string {
  return relative(cwd, path).split(sep).join('/');
}

/** The first and one-past-last rank shard `s` takes of `count` ranked items. */
function sliceOf(count: number, s: Shard): { start: number; end: number } {
  return { start: Math.floor(((s.index - 1) * count) / s.total), end: Math.floor((s.index * count) / s.total) };
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The items of shard `s` (all of them without a shard), in their given order. */
export function inShard<T>(items: readonly T[], keyOf: (item: T) => string, s: Shard | undefined): T[] {
  if (!s) return [...items];
  const ranked = items.map((item) => ({ item, key: keyOf(item) })).sort((a, b) => byCodeUnit(a.key, b.key));
  const { start, end } = sliceOf(ranked.length, s);
  const chosen = new Set(ranked.slice(start, end).map((r) => r.item));
  return items.filter((item) => chosen.has(item));
}
