/** One request's time limit when the caller sets none; also the extension's `requestTimeoutSeconds` default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
