/**
 * Axis models on top of d3-scale: a model knows its domain and how to label it;
 * `build` turns it into pixel positions once the layout knows the axis length.
 * Continuous axes (linear, time) get "nice" d3 ticks; categorical axes (band for
 * bars, point for categorical lines) get one label per category.
 */
import { scaleBand, scaleLinear, scalePoint, scaleUtc } from 'd3-scale';
import { utcFormat } from 'd3-time-format';
import { utcDay, utcHour, utcMinute, utcMonth, utcSecond, utcYear } from 'd3-time';
import { RenderError } from '../renderer';
import { laxBoolWord } from '../../core/api/laxBool';

export interface Tick {
  /** Pixel coordinate along the axis. */
  at: number;
  label: string;
}

export interface BuiltAxis {
  ticks: Tick[];
  /** Continuous: value → pixel. Categorical: category label → band start (band) or point (point). */
  map(v: number | string): number;
  /** Band width in pixels (0 for continuous and point axes). */
  bandwidth: number;
  /** Pixel of value 0 when it lies inside a continuous domain. */
  zero?: number;
}

export interface AxisModel {
  kind: 'categorical' | 'continuous';
  /** Builds the axis over pixel range [r0, r1]; `count` is the tick-count hint (continuous only). */
  build(r0: number, r1: number, count: number): BuiltAxis;
}

type NumberFormat = (v: number) => string;

export interface NumberFormatSpec {
  /**
   * `format_*_ticks`: true → compact (1.2k, 3M); a string → d3-format specifier ("$,.0f", ".0%"),
   * unless it is a word the service reads as a boolean; false/undefined → auto.
   */
  format?: boolean | string;
  /** Fixed number of decimals. */
  decimals?: number;
  /** Component path for error messages. */
  path: string;
  /** Option name for error messages, e.g. "format_y_ticks". */
  optionName: string;
}

/** Degenerate extents (one value, all equal) become a small range around the value. */
export function safeExtent(values: number[], includeZero: boolean): [number, number] {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (includeZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= includeZero && lo >= 0 ? 0 : pad;
    hi += includeZero && hi <= 0 && lo < 0 ? 0 : pad;
  }
  return [lo, hi];
}

const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** 1234 → "1.23k", 2500000 → "2.5M"; `decimals` fixes the digits after the point. */
export function compactNumber(v: number, decimals?: number): string {
  const a = Math.abs(v);
  const [div, suffix] = UNITS.find(([d]) => a >= d) ?? [1, ''];
  const fixed = (v / div).toFixed(decimals ?? 2);
  const text = decimals === undefined ? fixed.replace(/\.?0+$/, '') : fixed;
  return (text === '-0' ? '0' : text) + suffix;
}

/** A `format_*_ticks` value as the SDKs' boolean, or the d3-format specifier it names. */
function tickFormatOf(format: boolean | string | undefined): boolean | string {
  if (typeof format !== 'string') return format === true;
  const spec = format.trim();
  // The words pydantic reads as booleans mean that boolean here too, never a d3 specifier (`"1"` is a valid one).
  return laxBoolWord(spec) ?? (spec === '' ? false : spec);
}

/** The one tick-label format of value axes (`format_*_ticks`, `*_ticks_decimals`) for every chart. */
function formatterFor(
  spec: NumberFormatSpec,
  tickFormat: (count: number, s?: string) => NumberFormat,
  count: number,
  maxAbs: number,
): NumberFormat {
  // The catalogue keeps `*_ticks_decimals` a whole number ≥ 0; past 10 digits a label only overflows the axis.
  // (A value the catalogue refused reaches here as written: no default to put in its place.)
  const d = Number.isInteger(spec.decimals) && spec.decimals! >= 0 ? Math.min(10, spec.decimals!) : undefined;
  const format = tickFormatOf(spec.format);
  if (format === true) return (v) => compactNumber(v, d);
  if (typeof format === 'string') {
    try {
      return tickFormat(count, format);
    } catch {
      throw new RenderError(
        `options.${spec.optionName} "${spec.format}" is not a valid number format (d3-format specifier, e.g. ",.0f", "$.2s", ".0%")`,
        spec.path,
      );
    }
  }
  if (d !== undefined) return tickFormat(count, `,.${d}f`);
  // Long tick labels squeeze the plot: switch to compact from a million upwards.
  if (maxAbs >= 1e6) return (v) => compactNumber(v);
  return tickFormat(count);
}

/** A linear axis over `extent` (nice-rounded to the tick step at build time). */
export function linearAxis(extent: [number, number], spec: NumberFormatSpec, nice = true): AxisModel {
  return {
    kind: 'continuous',
    build(r0, r1, count) {
      const scale = scaleLinear().domain(extent).range([r0, r1]);
      if (nice) scale.nice(count);
      const [lo, hi] = scale.domain();
      const fmt = formatterFor(spec, (c, s) => scale.tickFormat(c, s), count, Math.max(Math.abs(lo), Math.abs(hi)));
      const ticks = scale.ticks(count).map((v) => ({ at: scale(v), label: fmt(v) }));
      return { ticks, map: (v) => scale(Number(v)), bandwidth: 0, zero: lo <= 0 && hi >= 0 ? scale(0) : undefined };
    },
  };
}

/** A band axis (bars): one band per category, in the given order. */
export function bandAxis(categories: string[], padding = 0.22): AxisModel {
  return {
    kind: 'categorical',
    build(r0, r1) {
      const scale = scaleBand<string>()
        .domain(categories)
        .range([r0, r1])
        .paddingInner(padding)
        .paddingOuter(padding / 2);
      const bw = scale.bandwidth();
      const ticks = categories.map((c) => ({ at: (scale(c) ?? r0) + bw / 2, label: c }));
      return { ticks, map: (v) => scale(String(v)) ?? r0, bandwidth: bw };
    },
  };
}

/** A point axis (categorical x of a line chart): categories evenly spread. */
export function pointAxis(categories: string[]): AxisModel {
  return {
    kind: 'categorical',
    build(r0, r1) {
      const scale = scalePoint<string>()
        .domain(categories)
        .range([r0, r1])
        .padding(categories.length > 1 ? 0.25 : 0.5);
      const ticks = categories.map((c) => ({ at: scale(c) ?? r0, label: c }));
      return { ticks, map: (v) => scale(String(v)) ?? r0, bandwidth: 0 };
    },
  };
}

const F = {
  ms: utcFormat('.%L'),
  sec: utcFormat(':%S'),
  min: utcFormat('%H:%M'),
  day: utcFormat('%b %d'),
  month: utcFormat('%b'),
  year: utcFormat('%Y'),
};

/**
 * d3's multi-scale time format, made compact for report columns: 24-hour
 * times, abbreviated months ("Mar" rather than "March"), the year at year
 * boundaries.
 */
export function compactTimeFormat(d: Date): string {
  if (utcSecond(d) < d) return F.ms(d);
  if (utcMinute(d) < d) return F.sec(d);
  if (utcHour(d) < d || utcDay(d) < d) return F.min(d);
  if (utcMonth(d) < d) return F.day(d);
  if (utcYear(d) < d) return F.month(d);
  return F.year(d);
}

/** A UTC time axis over [t0, t1] (ms); `tickFormat` is a d3-time-format string. */
export function timeAxis(extent: [number, number], tickFormat?: string): AxisModel {
  let [t0, t1] = extent;
  if (t0 === t1) {
    t0 -= 12 * 3600e3;
    t1 += 12 * 3600e3;
  }
  return {
    kind: 'continuous',
    build(r0, r1, count) {
      const scale = scaleUtc()
        .domain([new Date(t0), new Date(t1)])
        .range([r0, r1]);
      const fmt = tickFormat ? utcFormat(tickFormat) : compactTimeFormat;
      const ticks = scale.ticks(count).map((d) => ({ at: scale(d), label: fmt(d) }));
      return { ticks, map: (v) => scale(new Date(Number(v))), bandwidth: 0 };
    },
  };
}
