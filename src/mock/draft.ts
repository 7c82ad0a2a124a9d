/**
 * Draft renders for a live view: report text (JSON or JSONC, as the editor holds it) checked
 * exactly as a submitted body would be, then rendered by the service's own renderer — but no
 * task, no quota, no file, no request log line. A body the service would refuse resolves with
 * the number of problems and the 422/400 detail instead of a PDF, so the live view can keep the
 * last good page and say "paused" without an error page.
 */
import { jsoncToJson } from '../core/loc/jsoncText';
import type { RenderNote } from '../core/api/types';
import type { SourceBox } from '../core/report/sourceMap';
import type { ServiceContext } from './http/context';
import type { RenderedPdf, ReportRenderer } from '../render/renderer';
import { RecentRenders } from './renderReuse';

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
      status: 400 | 422;
      /** How many problems the service found (the 422's entries, or 1 for a 400). */
      problems: number;
      /** The 422's `detail` array (as the service would send it, capped) or the 400's message. */
      detail: unknown;
    };

/** `scope`: the id of the API key the embedding process submits with (renders are shared within one key). */
export async function renderDraft(
  ctx: ServiceContext,
  renderer: () => Promise<ReportRenderer>,
  scope: string,
  text: string,
  signal?: AbortSignal,
): Promise<DraftRender> {
  const bytes = Buffer.from(jsoncToJson(text).body, 'utf8');
  // Before the check, which may transfer (empty) the bytes.
  const key = RecentRenders.keyOf(scope, bytes);
  // The same body rendered a moment ago (by a task, or a draft): its PDF, map and keys as they are.
  const recent = ctx.renders.find(key);
  if (recent) {
    const started = performance.now();
    const rendered = await recent.catch(() => undefined);
    signal?.throwIfAborted();
    if (rendered?.boxes) return drawn(rendered, performance.now() - started);
  }
  const verdict = await ctx.bodies.check({
    bytes,
    contentType: 'application/json',
    maxDepth: ctx.options.maxDepth,
  });
  if (!verdict.ok) {
    if (verdict.status === 400) return { ok: false, status: 400, problems: 1, detail: verdict.detail };
    return { ok: false, status: 422, problems: verdict.detail.total, detail: JSON.parse(verdict.detail.json) as unknown };
  }
  signal?.throwIfAborted();
  const report = verdict.report ?? JSON.parse(verdict.reportJson ?? 'null');
  const started = performance.now();
  const render = (await renderer()).renderPdf(report, { signal });
  // Offered to the Preview or Build of this very body that usually follows (renderReuse.ts).
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
