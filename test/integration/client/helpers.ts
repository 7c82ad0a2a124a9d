/**
 * Test helpers: the real local service on a free loopback port with its own data dir,
 * and a tiny loopback HTTP server for what only a misbehaving network or server does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportClient } from '../../../src/core/client/apiClient';
import type { ReportBody } from '../../../src/core/report/types';
import type { ReportClientOptions } from '../../../src/core/client/apiClient';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import { createRenderer } from '../../../src/render';
import { startLocalService } from '../../../src/service/service';
import type { LocalService, LocalServiceOptions } from '../../../src/service/service';

export interface TestService {
  service: LocalService;
  client: ReportClient;
  /** Client log lines (already redacted by the client). */
  log: string[];
  newClient(options?: Partial<ReportClientOptions>): ReportClient;
  stop(): Promise<void>;
}

/**
 * Starts the local service. `realRenderer` uses the full renderer (pdfkit + pdfium);
 * otherwise the service's dependency-free renderer keeps transport tests quick.
 */
export async function startTestService(
  options: Partial<LocalServiceOptions> & { realRenderer?: boolean } = {},
  clientOptions: Partial<ReportClientOptions> = {},
): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-client-'));
  const { realRenderer, ...rest } = options;
  const service = await startLocalService({
    port: 0,
    dataDir,
    rateLimit: 0,
    // Passed in explicitly: the service's lazy import() of the renderer does not resolve under mocha's tsx/cjs hook.
    renderer: realRenderer ? await createRenderer() : createMinimalRenderer(),
    ...rest,
  });
  const log: string[] = [];
  const clients: ReportClient[] = [];
  const newClient = (extra: Partial<ReportClientOptions> = {}): ReportClient => {
    const c = new ReportClient({
      apiKey: service.apiKeys[0],
      baseUrl: service.baseUrl,
      log: (line) => log.push(line),
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      ...clientOptions,
      ...extra,
    });
    clients.push(c);
    return c;
  };
  const client = newClient();
  return {
    service,
    client,
    log,
    newClient,
    stop: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FakeServer {
  baseUrl: string;
  /** Requests received, in order (method + path). */
  requests: string[];
  stop(): Promise<void>;
}

/** A loopback server with a hand-written handler (a fake of the network, not of our code). */
export async function startFakeServer(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<FakeServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
    // Read the whole body before answering, as a real server would.
    req.resume();
    req.on('end', () => handler(req, res, requests.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { closedPort } from '../../helpers/loopback';

/** A report the service accepts (single page). */
export const SIMPLE_REPORT: ReportBody = {
  type: 'Report',
  options: { report_title: 'Integration test' },
  components: [
    {
      type: 'Section',
      options: { section_title: 'KPIs', columns: 2 },
      components: [
        { type: 'Card', options: { title: 'Views', value: 987 } },
        { type: 'Card', options: { title: 'Users', value: '1.2k' } },
      ],
    },
    { type: 'Text', options: { text: 'Hello **world**' } },
  ],
};
