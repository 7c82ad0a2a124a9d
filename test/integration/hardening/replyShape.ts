/**
 * The documented shape of every reply of the local service (docs/local-service.md):
 * 2xx/4xx only (307 for a trailing slash), JSON with Content-Type application/json
 * except file downloads, `{"detail": [{type, loc, msg, input}]}` for 422 and
 * `{"detail": "<text>"}` for every other error, and the endpoint's own 2xx shape.
 */
import type { FuzzRequest } from './fuzzRequests';

export interface Reply {
  status: number;
  headers: Record<string, string | undefined>;
  bytes: Buffer;
}

const STATUSES = ['CREATED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validationEntryProblem(e: unknown): string | undefined {
  if (!isObject(e)) return '422 entry is not an object';
  if (typeof e.type !== 'string' || !e.type) return '422 entry without a type';
  if (typeof e.msg !== 'string' || !e.msg) return '422 entry without a msg';
  if (!('input' in e)) return '422 entry without an input';
  if (!Array.isArray(e.loc) || e.loc.length === 0) return '422 entry without a loc';
  if (!e.loc.every((s) => typeof s === 'string' || (typeof s === 'number' && Number.isInteger(s))))
    return '422 loc has a segment that is neither a string nor an integer';
  if (e.loc[0] !== 'body' && e.loc[0] !== 'query') return `422 loc starts with ${JSON.stringify(e.loc[0])}`;
  if ('ctx' in e && !isObject(e.ctx)) return '422 ctx is not an object';
  return undefined;
}

function okShape(path: string, method: string, body: unknown): string | undefined {
  if (!isObject(body)) return '2xx body is not an object';
  if (method === 'POST') {
    if (typeof body.task_id !== 'string' || !UUID.test(body.task_id) || body.status !== 'QUEUED')
      return 'submit reply is not {task_id: uuid, status: "QUEUED"}';
  } else if (path.startsWith('/api/v1/get-task-status')) {
    if (!STATUSES.includes(body.status as string)) return 'task status reply without a known status';
    if (body.error_message !== null && typeof body.error_message !== 'string') return 'error_message is neither null nor a string';
  } else if (path.startsWith('/api/v1/get-remaining-quota')) {
    if (!Number.isInteger(body.remaining_single_page_reports) || typeof body.subscription_active !== 'boolean')
      return 'quota reply is not a quota record';
  }
  return undefined;
}

/** Why the reply breaks the documented contract, or undefined when it keeps it. */
export function checkReply(r: FuzzRequest, reply: Reply): string | undefined {
  const { status } = reply;
  const pathOnly = r.path.split('?')[0];
  if (r.expect && !r.expect.includes(status)) return `status ${status}, expected ${r.expect.join('/')}`;
  const redirect = status === 307 && pathOnly.endsWith('/');
  if (!redirect && !(status >= 200 && status < 300) && !(status >= 400 && status < 500)) return `status ${status} is neither 2xx nor 4xx`;
  if (r.quotaHeaders && status !== 401) {
    for (const h of ['x-single-page-reports-remaining', 'x-multi-page-reports-remaining']) {
      if (!/^\d+$/.test(reply.headers[h] ?? '')) return `submit reply without an integer ${h} header`;
    }
  }
  if (redirect) return reply.headers.location ? undefined : '307 without Location';
  const type = (reply.headers['content-type'] ?? '').toLowerCase();
  if (status === 200 && (pathOnly === '/api/v1/get-report' || pathOnly.startsWith('/bucket/'))) {
    if (type !== 'application/pdf' && type !== 'image/jpeg' && type !== 'application/octet-stream')
      return `file download with Content-Type ${type}`;
    if (r.method === 'GET' && reply.bytes.length === 0) return 'empty file download';
    return undefined;
  }
  if (type !== 'application/json') return `Content-Type ${JSON.stringify(type)} instead of application/json`;
  if (r.method === 'HEAD') return reply.bytes.length === 0 ? undefined : 'HEAD reply with a body';
  let body: unknown;
  try {
    body = JSON.parse(reply.bytes.toString('utf8'));
  } catch (err) {
    return `body is not JSON (${(err as Error).message})`;
  }
  if (status >= 200 && status < 300) return okShape(pathOnly, r.method, body);
  if (!isObject(body) || !('detail' in body)) return 'error body without "detail"';
  if (status === 422) {
    if (!Array.isArray(body.detail) || body.detail.length === 0) return '422 detail is not a non-empty array';
    for (const e of body.detail) {
      const problem = validationEntryProblem(e);
      if (problem) return `${problem}: ${JSON.stringify(e).slice(0, 200)}`;
    }
    return undefined;
  }
  if (typeof body.detail !== 'string' || !body.detail) return `${status} detail is not a non-empty string`;
  return undefined;
}
