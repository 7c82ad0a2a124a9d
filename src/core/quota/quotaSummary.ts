/**
 * The quota as the extension shows it: what is left, how worried to be (level), the
 * words the status bar and the CLI (so the build task) print alike, the tooltip's Markdown and the cost sentence of a build. Pure, so the
 * wording and the thresholds are unit-tested; src/extension only draws the result. The words
 * come through a Translator (core/l10n.ts): the extension's language, English for the CLI.
 */
import { parse } from 'jsonc-parser';
import type { QuotaRecord } from '../api/types';
import type { QuotaHeaders } from '../client/responses';
import { formatUtc, relativeWithUtc } from './relativeTime';
import { escapeMarkdown } from '../markdownText';
import { ENGLISH, type Translator } from '../l10n';
import { isMultiPage } from '../report/pageSwitch';

/** Where the numbers came from: a get-remaining-quota answer or a build's response headers. */
type QuotaSource = 'fetch' | 'build';

export interface QuotaSnapshot {
  singleRemaining: number | null;
  multiRemaining: number | null;
  /** The last full record; after a build its remaining_* are replaced by the headers' values. */
  record?: QuotaRecord;
  updatedAt: Date;
  source: QuotaSource;
}

export type QuotaLevel = 'ok' | 'warning' | 'error';

/** Below this fraction of the plan the status bar turns to the warning colour. */
const WARNING_FRACTION = 0.1;

export function snapshotFromRecord(record: QuotaRecord, now: Date): QuotaSnapshot {
  return {
    singleRemaining: record.remaining_single_page_reports,
    multiRemaining: record.remaining_multi_page_reports,
    record,
    updatedAt: now,
    source: 'fetch',
  };
}

/** The quota after a build: the headers' counters over the last record (no extra request). */
export function snapshotWithHeaders(previous: QuotaSnapshot | undefined, headers: QuotaHeaders, now: Date): QuotaSnapshot {
  const single = headers.singlePageRemaining ?? previous?.singleRemaining ?? null;
  const multi = headers.multiPageRemaining ?? previous?.multiRemaining ?? null;
  const record = previous?.record && {
    ...previous.record,
    remaining_single_page_reports: single ?? previous.record.remaining_single_page_reports,
    remaining_multi_page_reports: multi ?? previous.record.remaining_multi_page_reports,
  };
  return { singleRemaining: single, multiRemaining: multi, record, updatedAt: now, source: 'build' };
}

interface Counter {
  remaining: number | null;
  max: number | undefined;
}

function counters(s: QuotaSnapshot): Counter[] {
  return [
    { remaining: s.singleRemaining, max: s.record?.max_single_page_reports },
    { remaining: s.multiRemaining, max: s.record?.max_multi_page_reports },
  ];
}

/**
 * error: subscription inactive, or a counter the plan includes is used up;
 * warning: a counter is under 10 % of the plan, or the service reports an error.
 * A counter whose plan maximum is 0 is not part of the plan and never alarms.
 */
export function quotaLevel(s: QuotaSnapshot): QuotaLevel {
  if (s.record && !s.record.subscription_active) return 'error';
  let level: QuotaLevel = s.record?.error ? 'warning' : 'ok';
  for (const c of counters(s)) {
    if (c.remaining === null || c.max === 0) continue;
    if (c.remaining <= 0) return 'error';
    if (c.max !== undefined && c.remaining / c.max < WARNING_FRACTION) level = 'warning';
  }
  return level;
}

const show = (n: number | null | undefined): string => (n === null || n === undefined ? '?' : String(n));

/** The older 9-field quota record has no AI counters: then no AI line is shown at all. */
function hasAiFields(r: QuotaRecord): boolean {
  return r.remaining_ai_json_completions !== undefined || r.max_ai_json_completions !== undefined;
}

/**
 * What is left, readable at a glance: `42 single · 9 multi`, with ` (local)` for the bundled
 * local service. The status bar shows it and the CLI (so the build task) prints it: one wording.
 */
export function quotaWords(single: number | null | undefined, multi: number | null | undefined, local: boolean, l10n = ENGLISH): string {
  return local
    ? l10n.t('{0} single · {1} multi (local)', show(single), show(multi))
    : l10n.t('{0} single · {1} multi', show(single), show(multi));
}

/** The status bar's name for the quota before its numbers are known: `Quota`, `Quota (local)`. */
export function quotaName(local: boolean, l10n: Translator): string {
  return local ? l10n.t('Quota (local)') : l10n.t('Quota');
}

/** `$(graph) 42 single · 9 multi (local)`; `$(graph) Quota` before the first numbers. */
export function statusBarText(s: QuotaSnapshot | undefined, local: boolean, l10n = ENGLISH): string {
  return `$(graph) ${s ? quotaWords(s.singleRemaining, s.multiRemaining, local, l10n) : quotaName(local, l10n)}`;
}

/** Where the numbers stand when there are none yet: being fetched, the fetch failed, or neither. */
export type QuotaFetch = 'fetching' | 'failed' | undefined;

/**
 * What a screen reader says for the status bar item: each fact once, in sentence form —
 * which quota (the local service's), what is left, or why nothing is known; and the warning
 * the item's colour shows. `42 single · 9 multi (local)` read aloud would be noise.
 */
export function quotaSpokenLabel(s: QuotaSnapshot | undefined, local: boolean, progress: QuotaFetch, l10n = ENGLISH): string {
  const which = local ? l10n.t('Report Studio quota of the local service') : l10n.t('Report Studio quota');
  if (!s) {
    if (progress === 'fetching') return l10n.t('{0}: fetching', which);
    return progress === 'failed' ? l10n.t('{0}: could not be fetched', which) : l10n.t('{0}: not fetched yet', which);
  }
  const count = (n: number | null) => (n === null ? l10n.t('unknown') : String(n));
  const left = l10n.t('{0}: {1} single-page and {2} multi-page reports left', which, count(s.singleRemaining), count(s.multiRemaining));
  const level = quotaLevel(s);
  return level === 'ok'
    ? left
    : `${left}. ${level === 'error' ? l10n.t('Something is used up, or the subscription is inactive.') : l10n.t('Running low, or the service reported an error.')}`;
}

export interface TooltipInput {
  snapshot?: QuotaSnapshot;
  /** e.g. `Local service (127.0.0.1:41234)`, `Hosted service (api.hybiscus.dev)`. */
  serviceLabel: string;
  local: boolean;
  /** The last refresh failed with this (already redacted) message. */
  lastError?: string;
  now: Date;
  l10n?: Translator;
  /** The display language's BCP 47 tag (`de`, `zh-cn`) for the relative date; English without it. */
  language?: string;
}

/** The status bar tooltip: every field of the quota record, the period end as a relative date. */
export function quotaTooltipMarkdown(t: TooltipInput): string {
  const l10n = t.l10n ?? ENGLISH;
  const lines: string[] = [l10n.t('**Report Studio quota** · {0}', escapeMarkdown(t.serviceLabel)), ''];
  const s = t.snapshot;
  const r = s?.record;
  if (!s) {
    lines.push(t.lastError ? l10n.t('Could not fetch the quota: {0}', escapeMarkdown(t.lastError)) : l10n.t('Not fetched yet.'), '');
  } else {
    lines.push(`| | ${l10n.t('Left')} | ${l10n.t('Plan')} |`, '|:--|--:|--:|');
    lines.push(`| ${l10n.t('Single-page reports')} | ${show(s.singleRemaining)} | ${show(r?.max_single_page_reports)} |`);
    lines.push(`| ${l10n.t('Multi-page reports')} | ${show(s.multiRemaining)} | ${show(r?.max_multi_page_reports)} |`);
    if (r && hasAiFields(r))
      lines.push(`| ${l10n.t('AI JSON completions')} | ${show(r.remaining_ai_json_completions)} | ${show(r.max_ai_json_completions)} |`);
    lines.push('');
    if (r) {
      const period = escapeMarkdown(`${formatUtc(r.period_start)} → ${formatUtc(r.period_end)}`);
      lines.push(`- ${l10n.t('Max pages per report: {0}', `**${r.max_pages_per_report}**`)}`);
      lines.push(`- ${l10n.t('Period: {0}', period)}`);
      lines.push(`- ${l10n.t('Period ends {0}', `**${escapeMarkdown(relativeWithUtc(r.period_end, t.now, t.language))}**`)}`);
      lines.push(`- ${l10n.t('Subscription: {0}', r.subscription_active ? l10n.t('active') : `**${l10n.t('inactive')}**`)}`);
      lines.push(`- ${l10n.t('Service error: {0}', r.error ? escapeMarkdown(r.error) : l10n.t('none'))}`);
      lines.push('');
    }
    const updated = formatUtc(s.updatedAt);
    lines.push(
      `_${s.source === 'build' ? l10n.t("Updated {0} from the last build's response headers.", updated) : l10n.t('Updated {0} from get-remaining-quota.', updated)}_`,
    );
    if (t.lastError) lines.push('', l10n.t('Last refresh failed: {0}', escapeMarkdown(t.lastError)));
    lines.push('');
  }
  if (t.local)
    lines.push(`$(server-process) ${l10n.t('The bundled **local service** is in use: reports are rendered on this machine.')}`, '');
  lines.push(
    `[$(refresh) ${l10n.t('Refresh')}](command:reportStudio.checkQuota) · [$(server-process) ${l10n.t('Select Service')}](command:reportStudio.selectService)`,
  );
  return lines.join('\n');
}

export type BuildCostKind = 'single' | 'multi';

/** What a build of this report text counts against: multi-page when it may take more than one page (`pageSwitch.ts`). */
export function buildCostKind(reportText: string): BuildCostKind {
  const report = parse(reportText, [], { allowTrailingComma: true }) as { config?: unknown } | undefined;
  return isMultiPage(report?.config) ? 'multi' : 'single';
}

/** `1 single-page report of 98 left`, or `1 multi-page report (remaining quota unknown)`. */
export function buildCostSentence(kind: BuildCostKind, s: QuotaSnapshot | undefined, l10n = ENGLISH): string {
  const remaining = kind === 'multi' ? s?.multiRemaining : s?.singleRemaining;
  if (remaining === null || remaining === undefined)
    return kind === 'multi'
      ? l10n.t('1 multi-page report (remaining quota unknown)')
      : l10n.t('1 single-page report (remaining quota unknown)');
  return kind === 'multi' ? l10n.t('1 multi-page report of {0} left', remaining) : l10n.t('1 single-page report of {0} left', remaining);
}

/** The code lens text: `42 single-page left`, `9 multi-page left`. */
export function remainingLensText(kind: BuildCostKind, s: QuotaSnapshot | undefined, l10n = ENGLISH): string | undefined {
  const remaining = kind === 'multi' ? s?.multiRemaining : s?.singleRemaining;
  if (remaining === null || remaining === undefined) return undefined;
  return kind === 'multi' ? l10n.t('{0} multi-page left', remaining) : l10n.t('{0} single-page left', remaining);
}

/** The quota record as label/value rows (the Check Quota list): every field, dates in words. */
export function quotaDetailRows(s: QuotaSnapshot, now: Date, l10n = ENGLISH, language?: string): Array<{ label: string; value: string }> {
  const r = s.record;
  const of = (left: number | null | undefined, max: number | undefined): string =>
    max === undefined ? l10n.t('{0} left', show(left)) : l10n.t('{0} of {1} left', show(left), max);
  const rows = [
    { label: l10n.t('Single-page reports'), value: of(s.singleRemaining, r?.max_single_page_reports) },
    { label: l10n.t('Multi-page reports'), value: of(s.multiRemaining, r?.max_multi_page_reports) },
  ];
  if (!r) return rows;
  return [
    ...rows,
    ...(hasAiFields(r)
      ? [{ label: l10n.t('AI JSON completions'), value: of(r.remaining_ai_json_completions, r.max_ai_json_completions) }]
      : []),
    { label: l10n.t('Max pages per report'), value: String(r.max_pages_per_report) },
    { label: l10n.t('Period'), value: `${formatUtc(r.period_start)} → ${formatUtc(r.period_end)}` },
    { label: l10n.t('Period ends'), value: relativeWithUtc(r.period_end, now, language) },
    { label: l10n.t('Subscription'), value: r.subscription_active ? l10n.t('active') : l10n.t('inactive') },
    { label: l10n.t('Service error'), value: r.error ?? l10n.t('none') },
  ];
}
