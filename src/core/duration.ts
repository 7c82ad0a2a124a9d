/**
 * A time span as people read it, one rule for the status bar, the progress notification and the
 * CLI: under a second in whole milliseconds ("38 ms" — a local build in 38 ms read "0.0 s" with
 * one decimal of seconds), from a second on in seconds with one decimal ("1.3 s"). The number is
 * written in the display language's way (`de`: "1,3 s"), the unit through the Translator; the
 * CLI gets English. No digit grouping: "1234.5 s", as the CLI has always printed it.
 */
import { ENGLISH, type Translator } from './l10n';

// Made on first use, not at load (ICU's locale data costs milliseconds), one per language.
const formatters = new Map<string, Intl.NumberFormat>();
function oneDecimal(language: string): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(knownLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** `language` if ICU knows it, else English: a status bar message must not throw over a tag. */
function knownLocale(language: string, fallback = 'en'): string {
  try {
    const [locale = fallback] = Intl.NumberFormat.supportedLocalesOf([language]);
    return locale;
  } catch {
    return fallback; // not a well-formed tag at all
  }
}

/** `38 ms`, `999 ms`, `1.0 s`, `12.3 s` (`language` `de`: `12,3 s`). */
export function formatDuration(ms: number, l10n: Translator = ENGLISH, language = 'en'): string {
  const whole = Math.max(0, Math.round(ms));
  if (whole < 1000) return l10n.t('{0} ms', whole);
  return l10n.t('{0} s', oneDecimal(language).format(whole / 1000));
}
