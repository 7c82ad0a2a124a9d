/**
 * Runs one render step with a time limit and the service's shutdown signal.
 * The renderer gets an AbortSignal that fires on either; the promise rejects at once
 * even if a renderer ignores the signal, so a stuck render never blocks its slot.
 * A render that may wait for a worker first is timed from when it gets one.
 */
import type { RenderOptions, ReportRenderer } from '../../render/renderer';

export class RenderTimeout extends Error {
  constructor(readonly ms: number) {
    super(`Rendering took longer than the ${ms / 1000} s time limit of the local service`);
    this.name = 'RenderTimeout';
  }
}

export class Interrupted extends Error {
  constructor() {
    super('interrupted by service shutdown');
    this.name = 'Interrupted';
  }
}

/**
 * Runs `run` under a time limit of `timeoutMs` (none when 0) that counts from the call — or,
 * with `clock: 'on-start'`, from when `run` calls the `start` it is given (a render that first
 * waits for a worker: the wait is not spent from its time limit).
 */
export async function withTimeLimit<T>(
  run: (signal: AbortSignal, start: () => void) => Promise<T>,
  timeoutMs: number,
  shutdown: AbortSignal,
  clock: 'on-call' | 'on-start' = 'on-call',
): Promise<T> {
  if (shutdown.aborted) throw new Interrupted();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onShutdown: (() => void) | undefined;
  let start = (): void => undefined;
  let finished = false;
  const stopper = new Promise<never>((_, reject) => {
    start = () => {
      if (timer || finished || timeoutMs <= 0 || controller.signal.aborted) return;
      timer = setTimeout(() => {
        const err = new RenderTimeout(timeoutMs);
        controller.abort(err);
        reject(err);
      }, timeoutMs);
    };
    onShutdown = () => {
      const err = new Interrupted();
      controller.abort(err);
      reject(err);
    };
    shutdown.addEventListener('abort', onShutdown, { once: true });
  });
  if (clock === 'on-call') start();
  try {
    return await Promise.race([run(controller.signal, start), stopper]);
  } finally {
    // A start() after the end (a render abandoned at shutdown) must not arm a timer.
    finished = true;
    clearTimeout(timer);
    if (onShutdown) shutdown.removeEventListener('abort', onShutdown);
  }
}

/** A render under the time limit, counted from when `renderer` begins it (after any wait for a worker). */
export function renderWithTimeLimit<T>(
  renderer: ReportRenderer,
  render: (options: RenderOptions) => Promise<T>,
  timeoutMs: number,
  shutdown: AbortSignal,
): Promise<T> {
  return withTimeLimit(
    (signal, onStart) => render({ signal, onStart }),
    timeoutMs,
    shutdown,
    renderer.reportsStart ? 'on-start' : 'on-call',
  );
}

/** A delay that ends early (rejecting with Interrupted) when the service stops. */
export function interruptibleDelay(ms: number, shutdown: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(t);
      reject(new Interrupted());
    };
    const t = setTimeout(() => {
      shutdown.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (shutdown.aborted) onAbort();
    else shutdown.addEventListener('abort', onAbort, { once: true });
  });
}
