/**
 * Long-poll of get-task-status (`wait=`, a local extension; docs/local-service.md): the answer
 * is held while the task is QUEUED or RUNNING until its status changes, says how long it was
 * held, and goes out at once on stop; bad values are 422s in FastAPI's shape. The task runner
 * uses it against the local service and falls back to its schedule against a service that
 * answers without `waited_ms` (a loopback fake, as the hosted service would).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TaskStatusResponse } from '../../../src/core/api/types';
import { ReportClient } from '../../../src/core/client/apiClient';
import { runTask } from '../../../src/core/runner/taskRunner';
import { waitFor } from '../../helpers/waitFor';
import { gatedRenderer, report, sleep, startHarness, submit, type Harness } from './helpers';

describe('local service: long-poll of get-task-status', () => {
  let h: Harness;
  let gate: ReturnType<typeof gatedRenderer>;

  beforeEach(async () => {
    gate = gatedRenderer();
    h = await startHarness({ renderer: gate.renderer });
  });
  afterEach(async () => {
    // Renders still held would keep the service's stop waiting for their time limit.
    for (let i = 0; i < 5; i++) gate.releaseOne();
    await h.stop();
  });

  /** Resolves with the answer; `answered` says whether it has come yet. */
  function status(taskId: string, wait: string) {
    const probe = { answered: false, body: undefined as TaskStatusResponse | undefined };
    const done = h.api(`/get-task-status?task_id=${taskId}&wait=${wait}`).then(async (r) => {
      probe.answered = true;
      assert.equal(r.status, 200, await r.clone().text());
      probe.body = (await r.json()) as TaskStatusResponse;
      return probe.body;
    });
    return { probe, done };
  }

  async function untilStarted(n: number): Promise<void> {
    await waitFor(`render ${n} to start`, () => gate.started.length >= n);
    assert.equal(gate.started.length, n, 'the render started');
  }

  it('holds the answer while the task runs and answers as soon as it ends, with waited_ms', async () => {
    const { taskId } = await submit(h, report('held'));
    await untilStarted(1);
    const { probe, done } = status(taskId, '10');
    // A held answer has no outside sign; an answer that is not held would come within this window.
    await sleep(150);
    assert.equal(probe.answered, false, 'still RUNNING: the answer is held');
    gate.releaseOne();
    const body = await done;
    assert.equal(body.status, 'SUCCESS');
    assert.equal(typeof body.waited_ms, 'number', 'the answer says it was held');
  });

  it('answers at once for a finished task, after the time for one that does not change, and never without wait', async () => {
    const { taskId } = await submit(h, report('quick'));
    await untilStarted(1);
    const timedOut = await status(taskId, '0.2').done;
    assert.equal(timedOut.status, 'RUNNING', 'no change within 0.2 s: the status as it is');
    assert.ok(timedOut.waited_ms! >= 150, `held ${timedOut.waited_ms} ms`);
    gate.releaseOne();
    await h.waitFor(taskId);
    const finished = await status(taskId, '10').done;
    assert.equal(finished.status, 'SUCCESS');
    assert.ok(finished.waited_ms! < 5_000, 'a finished task is not held');
    const plain = (await (await h.api(`/get-task-status?task_id=${taskId}`)).json()) as TaskStatusResponse;
    assert.deepEqual(Object.keys(plain).sort(), ['error_message', 'status'], 'without wait: the hosted shape');
  });

  it('rejects a wait that is not a number from 0 to 30 with a 422 naming the query parameter', async () => {
    const { taskId } = await submit(h, report('bad wait'));
    const cases: Array<[string, string, string]> = [
      ['soon', 'float_parsing', 'Input should be a valid number, unable to parse string as a number'],
      ['-1', 'greater_than_equal', 'Input should be greater than or equal to 0'],
      ['31', 'less_than_equal', 'Input should be less than or equal to 30'],
    ];
    for (const [wait, type, msg] of cases) {
      const r = await h.api(`/get-task-status?task_id=${taskId}&wait=${wait}`);
      assert.equal(r.status, 422, wait);
      const { detail } = (await r.json()) as { detail: Array<{ type: string; loc: unknown[]; msg: string; input: unknown }> };
      assert.deepEqual(
        detail.map((d) => [d.type, d.loc, d.msg, d.input]),
        [[type, ['query', 'wait'], msg, wait]],
      );
    }
  });

  it('until=finished holds the answer past QUEUED → RUNNING until the task has ended; another value is a 422', async () => {
    // Two renders at once (the default): the first two tasks hold the workers, the third waits QUEUED.
    await submit(h, report('first'));
    await submit(h, report('second'));
    const { taskId } = await submit(h, report('third'));
    await untilStarted(2);
    const { probe, done } = status(taskId, '10&until=finished');
    // A control held without `until`: it is answered at QUEUED → RUNNING, in the same turn that
    // would answer the other if it were not held until the end; one more request after it settles it.
    const control = status(taskId, '10');
    gate.releaseOne();
    await untilStarted(3);
    assert.equal((await control.done).status, 'RUNNING');
    await h.api(`/get-task-status?task_id=${taskId}`);
    assert.equal(probe.answered, false, 'RUNNING now, not finished: still held');
    gate.releaseOne();
    gate.releaseOne();
    const body = await done;
    assert.equal(body.status, 'SUCCESS');
    assert.equal(typeof body.waited_ms, 'number');
    const bad = await h.api(`/get-task-status?task_id=${taskId}&wait=1&until=soon`);
    assert.equal(bad.status, 422);
    const { detail } = (await bad.json()) as { detail: Array<{ type: string; loc: unknown[]; msg: string; input: unknown }> };
    assert.deepEqual(
      detail.map((d) => [d.type, d.loc, d.msg, d.input]),
      [['literal_error', ['query', 'until'], "Input should be 'finished'", 'soon']],
    );
  });

  it('a held answer goes out at once when the service stops', async () => {
    const { taskId } = await submit(h, report('stopping'));
    await untilStarted(1);
    const { probe, done } = status(taskId, '30');
    // The poll must be held (no outside sign) when the service stops.
    await sleep(100);
    assert.equal(probe.answered, false);
    const stopped = h.stop();
    const body = await done;
    assert.ok(body.status === 'RUNNING' || body.status === 'QUEUED' || body.status === 'FAILED', body.status);
    for (let i = 0; i < 5; i++) gate.releaseOne();
    await stopped;
  });

  it('the task runner long-polls the local service: one status request per change', async () => {
    const client = new ReportClient({ apiKey: h.key, baseUrl: h.service.baseUrl });
    try {
      const seen: string[] = [];
      const run = runTask(client, {
        kind: 'build',
        report: report('runner'),
        longPollSeconds: 5,
        onProgress: (p) => p.phase === 'status' && seen.push(p.status),
      });
      await untilStarted(1);
      // Lets the runner's long-poll arrive and be held before the render ends (no outside sign).
      await sleep(100);
      gate.releaseOne();
      const result = await run;
      assert.ok(result.polls <= 2, `${result.polls} status requests`);
      assert.deepEqual(seen.slice(-1), ['SUCCESS']);
    } finally {
      await client.close();
    }
  });
  it('the task runner without a progress listener asks once per task, even for a task that waited QUEUED', async () => {
    await submit(h, report('busy one'));
    await submit(h, report('busy two'));
    await untilStarted(2);
    const client = new ReportClient({ apiKey: h.key, baseUrl: h.service.baseUrl });
    // The runner's status requests, as it sends them (the real client, only watched).
    const asked: string[] = [];
    const getTaskStatus = client.getTaskStatus.bind(client);
    client.getTaskStatus = (taskId, options) => {
      asked.push(taskId);
      return getTaskStatus(taskId, options);
    };
    try {
      const run = runTask(client, { kind: 'build', report: report('batch-like'), longPollSeconds: 5 });
      await waitFor('the runner to ask for its task while it waits QUEUED', () => asked.length > 0);
      // A control held without `until`, answered at QUEUED → RUNNING: the turn that would answer the
      // runner too if it were not held until the end. One more request after it settles it.
      const control = status(asked[0], '10');
      gate.releaseOne();
      await untilStarted(3);
      assert.equal((await control.done).status, 'RUNNING');
      await h.api(`/get-task-status?task_id=${asked[0]}`);
      gate.releaseOne();
      gate.releaseOne();
      const result = await run;
      assert.equal(result.polls, 1, `${result.polls} status requests`);
    } finally {
      await client.close();
    }
  });
});

describe('task runner: long-poll against a service that does not wait', () => {
  let server: Server;
  const queries: string[] = [];

  before(async () => {
    let polls = 0;
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname.endsWith('/build-report')) {
        req.resume();
        res.end(JSON.stringify({ task_id: 'task-fake', status: 'QUEUED' }));
        return;
      }
      if (url.pathname.endsWith('/get-task-status')) {
        queries.push(url.search);
        polls++;
        res.end(JSON.stringify({ status: polls >= 3 ? 'SUCCESS' : 'RUNNING', error_message: null }));
        return;
      }
      res.setHeader('content-type', 'application/pdf');
      res.end('%PDF-1.4\n%%EOF\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('asks with wait once, then polls on the schedule without it', async () => {
    const port = (server.address() as AddressInfo).port;
    const client = new ReportClient({ apiKey: 'fake-key-123456', baseUrl: `http://127.0.0.1:${port}/api/v1` });
    try {
      const result = await runTask(client, {
        kind: 'build',
        report: report('fake'),
        longPollSeconds: 5,
        polling: { initialDelayMs: 10, maxDelayMs: 20 },
      });
      assert.equal(result.polls, 3);
      assert.deepEqual(
        queries.map((q) => new URLSearchParams(q).get('wait')),
        ['5', null, null],
      );
    } finally {
      await client.close();
    }
  });
});
