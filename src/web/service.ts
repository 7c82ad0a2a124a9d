/**
 * The local service for the browser (dist/web/service.js, scripts/web-build.mjs): what of it runs
 * without sockets or files so far — the check of a submitted report, with the service's very
 * validation and 422s (submission.ts).
 */
export { checkSubmission, type SubmissionCheck } from './submission';
