/**
 * Draft renders for a live view: report text (JSON or JSONC, as the editor holds it) checked
 * exactly as a submitted body would be, then rendered by the service's own renderer — but no
 * task, no quota, no file, no request log line. A body the service would refuse resolves with
 * the number of problems and the 413/422/400 detail instead of a PDF, so the live view can keep
 * the last good page and say "paused" without an error page.
 *
 * Limits, as for a task: text over the service's body limit is refused unparsed (413); a draft
 * runs under the render time limit, counted from when it has a worker, and one over it is
 * stopped (its worker terminated and replaced) and rejects with RenderTimeout. With the render
 * pool, drafts hold at most their share of its workers, behind every waiting task, and a newer
 * draft of the same document supersedes one still waiting (renderPool.ts); the text is sent to
 * the worker as bytes, where it is parsed and checked (renderJobs.ts), so a large report costs
 * the caller's thread one copy, never a parse.
 */
import { jsoncToJson } from '../core/loc/jsoncText';
import type { RenderNote } from '../core/api/types';
import type { SourceBox } from '../core/report/sourceMap';
import type { ServiceContext } from './http/context';
import type { RenderedPdf, ReportRenderer } from '../render/renderer';
import { RecentRenders } from './renderReuse';
import type { WorkerRenderer } from './renderPool';
import type { DraftCheck } from './renderWorkerProtocol';
import { Interrupted, withTimeLimit } from './tasks/timeLimit';

export type DraftRender =
  | {
      ok: true;
      pdf: Uint8Array;
      pageCount: number;
      notes: RenderNote[];
      /** Where each component was drawn (source ↔ preview sync); empty from a renderer that does not record it. */
      boxes: SourceBox[];
      /** One fingerprint per page: a page whose key is unchanged is drawn as before (the viewer keeps its canvas). */
      pageKeys?: string[];
      /** The pages' size in PDF points. */
      pageSize?: { width: number; height: number };
      renderMs: number;
    }
  | {
      ok: false;
      status: 400 | 413 | 422;
      /** How many problems the service found (the 422's entries, or 1 for a 400 or 413). */
      problems: number;
      /** The 422's `detail` array (as the service would send it, capped) or the 400's or 413's message. */
      detail: unknown;
    };

export interface DraftOptions {
  /** Abandons the draft (a newer text of the document). */
  signal?: AbortSignal;
  /** The document the text is of: a newer draft of it supersedes one still waiting for a worker. */
  document?: string;
}

/** A draft's two steps, wherever they run. */
interface DraftSteps {
  /** The body's render-reuse key and the submit's verdict on it. */
  check(signal: AbortSignal): Promise<DraftCheck>;
  /** Renders the body the check accepted. */
  render(signal: AbortSignal): Promise<RenderedPdf>;
}

/**
 * Renders `text` as the API key with id `scope` would have it rendered (render reuse is shared
 * within one key only: the embedding process's own, the service's first key).
 */
export async function renderDraft(
  ctx: ServiceContext,
  renderer: () => Promise<ReportRenderer>,
  scope: string,
  text: string,
  options: DraftOptions = {},
): Promise<DraftRender> {
  // Measured without copying or parsing: an oversized text costs nothing more.
  const size = Buffer.byteLength(text, 'utf8');
  const limit = ctx.options.bodyLimit;
  if (size > limit) {
    const detail = `The report is ${size} bytes, more than the ${limit}-byte body limit of the local service; it is not drawn`;
    return { ok: false, status: 413, problems: 1, detail };
  }
  const r = await renderer();
  const { signal } = options;
  // A draft is abandoned through its signal: to withTimeLimit it is what a shutdown is to a task.
  const abandoned = signal ?? new AbortController().signal;
  const limited = (run: (s: AbortSignal) => Promise<DraftRender>): Promise<DraftRender> =>
    withTimeLimit(run, ctx.options.renderTimeoutMs, abandoned).catch((err: unknown) => {
      throw err instanceof Interrupted && signal ? signal.reason : err;
    });
  if (!hasDraftLeases(r)) return limited((s) => draw(ctx, stepsHere(ctx, r, scope, text), s));
  // The time limit counts from when the draft has its worker.
  const lease = await r.leaseForDraft({ signal, document: options.document });
  try {
    const steps: DraftSteps = {
      // Sent as bytes (transferred): the worker decodes, converts, parses and checks them.
      check: (s) => lease.check(new TextEncoder().encode(text), scope, ctx.options.maxDepth, s),
      render: (s) => lease.render(s),
    };
    return await limited((s) => draw(ctx, steps, s));
  } finally {
    lease.release();
  }
}

/** The render pool (renderPool.ts) lends drafts a worker; any other renderer draws them here. */
function hasDraftLeases(r: ReportRenderer): r is ReportRenderer & Pick<WorkerRenderer, 'leaseForDraft'> {
  return typeof (r as Partial<WorkerRenderer>).leaseForDraft === 'function';
}

/** The steps on this thread, for a renderer without worker threads (it renders on this thread anyway). */
function stepsHere(ctx: ServiceContext, renderer: ReportRenderer, scope: string, text: string): DraftSteps {
  let report: unknown;
  return {
    async check() {
      const bytes = Buffer.from(jsoncToJson(text).body, 'utf8');
      const key = RecentRenders.keyOf(scope, bytes);
      const verdict = await ctx.bodies.check({ bytes, contentType: 'application/json', maxDepth: ctx.options.maxDepth });
      if (!verdict.ok) return { key, verdict };
      report = verdict.report ?? JSON.parse(verdict.reportJson ?? 'null');
      return { key, verdict: { ok: true } };
    },
    render: (signal) => renderer.renderPdf(report as Parameters<ReportRenderer['renderPdf']>[0], { signal }),
  };
}

async function draw(ctx: ServiceContext, steps: DraftSteps, signal: AbortSignal): Promise<DraftRender> {
  const { key, verdict } = await steps.check(signal);
  // The same body rendered a moment ago (by a task, or a draft): its PDF, map and keys as they are.
  const recent = ctx.renders.find(key);
  if (recent) {
    const started = performance.now();
    const rendered = await recent.catch(() => undefined);
    signal.throwIfAborted();
    if (rendered?.boxes) return drawn(rendered, performance.now() - started);
  }
  if (!verdict.ok) {
    if (verdict.status === 400) return { ok: false, status: 400, problems: 1, detail: verdict.detail };
    return { ok: false, status: 422, problems: verdict.detail.total, detail: JSON.parse(verdict.detail.json) as unknown };
  }
  signal.throwIfAborted();
  const started = performance.now();
  const render = steps.render(signal);
  // Offered to the Preview or Build of this very body that usually follows (renderReuse.ts);
  // remembered only now that it renders, so a task never waits on a draft still queued.
  ctx.renders.remember(key, render);
  return drawn(await render, performance.now() - started);
}

function drawn(rendered: RenderedPdf, renderMs: number): DraftRender {
  return {
    ok: true,
    pdf: rendered.pdf,
    pageCount: rendered.pageCount,
    notes: rendered.notes,
    boxes: rendered.boxes ?? [],
    pageKeys: rendered.pageKeys,
    pageSize: rendered.pageSize,
    renderMs,
  };
}
