/**
 * Entry of dist/serviceClient.js: the core client (undici, ~0.6 MB minified) and the task
 * runner, loaded by runtimeLoader.ts on the first request instead of at activation, so
 * dist/extension.js stays small and activation does no work the user did not ask for.
 * No 'vscode' here: this is a plain core bundle.
 */
export { ReportClient } from '../../core/client/apiClient';
export { isReportServiceError, ReportServiceError } from '../../core/client/errors';
export { FileWriteError } from '../../core/client/download';
export { runTask } from '../../core/runner/taskRunner';
export { jpegSize, pdfPageCount } from '../../core/runner/fileInfo';
export { registerSecret, unregisterSecret } from '../../core/redact';
