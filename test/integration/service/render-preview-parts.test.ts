/**
 * The render pool splits a preview across the workers that are free when it starts
 * (src/service/renderPool.ts): each renders and encodes its strips of the JPEG, and the strips are
 * joined with restart markers into the same pixels as the preview made in one thread. No thread
 * is added for it, and an abort stops the worker of every part.
 */
import { strict as assert } from 'node:assert';
import type { Worker } from 'node:worker_threads';
import { locateRenderWorker, MAX_PREVIEW_PARTS, WorkerRenderer } from '../../../src/service/renderPool';
import { report, sharedRenderer } from '../../helpers/render';
import { decodeJpeg, isJpeg } from '../../helpers/jpeg';

const pages = (n: number) =>
  report(
    Array.from({ length: n }, (_, i) => [{ type: 'Card', options: { title: `Page ${i + 1}`, value: i } }, { type: 'PageBreak' }])
      .flat()
      .slice(0, -1),
  );

/** Restart markers (RST0–RST7) in a JPEG: one between each two joined strips. */
const restarts = (jpeg: Uint8Array): number =>
  jpeg.reduce((n, b, i) => n + (i > 0 && jpeg[i - 1] === 0xff && b >= 0xd0 && b <= 0xd7 ? 1 : 0), 0);

/** The pool's current worker threads (private: the test watches them end). */
const workersOf = (pool: WorkerRenderer): Worker[] => (pool as unknown as { slots: Array<{ worker: Worker }> }).slots.map((s) => s.worker);

describe('render pool: a preview split across the free workers', function () {
  this.timeout(120_000);
  let pool: WorkerRenderer;

  before(function () {
    if (MAX_PREVIEW_PARTS < 2) this.skip(); // one core: previews are never split
    const entry = locateRenderWorker();
    assert.ok(entry, 'the render worker script');
    pool = new WorkerRenderer(entry, 2, 60_000);
  });
  after(async () => {
    await pool?.dispose();
  });

  it('two free workers: one strip each, the same pixels as the preview in one thread', async () => {
    const { pdf } = await pool.renderPdf(pages(3));
    const jpeg = await pool.renderPreviewJpeg(pdf);
    assert.equal(restarts(jpeg), 1, 'joined from two strips');
    const split = decodeJpeg(jpeg);
    const whole = decodeJpeg(await (await sharedRenderer()).renderPreviewJpeg(pdf));
    assert.deepEqual([split.width, split.height], [595, 3 * 841 + 2 * 12]);
    assert.ok(Buffer.from(split.data).equals(Buffer.from(whole.data)), 'the pages are the same, in the same order');
    assert.equal(workersOf(pool).length, 2, 'no thread added');
  });

  it('a worker busy with another render: the preview takes the free one alone', async () => {
    const { pdf } = await pool.renderPdf(pages(3));
    const other = pool.renderPdf(pages(20));
    const jpeg = await pool.renderPreviewJpeg(pdf);
    assert.equal(restarts(jpeg), 0, 'one strip');
    assert.equal(decodeJpeg(jpeg).height, 3 * 841 + 2 * 12);
    assert.equal((await other).pageCount, 20);
  });

  it('an aborted preview ends the worker of every part; the pool previews again after it', async () => {
    const { pdf } = await pool.renderPdf(pages(14));
    const ended = workersOf(pool).map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
    const controller = new AbortController();
    const preview = pool.renderPreviewJpeg(pdf, { signal: controller.signal });
    // After both parts are posted, before any reply can be read (replies arrive in a later poll phase).
    setImmediate(() => controller.abort(new Error('render time limit')));
    await assert.rejects(preview, /render time limit/);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), 10_000)));
    assert.notEqual(await Promise.race([Promise.all(ended).then(() => 'ended'), late]), 'still running', 'both part workers end');
    clearTimeout(timer);
    const again = await pool.renderPreviewJpeg(pdf);
    assert.ok(isJpeg(again));
    assert.equal(restarts(again), 1);
  });
});
