/**
 * Parses Chart.Timeseries x values into UTC milliseconds. `time_format` is a
 * d3-time-format (strptime-like) string; the service documents
 * "%Y-%m-%d %H:%M:%s" as its default, so when the given format does not match,
 * common shapes are tried too: ISO 8601, "YYYY-MM-DD HH:MM[:SS]", "YYYY-MM-DD",
 * "YYYY-MM", and numbers (epoch milliseconds). Times without a zone are UTC so
 * a report renders the same on every machine.
 */
import { utcParse } from 'd3-time-format';

const FALLBACK_FORMATS = [
  '%Y-%m-%d %H:%M:%S',
  '%Y-%m-%d %H:%M:%S.%L',
  '%Y-%m-%d %H:%M',
  '%Y-%m-%dT%H:%M:%S',
  '%Y-%m-%dT%H:%M:%S.%L',
  '%Y-%m-%dT%H:%M',
  '%Y-%m-%d',
  '%Y/%m/%d',
  '%Y-%m',
  '%Y',
].map((f) => utcParse(f));

const ZONED = /(Z|[+-]\d\d:?\d\d)$/i;

export type DateParser = (v: unknown) => number | undefined;

export function dateParser(timeFormat?: string): DateParser {
  // The service's documented default ends in ":%s" (epoch seconds in d3) where
  // seconds (%S) are meant; read it as meant, or every date would parse as 1970.
  const fmt = timeFormat?.trim().replace(/%M:%s/g, '%M:%S');
  const custom = fmt ? utcParse(fmt) : undefined;
  return (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
    if (typeof v !== 'string') return undefined;
    const s = v.trim();
    if (!s) return undefined;
    const viaCustom = custom?.(s);
    if (viaCustom && Number.isFinite(viaCustom.getTime())) return viaCustom.getTime();
    if (ZONED.test(s)) {
      const t = Date.parse(s);
      if (Number.isFinite(t)) return t;
    }
    for (const parse of FALLBACK_FORMATS) {
      const d = parse(s);
      if (d && Number.isFinite(d.getTime())) return calendarValid(s, d) ? d.getTime() : undefined;
    }
    return undefined;
  };
}

/** d3 rolls "2024-13-45" over into 2025; a typo like that must not plot as a real date. */
function calendarValid(s: string, d: Date): boolean {
  const m = /^(\d{4})[-/](\d{1,2})(?:[-/](\d{1,2}))?/.exec(s);
  if (!m) return true;
  return d.getUTCMonth() + 1 === Number(m[2]) && (m[3] === undefined || d.getUTCDate() === Number(m[3]));
}
