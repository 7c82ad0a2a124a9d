/**
 * Worker-thread entry of the render pool (bundled as dist/render-worker.js): owns one
 * real renderer (pdfkit layout + PDFium preview) and answers render jobs posted by
 * renderPool.ts, so layout and rasterising never block the service's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer } from './render/index';
import type { WorkerJob, WorkerReply } from './renderPool';

const port = parentPort;
if (!port) throw new Error('renderWorker must run in a worker thread');

const settings = (workerData ?? {}) as { timeLimitMs?: number };
const rendererPromise = createRenderer({ timeLimitMs: settings.timeLimitMs });
rendererPromise.catch(() => undefined);

/** A transferable copy: pdfkit/jpeg-js buffers may be views into Node's shared pool. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

port.on('message', async (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    const renderer = await rendererPromise;
    if (job.kind === 'pdf') {
      const { pdf, pageCount, notes } = await renderer.renderPdf(job.report);
      const bytes = own(pdf);
      port.postMessage({ id: job.id, ok: true, bytes, pageCount, notes } satisfies WorkerReply, [bytes.buffer as ArrayBuffer]);
      return;
    }
    const bytes = own(await renderer.renderPreviewJpeg(job.pdf));
    port.postMessage({ id: job.id, ok: true, bytes, pageCount: 0, notes: [] } satisfies WorkerReply, [bytes.buffer as ArrayBuffer]);
    return;
  } catch (err) {
    const e = err as Error;
    reply = { id: job.id, ok: false, name: e?.name ?? 'Error', message: e?.message ?? String(err) };
  }
  port.postMessage(reply);
});
