/**
 * Waits for a condition (not for time): `probe` is asked every few milliseconds until it holds,
 * and a deadline turns a condition that never comes into a failure that names it.
 */
export async function waitFor(what: string, probe: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
