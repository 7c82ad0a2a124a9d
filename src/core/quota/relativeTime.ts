/**
 * Dates as a person reads them in a tooltip: "in 12 days (2026-12-04 00:00 UTC)". UTC on
 * purpose: the quota period is defined in UTC by the service. The relative part is in the
 * display language the caller names (Intl: "in 12 Tagen", "12天后"), English by default.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made on first use, not at load: creating one loads ICU's locale data, about 12 ms, which
// every activation of the extension would otherwise pay.
const formatters = new Map<string, Intl.RelativeTimeFormat>();
function relative(language: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    // A tag ICU does not know falls back to English rather than throwing in a tooltip.
    const [locale = 'en'] = Intl.RelativeTimeFormat.supportedLocalesOf([language]);
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** "in 12 days", "tomorrow", "in 5 hours", "in 3 minutes", "now", "2 days ago" (`language`: `de` → "in 12 Tagen"). */
export function relativeTime(target: Date, now: Date, language = 'en'): string {
  const delta = target.getTime() - now.getTime();
  const size = Math.abs(delta);
  if (size < MINUTE) return relative(language).format(0, 'second');
  if (size < HOUR) return relative(language).format(Math.round(delta / MINUTE), 'minute');
  if (size < DAY) return relative(language).format(Math.round(delta / HOUR), 'hour');
  return relative(language).format(Math.round(delta / DAY), 'day');
}

const SERVICE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time as the service writes it. ISO 8601 with a zone, or the older quota record's
 * form without one and with microseconds (`2024-11-21T17:08:01.459526`), which means UTC:
 * JavaScript's Date would read a zone-less time as local time and shift it by the offset.
 * undefined when the text is not a date.
 */
export function parseServiceTime(text: string): Date | undefined {
  const m = SERVICE_TIME.exec(text.trim());
  let date: Date;
  if (m) {
    const millis = m[3] ? `.${m[3].padEnd(3, '0').slice(0, 3)}` : '';
    const zone = (m[4] ?? 'Z').toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    date = new Date(`${m[1]}T${m[2]}${millis}${zone}`);
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) {
    date = new Date(`${text.trim()}T00:00:00Z`);
  } else {
    return undefined;
  }
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `2026-12-04 00:00 UTC`; the input unchanged when it is not a date. */
export function formatUtc(value: string | Date): string {
  const date = typeof value === 'string' ? parseServiceTime(value) : value;
  if (!date || Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `in 12 days (2026-12-04 00:00 UTC)`; the raw text when the service sent no valid date. */
export function relativeWithUtc(iso: string, now: Date, language?: string): string {
  const date = parseServiceTime(iso);
  if (!date) return iso;
  return `${relativeTime(date, now, language)} (${formatUtc(date)})`;
}
