/**
 * Long-polls cannot take the connections (docs/local-service.md, limits): over real HTTP on
 * loopback, a key holds at most its cap of `wait=` answers — the option, never more than a
 * quarter of --max-connections — and the rest are answered at once with the status as it is,
 * so another key's requests on new connections still succeed; long-polls pipelined on one
 * socket are answered in order as each next one arrives, only the last is held. Whether an
 * answer was held is read from its status: RUNNING when answered at once, SUCCESS when it
 * waited for the (gated) render to be released — no clock involved.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { TaskStatusResponse } from '../../../src/core/api/types';
import { gatedRenderer, report, startHarness, submit, type Harness } from './helpers';
import { waitFor } from '../../helpers/waitFor';

const KEY_A = 'rs_longpoll_key_flooder_1';
const KEY_B = 'rs_longpoll_key_neighbour_2';

interface Answer {
  status: number;
  body: TaskStatusResponse;
}

describe('local service: caps on held long-polls', function () {
  this.timeout(30_000);
  let h: Harness;
  let gate: ReturnType<typeof gatedRenderer>;
  let port = 0;

  afterEach(async () => {
    for (let i = 0; i < 5; i++) gate.releaseOne();
    await h.stop();
  });

  async function start(options: { maxConnections: number; maxLongPollsPerKey?: number }): Promise<void> {
    gate = gatedRenderer();
    h = await startHarness({ keys: [{ key: KEY_A }, { key: KEY_B }], renderer: gate.renderer, ...options });
    port = Number(new URL(h.service.baseUrl).port);
  }

  /** A GET on a connection of its own, closed after the answer (no pool hides how many are open). */
  function get(path: string, key: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/v1${path}`, agent: false, headers: { 'x-api-key': key } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as TaskStatusResponse }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** A preview of KEY_A (the harness's key) whose render is held until gate.releaseOne(). */
  async function runningTask(title: string): Promise<string> {
    const { taskId } = await submit(h, report(title), 'preview');
    await untilStarted(1);
    return taskId;
  }

  async function untilStarted(n: number): Promise<void> {
    await waitFor(`render ${n} to start`, () => gate.started.length >= n);
    assert.equal(gate.started.length, n, 'the render started');
  }

  it('a key holds at most its share of the connections in long-polls; the rest answer at once; another key is served', async () => {
    // 12 connections: a quarter is 3 held long-polls per key (the default cap of 16 is larger).
    await start({ maxConnections: 12 });
    const taskId = await runningTask('held');
    const answers: Answer[] = [];
    const polls = Array.from({ length: 10 }, () =>
      get(`/get-task-status?task_id=${taskId}&wait=30`, KEY_A).then((a) => {
        answers.push(a);
        return a;
      }),
    );
    await waitFor('seven answers', () => answers.length >= 7, 10_000);
    assert.equal(answers.length, 7, 'all but the three held are answered without waiting for the render');
    assert.deepEqual(
      answers.map((a) => [a.status, a.body.status, a.body.waited_ms]),
      Array.from({ length: 7 }, () => [200, 'RUNNING', undefined]),
      'a plain status answer, not an error, without waited_ms (the client goes back to its schedule)',
    );
    const quota = await get('/get-remaining-quota', KEY_B);
    assert.equal(quota.status, 200, "another key's request on a new connection is served");
    const bTask = await get(`/get-task-status?task_id=${taskId}`, KEY_B);
    assert.equal(bTask.status, 404, "and answered as usual (another key's task is unknown to it)");
    gate.releaseOne();
    const all = await Promise.all(polls);
    assert.deepEqual(all.map((a) => a.body.status).filter((s) => s === 'SUCCESS').length, 3, 'the three held ones saw the change');
  });

  it('the per-key option caps held long-polls below the share', async () => {
    await start({ maxConnections: 1024, maxLongPollsPerKey: 1 });
    const taskId = await runningTask('one');
    const first = get(`/get-task-status?task_id=${taskId}&wait=30`, KEY_A);
    const second = await get(`/get-task-status?task_id=${taskId}&wait=30`, KEY_A);
    assert.equal(second.body.status, 'RUNNING', 'over the cap of 1: answered at once');
    gate.releaseOne();
    assert.equal((await first).body.status, 'SUCCESS');
  });

  it('long-polls pipelined on one socket are answered at once; a held one is answered when another request follows it', async () => {
    await start({ maxConnections: 64 });
    const taskId = await runningTask('pipelined');
    const poll = `GET /api/v1/get-task-status?task_id=${taskId}&wait=30 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${KEY_A}\r\n\r\n`;
    const quota = `GET /api/v1/get-remaining-quota HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${KEY_A}\r\n\r\n`;
    const N = 5;
    /** Writes each chunk in turn on one socket; resolves with what came back once `answers` responses have. */
    async function exchange(chunks: string[], answers: number): Promise<string> {
      const socket = connect({ host: '127.0.0.1', port });
      let received = '';
      socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
      await new Promise<void>((r) => socket.once('connect', () => r()));
      for (const chunk of chunks) socket.write(chunk);
      const count = (): number => received.split('HTTP/1.1 200').length - 1;
      await waitFor(`${answers} answers`, () => count() >= answers, 10_000).catch(() => undefined); // the assert below says what came
      socket.destroy();
      assert.equal(count(), answers, `all ${answers} answered while the task still runs: ${received.slice(0, 200)}`);
      return received;
    }
    const pipelined = await exchange([poll.repeat(N)], N);
    assert.deepEqual(
      [...pipelined.matchAll(/"status":"([A-Z]+)"/g)].map((m) => m[1]),
      Array.from({ length: N }, () => 'RUNNING'),
      'in order, each with the status as it is',
    );
    // Whether the long-poll was already held when the next request arrived or not, neither waits.
    await exchange([poll, quota], 2);
  });
});
