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
  // One service per pool shape, shared by the tests of that shape: each worker start loads the
  // real renderer (~1.5 CPU-s), and each test leaves its pool idle, every worker it broke replaced.
  const services = new Map<string, Promise<Harness>>();
  const start = (workers: number, renderTimeoutMs: number): Promise<Harness> => {
    const shape = `${workers} workers, ${renderTimeoutMs} ms`;
    let s = services.get(shape);
    if (!s) {
      s = startHarness({
        renderer: new WorkerRenderer(hangingRenderWorkerScript(), workers, renderTimeoutMs),
        renderTimeoutMs,
        concurrency: workers,
      });
      services.set(shape, s);
    }
    return s;
  };
  after(async () => {
    for (const s of services.values()) await (await s).stop();
    services.clear();
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

  // One endless draft for both limits (each costs the limit and a worker start): the task waits
  // behind it for the only worker, the draft is stopped at the limit, the task renders on the
  // replacement within a limit of its own, and so does the next draft. The task's limit also
  // covers the replacement worker's start (this test's worker loads tsx and the renderer from the
  // sources, ~1.3 CPU-s), and this stage runs at a low priority beside the e2e stages
  // (scripts/test.mjs): in CI the start and the render took over 10 s there (at 6 s it failed
  // under load too). 30 s costs only wall time: the endless draft waits (Atomics.wait).
  it("a draft over the time limit is stopped and its worker replaced; a task's limit counts from when it has a worker", async function () {
    this.timeout(120_000); // the draft's 30 s, then the task's and the next draft's renders
    const s = await start(1, 30_000);
    const draft = assert.rejects(s.service.renderDraft(hangingText('holds the only worker')), {
      name: 'RenderTimeout',
      message: 'Rendering took longer than the 30 s time limit of the local service',
    });
    const { taskId } = await submit(s, reportTitled('Waited for the worker'), 'preview');
    const status = await s.waitFor(taskId);
    await draft;
    assert.equal(status.status, 'SUCCESS', status.error_message ?? '');
    // One worker: the next draft can only render on a fresh one.
    const next = await s.service.renderDraft(JSON.stringify(reportTitled('Drawn after the timeout')));
    assert.ok(next.ok, JSON.stringify(next));
    assert.match((await readPdf(next.pdf)).pages[0], /Drawn after the timeout/);
  });
});
