/**
 * The local service in the browser (VS Code for the Web): the service of src/service/compose.ts
 * hosted without sockets or files — its state (tasks, files, quota ledger) in memory for the life
 * of the page or worker, the renderer running in-process on the files `options.assets` reads
 * (read once, on the first render), submitted bodies checked on this thread, and its address an
 * origin that never reaches the network: the browser client hands every request for it to this
 * service in-process (client/http.ts). The development key and default plan are as on Node;
 * `restricted` fetches no image. No webhook is sent from here (webhooks.ts).
 */
import { composeService } from '../service/compose';
import { checkBody } from '../service/http/bodyCheck';
import type { FileAccess } from '../service/http/exchange';
import { createInProcessHandler } from '../service/http/inProcess';
import { newDevKey } from '../service/keys';
import { resolveOptions } from '../service/options';
import type { LocalService, LocalServiceOptions } from '../service/service';
import { memoryDocument } from '../service/store/jsonDocument';
import { memoryVolume, type StoreVolume } from '../service/store/volume';
import type { ReportRenderer } from '../render/renderer';
import { newInProcessOrigin, serveInProcess } from './client/inProcessOrigins';
import { createBrowserRenderer, RENDERER_FILES } from './renderer';
import { keepBucketIn } from './service/bucket';
import { browserWebhooks } from './service/webhooks';

/** Where the state lives, as the service's `dataDir` reads (paths in the memory volume start with it). */
const MEMORY_ROOT = '(memory)';

function volumeFiles(volume: StoreVolume): FileAccess {
  return {
    async open(path) {
      const bytes = await volume.readBytes(path);
      return (
        bytes && {
          size: bytes.length,
          chunks: async function* () {
            yield bytes;
          },
        }
      );
    },
  };
}

/** The renderer on the files `assets` reads, made once on first use. */
function lazyRenderer(
  assets: (name: string) => Promise<Uint8Array>,
  settings: Parameters<typeof createBrowserRenderer>[1],
): () => Promise<ReportRenderer> {
  let made: Promise<ReportRenderer> | undefined;
  return () =>
    (made ??= (async () => {
      const files = await Promise.all(
        RENDERER_FILES.map(async (name) => {
          try {
            return [name, await assets(name)] as const;
          } catch (err) {
            throw new Error(`The local service cannot load the renderer: reading ${name} failed (${(err as Error)?.message ?? err})`, {
              cause: err,
            });
          }
        }),
      );
      return createBrowserRenderer(files, settings);
    })());
}

export async function startLocalService(input: LocalServiceOptions): Promise<LocalService> {
  const { assets } = input;
  if (!assets) throw new TypeError('The local service in the browser needs `assets`: it reads the renderer’s files through it');
  const options = resolveOptions({ ...input, dataDir: MEMORY_ROOT, port: 0 });
  const origin = newInProcessOrigin();
  const volume = memoryVolume();
  const renderer = input.renderer
    ? () => Promise.resolve(input.renderer as ReportRenderer)
    : lazyRenderer(assets, {
        timeLimitMs: options.renderTimeoutMs,
        // Only the browser's own rules apply to what a page may fetch; Restricted Mode fetches nothing.
        images: { allowHosts: options.fetchAllowHosts, allowLoopback: true, restricted: options.restricted },
      });
  const releaseBucket = keepBucketIn(options.bucketDir, volume);
  const service = await composeService({
    options,
    keys: input.keys?.length ? input.keys : [{ ...input.plan, key: newDevKey() }],
    ledger: memoryDocument(),
    volume,
    files: volumeFiles(volume),
    renderer,
    // No worker here: bodies are checked on this thread (the Node service moves large ones off it).
    bodies: { check: async (job) => checkBody(job, false), close: async () => undefined },
    webhooks: () => browserWebhooks(options),
  });
  service.ctx.origin = origin;
  await service.recover();
  const unserve = serveInProcess(origin, createInProcessHandler(service.ctx));
  service.start();

  let stopping: Promise<void> | undefined;
  return {
    url: origin,
    host: new URL(origin).hostname,
    baseUrl: `${origin}/api/v1`,
    port: 0,
    apiKeys: service.apiKeys,
    dataDir: MEMORY_ROOT,
    renderDraft: (text, o) => (stopping ? Promise.reject(new Error('the local service is stopping')) : service.renderDraft(text, o)),
    stop: () =>
      (stopping ??= (async () => {
        await service.stop();
        unserve();
        releaseBucket();
        const made = await renderer().catch(() => undefined);
        await made?.dispose().catch(() => undefined);
      })()),
  };
}
