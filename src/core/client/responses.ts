/**
 * Checks that a 2xx answer has the shape its endpoint promises. A proxy's HTML page, a
 * truncated body or a missing field becomes a `bad_response` error here instead of an
 * `undefined` somewhere downstream.
 */
import type { QuotaRecord, RenderNote, SubmitResponse, TaskStatus, TaskStatusResponse } from '../api/types';
import { HEADER_MULTI_REMAINING, HEADER_SINGLE_REMAINING, MAX_RENDER_NOTES } from '../api/types';
import { capNote } from '../api/echoLimits';
import { ReportServiceError } from './errors';

const STATUSES: readonly TaskStatus[] = ['CREATED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED'];

/** Quota left after a build, from the X-*-REMAINING headers (null when absent or not an integer). */
export interface QuotaHeaders {
  singlePageRemaining: number | null;
  multiPageRemaining: number | null;
}

export function isJsonContentType(contentType: string | undefined): boolean {
  return !!contentType && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
}

export function parseJsonBody(text: string, contentType: string | undefined, endpoint: string, status: number): unknown {
  if (!isJsonContentType(contentType)) {
    throw badResponse(endpoint, `expected JSON, got ${contentType || 'no content type'}${snippet(text)}`, status);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badResponse(endpoint, `body is not valid JSON${snippet(text)}`, status);
  }
}

export function badResponse(endpoint: string, what: string, status?: number): ReportServiceError {
  return new ReportServiceError({ kind: 'bad_response', message: `${endpoint}: unexpected answer: ${what}`, status, endpoint });
}

function snippet(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t ? ` (${t.length > 80 ? `${t.slice(0, 77)}...` : t})` : ' (empty body)';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

export function asSubmitResponse(value: unknown, endpoint: string): SubmitResponse {
  if (!isObject(value) || typeof value.task_id !== 'string' || !value.task_id || !isStatus(value.status)) {
    throw badResponse(endpoint, 'expected {"task_id": string, "status": ...}');
  }
  return { task_id: value.task_id, status: value.status };
}

export function asTaskStatus(value: unknown, endpoint: string): TaskStatusResponse {
  if (!isObject(value) || !isStatus(value.status)) {
    throw badResponse(endpoint, `expected {"status": one of ${STATUSES.join(', ')}}`);
  }
  const message = value.error_message;
  const notes = asNotes(value.notes);
  const waited = value.waited_ms;
  return {
    status: value.status,
    error_message: typeof message === 'string' ? message : null,
    ...(notes.length ? { notes } : {}),
    ...(typeof waited === 'number' && Number.isFinite(waited) && waited >= 0 ? { waited_ms: waited } : {}),
  };
}

const NOTE_KINDS: ReadonlyArray<RenderNote['kind']> = ['image-unavailable', 'overflow', 'font-fallback', 'column-squeezed'];

/** The well-formed notes of a local-service answer; anything else (hosted services send none) is dropped. */
function asNotes(value: unknown): RenderNote[] {
  if (!Array.isArray(value)) return [];
  const notes: RenderNote[] = [];
  for (const n of value.slice(0, MAX_RENDER_NOTES)) {
    if (!isObject(n) || typeof n.message !== 'string' || !(NOTE_KINDS as readonly unknown[]).includes(n.kind)) continue;
    const path = Array.isArray(n.path)
      ? n.path.filter((s): s is string | number => typeof s === 'string' || (typeof s === 'number' && Number.isInteger(s)))
      : [];
    notes.push(capNote({ kind: n.kind as RenderNote['kind'], path, message: n.message }));
  }
  return notes;
}

const QUOTA_INTS = [
  'remaining_single_page_reports',
  'remaining_multi_page_reports',
  'max_single_page_reports',
  'max_multi_page_reports',
  'max_pages_per_report',
] as const;
/** Absent from the older 9-field record (see QuotaRecord). */
const QUOTA_OPTIONAL_INTS = ['remaining_ai_json_completions', 'max_ai_json_completions'] as const;

/**
 * The 11-field record, or the older 9-field one (no AI fields; dates without a zone, read
 * as UTC by parseServiceTime). A null AI field is treated as absent. Unknown fields pass through.
 */
export function asQuotaRecord(value: unknown, endpoint: string): QuotaRecord {
  if (!isObject(value)) throw badResponse(endpoint, 'expected a quota record object');
  for (const field of QUOTA_INTS) {
    if (!Number.isInteger(value[field])) throw badResponse(endpoint, `quota field "${field}" is not an integer`);
  }
  const record: Record<string, unknown> = { ...value };
  for (const field of QUOTA_OPTIONAL_INTS) {
    if (record[field] === undefined || record[field] === null) delete record[field];
    else if (!Number.isInteger(record[field])) throw badResponse(endpoint, `quota field "${field}" is not an integer`);
  }
  if (typeof value.subscription_active !== 'boolean') throw badResponse(endpoint, 'quota field "subscription_active" is not a boolean');
  for (const field of ['period_start', 'period_end'] as const) {
    if (typeof value[field] !== 'string') throw badResponse(endpoint, `quota field "${field}" is not a date-time string`);
  }
  if (value.error !== undefined && value.error !== null && typeof value.error !== 'string')
    throw badResponse(endpoint, 'quota field "error" is not a string or null');
  record.error = value.error ?? null;
  return record as unknown as QuotaRecord;
}

export function parseQuotaHeaders(headers: Record<string, string | undefined>): QuotaHeaders | undefined {
  const int = (v: string | undefined): number | null => (v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : null);
  const single = int(headers[HEADER_SINGLE_REMAINING]);
  const multi = int(headers[HEADER_MULTI_REMAINING]);
  return single === null && multi === null ? undefined : { singlePageRemaining: single, multiPageRemaining: multi };
}
