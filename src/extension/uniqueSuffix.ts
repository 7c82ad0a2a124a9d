/** A temporary file's suffix no other writer (another window, an earlier run) picks: both hosts have Web Crypto. */
export function uniqueSuffix(): string {
  return globalThis.crypto.randomUUID();
}
