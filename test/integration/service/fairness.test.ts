/**
 * Fairness (docs/local-service.md, Task lifecycle): one queue per key served round-robin, builds ahead of
 * previews, a per-key cap on waiting tasks (429 + Retry-After), and a restart over a large
 * backlog that does not rewrite every record before listening.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUILD_BURST, FairQueue, type Queued } from '../../../src/service/tasks/fairQueue';
import { HEADER_SINGLE_REMAINING } from '../../../src/core/api/types';
import { waitFor } from '../../helpers/waitFor';
import { gatedRenderer, report, startHarness, submit, tempDir, type Harness } from './helpers';
import type { TaskKind } from '../../../src/core/api/types';

const KEY_A = 'rs_fair_key_flooder_01';
const KEY_B = 'rs_fair_key_neighbour_02';

function as(key: string): RequestInit {
  return { headers: { 'x-api-key': key } };
}

async function submitAs(h: Harness, key: string, title: string, kind: TaskKind): Promise<Response> {
  return h.post(kind === 'build' ? '/build-report' : '/preview-report', report(title), as(key));
}

describe('local service: fairness between keys', function () {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('FairQueue: round-robin across keys, builds first, a preview after every few builds', () => {
    const q = new FairQueue<Queued & { n: string }>();
    const push = (keyId: string, kind: TaskKind, n: string): void => q.push({ id: n, keyId, kind, n });
    for (let i = 1; i <= 3; i++) push('a', 'preview', `a-p${i}`);
    push('b', 'preview', 'b-p1');
    push('a', 'build', 'a-b1');
    push('b', 'build', 'b-b1');
    assert.equal(q.queuedFor('a'), 4);
    const order: string[] = [];
    for (let item = q.take(); item; item = q.take()) order.push(item.n);
    assert.deepEqual(order, ['a-b1', 'b-b1', 'a-p1', 'b-p1', 'a-p2', 'a-p3']);
    assert.equal(q.size, 0);
    assert.equal(q.queuedFor('a'), 0);

    // A stream of builds lets one preview through after BUILD_BURST builds.
    for (let i = 0; i < BUILD_BURST + 2; i++) push('c', 'build', `c-b${i}`);
    push('d', 'preview', 'd-p');
    const first = Array.from({ length: BUILD_BURST + 1 }, () => q.take()!.n);
    assert.equal(first[BUILD_BURST], 'd-p');
  });

  it("one key's flood of previews does not keep another key's build waiting: builds first, then round-robin", async () => {
    const gate = gatedRenderer();
    h = await startHarness({ keys: [{ key: KEY_A }, { key: KEY_B }], concurrency: 1, renderer: gate.renderer });
    for (let i = 1; i <= 6; i++) assert.equal((await submitAs(h, KEY_A, `a-preview-${i}`, 'preview')).status, 200);
    await waitFor('the first render', () => gate.started.length === 1);
    assert.equal((await submitAs(h, KEY_B, 'b-build', 'build')).status, 200);
    assert.equal((await submitAs(h, KEY_B, 'b-preview', 'preview')).status, 200);
    assert.equal((await submitAs(h, KEY_A, 'a-build', 'build')).status, 200);
    for (let n = 2; n <= 9; n++) {
      gate.releaseOne();
      await waitFor(`render ${n}`, () => gate.started.length === n);
    }
    assert.deepEqual(gate.started, [
      'a-preview-1', // already running
      'b-build', // builds ahead of every queued preview, round-robin between keys
      'a-build',
      'a-preview-2', // then previews, one per key in turn
      'b-preview',
      'a-preview-3',
      'a-preview-4',
      'a-preview-5',
      'a-preview-6',
    ]);
    gate.releaseOne();
  });

  it('a key over its cap of waiting tasks gets 429 with Retry-After; other keys are not affected', async () => {
    const gate = gatedRenderer();
    h = await startHarness({ keys: [{ key: KEY_A }, { key: KEY_B }], concurrency: 1, maxQueuedPerKey: 2, renderer: gate.renderer });
    assert.equal((await submitAs(h, KEY_A, 'a1', 'preview')).status, 200);
    await waitFor('a1 running', () => gate.started.length === 1);
    assert.equal((await submitAs(h, KEY_A, 'a2', 'preview')).status, 200);
    assert.equal((await submitAs(h, KEY_A, 'a3', 'build')).status, 200);
    const over = await submitAs(h, KEY_A, 'a4', 'build');
    assert.equal(over.status, 429);
    assert.match(over.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    assert.ok(over.headers.get(HEADER_SINGLE_REMAINING) !== null, 'the quota headers, as on every submit answer');
    const detail = ((await over.json()) as { detail: string }).detail;
    assert.match(
      detail,
      /^Too many tasks queued: this API key already has 2 tasks waiting to be rendered, .*\(--max-queued-per-key\); retry after \d+ s$/,
    );
    // The build refused for the cap reserved nothing: one unit (a3) is held.
    const quota = (await (await h.api('/get-remaining-quota', as(KEY_A))).json()) as { remaining_single_page_reports: number };
    assert.equal(quota.remaining_single_page_reports, 99);

    assert.equal((await submitAs(h, KEY_B, 'b1', 'preview')).status, 200, 'another key still submits');
    gate.releaseOne();
    await waitFor('the next render', () => gate.started.length === 2);
    assert.equal((await submitAs(h, KEY_A, 'a5', 'preview')).status, 200, 'room again once one of its tasks started');
    for (let i = 0; i < 5; i++) gate.releaseOne();
  });

  it('a restart over a large backlog listens without rewriting the queued records first', async function () {
    this.timeout(120_000);
    const dir = tempDir();
    const backlog = 3000;
    try {
      // One real task as the template of the backlog (its key id, its report).
      const gate = gatedRenderer();
      const first = await startHarness({ keys: [{ key: KEY_A }], renderer: gate.renderer, concurrency: 1 }, dir);
      await submit(first, report('template'), 'preview');
      await waitFor('the template task', () => gate.started.length === 1);
      await first.stop();
      const tasksDir = join(dir, 'tasks');
      const [recordName] = readdirSync(tasksDir).filter((n) => n.endsWith('.json') && !n.endsWith('.report.json'));
      const template = JSON.parse(readFileSync(join(tasksDir, recordName), 'utf8'));
      const reportText = readFileSync(join(tasksDir, recordName.replace('.json', '.report.json')), 'utf8');
      for (let i = 0; i < backlog; i++) {
        const id = randomUUID();
        writeFileSync(
          join(tasksDir, `${id}.json`),
          JSON.stringify({ ...template, id, status: 'QUEUED', attempts: 0, createdAt: template.createdAt + i + 1 }),
        );
        writeFileSync(join(tasksDir, `${id}.report.json`), reportText);
      }
      const inode = (name: string): number => statSync(join(tasksDir, name)).ino;
      const records = readdirSync(tasksDir).filter((n) => n.endsWith('.json') && !n.endsWith('.report.json'));
      const before = new Map(records.map((n) => [n, inode(n)]));

      const gate2 = gatedRenderer();
      const began = performance.now();
      h = await startHarness({ keys: [{ key: KEY_A }], renderer: gate2.renderer, concurrency: 2 }, dir);
      const listenMs = performance.now() - began;
      const rewritten = records.filter((n) => inode(n) !== before.get(n));
      // Only what started rendering right after listening may have been written (RUNNING).
      assert.ok(
        rewritten.length <= 2,
        `${rewritten.length} of ${records.length} records rewritten before listening (start took ${listenMs.toFixed(0)} ms)`,
      );
      const status = await h.api(`/get-task-status?task_id=${records[records.length - 1].replace('.json', '')}`, as(KEY_A));
      assert.equal(status.status, 200);
      assert.equal(((await status.json()) as { status: string }).status, 'QUEUED');
    } finally {
      await h?.stop();
      h = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
