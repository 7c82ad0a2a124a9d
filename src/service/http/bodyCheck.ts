/**
 * A submitted body from bytes to a verdict: decoded (UTF-8, depth, Python's JSON),
 * validated, its 422 entries capped (errorCap.ts), and the few facts the submit handler
 * needs read out of it. One function for both places it runs: the main thread for small
 * bodies, the body worker (bodyWorker.ts) for large ones — there the report comes back as
 * JSON text to be stored, never as an object (cloning a 10 MB object into the main
 * thread costs as much as parsing it there).
 */
import type { ReportBody } from '../../core/report/types';
import { resolveWebhook } from '../../catalogue';
import { cloudTargets } from '../delivery/cloudTargets';
import type { WebhookTarget } from '../store/taskStore';
import { jsonText } from '../store/volume';
import { MISSING_BODY, notJsonEntry, validateReport } from '../validation/reportValidator';
import { decodeBody, ValidationFailure } from './body';
import { capErrors, type CappedDetail } from './errorCap';
import { HttpError } from './respond';
import { errorAnswer } from './serviceErrors';
import { isMultiPage } from '../../core/report/pageSwitch';

/** Webhooks kept per task, whatever the body holds (the schema allows 3; a list drives requests). */
export const MAX_WEBHOOK_TARGETS = 3;

export interface BodyJob {
  bytes: Uint8Array;
  contentType: string | undefined;
  maxDepth: number;
}

/** What the submit handler reads from a valid report. */
export interface ReportFacts {
  /** options.report_title when it is a string. */
  title: string | undefined;
  /** Whether the report may take more than one page (core/report/pageSwitch.ts): its quota category. */
  multiPage: boolean;
  /** config.webhooks with a string url, at most MAX_WEBHOOK_TARGETS. */
  webhooks: WebhookTarget[];
  /** config.cloud_storage as sent, when it names at least one destination. */
  cloudStorage?: { value: unknown };
}

export type BodyVerdict =
  | { ok: true; facts: ReportFacts; report?: ReportBody; reportJson?: string }
  | { ok: false; status: 400; detail: string }
  | { ok: false; status: 422; detail: CappedDetail };

export function reportFacts(report: ReportBody): ReportFacts {
  const title = report.options?.report_title;
  const hooks = report.config?.webhooks;
  const webhooks = (Array.isArray(hooks) ? hooks : [])
    .filter((h) => h && typeof h.url === 'string')
    .slice(0, MAX_WEBHOOK_TARGETS)
    .map((h) => {
      // The catalogue's other spellings apply (the older SDK's `authHeader`).
      const token = resolveWebhook(h).auth_header;
      return { url: h.url, auth_header: typeof token === 'string' ? token : null };
    });
  const facts: ReportFacts = {
    title: typeof title === 'string' ? title : undefined,
    multiPage: isMultiPage(report.config),
    webhooks,
  };
  if (cloudTargets(report.config).length > 0) facts.cloudStorage = { value: report.config?.cloud_storage };
  return facts;
}

/**
 * Decodes and validates a body. `serialize`: return the report as the JSON text the task
 * store writes (worker) instead of the object (main thread).
 */
export function checkBody(job: BodyJob, serialize: boolean): BodyVerdict {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const decoded = decodeBody(bytes, job.contentType, job.maxDepth);
    // FastAPI treats an empty body and a JSON `null` alike: the required body is missing.
    if (decoded.kind === 'none' || (decoded.kind === 'json' && decoded.value === null)) return invalid([MISSING_BODY]);
    if (decoded.kind === 'text') return invalid([notJsonEntry(decoded.value)]);
    const errors = validateReport(decoded.value);
    if (errors.length) return invalid(errors);
    const report = decoded.value as ReportBody;
    const facts = reportFacts(report);
    return serialize ? { ok: true, facts, reportJson: jsonText(report) } : { ok: true, facts, report };
  } catch (err) {
    if (err instanceof ValidationFailure) return invalid(err.detail);
    if (err instanceof HttpError && err.status === 400) return { ok: false, status: 400, detail: String(err.detail) };
    // A stack overflow in the validator (deep nesting that slipped under --max-depth) is the body's fault, not a 500.
    if (err instanceof RangeError) return { ok: false, status: 400, detail: errorAnswer('jsonTooDeepToValidate', {}).detail };
    throw err;
  }
}

function invalid(entries: Parameters<typeof capErrors>[0]): BodyVerdict {
  return { ok: false, status: 422, detail: capErrors(entries) };
}
