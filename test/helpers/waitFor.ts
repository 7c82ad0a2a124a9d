/**
 * Waits for a condition (not for time): `probe` is asked every `intervalMs` until it holds, and a
 * deadline turns a condition that never comes into a failure that names it. The one wait of the
 * test tree: unit and integration tests probe in-process state (every 10 ms), the UI checks
 * (test/e2e/ui/) a browser page (an async probe, less often).
 */
export async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 5_000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Like waitFor, for a value: resolves with the first value of `probe` that is not undefined. */
export async function waitForValue<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5_000,
  everyMs = 10,
): Promise<T> {
  let value: T | undefined;
  await waitFor(what, async () => (value = await probe()) !== undefined, timeoutMs, everyMs);
  return value as T;
}
