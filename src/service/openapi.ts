/**
 * GET /openapi.json: an OpenAPI 3.1 description of every endpoint, parameter, header and
 * error body of the local service. The request body schema is the report schema itself
 * (its definitions hoisted into components.schemas), so generated clients validate the
 * same way the editor does.
 */
import { API_BASE_PATH, API_PATHS, MANAGED_CLOUD_ASYNC_BASE_PATH, MAX_STATUS_WAIT_SECONDS } from '../core/api/types';
import { API_ROUTES, type ApiPathName } from './http/routeTable';
import { exampleDetail, type ServiceErrorType } from './http/serviceErrors';
import { reportSchema } from '../core/schema/reportSchema';

type Json = Record<string, unknown>;

/** The integer fields of a quota record, in the service's order. */
const QUOTA_COUNTS = [
  'remaining_single_page_reports',
  'remaining_multi_page_reports',
  'remaining_ai_json_completions',
  'max_single_page_reports',
  'max_multi_page_reports',
  'max_pages_per_report',
  'max_ai_json_completions',
];

/** Rewrites `#/definitions/X` refs to `#/components/schemas/X`; keeps editor-only keywords out. */
function toOpenApiSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApiSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'enumDescriptions' || k === 'defaultSnippets' || k === 'errorMessage' || k === '$schema' || k === 'definitions') continue;
    if (k === 'markdownDescription') out.description ??= v;
    else if (k === '$ref' && typeof v === 'string') out.$ref = v.replace('#/definitions/', '#/components/schemas/');
    else if (k === 'properties' && v && typeof v === 'object')
      out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, toOpenApiSchema(s)]));
    else out[k] = toOpenApiSchema(v);
  }
  return out;
}

/** An error response whose example is the catalogue's (serviceErrors.ts). */
const detail = (description: string, example: ServiceErrorType): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPError' }, example: { detail: exampleDetail(example) } } },
});

const quotaHeaders: Json = {
  'X-SINGLE-PAGE-REPORTS-REMAINING': {
    description: 'Single-page builds left in the period after this request.',
    schema: { type: 'integer' },
  },
  'X-MULTI-PAGE-REPORTS-REMAINING': {
    description: 'Multi-page builds left in the period after this request.',
    schema: { type: 'integer' },
  },
};

const common: Json = {
  '400': detail('Malformed HTTP request (unparsable request line or headers).', 'badHttp'),
  '401': detail('Missing or unknown API key.', 'invalidApiKey'),
  '408': detail('Headers or body not received within --headers-timeout / --request-timeout.', 'requestTimeout'),
  '417': detail('An Expect header other than 100-continue.', 'expectationFailed'),
  '431': detail('Request line and headers over 16 KiB.', 'headersTooLarge'),
  '503': {
    ...detail(
      'Rate limit exceeded, too many open connections (--max-connections), the service stopping, or an injected fault; retry after Retry-After seconds.',
      'rateLimited',
    ),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
};

const validation: Json = {
  description: 'Validation error (FastAPI/pydantic v2 shape).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } },
};

const taskIdParam = { name: 'task_id', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } };

function submitOperation(summary: string, build: boolean): Json {
  const headers = quotaHeaders;
  return {
    summary,
    operationId: build ? 'build_report' : 'preview_report',
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Report' } } } },
    responses: {
      ...common,
      '200': {
        description: 'Task created.',
        headers,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SubmitResponse' } } },
      },
      '400': detail('Body not UTF-8, JSON nested too deeply, or a malformed HTTP request.', 'bodyNotUtf8'),
      '402': { ...detail('Subscription inactive.', 'subscriptionInactive'), headers },
      '413': { ...detail('Request body over the size limit.', 'bodyTooLarge'), headers },
      '422': { ...validation, headers },
      '429': {
        ...detail(
          build
            ? 'Quota exhausted for the period (no Retry-After), or too many tasks of this key waiting (--max-queued-per-key; with Retry-After).'
            : 'Too many tasks of this key waiting to be rendered (--max-queued-per-key); retry after Retry-After seconds.',
          build ? 'quotaExhausted' : 'tooManyQueued',
        ),
        headers: { ...headers, 'Retry-After': { description: 'Only on the queue cap.', schema: { type: 'integer' } } },
      },
      '507': {
        ...detail(
          "The disk holding the local service's data folder is full, over quota or read-only: the task could not be saved (nothing reserved or charged).",
          'storageFull',
        ),
        headers,
      },
    },
  };
}

/** The operation of each API path (summary, parameters, responses); typed over API_PATHS' names. */
const operations = (): Record<ApiPathName, Json> => ({
  buildReport: submitOperation('Build a report (PDF); counts against quota', true),
  previewReport: submitOperation('Preview a report (watermarked JPEG); free; no cloud upload', false),
  taskStatus: {
    summary: 'Status of a task',
    operationId: 'get_task_status',
    parameters: [
      taskIdParam,
      {
        name: 'wait',
        in: 'query',
        required: false,
        description: `Local extension (the hosted service ignores it): hold the answer while the task is QUEUED or RUNNING until its status changes or this many seconds pass (0–${MAX_STATUS_WAIT_SECONDS}). The answer then carries waited_ms. An API key holds a few such answers at once (--max-long-polls-per-key) and a connection one, with nothing pipelined behind it; beyond that the status is answered at once, without waited_ms.`,
        schema: { type: 'number', minimum: 0, maximum: MAX_STATUS_WAIT_SECONDS },
      },
      {
        name: 'until',
        in: 'query',
        required: false,
        description:
          'Local extension, with wait: `finished` holds the answer past QUEUED → RUNNING, until the task is SUCCESS or FAILED (or the wait is up): one request per task for a client that shows no intermediate status.',
        schema: { type: 'string', enum: ['finished'] },
      },
    ],
    responses: {
      '200': {
        description: 'Task status.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/TaskStatusResponse' } } },
      },
      '404': detail('Unknown task_id (or a task of another key).', 'taskNotFound'),
      '422': validation,
      ...common,
    },
  },
  report: {
    summary: 'The finished report file (PDF for a build, JPEG for a preview)',
    operationId: 'get_report',
    parameters: [taskIdParam],
    responses: {
      '200': {
        description: 'The file, with Content-Length and Content-Disposition (inline; filename).',
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        },
      },
      '303': {
        description: 'Uploaded to cloud storage: Location is the bucket URL; the body has detail, url and path.',
        headers: { Location: { schema: { type: 'string' } } },
      },
      '404': detail('Unknown task_id.', 'taskNotFound'),
      '409': detail('Task not finished yet, or FAILED.', 'reportNotReady'),
      '410': detail('Report purged after the retention time.', 'reportPurged'),
      '422': validation,
      ...common,
    },
  },
  remainingQuota: {
    summary: 'Quota of the API key for the current period',
    operationId: 'get_remaining_quota',
    responses: {
      '200': {
        description: 'Quota record.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/QuotaRecord' } } },
      },
      ...common,
    },
  },
});

/** Every API path under /api/v1 with its method (routeTable.ts) and its operation. */
function apiPaths(): Json {
  const ops = operations();
  return Object.fromEntries(
    (Object.keys(API_ROUTES) as ApiPathName[]).map((name) => [
      API_BASE_PATH + API_PATHS[name],
      { [API_ROUTES[name].method.toLowerCase()]: ops[name] },
    ]),
  );
}

export function buildOpenApi(origin: string): Json {
  const defs = (reportSchema as Json).definitions as Json;
  const schemas: Json = Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, toOpenApiSchema(v)]));
  schemas.Report = toOpenApiSchema(reportSchema);
  Object.assign(schemas, {
    SubmitResponse: {
      type: 'object',
      required: ['task_id', 'status'],
      properties: { task_id: { type: 'string', format: 'uuid' }, status: { $ref: '#/components/schemas/TaskStatus' } },
    },
    TaskStatus: { type: 'string', enum: ['CREATED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED'] },
    TaskStatusResponse: {
      type: 'object',
      required: ['status', 'error_message'],
      properties: {
        status: { $ref: '#/components/schemas/TaskStatus' },
        error_message: { type: ['string', 'null'] },
        notes: {
          description:
            'Local extension (absent from the hosted service): what the render wants the author to know — an image drawn as a placeholder, content cut from a single page, a substituted font.',
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'path', 'message'],
            properties: {
              kind: { type: 'string', enum: ['image-unavailable', 'overflow', 'font-fallback', 'column-squeezed'] },
              path: { type: 'array', items: { type: ['string', 'integer'] }, description: 'JSON path into the submitted report.' },
              message: { type: 'string' },
            },
          },
        },
        waited_ms: {
          description:
            'Local extension (absent from the hosted service): with `wait`, how long the answer was held. Its presence tells a client that the service long-polls.',
          type: 'integer',
          minimum: 0,
        },
      },
    },
    QuotaRecord: {
      type: 'object',
      required: [...QUOTA_COUNTS, 'period_start', 'period_end', 'error', 'subscription_active'],
      properties: {
        ...Object.fromEntries(QUOTA_COUNTS.map((k) => [k, { type: 'integer' }])),
        period_start: { type: 'string', format: 'date-time' },
        period_end: { type: 'string', format: 'date-time' },
        error: { type: ['string', 'null'] },
        subscription_active: { type: 'boolean' },
      },
    },
    HTTPError: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
    ValidationError: {
      type: 'object',
      required: ['type', 'loc', 'msg', 'input'],
      properties: {
        type: { type: 'string', examples: ['missing', 'string_type', 'literal_error', 'union_tag_invalid', 'json_invalid'] },
        loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
        msg: { type: 'string' },
        input: {},
        ctx: { type: 'object' },
      },
    },
    HTTPValidationError: {
      type: 'object',
      properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } },
    },
  });
  const security = [{ APIKeyHeader: [] }, { APIKeyQuery: [] }];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Report Studio local report service',
      version: '1.0.0',
      description: `Offline implementation of the report service API. Every path is also served under ${MANAGED_CLOUD_ASYNC_BASE_PATH} (a Managed Cloud deployment's async endpoint group). See docs/local-service.md.`,
    },
    servers: [{ url: origin }],
    security,
    paths: apiPaths(),
    components: {
      schemas,
      securitySchemes: {
        APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        APIKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
    },
  };
}
