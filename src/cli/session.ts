/**
 * The client a command talks through: the hosted (or any) service given by
 * --base-url/--api-key and their env variables, or with --offline the bundled local
 * service started in this process on a free loopback port — or, when the CLI runs inside the
 * extension (a build task), the extension's own local service, whose quota the status bar shows.
 */
import { ReportClient } from '../core/client/apiClient';
import { DEFAULT_HOSTED_BASE_URL } from '../core/api/types';
import { registerSecret } from '../core/redact';
import type { LocalService, LocalServiceOptions } from './localService';
import { loadEngine } from './engineLoader';
import type { GlobalOptions } from './args';
import { CliError } from './exitCodes';
import { printable, type CliIo } from './output';
import { oneLine } from './terminalText';

const ENV_API_KEY = 'REPORT_STUDIO_API_KEY';
const ENV_BASE_URL = 'REPORT_STUDIO_BASE_URL';

export interface Session {
  client: ReportClient;
  /** Set with --offline. */
  service?: LocalService;
  /** Where the client talks to (no key in it). */
  baseUrl: string;
  /** The bundled local service (--offline): its quota is marked "(local)", as in the status bar. */
  local: boolean;
  close(): Promise<void>;
}

/** What a batch asks of the --offline service: its own data folder, a plan covering the run, more renders at once, no rate limit. */
export type LocalServiceTuning = Partial<Pick<LocalServiceOptions, 'dataDir' | 'plan' | 'concurrency' | 'rateLimit'>>;

/**
 * What a command that draws at most one report at a time asks of the --offline service: one
 * render worker. Each worker loads the renderer and compiles PDFium when the service starts, so
 * a second one only costs the run's start-up (CPU the first render shares on a small machine).
 */
export const ONE_RENDER_AT_A_TIME: LocalServiceTuning = { concurrency: 1 };

export async function openSession(global: GlobalOptions, io: CliIo, tuning: LocalServiceTuning = {}): Promise<Session> {
  const log = global.verbose ? (line: string): void => void io.stderr.write(`[http] ${printable(oneLine(line))}\n`) : undefined;
  if (global.offline && io.localService) {
    const { baseUrl, apiKey } = await io.localService();
    registerSecret(apiKey);
    const client = new ReportClient({ apiKey, baseUrl, log });
    return { client, baseUrl, local: true, close: () => client.close() };
  }
  if (global.offline) {
    const { startLocalService, defaultDataDir } = loadEngine();
    const service = await startLocalService({
      ...tuning,
      port: 0,
      dataDir: global.dataDir ?? tuning.dataDir ?? defaultDataDir(io.env),
      log: global.verbose ? (line) => void io.stderr.write(`[local service] ${printable(oneLine(line))}\n`) : undefined,
    });
    // The development key is a secret like any other: keep it out of every line printed.
    service.apiKeys.forEach(registerSecret);
    const client = new ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl, log });
    return {
      client,
      service,
      baseUrl: service.baseUrl,
      local: true,
      close: async () => {
        await client.close();
        await service.stop();
      },
    };
  }
  const apiKey = global.apiKey ?? io.env[ENV_API_KEY];
  if (!apiKey) {
    throw new CliError(`No API key: set ${ENV_API_KEY}, pass --api-key, or use --offline to run the bundled local service.`);
  }
  registerSecret(apiKey);
  const baseUrl = global.baseUrl ?? io.env[ENV_BASE_URL] ?? DEFAULT_HOSTED_BASE_URL;
  let client: ReportClient;
  try {
    client = new ReportClient({ apiKey, baseUrl, log });
  } catch (error) {
    throw new CliError(`--base-url: ${(error as Error).message}`);
  }
  return { client, baseUrl: client.baseUrl, local: false, close: () => client.close() };
}
