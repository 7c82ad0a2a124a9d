/**
 * The messages between the render pool (renderPool.ts, the service's thread) and a render worker
 * (renderWorker.ts → renderJobs.ts): what a worker is started with, the jobs it is posted and
 * its replies, all structured-cloneable. Both sides import this module, not each other.
 */
import type { ReportBody } from '../core/report/types';
import type { PreviewPart, RenderedPdf, RenderNote } from '../render/renderer';
import type { BodyVerdict } from './http/bodyCheck';

/**
 * Memory outside the JS heap per render worker (Buffers, WASM). A report at the image
 * limit (40 megapixels with alpha) peaks near 650 MB while pdfkit splits its alpha channel.
 */
export const DEFAULT_WORKER_EXTERNAL_MB = 1024;
/** The exit code of a worker that went over its external-memory budget. */
export const EXIT_OVER_MEMORY_BUDGET = 87;

/** What a worker is started with (structured-cloneable). */
export interface WorkerSettings {
  timeLimitMs: number;
  /** External-memory budget in MB (watched between steps). */
  externalMemoryMb: number;
  /** Image fetch policy: hosts reached whatever they resolve to; whether loopback may be fetched. */
  images: { allowHosts: string[]; allowLoopback: boolean; restricted: boolean };
}

/** What a draft's check found (renderJobs.ts): its render-reuse key and the submit's verdict on its body. */
export interface DraftCheck {
  key: string | undefined;
  verdict: { ok: true } | Exclude<BodyVerdict, { ok: true }>;
}

export type WorkerJob =
  | { id: number; kind: 'pdf'; report: ReportBody }
  | { id: number; kind: 'pdf-file'; file: string }
  /** Part `part` of `parts` of a preview: its strips come back in the reply's `part`. */
  | { id: number; kind: 'jpeg'; pdf: Uint8Array; part: number; parts: number }
  /** A draft's text (UTF-8, as the editor holds it) to check: the reply's `draft`; an accepted report stays in the worker. */
  | { id: number; kind: 'draft-check'; text: Uint8Array; scope: string; maxDepth: number }
  /** Renders the report the `draft-check` just before it accepted. */
  | { id: number; kind: 'draft-render' };
/** `recycle`: the worker holds much memory after the job (grown WASM memories) and asks to be replaced. */
export type WorkerReply =
  | {
      id: number;
      ok: true;
      /** The PDF (empty for a preview part). */
      bytes: Uint8Array;
      pageCount: number;
      notes: RenderNote[];
      /** Source map, page keys and page size of a PDF job (see RenderedPdf). */
      pdfExtras?: Pick<RenderedPdf, 'boxes' | 'pageKeys' | 'pageSize'>;
      /** The strips of a preview part. */
      part?: PreviewPart;
      /** What a draft-check found. */
      draft?: DraftCheck;
      recycle?: boolean;
    }
  | { id: number; ok: false; name: string; message: string };
