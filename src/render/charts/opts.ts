/**
 * Lenient readers for component options. The schema has already validated the
 * request, but painters also run on hand-built options (tests, previews of
 * half-written files), so every reader tolerates a missing or odd value and
 * falls back instead of throwing.
 */
import type { PaintContext } from '../painter';
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
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function num(o: Options, key: string): number | undefined {
  return toNumber(o[key]);
}

export function bool(o: Options, key: string, fallback: boolean): boolean {
  const v = o[key];
  return typeof v === 'boolean' ? v : fallback;
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** `colour` and `color` both occur in real reports (the schema accepts both spellings). */
export function colourOpt(o: Options, base: string): string | undefined {
  return str(o, `${base}_colour`) ?? str(o, `${base}_color`);
}

/** Component margins in points (`margin`, then `horizontal_margin` / `vertical_margin`): ../margins.ts. */
export const marginsOf = componentMargins;
export const inset = insetRect;

/**
 * Chart text scale. `font_size` is a size name (`xs` … `4xl`) relative to the default
 * `base` ("xs" for axis text), or a number in CSS pixels as the service's own
 * docs use (16 px = the default); both become a factor on our point sizes.
 */
export function fontScale(o: Options, ctx: PaintContext, base = 'xs'): number {
  const v = o.font_size;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return clamp(v / 16, 0.5, 2.5);
  if (typeof v === 'string') return clamp(ctx.fontSize(v, 8) / ctx.fontSize(base, 8), 0.5, 2.5);
  return 1;
}

/**
 * Height of a chart's drawing area (axes + plot) for a given width: width /
 * aspect_ratio when given, else `defaultAspect`; clamped so a chart stays legible
 * in a narrow column and never outgrows a page.
 */
export function bodyHeight(o: Options, width: number, defaultAspect: number): number {
  const aspect = num(o, 'aspect_ratio');
  if (aspect !== undefined && aspect > 0) return clamp(width / aspect, 60, 700);
  // A full-width chart stops at 260 pt (under a third of an A4 page), as the hosted
  // service's single-page designs leave room for the sections around it.
  return clamp(width / defaultAspect, 120, 260);
}
