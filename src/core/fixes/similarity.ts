/**
 * "Did you mean …?" for enum values, component types and option names: ranks the valid
 * values by how likely the user meant them. Exact matches modulo case and spelling
 * (British/American, separators, `xxl` → `2xl`), equivalent fractions (`1/2` → `2/4`) and a
 * few domain synonyms (`small` → `sm`, `up` → `+`) are confident; otherwise an edit
 * distance / shared-word score decides.
 */

import { COLOUR_THEME_WORDS } from '../../catalogue/themes';
import { TYPE_ALIASES } from '../report/componentTypes.generated';

export interface RankedValue {
  value: string;
  /** 1 = certainly meant, 0 = unrelated. */
  score: number;
  /** True when the match is strong enough to apply without asking (isPreferred). */
  confident: boolean;
  /** Why it matched, for tests and titles ("same value", "spelling"). */
  reason: 'case' | 'spelling' | 'equivalent' | 'synonym' | 'related' | 'prefix' | 'similar';
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0 || b.length === 0) return a.length + b.length;
  // Three rolling rows: the one before last is needed for transpositions.
  let before = new Uint32Array(b.length + 1);
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/** Lower case, British → American spelling, separators dropped, `xxl` → `2xl`. */
export function normalise(value: string): string {
  let v = value.trim().toLowerCase();
  v = v
    .replace(/colour/g, 'color')
    .replace(/centre/g, 'center')
    .replace(/grey/g, 'gray')
    .replace(/ise(d?)$/, 'ize$1');
  v = v.replace(/^(x{2,})(s|l)$/, (_, xs: string, size: string) => `${xs.length}x${size}`);
  v = v.replace(/^extra[-_ ]?(small|large)$/, (_, w: string) => `x${w[0]}`).replace(/^x-(small|large)$/, (_, w: string) => `x${w[0]}`);
  return v.replace(/[\s\-_.]+/g, '');
}

/** Domain words people type for values the schema spells differently. */
const SYNONYMS: Record<string, readonly string[]> = {
  small: ['sm'],
  large: ['lg'],
  big: ['lg'],
  tiny: ['xs'],
  huge: ['2xl'],
  middle: ['center', 'centre'],
  centered: ['center', 'centre'],
  centred: ['centre', 'center'],
  justify: ['left'],
  justified: ['left'],
  up: ['+'],
  increase: ['+'],
  positive: ['+'],
  plus: ['+'],
  down: ['-'],
  decrease: ['-'],
  negative: ['-'],
  minus: ['-'],
  smooth: ['MonotoneX', 'Natural', 'Basis'],
  curved: ['MonotoneX', 'Natural'],
  spline: ['CatmullRom', 'Natural'],
  straight: ['Linear'],
  stepped: ['Step'],
  steps: ['Step'],
  half: ['2/4', '3/6'],
  third: ['1/3'],
  quarter: ['1/4'],
  // Component types: the catalogue's aliases of each type (`pie` → DoughnutRing).
  ...TYPE_ALIASES,
  background: ['bg_color', 'bg_colour'],
  bg: ['bg_color', 'bg_colour'],
  fontsize: ['font_size'],
};

/**
 * Colour words → the built-in themes whose accent has that hue (the catalogue's theme
 * metadata): good suggestions for `"colour_theme": "blue"`, never applied without asking.
 */
const RELATED: Readonly<Record<string, readonly string[]>> = COLOUR_THEME_WORDS;

function fraction(value: string): number | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  return m && Number(m[2]) !== 0 ? Number(m[1]) / Number(m[2]) : undefined;
}

function words(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s\-_.]+/)
    .filter(Boolean);
}

/** Dice coefficient of the words: `truck-fast-delivery` vs `truck-delivery` = 0.8. */
function sharedWords(wa: ReadonlySet<string>, wb: ReadonlySet<string>): number {
  if (wa.size === 0 || wb.size === 0) return 0;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return (2 * common) / (wa.size + wb.size);
}

/** What is computed once per input rather than once per candidate. */
interface Input {
  raw: string;
  lower: string;
  normal: string;
  fraction?: number;
  words: ReadonlySet<string>;
}

/** Candidates repeat across calls (icon names, option names): their derived forms are kept. */
const candidateCache = new Map<string, { normal: string; words: ReadonlySet<string> }>();

function candidateData(candidate: string): { normal: string; words: ReadonlySet<string> } {
  let hit = candidateCache.get(candidate);
  if (!hit) {
    if (candidateCache.size > 50_000) candidateCache.clear();
    hit = { normal: normalise(candidate), words: new Set(words(candidate)) };
    candidateCache.set(candidate, hit);
  }
  return hit;
}

function scoreOne(inputData: Input, candidate: string): RankedValue {
  const cached = candidateData(candidate);
  const a = inputData.normal;
  const b = cached.normal;
  if (inputData.lower === candidate.toLowerCase()) return { value: candidate, score: 1, confident: true, reason: 'case' };
  if (a === b && a.length > 0) return { value: candidate, score: 0.98, confident: true, reason: 'spelling' };
  const fa = inputData.fraction;
  if (fa !== undefined && fa === fraction(candidate)) return { value: candidate, score: 0.97, confident: true, reason: 'equivalent' };
  if (SYNONYMS[a]?.includes(candidate)) {
    return { value: candidate, score: 0.95 - 0.01 * SYNONYMS[a].indexOf(candidate), confident: true, reason: 'synonym' };
  }
  const related = RELATED[a]?.indexOf(candidate) ?? -1;
  if (related >= 0) return { value: candidate, score: 0.7 - 0.01 * related, confident: false, reason: 'related' };
  if (a.length >= 3 && b.length > a.length && b.startsWith(a)) {
    return { value: candidate, score: 0.7 + 0.2 * (a.length / b.length), confident: b.length - a.length <= 2, reason: 'prefix' };
  }
  const longest = Math.max(a.length, b.length, 1);
  // The distance is at least the length difference: skip the matrix when that alone rules it out.
  const lengthGap = Math.abs(a.length - b.length);
  const distance = lengthGap > longest / 2 ? lengthGap : editDistance(a, b);
  const score = Math.max(1 - distance / longest, sharedWords(inputData.words, cached.words) * 0.95);
  // One typo in a word of four letters or more, two in one of eight or more.
  const confident = (distance === 1 && longest >= 4) || (distance === 2 && longest >= 8) || score >= 0.8;
  return { value: candidate, score, confident, reason: 'similar' };
}

export interface RankOptions {
  /** At most this many results (default 3). */
  limit?: number;
  /** Drop results scoring below this (default: 0 for short lists, 0.5 for long ones). */
  minScore?: number;
}

/**
 * The valid values most likely meant by `input`, best first. Short lists (≤ 20 values)
 * always yield their best few so the user sees real choices; long ones (icon names)
 * only yield plausible matches.
 */
export function rankValues(input: string, candidates: readonly string[], options: RankOptions = {}): RankedValue[] {
  const limit = options.limit ?? 3;
  const minScore = options.minScore ?? (candidates.length > 20 ? 0.5 : 0);
  const unique = [...new Set(candidates)].filter((c) => c !== input);
  const data: Input = {
    raw: input,
    lower: input.toLowerCase(),
    normal: normalise(input),
    fraction: fraction(input),
    words: new Set(words(input)),
  };
  const scored = unique.map((c) => scoreOne(data, c)).filter((r) => r.score > 0 && r.score >= minScore);
  // Stable: equal scores keep the schema's order (e.g. `centre` before `center`).
  scored.sort((x, y) => y.score - x.score);
  // Spelling twins (`colour_theme` / `color_theme`, `centre` / `center`) mean the same: offer the first.
  const seen = new Set<string>();
  const distinct = scored.filter((r) => {
    const key = candidateData(r.value).normal;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return distinct.slice(0, limit);
}

/**
 * Whether the best match is clear enough to mark a fix as preferred: confident, and no
 * other confident match of a different meaning scores as well (equivalent fractions and
 * centre/center mean the same, so they do not compete).
 */
export function isClearWinner(ranked: readonly RankedValue[]): boolean {
  const [best, second] = ranked;
  if (!best?.confident) return false;
  if (!second?.confident) return true;
  if (best.reason === 'equivalent' && second.reason === 'equivalent') return true;
  if (normalise(best.value) === normalise(second.value)) return true;
  return best.score - second.score >= 0.05;
}
