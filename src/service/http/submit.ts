/**
 * POST /build-report and /preview-report. Checks in the order a FastAPI service would
 * run them after authentication: body size (413) → JSON decoding and validation (422)
 * → subscription (402) → preview without cloud upload (422) → quota (429, builds
 * only; the check and the reservation are one synchronous step). Then the task is
 * saved as QUEUED (507 when the data folder's disk is full: the reservation is released and
 * nothing is left behind), queued, and the response sent without waiting for the render.
 * Every build response of an authenticated key carries the X-*-REMAINING headers.
 */
import { randomUUID } from 'node:crypto';
import type { ReportBody } from '../../core/report/types';
import type { SubmitResponse, TaskKind } from '../../core/api/types';
import { HEADER_MULTI_REMAINING, HEADER_SINGLE_REMAINING } from '../../core/api/types';
import { cloudTargets } from '../delivery/cloudTargets';
import { SerializedJson } from '../store/volume';
import { isStorageFull, storageFullReason } from '../store/storageFull';
import { RecentRenders } from '../renderReuse';
import type { QuotaKind, TaskRecord } from '../store/taskStore';
import { ValidationFailure } from './body';
import type { ReportFacts } from './bodyCheck';
import type { ApiRequest } from './context';
import type { CappedDetail } from './errorCap';
import type { ServiceResponse } from './exchange';
import { detailJsonText, HttpError, jsonResponse, jsonTextResponse, relayedError, validationError, type Headers } from './respond';
import { serviceError } from './serviceErrors';

function quotaHeaders(a: ApiRequest): Headers {
  const q = a.ctx.ledger.snapshot(a.key.id, a.key.plan);
  return { [HEADER_SINGLE_REMAINING]: q.remainingSingle, [HEADER_MULTI_REMAINING]: q.remainingMulti };
}

/** A 422 whose `detail` is already serialised and capped (bodyCheck.ts, errorCap.ts). */
class CappedValidationFailure extends Error {
  constructor(readonly detail: CappedDetail) {
    super('validation failed');
    this.name = 'CappedValidationFailure';
  }
}

/** File name offered for download: the report title made safe, plus a short task id. */
function downloadBase(title: string | undefined, id: string): string {
  const slug = (title ?? '')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 60)
    .replace(/[-.]+$/, ''); // after the cut: an unanchored [-.]+$ over the whole title is quadratic
  return `${slug || 'report'}-${id.slice(0, 8)}`;
}

interface AcceptedBody {
  facts: ReportFacts;
  /** What the task store writes: the object (checked here) or its JSON text (checked in the worker). */
  stored: ReportBody | SerializedJson;
  /** The body's key for sharing a render of it (renderReuse.ts). */
  renderKey: string | undefined;
}

async function decodeReport(a: ApiRequest): Promise<AcceptedBody> {
  const o = a.ctx.options;
  const bytes = await a.req.readBody(o.bodyLimit);
  // Before the check: a large body is transferred to the body worker, which empties `bytes` here.
  const renderKey = RecentRenders.keyOf(a.key.id, bytes);
  const verdict = await a.ctx.bodies.check({ bytes, contentType: a.req.header('content-type'), maxDepth: o.maxDepth });
  if (verdict.ok) {
    const stored = verdict.report ?? new SerializedJson(verdict.reportJson ?? 'null');
    return { facts: verdict.facts, stored, renderKey };
  }
  if (verdict.status === 400) throw relayedError(verdict);
  throw new CappedValidationFailure(verdict.detail);
}

async function submit(a: ApiRequest, kind: TaskKind): Promise<ServiceResponse> {
  const { facts, stored, renderKey } = await decodeReport(a);
  if (!a.key.plan.subscriptionActive) {
    throw serviceError('subscriptionInactive', {});
  }
  if (kind === 'preview' && facts.cloudStorage) {
    throw new ValidationFailure([
      {
        type: 'value_error',
        loc: ['body', 'config', 'cloud_storage'],
        msg: 'Value error, cloud storage upload is not supported for previews; remove config.cloud_storage or use build-report',
        input: facts.cloudStorage.value,
        ctx: { error: {} },
      },
    ]);
  }
  const id = randomUUID();
  let reservation: QuotaKind | undefined;
  if (kind === 'build') {
    reservation = facts.multiPage ? 'multi' : 'single';
    if (!a.ctx.ledger.tryReserve(a.key.id, a.key.plan, reservation, id)) {
      const q = a.ctx.ledger.snapshot(a.key.id, a.key.plan);
      const max = reservation === 'single' ? a.key.plan.quotaSingle : a.key.plan.quotaMulti;
      throw serviceError('quotaExhausted', { kind: reservation, max, periodEnd: new Date(q.periodEnd).toISOString() });
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
    downloadName: downloadBase(facts.title, id),
    webhooks: facts.webhooks,
    cloudTargets: kind === 'build' ? cloudTargets({ cloud_storage: facts.cloudStorage?.value }) : undefined,
  };
  try {
    await a.ctx.store.create(record, stored);
  } catch (err) {
    a.ctx.ledger.release(a.key.id, id);
    if (isStorageFull(err)) {
      throw serviceError('storageFull', { reason: storageFullReason(err, a.ctx.options.dataDir) });
    }
    throw err;
  }
  a.ctx.renders.expect(id, renderKey);
  a.ctx.runner.enqueue(record);
  const body: SubmitResponse = { task_id: id, status: 'QUEUED' };
  return jsonResponse(200, body, quotaHeaders(a));
}

/** Runs a submit; every answer to an authenticated key carries the quota headers. */
export async function handleSubmit(a: ApiRequest, kind: TaskKind): Promise<ServiceResponse> {
  try {
    return await submit(a, kind);
  } catch (err) {
    if (err instanceof HttpError) throw err.withHeaders(quotaHeaders(a));
    if (err instanceof ValidationFailure) throw validationError(err.detail, quotaHeaders(a));
    if (err instanceof CappedValidationFailure) return jsonTextResponse(422, detailJsonText(err.detail.json), quotaHeaders(a));
    throw err;
  }
}
