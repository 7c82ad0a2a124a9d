/**
 * POST /build-report and /preview-report. Checks in the order a FastAPI service would
 * run them after authentication: body size (413) → JSON decoding and validation (422)
 * → subscription (402) → preview without cloud upload (422) → quota (429, builds
 * only; the check and the reservation are one synchronous step). Then the task is
 * saved as QUEUED, queued, and the response sent without waiting for the render.
 * Every build response of an authenticated key carries the X-*-REMAINING headers.
 */
import { randomUUID } from 'node:crypto';
import type { ReportBody } from '../../core/report/types';
import type { SubmitResponse } from '../../core/api/types';
import { HEADER_MULTI_REMAINING, HEADER_SINGLE_REMAINING } from '../../core/api/types';
import { cloudTargets } from '../delivery/bucket';
import type { QuotaKind, TaskKind, TaskRecord, WebhookTarget } from '../store/taskStore';
import { MISSING_BODY, notJsonEntry, validateReport } from '../validation/reportValidator';
import { laxAccepts } from '../validation/pyFormat';
import { decodeBody, readBody, ValidationFailure } from './body';
import type { ApiRequest } from './context';
import { HttpError, sendJson, type Headers } from './respond';

function quotaHeaders(a: ApiRequest): Headers {
  const q = a.ctx.ledger.snapshot(a.key.id, a.key.plan);
  return { [HEADER_SINGLE_REMAINING]: q.remainingSingle, [HEADER_MULTI_REMAINING]: q.remainingMulti };
}

/** True for the values pydantic's lax bool reads as true. */
function laxTrue(v: unknown): boolean {
  if (!laxAccepts('boolean', v)) return false;
  return v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 't', 'true', 'y', 'yes'].includes(v.trim().toLowerCase()));
}

/** File name offered for download: the report title made safe, plus a short task id. */
function downloadBase(report: ReportBody, id: string): string {
  const title = typeof report.options?.report_title === 'string' ? report.options.report_title : '';
  const slug = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `${slug || 'report'}-${id.slice(0, 8)}`;
}

function webhookTargets(report: ReportBody): WebhookTarget[] {
  const hooks = report.config?.webhooks;
  if (!Array.isArray(hooks)) return [];
  return hooks
    .filter((h) => h && typeof h.url === 'string')
    .map((h) => ({ url: h.url, auth_header: typeof h.auth_header === 'string' ? h.auth_header : null }));
}

async function decodeReport(a: ApiRequest): Promise<ReportBody> {
  const o = a.ctx.options;
  const bytes = await readBody(a.req, o.bodyLimit);
  const decoded = decodeBody(bytes, a.req.headers['content-type'], o.maxDepth);
  // FastAPI treats an empty body and a JSON `null` alike: the required body is missing.
  if (decoded.kind === 'none' || (decoded.kind === 'json' && decoded.value === null)) throw new ValidationFailure([MISSING_BODY]);
  if (decoded.kind === 'text') throw new ValidationFailure([notJsonEntry(decoded.value)]);
  let errors;
  try {
    errors = validateReport(decoded.value);
  } catch (err) {
    // A stack overflow in the validator (deep nesting that slipped under --max-depth) is the body's fault, not a 500.
    if (err instanceof RangeError) throw new HttpError(400, 'JSON nested too deeply to be validated; the local service rejects such bodies');
    throw err;
  }
  if (errors.length) throw new ValidationFailure(errors);
  return decoded.value as ReportBody;
}

async function submit(a: ApiRequest, kind: TaskKind): Promise<void> {
  const report = await decodeReport(a);
  if (!a.key.plan.subscriptionActive) {
    throw new HttpError(402, 'Subscription inactive: this API key has no active plan, so reports cannot be built or previewed');
  }
  if (kind === 'preview' && cloudTargets(report.config).length > 0) {
    throw new ValidationFailure([
      {
        type: 'value_error',
        loc: ['body', 'config', 'cloud_storage'],
        msg: 'Value error, cloud storage upload is not supported for previews; remove config.cloud_storage or use build-report',
        input: report.config?.cloud_storage,
        ctx: { error: {} },
      },
    ]);
  }
  const id = randomUUID();
  let reservation: QuotaKind | undefined;
  if (kind === 'build') {
    reservation = laxTrue(report.config?.enable_multi_page) ? 'multi' : 'single';
    if (!a.ctx.ledger.tryReserve(a.key.id, a.key.plan, reservation, id)) {
      const q = a.ctx.ledger.snapshot(a.key.id, a.key.plan);
      const max = reservation === 'single' ? a.key.plan.quotaSingle : a.key.plan.quotaMulti;
      throw new HttpError(
        429,
        `${reservation === 'single' ? 'Single' : 'Multi'}-page report quota exhausted: all ${max} ${reservation}-page reports of this ` +
          `plan are used or in progress for the period ending ${new Date(q.periodEnd).toISOString()}`,
      );
    }
  }
  const record: TaskRecord = {
    id,
    kind,
    status: 'QUEUED',
    error_message: null,
    keyId: a.key.id,
    createdAt: a.ctx.options.now(),
    attempts: 0,
    reservation,
    downloadName: downloadBase(report, id),
    webhooks: webhookTargets(report),
  };
  try {
    await a.ctx.store.create(record, report);
  } catch (err) {
    a.ctx.ledger.release(a.key.id, id);
    throw err;
  }
  a.ctx.runner.enqueue(record);
  const body: SubmitResponse = { task_id: id, status: 'QUEUED' };
  sendJson(a.res, 200, body, quotaHeaders(a));
}

/** Runs a submit; every answer to an authenticated key carries the quota headers. */
export async function handleSubmit(a: ApiRequest, kind: TaskKind): Promise<void> {
  try {
    await submit(a, kind);
  } catch (err) {
    if (err instanceof HttpError) throw new HttpError(err.status, err.detail, { ...err.headers, ...quotaHeaders(a) });
    if (err instanceof ValidationFailure) throw new HttpError(422, err.detail, quotaHeaders(a));
    throw err;
  }
}
