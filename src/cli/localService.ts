/**
 * The local service as the CLI uses it (--offline, serve). Bundled separately to
 * dist/localService.js and loaded on demand (localServiceLoader.ts), so commands that
 * talk to a remote service do not parse the renderer at start-up. Also used by
 * scripts/start.mjs.
 */
export { startLocalService } from '../mock/service';
export type { LocalService, LocalServiceOptions } from '../mock/service';
export { defaultDataDir, FlagError, parseFlags, USAGE } from '../mock/flags';
export { createMinimalRenderer } from '../render/minimal-renderer';
export { remoteBindWarning } from '../mock/bindHost';
export { ReportClient } from '../core/client/apiClient';
export { runTask } from '../core/runner/taskRunner';
export { pdfPageCount, jpegSize } from '../core/runner/fileInfo';
export { redact } from '../core/redact';
export { mapValidationErrors } from '../core/loc/diagnostics';
export { formatDiagnostic } from './output';
