/**
 * Entry of dist/web/engine.js: the browser's engine, exporting what the extension uses from
 * src/cli/engine.ts under the same names — the client and task runner (over fetch, and in-process
 * for the service in this page or worker: client/http.ts), redaction, the client errors, the 422
 * mapping, and `startLocalService`: the local service running in the browser, in memory
 * (localService.ts). One bundle per page or worker, so each error class and the redaction registry
 * exist once. The web extension bundles this module statically. No 'vscode' here.
 */
export { startLocalService } from './localService';
export type { DraftRender, LocalService, LocalServiceOptions } from '../service/service';
export { ReportClient } from '../core/client/apiClient';
export { ReportServiceError } from '../core/client/errors';
export { FileWriteError } from '../core/client/download';
export { runTask } from '../core/runner/taskRunner';
export { longPollSecondsFor } from '../core/runner/polling';
export { pdfPageCount, jpegSize } from '../core/runner/fileInfo';
export { redact, registerSecret } from '../core/redact';
export { mapValidationErrors } from '../core/loc/diagnostics';
export { checkSubmission, type SubmissionCheck } from './submission';
