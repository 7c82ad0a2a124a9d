/**
 * The local service's routes, declared once on the path constants: the API's (API_PATHS of
 * core/api/types.ts, which the client uses too) and the service's own. The router (routes.ts)
 * gives each its handler, openapi.ts its description, and docs/local-service.md's _Endpoints_
 * table is written from that description (scripts/gen-service-surface.ts).
 */
import type { API_PATHS } from '../../core/api/types';

export type ApiPathName = keyof typeof API_PATHS;

interface ApiRoute {
  method: 'GET' | 'POST';
  /** The route creates a task: the per-key cap on waiting tasks applies. */
  queues?: true;
}

/** Every API path's route, in API_PATHS' order (a missing or unknown name does not compile). */
export const API_ROUTES: Record<ApiPathName, ApiRoute> = {
  buildReport: { method: 'POST', queues: true },
  previewReport: { method: 'POST', queues: true },
  taskStatus: { method: 'GET' },
  report: { method: 'GET' },
  remainingQuota: { method: 'GET' },
};

/** Paths of the service itself, outside the API (no key needed). */
export const SERVICE_PATHS = {
  /** The OpenAPI document (openapi.ts). */
  openApi: '/openapi.json',
  /** Prefix of the files standing for cloud storage: /bucket/<provider>/<destination>/<file>. */
  bucket: '/bucket/',
  /** Where the service says what it is. */
  index: '/',
} as const;

/** What each of the service's own paths answers (docs/local-service.md, _Endpoints_). */
export const SERVICE_PATH_SUMMARIES: Record<keyof typeof SERVICE_PATHS, string> = {
  openApi: 'The OpenAPI 3.1 document of every endpoint, parameter, header and error body (no key)',
  bucket: 'A file from the bucket folder (no key: it stands for a bucket URL)',
  index: 'What the service is, and where its API and OpenAPI document are (no key)',
};
