/**
 * A hosted-like service for the batch tests: a loopback proxy in front of the local service that
 * counts the tasks in flight (submitted, file not yet fetched) and can answer submits with
 * 429 + Retry-After, as a busy service does.
 */
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BatchProxy {
  baseUrl: string;
  /** Most tasks in flight at once. */
  maxInFlight: number;
  submits: number;
  /** When each 429 was sent and when the next submit arrived after it (performance.now()). */
  busyAnswers: number[];
  submitTimes: number[];
  stop(): Promise<void>;
}

/** `busySubmits`: how many submits (the first ones) are answered 429 with `Retry-After: retryAfter`. */
export async function startBatchProxy(target: string, busySubmits = 0, retryAfter = '1'): Promise<BatchProxy> {
  const upstream = new URL(target);
  const inFlight = new Set<string>();
  const state: Omit<BatchProxy, 'baseUrl' | 'stop'> = { maxInFlight: 0, submits: 0, busyAnswers: [], submitTimes: [] };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const submit = req.method === 'POST' && /-report$/.test(url.pathname);
    if (submit) {
      state.submits++;
      if (state.submits <= busySubmits) {
        req.resume();
        state.busyAnswers.push(performance.now());
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter }).end('{"detail":"Too many requests"}');
        return;
      }
      state.submitTimes.push(performance.now());
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          if (submit && up.statusCode === 200) {
            inFlight.add((JSON.parse(body.toString('utf8')) as { task_id: string }).task_id);
            state.maxInFlight = Math.max(state.maxInFlight, inFlight.size);
          }
          if (url.pathname.endsWith('/get-report')) inFlight.delete(url.searchParams.get('task_id') ?? '');
          res.writeHead(up.statusCode ?? 502, up.headers).end(body);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
