/**
 * A report submitted to the local service, checked in the browser exactly as the service's
 * submit handler checks it, with its default limits: the body limit (413), Python's JSON, the
 * nesting limit (400), the schema and pydantic's 422 entries, capped (service/http/bodyCheck.ts).
 * A rejection comes back as the status and body text the HTTP service answers with.
 */
import { bodyTooLarge } from '../service/http/body';
import { checkBody, type ReportFacts } from '../service/http/bodyCheck';
import { detailJsonText, errorText } from '../service/http/respond';
import { DEFAULTS } from '../service/options';
import type { ReportBody } from '../core/report/types';

export type SubmissionCheck =
  | { ok: true; facts: ReportFacts; report: ReportBody }
  | { ok: false; status: 400 | 413 | 422; /** `{"detail": …}`, as the service sends it. */ body: string };

export function checkSubmission(body: Uint8Array | string, contentType: string | undefined = 'application/json'): SubmissionCheck {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  if (bytes.length > DEFAULTS.bodyLimit) {
    const err = bodyTooLarge(DEFAULTS.bodyLimit);
    return { ok: false, status: 413, body: errorText(err.detail) };
  }
  const verdict = checkBody({ bytes, contentType, maxDepth: DEFAULTS.maxDepth }, false);
  if (verdict.ok) return { ok: true, facts: verdict.facts, report: verdict.report as ReportBody };
  if (verdict.status === 400) return { ok: false, status: 400, body: errorText(verdict.detail) };
  return { ok: false, status: 422, body: detailJsonText(verdict.detail.json) };
}
