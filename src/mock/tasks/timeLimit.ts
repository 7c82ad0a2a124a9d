/**
 * Runs one render step with a time limit and the service's shutdown signal.
 * The renderer gets an AbortSignal that fires on either; the promise rejects at once
 * even if a renderer ignores the signal, so a stuck render never blocks its slot.
 */
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

export async function withTimeLimit<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number, shutdown: AbortSignal): Promise<T> {
  if (shutdown.aborted) throw new Interrupted();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onShutdown: (() => void) | undefined;
  const stopper = new Promise<never>((_, reject) => {
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        const err = new RenderTimeout(timeoutMs);
        controller.abort(err);
        reject(err);
      }, timeoutMs);
    }
    onShutdown = () => {
      const err = new Interrupted();
      controller.abort(err);
      reject(err);
    };
    shutdown.addEventListener('abort', onShutdown, { once: true });
  });
  try {
    return await Promise.race([run(controller.signal), stopper]);
  } finally {
    clearTimeout(timer);
    if (onShutdown) shutdown.removeEventListener('abort', onShutdown);
  }
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
