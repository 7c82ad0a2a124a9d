/**
 * Wire formats of the report service (endpoints: docs/local-service.md). Shared by the client
 * (src/core), the local service (src/service) and the extension, so that all three
 * agree on every field name and type.
 */

/** Task statuses seen in the public clients (both official Node SDKs type these five). */
export type TaskStatus = 'CREATED' | 'QUEUED' | 'RUNNING' | 'SUCCESS' | 'FAILED';

/** The two kinds of task: POST /build-report (the PDF) and POST /preview-report (a JPEG of the first page). */
export type TaskKind = 'build' | 'preview';

/** Body of a 200 from POST /build-report and POST /preview-report. */
export interface SubmitResponse {
  task_id: string;
  status: TaskStatus;
}

/** A JSON path into the submitted report: keys and array indexes, e.g. `["components", 1, "options", "image_url"]`. */
export type ReportPath = Array<string | number>;

/**
 * Something the local renderer wants the author to know about a task that still succeeded:
 * an image it could not fetch (a placeholder was drawn), content that did not fit on a
 * single page, a font it substituted. Only the local service sends these (a field of
 * get-task-status that hosted clients ignore); `path` points at the JSON node concerned.
 */
export interface RenderNote {
  kind: 'image-unavailable' | 'overflow' | 'font-fallback' | 'column-squeezed';
  path: ReportPath;
  message: string;
}

/** At most this many render notes are kept for one task and read from one answer (a list that drives diagnostics). */
export const MAX_RENDER_NOTES = 100;

/** Body of a 200 from GET /get-task-status. */
export interface TaskStatusResponse {
  status: TaskStatus;
  error_message: string | null;
  /** Local service only: notes from the render of a finished task (absent when none). */
  notes?: RenderNote[];
  /**
   * Local service only: how long it held the request for `wait=` (long-poll) before answering.
   * Its presence tells a client that the service waits; a hosted service never sends it.
   */
  waited_ms?: number;
}

/** The longest `wait=` of get-task-status the local service honours, in seconds. */
export const MAX_STATUS_WAIT_SECONDS = 30;

/**
 * Body of a 200 from GET /get-remaining-quota. Dates are ISO 8601 in UTC; an older form of
 * the record (9 fields) has no AI fields and dates without a zone and with microseconds
 * (`2024-11-21T17:08:01.459526`, meaning UTC): read them with parseServiceTime().
 */
export interface QuotaRecord {
  remaining_single_page_reports: number;
  remaining_multi_page_reports: number;
  /** Absent in the older 9-field record. */
  remaining_ai_json_completions?: number;
  max_single_page_reports: number;
  max_multi_page_reports: number;
  max_pages_per_report: number;
  /** Absent in the older 9-field record. */
  max_ai_json_completions?: number;
  period_start: string;
  period_end: string;
  error: string | null;
  subscription_active: boolean;
}

/** Response headers carrying the quota left after a build (integers). */
export const HEADER_SINGLE_REMAINING = 'x-single-page-reports-remaining';
export const HEADER_MULTI_REMAINING = 'x-multi-page-reports-remaining';
export const HEADER_API_KEY = 'x-api-key';
export const QUERY_API_KEY = 'api_key';

/** A path segment of a pydantic `loc`: a field name, an array index, or a union tag. */
export type LocSegment = string | number;

/** One entry of a FastAPI/pydantic v2 422 body (docs/local-service.md, Validation (422)). */
export interface ValidationErrorEntry {
  type: string;
  loc: LocSegment[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** The API paths, relative to the base URL that ends in `/api/v1`. */
export const API_PATHS = {
  buildReport: '/build-report',
  previewReport: '/preview-report',
  taskStatus: '/get-task-status',
  report: '/get-report',
  remainingQuota: '/get-remaining-quota',
} as const;

/**
 * The largest request body the local service accepts unless told otherwise (its --body-limit,
 * src/service/limits.ts); the CLI reads report files up to the same size (src/cli/inputFile.ts).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export const DEFAULT_HOSTED_BASE_URL = 'https://api.hybiscus.dev/api/v1';

/** The path of every base URL of the API (DEFAULT_HOSTED_BASE_URL's). */
export const API_BASE_PATH = '/api/v1';

/**
 * Where a Managed Cloud deployment serves the same endpoints: its async endpoint group (the newer
 * SDK's README: `asyncBaseURL` is `https://<app>/api/v1/async`). The local service answers there too.
 */
export const MANAGED_CLOUD_ASYNC_BASE_PATH = `${API_BASE_PATH}/async`;
