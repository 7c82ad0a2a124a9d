/**
 * Lenient readers for what the catalogue leaves as written (src/catalogue/resolve.ts): data
 * values, and options without a declared default, which arrive unvalidated from tests and
 * previews of half-written files. Options with a default come resolved and need none of these.
 */
import { numberFromText } from '../../catalogue';
import { componentMargins, insetRect } from '../margins';

export type Options = Record<string, unknown>;

export function str(o: Options, key: string): string | undefined {
  const v = o[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A finite number; numeric strings ("12.5") are accepted because spreadsheets export them. */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  return typeof v === 'string' ? numberFromText(v) : undefined;
}

export function num(o: Options, key: string): number | undefined {
  return toNumber(o[key]);
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Component margins in points (`margin`, then `horizontal_margin` / `vertical_margin`): ../margins.ts. */
export const marginsOf = componentMargins;
export const inset = insetRect;
