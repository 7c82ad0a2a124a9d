/**
 * The render jobs a render worker answers (renderPool.ts posts them), for the renderer it is
 * given: the worker entry (renderWorker.ts) gives it the real renderer; a test may give it
 * another one and still run the pool's real protocol.
 *
 * While a job runs, the worker's memory outside the JS heap (Buffers, WASM) is checked
 * between steps; over the budget the worker ends itself with EXIT_OVER_MEMORY_BUDGET
 * (V8's resourceLimits cannot bound that memory). After a job that leaves much of it
 * behind, the reply asks the pool for a fresh worker.
 *
 * A live-view draft arrives as the editor's text (UTF-8 bytes, transferred: nothing of it is
 * parsed or cloned on the caller's thread) in two jobs on one worker: `draft-check` turns the
 * JSONC into the body a client would send, keys it for render reuse and checks it exactly as a
 * submit is checked (bodyCheck.ts); `draft-render` then renders the report that check kept
 * here — unless the caller took a render of the same body made a moment ago instead.
 */
import type { MessagePort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { jsoncToJson } from '../core/loc/jsoncText';
import type { ReportBody } from '../core/report/types';
import { ReportUnreadable, type PreviewPart, type RenderNote, type ReportRenderer } from '../render/renderer';
import { checkBody } from './http/bodyCheck';
import { RecentRenders } from './renderReuse';
import { EXIT_OVER_MEMORY_BUDGET, type DraftCheck, type WorkerJob, type WorkerReply } from './renderWorkerProtocol';

/** How often memory is sampled while a job runs (only between synchronous steps, by nature). */
const SAMPLE_MS = 20;

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

/** The draft's text as the body a client sends for it, its reuse key and the submit's verdict on it. */
function checkDraft(job: Extract<WorkerJob, { kind: 'draft-check' }>): { check: DraftCheck; report?: ReportBody } {
  const bytes = Buffer.from(jsoncToJson(Buffer.from(job.text.buffer, job.text.byteOffset, job.text.byteLength).toString('utf8')).body);
  const key = RecentRenders.keyOf(job.scope, bytes);
  const verdict = checkBody({ bytes, contentType: 'application/json', maxDepth: job.maxDepth }, false);
  if (!verdict.ok) return { check: { key, verdict } };
  return { check: { key, verdict: { ok: true } }, report: verdict.report };
}

/** Ends the worker when its memory outside the JS heap is over `budget` bytes (the pool FAILS the job saying so). */
export function memoryBudgetCheck(budget: number): () => void {
  return () => {
    if (process.memoryUsage().external > budget) process.exit(EXIT_OVER_MEMORY_BUDGET);
  };
}

/** A transferable copy: pdfkit/jpeg-js buffers may be views into Node's shared pool. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** Answers the pool's jobs on `port` with `renderer`; `budget`: bytes of memory outside the JS heap. */
export function serveRenderJobs(port: MessagePort, rendererPromise: Promise<ReportRenderer>, budget: number): void {
  rendererPromise.catch(() => undefined);
  const exitIfOverBudget = memoryBudgetCheck(budget);
  /** The report a `draft-check` accepted, for the `draft-render` that follows it (any other job drops it). */
  let draftReport: ReportBody | undefined;

  port.on('message', async (job: WorkerJob) => {
    const watch = setInterval(exitIfOverBudget, SAMPLE_MS);
    const heldDraft = draftReport;
    draftReport = undefined;
    let reply: WorkerReply;
    try {
      let bytes: Uint8Array = new Uint8Array(0);
      let pageCount = 0;
      let notes: RenderNote[] = [];
      let pdfExtras: Extract<WorkerReply, { ok: true }>['pdfExtras'];
      let part: PreviewPart | undefined;
      let draft: DraftCheck | undefined;
      if (job.kind === 'draft-check') {
        const checked = checkDraft(job);
        draft = checked.check;
        draftReport = checked.report;
      } else if (job.kind === 'jpeg') {
        const renderer = await rendererPromise;
        const p = await renderer.renderPreviewPart!(job.pdf, job.part, job.parts);
        part = { count: p.count, strips: p.strips.map((s) => ({ index: s.index, jpeg: own(s.jpeg) })) };
      } else {
        const renderer = await rendererPromise;
        let report: ReportBody;
        if (job.kind === 'pdf') report = job.report;
        else if (job.kind === 'pdf-file') report = await readStoredReport(job.file);
        else if (heldDraft) report = heldDraft;
        else throw new Error('draft-render without a draft-check that accepted the draft just before it');
        const r = await renderer.renderPdf(report);
        bytes = own(r.pdf);
        pageCount = r.pageCount;
        notes = r.notes;
        // Drafts use the map and keys; a task's render carries them too, for a draft that reuses it (renderReuse.ts).
        pdfExtras = { boxes: r.boxes, pageKeys: r.pageKeys, pageSize: r.pageSize };
      }
      const recycle = process.memoryUsage().external > budget / 4;
      const transfer = [bytes, ...(part?.strips.map((s) => s.jpeg) ?? [])].map((b) => b.buffer as ArrayBuffer);
      port.postMessage(
        { id: job.id, ok: true, bytes, pageCount, notes, pdfExtras, part, draft, ...(recycle ? { recycle } : {}) } satisfies WorkerReply,
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
}
