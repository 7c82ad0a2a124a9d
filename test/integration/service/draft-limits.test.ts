/**
 * Live-view drafts share the render pool with tasks, within limits (src/service/renderPool.ts,
 * src/service/draft.ts): at most draftWorkers(size) workers hold drafts, behind every waiting
 * task; a draft gets the render time limit, and one over it has its worker terminated and
 * replaced; a task's time limit counts from when it has a worker. The pool runs the real job
 * protocol and renderer in test workers whose render of one title never ends
 * (test/helpers/hangingRenderWorker.ts): a runaway layout only terminating the worker stops.
 */
import assert from 'node:assert/strict';
import { WorkerRenderer } from '../../../src/service/renderPool';
import { readPdf } from '../../helpers/pdf';
import { HANGING_TITLE, hangingRenderWorkerScript, reportTitled } from '../../helpers/hangingRenderer';
import { startHarness, submit, type Harness } from './helpers';

const hangingText = (text: string): string => JSON.stringify(reportTitled(HANGING_TITLE, text));

describe('local service: drafts within limits in the render pool', function () {
  this.timeout(60_000);
  let h: Harness | undefined;
  const start = async (workers: number, renderTimeoutMs: number): Promise<Harness> =>
    (h = await startHarness({
      renderer: new WorkerRenderer(hangingRenderWorkerScript(), workers, renderTimeoutMs),
      renderTimeoutMs,
      concurrency: workers,
    }));
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('two endless drafts and a Preview: one draft holds a worker, the Preview renders on the other', async () => {
    const s = await start(2, 20_000);
    const first = new AbortController();
    const second = new AbortController();
    const drafts = [
      s.service.renderDraft(hangingText('first'), { signal: first.signal, document: 'first' }),
      s.service.renderDraft(hangingText('second'), { signal: second.signal, document: 'second' }),
    ];
    const settled = drafts.map((d) =>
      d.then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    );
    const { taskId } = await submit(s, reportTitled('Previewed beside two drafts'), 'preview');
    const status = await s.waitFor(taskId);
    assert.equal(status.status, 'SUCCESS', status.error_message ?? '');
    first.abort(new Error('first draft abandoned'));
    second.abort(new Error('second draft abandoned'));
    assert.deepEqual(await Promise.all(settled), ['first draft abandoned', 'second draft abandoned']);
  });

  it('a newer draft of the same document supersedes one waiting for a worker', async () => {
    const s = await start(2, 20_000);
    const endless = new AbortController();
    const running = s.service.renderDraft(hangingText('running'), { signal: endless.signal, document: 'a' });
    running.catch(() => undefined);
    // The drafts' share (one of two workers) is taken: these wait, and the newer replaces the older.
    const older = s.service.renderDraft(JSON.stringify(reportTitled('Older text of b')), { document: 'b' });
    const newer = s.service.renderDraft(JSON.stringify(reportTitled('Newer text of b')), { document: 'b' });
    await assert.rejects(older, { name: 'DraftSuperseded', message: 'superseded by a newer draft of the same document' });
    endless.abort(new Error('abandoned'));
    const drawn = await newer;
    assert.ok(drawn.ok, JSON.stringify(drawn));
    assert.match((await readPdf(drawn.pdf)).pages[0], /Newer text of b/);
  });

  it('a draft over the time limit is stopped, its worker replaced, and the next draft renders', async () => {
    const s = await start(1, 6_000);
    await assert.rejects(s.service.renderDraft(hangingText('endless')), {
      name: 'RenderTimeout',
      message: 'Rendering took longer than the 6 s time limit of the local service',
    });
    // One worker: the next draft can only render on a fresh one.
    const next = await s.service.renderDraft(JSON.stringify(reportTitled('Drawn after the timeout')));
    assert.ok(next.ok, JSON.stringify(next));
    assert.match((await readPdf(next.pdf)).pages[0], /Drawn after the timeout/);
  });

  it("a task's time limit counts from when it has a worker, not while a draft holds the only one", async () => {
    const s = await start(1, 6_000);
    const draft = s.service.renderDraft(hangingText('holds the only worker'));
    const draftEnd = draft.then(
      () => 'resolved',
      (e: Error) => e.name,
    );
    const { taskId } = await submit(s, reportTitled('Waited for the worker'), 'preview');
    const status = await s.waitFor(taskId);
    assert.equal(await draftEnd, 'RenderTimeout');
    assert.equal(status.status, 'SUCCESS', status.error_message ?? '');
  });
});
