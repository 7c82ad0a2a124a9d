/**
 * One layout for identical bodies a moment apart (src/service/renderReuse.ts), over real HTTP: the
 * Preview that follows a live draft of the same text takes the draft's PDF instead of rendering
 * again, a Build of the same body takes the Preview's, a draft after a Preview takes the task's
 * render (its source map included), and a different body is rendered on its own.
 */
import assert from 'node:assert/strict';
import { jsoncToJson } from '../../../src/core/loc/jsoncText';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import type { RenderedPdf, ReportRenderer } from '../../../src/render/renderer';
import { countingRenderer, startHarness, submit, type Harness } from './helpers';

const TEXT = `{
  // as the editor holds it
  "type": "Report",
  "options": { "report_title": "Shared layout" },
  "components": [{ "type": "Text", "options": { "text": "Once" } }],
}`;

/** Each render with a one-box source map (the minimal renderer records none). */
const withSourceMap = (r: RenderedPdf): RenderedPdf => ({
  ...r,
  boxes: [{ path: ['components', 0], type: 'Text', page: 1, x: 0, y: 0, width: 10, height: 10 }],
});

describe('local service: one layout for identical bodies a moment apart', function () {
  this.timeout(30_000);
  let h: Harness;
  let layouts: string[];

  beforeEach(async () => {
    const c = countingRenderer(withSourceMap);
    layouts = c.layouts;
    h = await startHarness({ renderer: c.renderer });
  });
  afterEach(() => h.stop());

  const body = jsoncToJson(TEXT).body;

  it('a Preview after a live draft of the same text takes the draft PDF; a Build after it takes it too', async () => {
    const draft = await h.service.renderDraft(TEXT);
    assert.ok(draft.ok);
    const preview = await submit(h, body, 'preview');
    assert.equal((await h.waitFor(preview.taskId)).status, 'SUCCESS');
    const build = await submit(h, body, 'build');
    assert.equal((await h.waitFor(build.taskId)).status, 'SUCCESS');
    assert.deepEqual(layouts, ['Shared layout'], 'laid out once');
    const pdf = await h.api(`/get-report?task_id=${build.taskId}`);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(new Uint8Array(await pdf.arrayBuffer()), draft.pdf, "the Build's file is the draft's PDF");
  });

  it('a draft after a Preview takes the task render, source map and all', async () => {
    const preview = await submit(h, body, 'preview');
    assert.equal((await h.waitFor(preview.taskId)).status, 'SUCCESS');
    const draft = await h.service.renderDraft(TEXT);
    assert.ok(draft.ok && draft.boxes.length === 1, JSON.stringify(draft.ok && draft.boxes));
    assert.deepEqual(layouts, ['Shared layout']);
  });

  it('other text is laid out on its own', async () => {
    await h.service.renderDraft(TEXT);
    const other = await submit(h, body.replace('Shared layout', 'Other layout'), 'preview');
    assert.equal((await h.waitFor(other.taskId)).status, 'SUCCESS');
    assert.deepEqual(layouts, ['Shared layout', 'Other layout']);
  });

  it('a draft that is superseded leaves the task to render on its own', async () => {
    const controller = new AbortController();
    const gate = countingRendererGate();
    await h.stop();
    h = await startHarness({ renderer: gate.renderer });
    const drafting = h.service.renderDraft(TEXT, { signal: controller.signal });
    await gate.started();
    const preview = await submit(h, body, 'preview');
    controller.abort(new Error('superseded by a newer text'));
    await drafting.catch(() => undefined);
    gate.release();
    assert.equal((await h.waitFor(preview.taskId)).status, 'SUCCESS');
    assert.equal(gate.layouts(), 2, 'the draft, then the task on its own');
  });
});

/** A renderer whose first render waits for release() (and honours its abort signal). */
function countingRendererGate() {
  const inner = createMinimalRenderer();
  let count = 0;
  let release: () => void = () => undefined;
  let onStart: () => void = () => undefined;
  const startedP = new Promise<void>((r) => (onStart = r));
  const renderer: ReportRenderer = {
    async renderPdf(report, options) {
      count++;
      if (count === 1) {
        onStart();
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
        });
      }
      return inner.renderPdf(report, options);
    },
    renderPreviewJpeg: (pdf, options) => inner.renderPreviewJpeg(pdf, options),
    dispose: () => inner.dispose(),
  };
  return { renderer, started: () => startedP, release: () => release(), layouts: () => count };
}
