/**
 * The render worker's whole memory is bounded (docs/local-service.md, Rendering). V8's
 * resourceLimits cover the JS heap only, so the worker watches its memory outside the heap
 * (Buffers, WASM) between steps. A render over that budget ends its worker and FAILS saying so; the pool goes on
 * with a fresh worker.
 */
import { strict as assert } from 'node:assert';
import { locateRenderWorker, WorkerRenderer } from '../../../src/service/renderPool';
import { RenderError } from '../../../src/render/renderer';
import type { ReportBody } from '../../../src/core/report/types';
import { png } from '../../helpers/imageFixtures';

const body = (components: ReportBody['components']): ReportBody => ({ type: 'Report', options: { report_title: 'Memory' }, components });

describe('render worker: external-memory budget', function () {
  this.timeout(120_000);

  it('a render that goes over the budget fails with a message naming it; the next render works', async () => {
    const entry = locateRenderWorker();
    assert.ok(entry, 'the render worker script');
    // 64 MB outside the heap: a 20-megapixel PNG with alpha peaks far above it (~150 MB while pdfkit
    // splits its alpha channel), and a small image stays far below, so the outcome never rides on
    // when memory happens to be sampled. (A 9-megapixel one peaked at ~67 MB: a coin toss.)
    const pool = new WorkerRenderer(entry, 1, 60_000, undefined, { externalMemoryMb: 64 });
    try {
      const big = png(4500, 4500, [40, 80, 160, 128]).toString('base64');
      await assert.rejects(pool.renderPdf(body([{ type: 'Image', options: { base64: big } }])), (err: Error) => {
        assert.ok(err instanceof RenderError);
        assert.equal(err.message, 'the report needs more than the 64 MB of memory for images and buffers that a render may use');
        return true;
      });
      const small = await pool.renderPdf(body([{ type: 'Image', options: { base64: png().toString('base64') } }]));
      assert.equal(small.pageCount, 1);
    } finally {
      await pool.dispose();
    }
  });
});
