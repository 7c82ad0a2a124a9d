/**
 * Dates as a person reads them in a tooltip: "in 12 days (2026-12-04 00:00 UTC)". English
 * and UTC on purpose: the quota period is defined in UTC by the service, and a fixed
 * wording keeps the status bar, the quota details and the tests in agreement.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "in 12 days", "tomorrow", "in 5 hours", "in 3 minutes", "now", "2 days ago". */
export function relativeTime(target: Date, now: Date): string {
  const delta = target.getTime() - now.getTime();
  const size = Math.abs(delta);
  if (size < MINUTE) return 'now';
  if (size < HOUR) return relative.format(Math.round(delta / MINUTE), 'minute');
  if (size < DAY) return relative.format(Math.round(delta / HOUR), 'hour');
  return relative.format(Math.round(delta / DAY), 'day');
}

/** `2026-12-04 00:00 UTC`; the input unchanged when it is not a date. */
export function formatUtc(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `in 12 days (2026-12-04 00:00 UTC)`; the raw text when the service sent no valid date. */
export function relativeWithUtc(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${relativeTime(date, now)} (${formatUtc(date)})`;
}
