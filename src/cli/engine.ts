/**
 * Entry of dist/engine.js: everything with state or weight that the CLI and the extension load
 * on demand — the HTTP client and task runner, redaction's registry of keys in use, the client
 * errors, and the local service with its renderer. One bundle, loaded once per process, so each
 * error class and the redaction registry exist once (an error thrown here is `instanceof` the
 * class exported here). The CLI requires it for --offline and serve (engineLoader.ts, typed by
 * its local-service part, localService.ts), the
 * extension on its first request (src/extension/service/runtimeLoader.ts), scripts/start.mjs at
 * start. No 'vscode' here.
 *
 * `runCli` is the whole CLI, for the extension's `report-studio` tasks, which run it in-process
 * (src/extension/tasks/). Inside this bundle the CLI's `require('./engine')` stays a run-time
 * require of this same file (scripts/build.mjs, `lazy`), so --offline gets this very module.
 */
export * from './localService';
export { ReportClient } from '../core/client/apiClient';
export { ReportServiceError } from '../core/client/errors';
export { FileWriteError } from '../core/client/download';
export { runTask } from '../core/runner/taskRunner';
export { longPollSecondsFor } from '../core/runner/polling';
export { pdfPageCount, jpegSize } from '../core/runner/fileInfo';
export { redact, registerSecret } from '../core/redact';
export { mapValidationErrors } from '../core/loc/diagnostics';
export { formatDiagnostic } from './output';
export { runCli } from './main';
export type { CliIo } from './output';
