/**
 * The fidelity corpus (test/fixtures/fidelity): its files, their expectations, and the
 * loopback stand-ins for the outside world their URLs name.
 *
 * Files write URLs with three fixed loopback origins, replaced before a report is sent:
 *   http://127.0.0.1:47100 → an image server over test/fixtures/fidelity/images
 *   http://127.0.0.1:47101 → a port nothing listens on (an image that cannot be fetched)
 *   http://127.0.0.1:47102 → a webhook receiver that records every delivery
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { RenderNote } from '../../../src/core/api/types';

const CORPUS_DIR = join(__dirname, '../../fixtures/fidelity');
const IMAGES_DIR = join(CORPUS_DIR, 'images');

const ORIGINS = {
  images: 'http://127.0.0.1:47100',
  unreachable: 'http://127.0.0.1:47101',
  webhooks: 'http://127.0.0.1:47102',
} as const;

/** One entry of expectations.json. */
interface Expectation {
  /** Pages the report was designed for (the cover page included). */
  pages: number;
  /** Strings that must NOT be printed (e.g. a header switched off, numbers with separators added). */
  absent?: string[];
  /** Render notes the task must report (kind, and the JSON path as a dotted string prefix). */
  notes?: Array<{ kind: RenderNote['kind']; path?: string }>;
  /** Fewest image XObjects the PDF must embed (raster images drawn, not placeholders). */
  minRasterImages?: number;
}

export interface CorpusFile {
  name: string;
  /** The file as written (what the editor sees). */
  text: string;
  expectation: Expectation;
}

export function loadCorpus(): CorpusFile[] {
  const expectations = JSON.parse(readFileSync(join(CORPUS_DIR, 'expectations.json'), 'utf8')) as Record<string, Expectation>;
  const names = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.report.json'))
    .sort();
  const missing = names.filter((n) => !expectations[n]);
  if (missing.length) throw new Error(`expectations.json has no entry for ${missing.join(', ')}`);
  const stale = Object.keys(expectations).filter((n) => !names.includes(n));
  if (stale.length) throw new Error(`expectations.json names files that do not exist: ${stale.join(', ')}`);
  return names.map((name) => ({ name, text: readFileSync(join(CORPUS_DIR, name), 'utf8'), expectation: expectations[name] }));
}

/** The report with the placeholder origins pointed at the live loopback servers. */
export function withOrigins(text: string, live: { images: string; unreachable: string; webhooks: string }): unknown {
  return JSON.parse(
    text
      .split(ORIGINS.images)
      .join(live.images)
      .split(ORIGINS.unreachable)
      .join(live.unreachable)
      .split(ORIGINS.webhooks)
      .join(live.webhooks),
  );
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Serves the corpus images by file name; anything else is a 404. */
export async function startImageServer(): Promise<{ origin: string; requests: string[]; stop(): Promise<void> }> {
  const files = new Map(
    readdirSync(IMAGES_DIR)
      .filter((f) => TYPES[extname(f)])
      .map((f) => [`/${f}`, f]),
  );
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = files.get((req.url ?? '').split('?')[0]);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] }).end(readFileSync(join(IMAGES_DIR, file)));
  });
  const origin = await listen(server);
  return { origin, requests, stop: () => close(server) };
}

/** An origin on a port that was free a moment ago and now has nobody listening. */
export async function deadOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listen(server);
  await close(server);
  return origin;
}

export interface Delivery {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Records every webhook POST and answers 204. */
export async function startWebhookReceiver(): Promise<{ origin: string; deliveries: Delivery[]; stop(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text: the assertion says the body was not JSON
      }
      deliveries.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      res.writeHead(204).end();
    });
  });
  const origin = await listen(server);
  return { origin, deliveries, stop: () => close(server) };
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}
