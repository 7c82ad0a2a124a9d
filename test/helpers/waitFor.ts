/**
 * Waits for a condition (not for time): `probe` is asked every few milliseconds until it holds,
 * and a deadline turns a condition that never comes into a failure that names it. The probe may
 * be async (an HTTP status, a file read); it is asked again only after its answer came.
 */
export async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 5_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
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
