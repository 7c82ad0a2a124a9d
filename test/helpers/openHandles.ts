/**
 * Root hook (loaded by .mocharc.*.json): after the last test, anything that would keep the
 * process alive — a server, a socket, a child process, a timer, a worker — fails the stage,
 * named, instead of leaving mocha idle until someone kills it (the project runs mocha without
 * --exit on purpose). Resources that end by themselves within GRACE_MS (a keep-alive socket's
 * timer, a debounce) are not leaks: the check waits for them, and only while any is open.
 */
import { waitFor } from './waitFor';

const GRACE_MS = 5_000;
/** Handles of the process itself: its stdio pipes or terminals. */
const OWN = new Set(['TTYWrap', 'PipeWrap', 'StreamWrap', 'FSReqPromise', 'Immediate']);

/**
 * In a parallel run this hook ends each file inside a mocha worker, which mocha terminates at
 * the end: a timer there cannot hold the stage open, so only servers, sockets, child processes
 * and workers count (a test's leftover timer is caught by the serial stages and `npm run
 * test:unit -- --no-parallel`). In the main process everything counts.
 */
const IN_WORKER = process.env.MOCHA_WORKER_ID !== undefined;

function leaks(): string[] {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (OWN.has(kind) || (IN_WORKER && kind === 'Timeout')) continue;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${n} × ${kind}`);
}

export const mochaHooks = {
  async afterAll(this: Mocha.Context): Promise<void> {
    // No mocha timer for this hook (it would count as a Timeout); the loop below is bounded.
    this.timeout(0);
    let left = leaks();
    // Polled every 50 ms: waitFor's own timer is gone once it has fired, so it is never counted.
    await waitFor('open handles to close', () => (left = leaks()).length === 0, GRACE_MS, 50).catch(() => undefined);
    if (left.length === 0) return;
    // Whatever holds the loop open would keep mocha running: end the process once the
    // failure is reported (an unref'd timer fires only if something else keeps it alive).
    // A parallel worker is ended by mocha itself.
    if (!IN_WORKER) setTimeout(() => process.exit(process.exitCode || 1), 2_000).unref();
    // In a parallel run this hook ends each file; name the file(s) it covered.
    const files = [...new Set((this.test?.parent?.suites ?? []).map((s) => s.file).filter(Boolean))];
    throw new Error(
      `open handles ${GRACE_MS / 1000} s after the last test${files.length ? ` of ${files.join(', ')}` : ''}: ${left.join(', ')}. ` +
        'A test left a server, socket, child process, worker or timer running; close it in the test (after/afterEach).',
    );
  },
};
