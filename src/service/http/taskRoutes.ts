/**
 * GET /get-task-status, /get-report, /get-remaining-quota, and the bucket files.
 * get-report rules (documented in docs/local-service.md):
 *   unknown task (or another key's) → 404; QUEUED/RUNNING → 409; FAILED → 409 with the
 *   error_message; purged after retention → 410; uploaded to cloud storage → 303 to the
 *   bucket URL; otherwise 200 with the file.
 */
import { MAX_STATUS_WAIT_SECONDS, type QuotaRecord, type TaskStatusResponse } from '../../core/api/types';
import { bucketPath } from '../delivery/bucket';
import type { TaskRecord } from '../store/taskStore';
import { queryParam, type ApiRequest, type ServiceContext } from './context';
import type { LongPolls } from './longPolls';
import type { ServedFile, ServiceResponse } from './exchange';
import { jsonResponse, validationError } from './respond';
import { serviceError } from './serviceErrors';
import { boundErrors } from '../validation/pydanticErrors';
import { typeError } from '../validation/pyFormat';

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function requireTaskId(a: ApiRequest): string {
  const id = queryParam(a.url, 'task_id');
  if (id === undefined) {
    throw validationError([{ type: 'missing', loc: ['query', 'task_id'], msg: 'Field required', input: null }]);
  }
  return id;
}

async function findTask(a: ApiRequest, id: string): Promise<TaskRecord> {
  let t = a.ctx.store.get(id);
  if (t && (await a.ctx.retention.forget(t))) t = undefined;
  // Another key's task is reported as unknown: task ids must not leak across keys.
  if (!t || t.keyId !== a.key.id) throw serviceError('taskNotFound', { taskId: id });
  return t;
}

/**
 * `wait=<seconds>` (a local extension, 0–30): while the task is QUEUED or RUNNING, the
 * answer is held until its status changes or the time is up. The answer then says how long
 * it was held (`waited_ms`), which tells a client that this service long-polls. The hosted
 * service does not know the parameter and answers at once, as FastAPI ignores unknown ones.
 * A key holds at most its cap of answers, a socket one (longPolls.ts); past that the
 * status is answered at once, without `waited_ms`.
 */
/** The `wait` parameter as FastAPI would declare it (a float from 0 to 30). */
const WAIT_SCHEMA = { type: 'number', minimum: 0, maximum: MAX_STATUS_WAIT_SECONDS };

/**
 * `until=finished` (a local extension, with `wait`): hold the answer past QUEUED → RUNNING, until
 * the task has finished. A client that shows no intermediate status (a batch) asks once per task.
 */
const UNTIL_FINISHED = 'finished';

/** Whether the answer waits for the task's end (`until=finished`) rather than any status change. */
function untilFinishedParam(a: ApiRequest): boolean {
  const raw = queryParam(a.url, 'until');
  if (raw === undefined) return false;
  if (raw === UNTIL_FINISHED) return true;
  const expected = `'${UNTIL_FINISHED}'`;
  throw validationError([
    { type: 'literal_error', loc: ['query', 'until'], msg: `Input should be ${expected}`, input: raw, ctx: { expected } },
  ]);
}

function waitParam(a: ApiRequest): number | undefined {
  const raw = queryParam(a.url, 'wait');
  if (raw === undefined) return undefined;
  const loc = ['query', 'wait'];
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) {
    const { type, msg } = typeError('number', raw, false);
    throw validationError([{ type, loc, msg, input: raw }]);
  }
  const outOfRange = boundErrors(WAIT_SCHEMA, n, loc, raw);
  if (outOfRange.length) throw validationError(outOfRange);
  return n;
}

/**
 * Resolves when the task's status differs from `from` (with `untilFinished`: when it is SUCCESS or
 * FAILED), `ms` have passed, the client hung up, or `release` aborts (the place is needed: another
 * request on the socket).
 */
function statusChange(a: ApiRequest, t: TaskRecord, ms: number, release: AbortSignal, untilFinished: boolean): Promise<void> {
  const from = t.status;
  const changed = (status: TaskRecord['status'] | undefined): boolean =>
    untilFinished ? status !== 'QUEUED' && status !== 'RUNNING' : status !== from;
  return new Promise((resolve) => {
    let cancel = (): void => undefined;
    const done = (): void => {
      clearTimeout(timer);
      cancel();
      a.req.closed.removeEventListener('abort', done);
      release.removeEventListener('abort', done);
      resolve();
    };
    const rewatch = (released = false): void => {
      // A commit that kept the status (e.g. notes saved) is not the change asked for.
      if (released || changed(a.ctx.store.get(t.id)?.status)) return done();
      cancel = a.ctx.store.watch(t.id, rewatch);
    };
    const timer = setTimeout(done, ms);
    a.req.closed.addEventListener('abort', done, { once: true });
    release.addEventListener('abort', done, { once: true });
    rewatch();
  });
}

export async function handleTaskStatus(a: ApiRequest, longPolls: LongPolls): Promise<ServiceResponse> {
  const id = requireTaskId(a);
  const wait = waitParam(a);
  const untilFinished = untilFinishedParam(a);
  let t = await findTask(a, id);
  let waited: number | undefined;
  if (wait !== undefined) {
    const started = Date.now();
    const unfinished = wait > 0 && (t.status === 'QUEUED' || t.status === 'RUNNING');
    const held = unfinished ? longPolls.hold(a.key.id, a.req.connection) : undefined;
    if (held) {
      try {
        await statusChange(a, t, wait * 1000, held.signal, untilFinished);
      } finally {
        held.end();
      }
      // The client is gone: nobody reads the answer (the adapter drops it).
      if (a.req.closed.aborted) return jsonResponse(200, { status: t.status, error_message: t.error_message });
      // The record may have been purged meanwhile: answer as a fresh request would.
      t = await findTask(a, id);
    }
    // Refused a place: a plain status without waited_ms, which tells a client this answer was
    // not held, so it polls on its schedule instead of asking again at once.
    if (held || !unfinished) waited = Date.now() - started;
  }
  const body: TaskStatusResponse = { status: t.status, error_message: t.error_message };
  if (waited !== undefined) body.waited_ms = waited;
  // A local extension of the API (hosted clients ignore unknown fields): see RenderNote.
  if (t.status === 'SUCCESS' && t.notes?.length) body.notes = t.notes;
  return jsonResponse(200, body);
}

export function handleRemainingQuota(a: ApiRequest): ServiceResponse {
  const { plan } = a.key;
  const q = a.ctx.ledger.snapshot(a.key.id, plan);
  const body: QuotaRecord = {
    remaining_single_page_reports: q.remainingSingle,
    remaining_multi_page_reports: q.remainingMulti,
    remaining_ai_json_completions: plan.aiCompletions,
    max_single_page_reports: plan.quotaSingle,
    max_multi_page_reports: plan.quotaMulti,
    max_pages_per_report: plan.maxPages,
    max_ai_json_completions: plan.aiCompletions,
    period_start: iso(q.periodStart),
    period_end: iso(q.periodEnd),
    error: plan.subscriptionActive ? null : 'Subscription inactive',
    subscription_active: plan.subscriptionActive,
  };
  return jsonResponse(200, body);
}

function contentDisposition(name: string): string {
  return `inline; filename="${name.replace(/["\\]/g, '_')}"`;
}

function fileResponse(file: ServedFile, contentType: string, fileName: string): ServiceResponse {
  const headers = {
    'content-type': contentType,
    'content-disposition': contentDisposition(fileName),
    'cache-control': 'private, no-store',
  };
  return { status: 200, headers, body: file };
}

export async function handleGetReport(a: ApiRequest): Promise<ServiceResponse> {
  const id = requireTaskId(a);
  const t = await findTask(a, id);
  if (t.status === 'QUEUED' || t.status === 'RUNNING' || t.status === 'CREATED') {
    throw serviceError('reportNotReady', { taskId: id, status: t.status });
  }
  if (t.status === 'FAILED') {
    throw serviceError('taskFailed', { taskId: id, reason: t.error_message ?? 'no reason recorded' });
  }
  const hours = Math.round((a.ctx.options.retentionMs / 3600_000) * 100) / 100;
  if (t.cloud?.length) {
    const copy = t.cloud[0];
    const url = `${a.ctx.origin}/bucket/${copy.key}`;
    return jsonResponse(
      303,
      { detail: `The report was uploaded to cloud storage (${copy.provider}) and is not kept by the service`, url, path: copy.path },
      { location: url },
    );
  }
  if (await a.ctx.retention.check(t)) {
    throw serviceError('reportPurged', { hours, taskId: id, finishedAt: iso(t.finishedAt ?? 0) });
  }
  if (!t.file) throw serviceError('reportUnavailable', { taskId: id });
  const ext = t.kind === 'build' ? 'pdf' : 'jpg';
  const file = await a.ctx.files.open(a.ctx.store.filePath(t.file));
  if (!file) throw serviceError('reportFileGone', {});
  return fileResponse(file, t.file.contentType, `${t.downloadName}.${ext}`);
}

/** GET /bucket/<provider>/<destination>/<file>: the local stand-in for a public bucket URL. */
export async function handleBucket(ctx: ServiceContext, key: string): Promise<ServiceResponse> {
  const path = bucketPath(ctx.options.bucketDir, key);
  const file = path && (await ctx.files.open(path));
  if (!path || !file) throw serviceError('notFound', {});
  const name = path.split(/[/\\]/).pop()!;
  return fileResponse(file, name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream', name);
}
