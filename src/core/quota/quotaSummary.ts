/**
 * The quota as the extension shows it: what is left, how worried to be (level), the
 * words the status bar and the CLI (so the build task) print alike, the tooltip's Markdown and the cost sentence of a build. Pure, so the
 * wording and the thresholds are unit-tested; src/extension only draws the result.
 */
import { parse } from 'jsonc-parser';
import type { QuotaRecord } from '../api/types';
import type { QuotaHeaders } from '../client/responses';
import { formatUtc, relativeWithUtc } from './relativeTime';
import { escapeMarkdown } from '../markdownText';

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
  name: string;
  remaining: number | null;
  max: number | undefined;
}

function counters(s: QuotaSnapshot): Counter[] {
  return [
    { name: 'single-page', remaining: s.singleRemaining, max: s.record?.max_single_page_reports },
    { name: 'multi-page', remaining: s.multiRemaining, max: s.record?.max_multi_page_reports },
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
export function quotaWords(single: number | null | undefined, multi: number | null | undefined, local: boolean): string {
  return `${show(single)} single · ${show(multi)} multi${local ? ' (local)' : ''}`;
}

/** `$(graph) 42 single · 9 multi (local)`; `$(graph) Quota` before the first numbers. */
export function statusBarText(s: QuotaSnapshot | undefined, local: boolean): string {
  if (!s) return `$(graph) Quota${local ? ' (local)' : ''}`;
  return `$(graph) ${quotaWords(s.singleRemaining, s.multiRemaining, local)}`;
}

export interface TooltipInput {
  snapshot?: QuotaSnapshot;
  /** e.g. `Local service (127.0.0.1:41234)`, `Hosted service (api.hybiscus.dev)`. */
  serviceLabel: string;
  local: boolean;
  /** The last refresh failed with this (already redacted) message. */
  lastError?: string;
  now: Date;
}

/** The status bar tooltip: every field of the quota record, the period end as a relative date. */
export function quotaTooltipMarkdown(t: TooltipInput): string {
  const lines: string[] = [`**Report Studio quota** · ${escapeMarkdown(t.serviceLabel)}`, ''];
  const s = t.snapshot;
  const r = s?.record;
  if (!s) {
    lines.push(t.lastError ? `Could not fetch the quota: ${escapeMarkdown(t.lastError)}` : 'Not fetched yet.', '');
  } else {
    lines.push('| | Left | Plan |', '|:--|--:|--:|');
    lines.push(`| Single-page reports | ${show(s.singleRemaining)} | ${show(r?.max_single_page_reports)} |`);
    lines.push(`| Multi-page reports | ${show(s.multiRemaining)} | ${show(r?.max_multi_page_reports)} |`);
    if (r && hasAiFields(r))
      lines.push(`| AI JSON completions | ${show(r.remaining_ai_json_completions)} | ${show(r.max_ai_json_completions)} |`);
    lines.push('');
    if (r) {
      lines.push(`- Max pages per report: **${r.max_pages_per_report}**`);
      lines.push(`- Period: ${escapeMarkdown(formatUtc(r.period_start))} → ${escapeMarkdown(formatUtc(r.period_end))}`);
      lines.push(`- Period ends **${escapeMarkdown(relativeWithUtc(r.period_end, t.now))}**`);
      lines.push(`- Subscription: ${r.subscription_active ? 'active' : '**inactive**'}`);
      lines.push(`- Service error: ${r.error ? escapeMarkdown(r.error) : 'none'}`);
      lines.push('');
    }
    const from = s.source === 'build' ? "the last build's response headers" : 'get-remaining-quota';
    lines.push(`_Updated ${formatUtc(s.updatedAt)} from ${from}._`);
    if (t.lastError) lines.push('', `Last refresh failed: ${escapeMarkdown(t.lastError)}`);
    lines.push('');
  }
  if (t.local) lines.push('$(server-process) The bundled **local service** is in use: reports are rendered on this machine.', '');
  lines.push(
    '[$(refresh) Refresh](command:reportStudio.checkQuota) · [$(server-process) Select Service](command:reportStudio.selectService)',
  );
  return lines.join('\n');
}

export type BuildCostKind = 'single' | 'multi';

/** What a build of this report text counts against: multi-page when `config.enable_multi_page` is true. */
export function buildCostKind(reportText: string): BuildCostKind {
  const report = parse(reportText, [], { allowTrailingComma: true }) as { config?: { enable_multi_page?: unknown } } | undefined;
  return report?.config?.enable_multi_page === true ? 'multi' : 'single';
}

/** `1 single-page report of 98 left`, or `1 multi-page report (remaining quota unknown)`. */
export function buildCostSentence(kind: BuildCostKind, s: QuotaSnapshot | undefined): string {
  const remaining = kind === 'multi' ? s?.multiRemaining : s?.singleRemaining;
  const what = `1 ${kind === 'multi' ? 'multi' : 'single'}-page report`;
  return remaining === null || remaining === undefined ? `${what} (remaining quota unknown)` : `${what} of ${remaining} left`;
}

/** The code lens text: `42 single-page left`, `9 multi-page left`. */
export function remainingLensText(kind: BuildCostKind, s: QuotaSnapshot | undefined): string | undefined {
  const remaining = kind === 'multi' ? s?.multiRemaining : s?.singleRemaining;
  if (remaining === null || remaining === undefined) return undefined;
  return `${remaining} ${kind}-page left`;
}

/** The quota record as label/value rows (the Check Quota list): every field, dates in words. */
export function quotaDetailRows(s: QuotaSnapshot, now: Date): Array<{ label: string; value: string }> {
  const r = s.record;
  const of = (left: number | null | undefined, max: number | undefined): string =>
    max === undefined ? `${show(left)} left` : `${show(left)} of ${max} left`;
  const rows = [
    { label: 'Single-page reports', value: of(s.singleRemaining, r?.max_single_page_reports) },
    { label: 'Multi-page reports', value: of(s.multiRemaining, r?.max_multi_page_reports) },
  ];
  if (!r) return rows;
  return [
    ...rows,
    ...(hasAiFields(r) ? [{ label: 'AI JSON completions', value: of(r.remaining_ai_json_completions, r.max_ai_json_completions) }] : []),
    { label: 'Max pages per report', value: String(r.max_pages_per_report) },
    { label: 'Period', value: `${formatUtc(r.period_start)} → ${formatUtc(r.period_end)}` },
    { label: 'Period ends', value: relativeWithUtc(r.period_end, now) },
    { label: 'Subscription', value: r.subscription_active ? 'active' : 'inactive' },
    { label: 'Service error', value: r.error ?? 'none' },
  ];
}
