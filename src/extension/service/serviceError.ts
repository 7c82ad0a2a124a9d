/**
 * Recognises the core client's errors. They are thrown by the lazily loaded client bundle
 * (dist/serviceClient.js), whose ReportServiceError is another class object than the one
 * dist/extension.js would import, so `instanceof` cannot be used across the two bundles.
 */
import type { ReportServiceError } from '../../core/client/errors';

export function asServiceError(error: unknown): ReportServiceError | undefined {
  const e = error as Partial<ReportServiceError> | undefined;
  return error instanceof Error && e?.name === 'ReportServiceError' && typeof e.kind === 'string' && Array.isArray(e.details)
    ? (error as ReportServiceError)
    : undefined;
}

/** FileWriteError of core/client/download (same cross-bundle reason). */
export function isFileWriteError(error: unknown): error is Error & { path: string } {
  return error instanceof Error && error.name === 'FileWriteError';
}
