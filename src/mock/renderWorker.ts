/**
 * Worker-thread entry of the render pool (bundled as dist/render-worker.js): owns one
 * real renderer (pdfkit layout + PDFium preview) and answers render jobs posted by
 * renderPool.ts, so layout and rasterising never block the service's event loop.
 *
 * While a job runs, the worker's memory outside the JS heap (Buffers, WASM) is checked
 * between steps; over the budget the worker ends itself with EXIT_OVER_MEMORY_BUDGET
 * (V8's resourceLimits cannot bound that memory). After a job that leaves much of it
 * behind, the reply asks the pool for a fresh worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import type { ReportBody } from '../core/report/types';
import { createRenderer } from '../render/index';
import { ReportUnreadable } from '../render/renderer';
import type { PreviewPart, RenderNote } from '../render/renderer';
import { DEFAULT_WORKER_EXTERNAL_MB, EXIT_OVER_MEMORY_BUDGET, type WorkerJob, type WorkerReply, type WorkerSettings } from './renderPool';

const port = parentPort;
if (!port) throw new Error('renderWorker must run in a worker thread');

const settings = (workerData ?? {}) as Partial<WorkerSettings>;
const budget = (settings.externalMemoryMb ?? DEFAULT_WORKER_EXTERNAL_MB) * 1024 * 1024;
/** How often memory is sampled while a job runs (only between synchronous steps, by nature). */
const SAMPLE_MS = 20;

function overBudget(): boolean {
  return process.memoryUsage().external > budget;
}

/** Ends the worker when its memory outside the JS heap is over budget (the pool FAILS the task saying so). */
function exitIfOverBudget(): void {
  if (overBudget()) process.exit(EXIT_OVER_MEMORY_BUDGET);
}

const rendererPromise = createRenderer({ timeLimitMs: settings.timeLimitMs, images: settings.images, checkMemory: exitIfOverBudget });
rendererPromise.catch(() => undefined);

/** The stored report, read and parsed here: a large one must not stall the service's event loop. */
async function readStoredReport(file: string): Promise<ReportBody> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ReportUnreadable(`the stored report could not be read (${(err as NodeJS.ErrnoException).code ?? 'read error'})`);
  }
  try {
    return JSON.parse(text) as ReportBody;
  } catch {
    throw new ReportUnreadable('the stored report is not valid JSON');
  }
}

/** A transferable copy: pdfkit/jpeg-js buffers may be views into Node's shared pool. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

port.on('message', async (job: WorkerJob) => {
  const watch = setInterval(exitIfOverBudget, SAMPLE_MS);
  let reply: WorkerReply;
  try {
    const renderer = await rendererPromise;
    let bytes: Uint8Array;
    let pageCount = 0;
    let notes: RenderNote[] = [];
    let pdfExtras: Extract<WorkerReply, { ok: true }>['pdfExtras'];
    let part: PreviewPart | undefined;
    if (job.kind === 'pdf' || job.kind === 'pdf-file') {
      const r = await renderer.renderPdf(job.kind === 'pdf' ? job.report : await readStoredReport(job.file));
      bytes = own(r.pdf);
      pageCount = r.pageCount;
      notes = r.notes;
      // Drafts use the map and keys; a task's render carries them too, for a draft that reuses it (renderReuse.ts).
      pdfExtras = { boxes: r.boxes, pageKeys: r.pageKeys, pageSize: r.pageSize };
    } else {
      const p = await renderer.renderPreviewPart(job.pdf, job.part, job.parts);
      part = { count: p.count, strips: p.strips.map((s) => ({ index: s.index, jpeg: own(s.jpeg) })) };
      bytes = new Uint8Array(0);
    }
    const recycle = process.memoryUsage().external > budget / 4;
    const transfer = [bytes, ...(part?.strips.map((s) => s.jpeg) ?? [])].map((b) => b.buffer as ArrayBuffer);
    port.postMessage(
      { id: job.id, ok: true, bytes, pageCount, notes, pdfExtras, part, ...(recycle ? { recycle } : {}) } satisfies WorkerReply,
      transfer,
    );
    return;
  } catch (err) {
    const e = err as Error;
    reply = { id: job.id, ok: false, name: e?.name ?? 'Error', message: e?.message ?? String(err) };
  } finally {
    clearInterval(watch);
  }
  port.postMessage(reply);
});
